"""Cada dado del texto del libro publicado trae sus probabilidades en los datos de su página:
el navegador no las calcula (solo las de una expresión que escribe quien lee, que pide al
motor en la página)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from desarrollo.peso import paginas
from mkdocs_plugins.nucleo.datos import datos
from tapiz_rules.vivo.probabilidades import puntos

_BOTON = re.compile(r'<button\b[^>]*\bclass="tapiz-dados"[^>]*>')
_EXPRESION = re.compile(r'\bdata-expr="([^"]*)"')
_MARCA = re.compile(r'data-tapiz-datos="([^"]+)"')


def _botones(html: str) -> list[str]:
    """El ``data-expr`` de cada botón de dados de la página (todos lo llevan)."""
    botones = _BOTON.findall(html)
    expresiones = [unescape(m.group(1)) for b in botones if (m := _EXPRESION.search(b))]
    assert len(expresiones) == len(botones), botones
    return expresiones


def _distribuciones(sitio: Path, html: str) -> dict[str, object]:
    """Las de los datos que marca la página (el libro completo, las de cada capítulo); sin
    marcas, las de ``datos.json``, como hace ``datos.js``."""
    marcas = sorted(set(_MARCA.findall(html)))
    ficheros = [f"{datos.CARPETA}/{m}" for m in marcas] or [datos.RUTA]
    unidas: dict[str, object] = {}
    for fichero in ficheros:
        unidas |= json.loads((sitio / fichero).read_text(encoding="utf-8"))["distribuciones"]
    return unidas


def test_cada_dado_del_texto_tiene_sus_probabilidades_en_los_datos_de_su_pagina(
    libro: Path,
) -> None:
    botones = 0
    sin_datos: list[tuple[str, str]] = []
    for pagina in paginas(libro):
        html = (libro / pagina).read_text(encoding="utf-8")
        expresiones = _botones(html)
        if not expresiones:
            continue
        guardadas = _distribuciones(libro, html)
        for expresion in expresiones:
            botones += 1
            if not isinstance(guardadas.get(expresion), list):
                sin_datos.append((pagina, expresion))
                continue
            assert guardadas[expresion] == puntos(expresion), (pagina, expresion)
    assert sin_datos == [], "dados del texto sin probabilidades precalculadas"
    assert botones >= 50, botones


def test_datos_json_tiene_las_de_todos_los_dados_del_libro(libro: Path) -> None:
    """Lo que usa un generador sin el plugin (``tapiz exportar``, Zensical)."""
    todas = json.loads((libro / datos.RUTA).read_text(encoding="utf-8"))["distribuciones"]
    for pagina in paginas(libro):
        for expresion in _botones((libro / pagina).read_text(encoding="utf-8")):
            assert isinstance(todas.get(expresion), list), (pagina, expresion)
