"""Un Lienzo hostil en la construcción: lo que intenta su código y lo que el sistema le impide.

Un solo ``reglas.py`` con una regla por intento, importado una vez (arrancar el proceso de
un Lienzo es lo caro); cada prueba llama a su regla y mira el mensaje, que nombra el
fichero y la línea del Lienzo.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos import aislado as lienzo_aislado
from tapiz_rules.lienzos.encierro import version_landlock
from tapiz_rules.lienzos.lienzo import ErrorLienzo, cargar
from tapiz_rules.modelo import Reglamento
from tests.modelo.test_lienzo_aislado import CABECERA

INTENTOS = {
    "bien": "pass",
    "entorno": "import os; assert 'SECRETO_DE_LA_CI' not in os.environ, 'lo vio'",
    "leer_passwd": "open('/etc/passwd').read()",
    "escribir": "open('nuevo.txt', 'w').write('x')",
    "ejecutar_id": "import subprocess; subprocess.run(['id'])",
    "demonio": "import os; os.fork() or os.setsid()",
    "hilo": "import threading; threading.Thread(target=print).start()",
    "conectar": "import socket; socket.create_connection(('127.0.0.1', 9))",
    "parar_al_padre": "import os, signal; os.kill(os.getppid(), signal.SIGSTOP)",
    "terminar_al_padre": "import os, signal; os.kill(os.getppid(), signal.SIGTERM)",
    "memoria": "bytearray(10 << 30)",
    "subir_limites": "import resource as r; r.setrlimit(r.RLIMIT_AS, (-1, -1))",
    "cpu": "import os, signal; os.kill(os.getpid(), signal.SIGXCPU)",
    "sin_vigia": "import ctypes; assert ctypes.CDLL(None).prctl(1, 0, 0, 0, 0) == 0, 'negado'",
    "flotante": "return Resultado({'valor': 2.0})",
    "imprimir": "print('x' * 60_000_000)",
    "gotear": (
        "import os, select, signal\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
        "    for fd in range(3, 12):\n        try:\n"
        "            os.write(fd, (1000).to_bytes(8, 'big'))\n        except OSError:\n"
        "            pass\n    while True:\n        select.select([], [], [], 0.2)\n"
        "        for fd in range(3, 12):\n            try:\n"
        "                os.write(fd, b' ')\n            except OSError:\n                pass"
    ),
    "tramas": (
        "import os\n    for fd in range(3, 12):\n        try:\n"
        "            os.write(fd, b'\\0' * 7 + b'\\x10{\"n\": 99}       ')\n"
        "        except OSError:\n            pass"
    ),
}
REGLA = """
@regla("{nombre}", titulo="T", seccion="X", salidas=[Campo("valor", int, "Valor")])
def {nombre}(p, n: Annotated[int, Entrada("Número")]) -> Resultado:
    {cuerpo}
    return Resultado({{"valor": n}})
"""


@pytest.fixture(scope="module")
def hostil(tmp_path_factory: pytest.TempPathFactory) -> tuple[Reglamento, dict[str, int]]:
    carpeta = tmp_path_factory.mktemp("hostil") / "mi-lienzo"
    carpeta.mkdir()
    codigo, lineas = CABECERA, {}
    for nombre, cuerpo in INTENTOS.items():
        lineas[nombre] = codigo.count("\n") + 4
        codigo += REGLA.format(nombre=nombre, cuerpo=cuerpo)
    codigo += f"\n\nREGLAS = ({', '.join(INTENTOS)},)\n"
    (carpeta / "reglas.py").write_text(codigo, encoding="utf-8")
    (carpeta / "lienzo.yml").write_text("nombre: X\npython: reglas.py\n", encoding="utf-8")
    os.environ["SECRETO_DE_LA_CI"] = "no debe verse"
    try:
        lienzo = cargar(carpeta / "lienzo.yml", "mi-lienzo/lienzo.yml", limite=1)
    finally:
        del os.environ["SECRETO_DE_LA_CI"]
    return lienzo.reglamento(), lineas


def test_no_ve_las_variables_de_entorno_de_quien_construye(hostil) -> None:
    assert hostil[0].calcular("entorno", {"n": 2})["valor"] == 2


def _error(hostil: tuple[Reglamento, dict[str, int]], nombre: str) -> str:
    with pytest.raises(ErrorTapiz) as info:
        hostil[0].calcular(nombre, {"n": 3})
    return str(info.value)


def _en_su_linea(hostil: tuple[Reglamento, dict[str, int]], nombre: str, tipo: str) -> None:
    assert _error(hostil, nombre).startswith(
        f"mi-lienzo/reglas.py:{hostil[1][nombre]}: el código del Lienzo «X» falló en la regla "
        f"«{nombre}»: {tipo}"
    )


@pytest.mark.parametrize(
    "nombre",
    ["ejecutar_id", "demonio", "conectar", "parar_al_padre", "terminar_al_padre"],
)
def test_sin_procesos_sockets_ni_senales_a_otros(hostil, nombre: str) -> None:
    _en_su_linea(hostil, nombre, "PermissionError: [Errno 1] Operation not permitted")


def test_ni_hilos(hostil) -> None:
    _en_su_linea(hostil, "hilo", "RuntimeError: can't start new thread")


def test_no_puede_dejar_de_morir_con_la_construccion(hostil) -> None:
    _en_su_linea(hostil, "sin_vigia", "AssertionError: negado")


def test_la_memoria_tiene_un_limite(hostil) -> None:
    _en_su_linea(hostil, "memoria", "MemoryError")


def test_no_puede_subir_sus_limites(hostil) -> None:
    _en_su_linea(hostil, "subir_limites", "ValueError: not allowed to raise maximum limit")


def test_leer_fuera_de_su_carpeta_o_escribir(hostil) -> None:
    """Con Landlock (Linux 5.13+); sin él, el sistema no lo impide (véase la guía)."""
    if version_landlock():
        _en_su_linea(hostil, "leer_passwd", "PermissionError: [Errno 13] Permission denied")
        _en_su_linea(hostil, "escribir", "PermissionError: [Errno 13] Permission denied")
    else:
        _en_su_linea(hostil, "escribir", "OSError: [Errno 27] File too large")


def test_una_senal_que_lo_termina_se_nombra(hostil) -> None:
    assert _error(hostil, "cpu") == (
        "mi-lienzo/reglas.py: el código del Lienzo «X» terminó por la señal SIGXCPU (se le acabó "
        "el tiempo de CPU: 10 s para todo el proceso) en la regla «cpu»"
    )
    assert hostil[0].calcular("bien", {"n": 1})["valor"] == 1  # otro proceso, que lo reimporta


def test_un_entero_que_llega_como_2_0(hostil) -> None:
    assert _error(hostil, "flotante") == (
        f"mi-lienzo/reglas.py:{hostil[1]['flotante'] - 2}: la regla «flotante» del Lienzo «X» "
        "devolvió 2.0 en «valor», que declara entero"
    )


def test_lo_impreso_se_corta_con_una_nota(hostil, capsys: pytest.CaptureFixture[str]) -> None:
    assert hostil[0].calcular("imprimir", {"n": 4})["valor"] == 4
    err = capsys.readouterr().err
    assert err.startswith("x" * 20_000 + "\n")
    assert err.endswith(
        "mi-lienzo/reglas.py: el Lienzo «X» imprimió 59.980.001 caracteres más, que no se "
        "muestran (se muestran los primeros 20.000)\n"
    )
    assert len(err) < 20_200


def test_una_trama_falsificada_no_pasa_por_respuesta(hostil) -> None:
    assert _error(hostil, "tramas") == (
        "mi-lienzo/reglas.py: el código del Lienzo «X» contestó fuera de turno (una trama que "
        "no responde a la petición) en la regla «tramas»"
    )
    assert hostil[0].calcular("bien", {"n": 5})["valor"] == 5


def test_una_trama_que_llega_gota_a_gota_no_alarga_la_espera(hostil) -> None:
    """La trama entera tiene el límite (y el margen), no cada byte."""
    assert _error(hostil, "gotear") == (
        "mi-lienzo/reglas.py: el código del Lienzo «X» no terminó en 1 s en la regla «gotear»"
    )
    assert hostil[0].calcular("bien", {"n": 6})["valor"] == 6


def test_al_cerrar_o_dejar_de_usarlo_no_queda_ningun_proceso_de_su_grupo(tmp_path: Path) -> None:
    carpeta = tmp_path / "mi-lienzo"
    carpeta.mkdir()
    codigo = CABECERA + REGLA.format(nombre="doble", cuerpo="pass") + "\nREGLAS = (doble,)\n"
    (carpeta / "reglas.py").write_text(codigo, encoding="utf-8")
    (carpeta / "lienzo.yml").write_text("nombre: X\npython: reglas.py\n", encoding="utf-8")
    lienzo = cargar(carpeta / "lienzo.yml", limite=5)
    grupo = _grupo(carpeta)
    assert os.getpgid(grupo) == grupo != os.getpgid(0)  # su propia sesión
    next(t for t in lienzo_aislado._VIVOS if t.fichero.parent == carpeta.resolve()).cerrar()
    with pytest.raises(ProcessLookupError):
        os.killpg(grupo, 0)
    assert lienzo.reglamento().calcular("doble", {"n": 1})["valor"] == 1  # arranca otro
    grupo = _grupo(carpeta)
    del lienzo  # como al leer otra vez las reglas en «mkdocs serve»
    gc.collect()
    with pytest.raises(ProcessLookupError):
        os.killpg(grupo, 0)


def _grupo(carpeta: Path) -> int:
    (trabajador,) = [t for t in lienzo_aislado._VIVOS if t.fichero.parent == carpeta.resolve()]
    assert trabajador._proceso is not None
    return trabajador._proceso.pid


def test_un_error_de_sintaxis_en_su_linea(tmp_path: Path) -> None:
    carpeta = tmp_path / "mi-lienzo"
    carpeta.mkdir()
    (carpeta / "reglas.py").write_text("x = 1\n\ndef (:\n", encoding="utf-8")
    (carpeta / "lienzo.yml").write_text("nombre: X\npython: reglas.py\n", encoding="utf-8")
    with pytest.raises(ErrorLienzo) as info:
        cargar(carpeta / "lienzo.yml", "mi-lienzo/lienzo.yml", limite=5)
    assert str(info.value) == (
        "mi-lienzo/reglas.py:3: el código del Lienzo «X» falló al importarlo: "
        "SyntaxError: invalid syntax"
    )


def test_los_modulos_de_su_carpeta_no_se_importan_antes_de_encerrarse(tmp_path: Path) -> None:
    carpeta = tmp_path / "mi-lienzo"
    carpeta.mkdir()
    codigo = CABECERA + REGLA.format(nombre="doble", cuerpo="pass") + "\nREGLAS = (doble,)\n"
    (carpeta / "reglas.py").write_text(codigo, encoding="utf-8")
    (carpeta / "lienzo.yml").write_text("nombre: X\npython: reglas.py\n", encoding="utf-8")
    for modulo in ("ctypes", "resource", "json", "pickle", "select"):
        (carpeta / f"{modulo}.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    reglamento = cargar(carpeta / "lienzo.yml", limite=5).reglamento()
    assert reglamento.calcular("doble", {"n": 2})["valor"] == 2


def test_sin_encierro_su_codigo_no_se_importa(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tapiz_rules.lienzos import encierro as lienzo_encierro
    from tapiz_rules.lienzos.trabajador import Trabajo

    def falla(_carpeta: Path, _limite: float, _padre: int) -> tuple[str, ...]:
        raise OSError("sin seccomp")

    monkeypatch.setattr(lienzo_encierro, "encerrar", falla)
    reglas = tmp_path / "reglas.py"
    reglas.write_text("raise RuntimeError('se importó')\n", encoding="utf-8")
    peticion = {"orden": "cargar", "fichero": str(reglas), "limite": 1}
    assert Trabajo().atender(peticion) == {
        "error": "tapiz",
        "mensaje": "no se pudo encerrar su proceso (sin seccomp)",
    }
