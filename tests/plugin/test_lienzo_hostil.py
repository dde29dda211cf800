"""Un Lienzo con Python hostil no apaga las comprobaciones en ninguno de los tres caminos."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main
from tests.plugin.conftest import PAGINAS, construir, sitio

CABECERA = """\
from typing import Annotated
from tapiz_rules.modelo import Campo, Entrada, Resultado, regla
"""
REGLA = """
@regla("doble", titulo="Doble", seccion="X", salidas=[Campo("valor", int, "Valor")])
def doble(p, n: Annotated[int, Entrada("Número")]) -> Resultado:
    return Resultado({"valor": 2 * n})


REGLAS = (doble,)
"""
TRAMPA = """\
try:  # con Landlock, solo si ya estaba importado (el proceso bifurcado de la construcción)
    import mkdocs_plugins.nucleo.vallas.ejecucion as ejecucion
    ejecucion.coincide = lambda *a, **k: True
except PermissionError:
    pass
"""
SALIDA = "import os\nos._exit(0)\n"
MAL = (PAGINAS / "ejemplo-valor-incorrecto.txt").read_text("utf-8")


def _proyecto(destino: Path, antes: str) -> Path:
    proyecto = sitio(destino, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    islas = proyecto / "srd" / "islas"
    islas.mkdir()
    (islas / "lienzo.yml").write_text("nombre: Islas\npython: reglas.py\n", encoding="utf-8")
    (islas / "reglas.py").write_text(CABECERA + antes + REGLA, encoding="utf-8")
    (islas / "index.md").write_text("# Islas {#islas}\n\nSin ejemplos.\n", encoding="utf-8")
    return proyecto


def test_cambiar_coincide_no_calla_un_ejemplo_incorrecto(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = _proyecto(tmp_path, TRAMPA)
    monkeypatch.chdir(proyecto)
    assert main(["comprobar"]) == 1
    assert MAL in capsys.readouterr().out
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 1
    assert "srd/ejemplo-valor-incorrecto.md:9: el ejemplo «Once puntos»" in proceso.stderr


def test_os_exit_en_un_lienzo_falla_con_su_linea(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = _proyecto(tmp_path, SALIDA)
    monkeypatch.chdir(proyecto)
    assert main(["comprobar"]) != 0
    mensaje = (
        "srd/islas/reglas.py:4: el código del Lienzo «Islas» intentó terminar el proceso al "
        "importarlo: SalidaProhibida: el Lienzo llamó a os._exit(0)"
    )
    salida = capsys.readouterr()
    assert mensaje in salida.out + salida.err
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 1
    assert mensaje in proceso.stderr


def test_pytest_del_libro_tambien_falla(pytester: pytest.Pytester) -> None:
    proyecto = _proyecto(pytester.path / "libro", TRAMPA)
    for hijo in proyecto.iterdir():
        shutil.move(hijo, pytester.path / hijo.name)
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    resultado = pytester.runpytest_subprocess()
    resultado.assert_outcomes(passed=6, failed=1)
    resultado.stdout.fnmatch_lines([f"*{linea}" for linea in MAL.splitlines()])


RAIZ = Path(__file__).resolve().parents[2]


def test_comprobar_desde_otra_carpeta_usa_el_lienzo_de_cada_pagina(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", str(RAIZ / "srd" / "lienzos")]) == 0
    assert capsys.readouterr().out.endswith("7 ejemplos, 0 fallos\n")


def test_en_lienzos_anidados_manda_el_mas_interior(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = sitio(tmp_path, [])
    exterior = proyecto / "srd" / "b-exterior"
    interior = exterior / "z-interior"
    interior.mkdir(parents=True)
    (exterior / "lienzo.yml").write_text(
        "nombre: Fuera\nparametros:\n  grados: {menor: 4, mayor: 8, extremo: 12}\n", "utf-8"
    )
    (interior / "lienzo.yml").write_text(
        "nombre: Dentro\nparametros:\n  grados: {menor: 3, mayor: 6, extremo: 9}\n", "utf-8"
    )
    (interior / "index.md").write_text(
        "# Dentro {#dentro}\n\n```tapiz-ejemplo {#dentro-menor}\n"
        "regla: grado_efecto\nentradas: {puntos: 3}\n"
        "espera: {grado: menor}\n```\n",
        "utf-8",
    )
    monkeypatch.chdir(proyecto)
    assert main(["comprobar"]) == 0
    assert capsys.readouterr().out.endswith("1 ejemplo, 0 fallos\n")
