"""La línea de órdenes ante entradas descuidadas: un mensaje en español, nunca una traza."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main

PUERTOS = Path(__file__).resolve().parents[1] / "srd" / "lienzos" / "puertos-de-bruma"


def test_una_tuberia_cerrada_no_da_traza() -> None:
    proceso = subprocess.Popen(
        [sys.executable, "-m", "mkdocs_plugins.herramientas.cli", "prob", "400d6"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proceso.stdout is not None and proceso.stderr is not None
    assert proceso.stdout.readline().startswith(b"400d6")
    proceso.stdout.close()
    errores = proceso.stderr.read().decode("utf-8")
    proceso.wait(timeout=60)
    assert "Traceback" not in errores
    assert "BrokenPipeError" not in errores


def test_un_numero_de_cinco_mil_cifras(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["regla", "accion", "--entrada", '{"base": ' + "9" * 5000 + "}"]) == 2
    assert capsys.readouterr().err == (
        "tapiz: error: --entrada tiene un número con demasiadas cifras\n"
    )


def test_reglas_de_un_lienzo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reglas", "--lienzo", str(PUERTOS)]) == 0
    salida = capsys.readouterr().out
    assert "regateo                      Regateo en el puerto (Puertos de Bruma)" in salida
    assert "niebla                       Densidad de la niebla (Puertos de Bruma)" in salida


def test_una_regla_de_un_lienzo(capsys: pytest.CaptureFixture[str]) -> None:
    entrada = '{"precio": 100, "puntos_de_efecto": 3}'
    assert main(["regla", "regateo", "--lienzo", str(PUERTOS), "--entrada", entrada]) == 0
    assert "Precio final: 85 monedas" in capsys.readouterr().out


def test_un_lienzo_que_no_existe(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["reglas", "--lienzo", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"tapiz: error: no hay un lienzo.yml en «{tmp_path}»\n"
