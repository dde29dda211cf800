"""Lienzos en el libro: solo se ejecuta el que se comprueba, sus nombres no se repiten, una
declaración ilegible es un mensaje y la huella de la caché ve sus carpetas enlazadas."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo.fuente.configuracion import cargar_configuracion
from mkdocs_plugins.plugin.arranque import huella_de_la_cache
from tests.plugin.conftest import PAGINAS, construir, sitio

ROTO = "raise RuntimeError('no debía ejecutarse')\n"
BIEN = """\
from typing import Annotated
from tapiz_rules.modelo import Campo, Entrada, Resultado, regla


@regla("triple", titulo="Triple", seccion="X", salidas=[Campo("valor", int, "Valor")])
def triple(p, n: Annotated[int, Entrada("Número")]) -> Resultado:
    return Resultado({"valor": 3 * n})


REGLAS = (triple,)
"""
PAGINA = (
    "# {nombre} {{#inicio}}\n\n```tapiz-ejemplo {{#triple}}\nregla: triple\n"
    "entradas: {{n: 2}}\nespera: {{valor: 6}}\n```\n"
)


def _proyecto(destino: Path, lienzos: dict[str, tuple[str, str]]) -> Path:
    """Un libro con un Lienzo por carpeta: {carpeta: (lienzo.yml, reglas.py)}."""
    proyecto = sitio(destino, [PAGINAS / "correcta.md"])
    for carpeta, (declaracion, codigo) in lienzos.items():
        lienzo = proyecto / "srd" / carpeta
        lienzo.mkdir()
        (lienzo / "lienzo.yml").write_bytes(declaracion.encode("utf-8", "surrogateescape"))
        (lienzo / "reglas.py").write_text(codigo, encoding="utf-8")
        (lienzo / "index.md").write_text(PAGINA.format(nombre=carpeta), encoding="utf-8")
    return proyecto


def test_comprobar_un_lienzo_solo_ejecuta_su_codigo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = _proyecto(
        tmp_path,
        {
            "islas": ("nombre: Islas\npython: reglas.py\n", BIEN),
            "roto": ("nombre: Roto\npython: reglas.py\n", ROTO),
        },
    )
    monkeypatch.chdir(proyecto)
    assert main(["comprobar", "srd/islas/"]) == 0
    assert capsys.readouterr().out == "1 ejemplo, 0 fallos\n"
    assert main(["comprobar"]) == 1
    assert "srd/roto/reglas.py:1: el código del Lienzo «Roto» falló al importarlo: " in (
        capsys.readouterr().out
    )


def test_dos_lienzos_con_el_mismo_nombre(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = _proyecto(
        tmp_path,
        {
            "a": ("nombre: Islas\npython: reglas.py\n", BIEN),
            "b": ("# otro\nnombre: Islas\n", BIEN),
        },
    )
    mensaje = "srd/b/lienzo.yml:2: otro Lienzo ya se llama «Islas» (srd/a/lienzo.yml); cada "
    mensaje += "Lienzo necesita un nombre propio"
    monkeypatch.chdir(proyecto)
    assert main(["comprobar", "srd/a"]) == 1  # la construcción lo dice igual (test_lienzo.py)
    assert capsys.readouterr().out.startswith(mensaje + "\n")


def test_un_lienzo_yml_que_no_es_utf_8(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    pytester: pytest.Pytester,
) -> None:
    declaracion = "nombre: Islas\ndescripcion: caf\udce9\n"
    mensaje = (
        "srd/islas/lienzo.yml:2: no es texto UTF-8 (el byte 0xe9 de la línea 2); "
        "guárdalo como UTF-8"
    )
    proyecto = _proyecto(tmp_path / "libro", {"islas": (declaracion, BIEN)})
    monkeypatch.chdir(proyecto)
    assert main(["comprobar"]) == 2
    assert capsys.readouterr().out.startswith(mensaje)
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 1
    assert mensaje in proceso.stderr
    assert "Traceback" not in proceso.stderr
    _proyecto(pytester.path, {"islas": (declaracion, BIEN)})
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    resultado = pytester.runpytest()
    resultado.stdout.fnmatch_lines([f"*{mensaje}*"])
    assert resultado.ret == 1
    assert "Traceback" not in resultado.stdout.str()


def test_la_huella_ve_los_datos_de_un_fichero_enlazado(tmp_path: Path) -> None:
    """Un enlace a un fichero de las páginas (uno que sale de ellas, o a una carpeta, es un
    error: véase test_carpeta_paginas): su contenido cuenta en la huella del Lienzo."""
    proyecto = _proyecto(tmp_path / "libro", {"islas": ("nombre: Islas\n", BIEN)})
    compartido = proyecto / "srd" / "compartido"
    compartido.mkdir()
    (compartido / "valor.txt").write_text("2", encoding="utf-8")
    (proyecto / "srd" / "islas" / "valor.txt").symlink_to(compartido / "valor.txt")
    configuracion = cargar_configuracion(None, proyecto, proyecto / "srd")
    antes = huella_de_la_cache(configuracion, proyecto / "tapiz.yml")
    (compartido / "valor.txt").write_text("30", encoding="utf-8")
    assert huella_de_la_cache(configuracion, proyecto / "tapiz.yml") != antes


DEMONIO = (
    """\
import os
print("pid", os.getpid())
try:
    if os.fork() == 0:
        os.setsid()
except PermissionError as error:
    print("sin demonio:", error)
"""
    + BIEN
)


def test_tras_la_construccion_no_queda_ningun_proceso_del_lienzo(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, {"islas": ("nombre: Islas\npython: reglas.py\n", DEMONIO)})
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    assert "sin demonio: [Errno 1] Operation not permitted" in proceso.stderr
    pid = int(proceso.stderr.split("pid ", 1)[1].split()[0])
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


@pytest.mark.parametrize(
    ("codigo", "mensaje"),
    [
        (
            "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
            "terminó por la señal SIGKILL",
        ),
        ("import os\nos.abort()\n", "terminó por la señal SIGABRT"),
        ("import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\n", "PermissionError"),
    ],
)
def test_una_senal_que_termina_el_lienzo_se_dice_con_su_fichero(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    codigo: str,
    mensaje: str,
) -> None:
    proyecto = _proyecto(tmp_path, {"islas": ("nombre: Islas\npython: reglas.py\n", codigo)})
    monkeypatch.chdir(proyecto)
    assert main(["comprobar"]) == 1
    salida = capsys.readouterr().out
    assert salida.startswith("srd/islas/reglas.py")
    assert mensaje in salida.splitlines()[0]
    assert salida.endswith("0 ejemplos, 1 fallo\n")
