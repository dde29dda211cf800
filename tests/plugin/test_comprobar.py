"""``tapiz comprobar``: la misma comprobación que la construcción, desde la terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main
from tests.plugin.conftest import PAGINAS, sitio


def test_informa_de_ejemplos_y_fallos_y_sale_con_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar"]) == 1
    salida = capsys.readouterr().out
    esperado = (PAGINAS / "ejemplo-valor-incorrecto.txt").read_text("utf-8")
    assert salida == esperado + "3 ejemplos, 1 fallo\n"


def test_sin_fallos_sale_con_cero_y_lista_lo_pendiente(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    pagina = proyecto / "srd" / "correcta.md"
    pagina.write_text(pagina.read_text("utf-8") + "\n<!-- TODO: revisar el tono -->\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", "--pendientes", "srd/correcta.md"]) == 0
    assert capsys.readouterr().out == (
        "\nAnotaciones editoriales pendientes (1):\n"
        "  srd/correcta.md:36: TODO: revisar el tono\n"
        "2 ejemplos, 0 fallos\n"
    )


def test_una_ruta_que_no_existe_es_un_error_claro(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", "no-existe"]) == 2
    assert capsys.readouterr().err == "tapiz: error: no existe la ruta «no-existe»\n"


def test_una_pagina_fuera_del_libro_se_nombra_con_su_ruta_real(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    raiz = PAGINAS.parents[2]
    monkeypatch.chdir(raiz / "tests")
    assert main(["comprobar", str(PAGINAS / "ejemplo-valor-incorrecto.md")]) == 1
    salida = capsys.readouterr().out
    assert salida.startswith("tests/plugin/paginas/ejemplo-valor-incorrecto.md:9: el ejemplo")
