"""El Python de un Lienzo corre aparte: no cuelga y no sale en silencio."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos import aislado
from tapiz_rules.lienzos.lienzo import ErrorLienzo, cargar

BUCLE = 0.25
"""El límite, en segundos, de las pruebas con un bucle sin fin: cada una lo gasta entero en CPU
(con el de siempre, 1 s, eran 7 s de la suite)."""

CABECERA = """\
from typing import Annotated
from tapiz_rules.modelo import Campo, Entrada, Resultado, regla

"""
REGLA = """\
@regla("doble", titulo="Doble", seccion="X", salidas=[Campo("valor", int, "Valor")])
def doble(p, n: Annotated[int, Entrada("Número")]) -> Resultado:
    {cuerpo}
    return Resultado({{"valor": 2 * n}})


REGLAS = (doble,)
"""


def _lienzo(tmp_path: Path, cuerpo: str = "pass", antes: str = "", python: str = "reglas.py"):
    carpeta = tmp_path / "mi-lienzo"
    carpeta.mkdir()
    (carpeta / "lienzo.yml").write_text(f"nombre: X\npython: {python}\n", encoding="utf-8")
    codigo = CABECERA + antes + REGLA.format(cuerpo=cuerpo)
    (carpeta / "reglas.py").write_text(codigo, encoding="utf-8")
    return carpeta / "lienzo.yml"


def _error_al_cargar(fichero: Path, limite: float = 1) -> str:
    with pytest.raises(ErrorLienzo) as info:
        cargar(fichero, "mi-lienzo/lienzo.yml", limite=limite)
    return str(info.value)


def _error_al_calcular(fichero: Path, limite: float = 1) -> str:
    lienzo = cargar(fichero, "mi-lienzo/lienzo.yml", limite=limite).reglamento()
    with pytest.raises(ErrorTapiz) as info:
        lienzo.calcular("doble", {"n": 3})
    return str(info.value)


def test_una_regla_del_lienzo_calcula_en_su_proceso(tmp_path: Path) -> None:
    lienzo = cargar(_lienzo(tmp_path), limite=1).reglamento()
    assert lienzo.calcular("doble", {"n": 21})["valor"] == 42


def test_importar_el_lienzo_no_deja_bytecode_en_las_paginas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MkDocs publicaría el ``__pycache__`` de la carpeta del Lienzo con el sitio."""
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    fichero = _lienzo(tmp_path)
    lienzo = cargar(fichero, limite=5).reglamento()
    assert lienzo.calcular("doble", {"n": 2})["valor"] == 4
    assert sorted(p.name for p in fichero.parent.iterdir()) == ["lienzo.yml", "reglas.py"]


def test_un_bucle_al_importar_se_detiene_con_su_limite(tmp_path: Path) -> None:
    assert _error_al_cargar(_lienzo(tmp_path, antes="while True: pass\n"), BUCLE) == (
        "mi-lienzo/reglas.py:4: el código del Lienzo «X» no terminó en 0,25 s al importarlo"
    )


def test_un_bucle_en_una_regla_se_detiene_y_nombra_la_regla(tmp_path: Path) -> None:
    assert _error_al_calcular(_lienzo(tmp_path, "while True: pass"), BUCLE) == (
        "mi-lienzo/reglas.py:6: el código del Lienzo «X» no terminó en 0,25 s en la regla «doble»"
    )


def test_tras_un_cuelgue_la_regla_vuelve_a_funcionar(tmp_path: Path) -> None:
    fichero = _lienzo(tmp_path, "if n == 3:\n        while True: pass")
    lienzo = cargar(fichero, limite=BUCLE).reglamento()
    with pytest.raises(ErrorTapiz, match="no terminó"):
        lienzo.calcular("doble", {"n": 3})
    assert lienzo.calcular("doble", {"n": 4})["valor"] == 8


def test_os_exit_al_importar_es_un_error_en_su_linea(tmp_path: Path) -> None:
    assert _error_al_cargar(_lienzo(tmp_path, antes="import os\nos._exit(0)\n")) == (
        "mi-lienzo/reglas.py:5: el código del Lienzo «X» intentó terminar el proceso al "
        "importarlo: SalidaProhibida: el Lienzo llamó a os._exit(0)"
    )


def test_sys_exit_en_una_regla_es_un_error_en_su_linea(tmp_path: Path) -> None:
    assert _error_al_calcular(_lienzo(tmp_path, "import sys; sys.exit(0)")) == (
        "mi-lienzo/reglas.py:6: el código del Lienzo «X» intentó terminar el proceso en la "
        "regla «doble»: SystemExit: 0"
    )


def test_una_excepcion_en_una_regla_da_el_fichero_y_la_linea(tmp_path: Path) -> None:
    assert _error_al_calcular(_lienzo(tmp_path, "1 / 0")) == (
        "mi-lienzo/reglas.py:6: el código del Lienzo «X» falló en la regla «doble»: "
        "ZeroDivisionError: division by zero"
    )


def test_un_fallo_en_un_modulo_de_ayuda_da_su_fichero_y_su_linea(tmp_path: Path) -> None:
    fichero = _lienzo(tmp_path, "from ayuda import mitad; mitad(n)")
    (fichero.parent / "ayuda.py").write_text("def mitad(n):\n    return n / 0\n", "utf-8")
    assert _error_al_calcular(fichero) == (
        "mi-lienzo/ayuda.py:2: el código del Lienzo «X» falló en la regla «doble»: "
        "ZeroDivisionError: division by zero"
    )


def test_un_bucle_que_ignora_la_senal_tambien_se_detiene(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tras el límite y su margen (2 s; aquí, menos), el proceso que lo comprueba lo mata."""
    monkeypatch.setattr(aislado, "MARGEN", BUCLE)
    cuerpo = "import signal; signal.signal(signal.SIGALRM, signal.SIG_IGN)\n    while True: pass"
    assert _error_al_calcular(_lienzo(tmp_path, cuerpo), BUCLE) == (
        "mi-lienzo/reglas.py: el código del Lienzo «X» no terminó en 0,25 s en la regla «doble»"
    )


@pytest.mark.parametrize("python", ["../fuera.py", "/etc/hostname", "lienzo.yml"])
def test_python_solo_nombra_un_fichero_de_su_carpeta(tmp_path: Path, python: str) -> None:
    (tmp_path / "fuera.py").write_text("REGLAS = ()\n", encoding="utf-8")
    assert _error_al_cargar(_lienzo(tmp_path, python=python)) == (
        f"mi-lienzo/lienzo.yml:2: «python» debe nombrar un fichero .py de la carpeta del "
        f"Lienzo, no «{python}»"
    )
