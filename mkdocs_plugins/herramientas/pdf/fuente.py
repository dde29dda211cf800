"""De dónde sale el libro impreso: el orden de ``nav`` en mkdocs.yml y el HTML ya construido."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tinyhtml5

from mkdocs_plugins.herramientas.pdf import svg

FUERA_DEL_LIBRO = ("libro.md", "colaborar/", "hoja-de-personaje.md")
"""La página del libro completo (este PDF la sustituye), las de quien colabora y la hoja de
personaje de la pantalla (el PDF lleva la suya, para imprimir)."""
APENDICE = "lienzos/"
"""El Lienzo de ejemplo va al final, como apéndice."""


@dataclass
class Capitulo:
    """Una página del sitio que es un capítulo del libro impreso."""

    url: str
    """Su dirección relativa en el sitio: ``dano/``, ``sistemas/d20/``, ``""`` la portada."""
    titulo: str
    parte: str
    cuerpo: ET.Element
    """El ``<article>`` de la página construida."""

    @property
    def ancla(self) -> str:
        return "c-" + (self.url.strip("/").replace("/", "-") or "inicio")


def url_de(fichero: str) -> str:
    """``dano.md`` → ``dano/``; ``sistemas/index.md`` → ``sistemas/``; ``index.md`` → ``""``."""
    ruta = fichero.removesuffix(".md")
    if ruta == "index" or ruta.endswith("/index"):
        return ruta.removesuffix("index")
    return ruta + "/"


def entradas_de_nav(nav: list[Any], parte: str = "") -> list[tuple[str, str, str]]:
    """(parte, título, fichero) de cada página de ``nav``, en su orden."""
    entradas: list[tuple[str, str, str]] = []
    for entrada in nav:
        if isinstance(entrada, str):
            entradas.append((parte, entrada, entrada))
            continue
        for titulo, valor in entrada.items():
            if isinstance(valor, list):
                entradas += entradas_de_nav(valor, str(titulo))
            else:
                entradas.append((parte, str(titulo), str(valor)))
    return entradas


def leer_articulo(html: str) -> ET.Element:
    raiz = tinyhtml5.parse(html, namespace_html_elements=False)
    articulo: ET.Element | None = raiz.find(".//article")
    if articulo is None:
        raise ValueError("la página no tiene <article>")
    svg.sin_espacios_de_nombres(articulo)
    return articulo


def capitulos(nav: list[Any], sitio: Path) -> list[Capitulo]:
    """Los capítulos en el orden de ``nav``; el Lienzo de ejemplo, al final."""
    encontrados: list[Capitulo] = []
    for parte, titulo, fichero in entradas_de_nav(nav):
        if fichero.startswith(FUERA_DEL_LIBRO) or "://" in fichero:
            continue
        url = url_de(fichero)
        html = (sitio / url / "index.html").read_text(encoding="utf-8")
        encontrados.append(Capitulo(url, titulo, parte, leer_articulo(html)))
    return sorted(encontrados, key=lambda c: c.url.startswith(APENDICE))
