"""La página de «no encontrada» del libro publicado, en español y con el camino de vuelta."""

from __future__ import annotations

import re
from pathlib import Path

from tests.plugin.test_anclas import _articulo


def test_la_pagina_no_encontrada_esta_en_espanol(libro: Path) -> None:
    html = (libro / "404.html").read_text(encoding="utf-8")
    assert '<html lang="es"' in html
    assert "Not found" not in html
    articulo = _articulo(libro / "404.html")
    assert articulo.findtext("h1") == "Página no encontrada"
    enlace = articulo.find(".//a")
    assert enlace is not None and enlace.text == "portada del libro"
    # La misma dirección que el logotipo de la cabecera (la de la portada, desde cualquier ruta).
    logotipo = re.search(r'<a href="([^"]*)"[^>]*class="md-header__button md-logo"', html)
    assert logotipo is not None and enlace.get("href") == logotipo.group(1)
