"""Con ``mkdocs serve``, un lienzo.yml roto se ve en cada página y se va al arreglarlo."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from tests.plugin.test_lienzo import LIENZO, MENSAJE_ROTO, ROTO, _proyecto


def _construir(proyecto: Path, orden: str) -> str:
    configuracion = load_config(config_file=str(proyecto / "mkdocs.yml"))
    configuracion.plugins["tapiz"].on_startup(command=orden, dirty=False)
    build(configuracion)
    return (proyecto / "site" / "correcta" / "index.html").read_text("utf-8")


def test_el_error_va_en_cada_pagina_y_se_va_al_arreglarlo(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, ROTO)
    html = _construir(proyecto, "serve")
    assert '<p class="admonition-title">Error en un bloque Tapiz</p>' in html
    assert MENSAJE_ROTO in html
    (proyecto / "srd" / "islas" / "lienzo.yml").write_text(LIENZO, encoding="utf-8")
    assert MENSAJE_ROTO not in _construir(proyecto, "serve")


def test_en_una_construccion_sigue_parandola(tmp_path: Path) -> None:
    with pytest.raises(Abort):
        _construir(_proyecto(tmp_path, ROTO), "build")
