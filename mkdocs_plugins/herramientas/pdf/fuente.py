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
"""Los Lienzos de ``lienzos/`` (en este libro, el de ejemplo) van al final, como apéndice."""


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


def sin_nav(paginas: Path) -> list[str]:
    """Las páginas de un libro cuyo ``mkdocs.yml`` no tiene ``nav`` (MkDocs las pone todas,
    en el orden de sus ficheros): cada carpeta empieza por su ``index.md``."""
    ficheros = [f.relative_to(paginas) for f in paginas.rglob("*.md")]
    ordenados = sorted(ficheros, key=lambda f: (f.parent.parts, f.name != "index.md", f.name))
    return [f.as_posix() for f in ordenados]


def _titulo(articulo: ET.Element) -> str:
    h1 = articulo.find(".//h1")
    return "".join(h1.itertext()).strip() if h1 is not None else ""


def capitulos(nav: list[Any] | None, sitio: Path, paginas: Path | None = None) -> list[Capitulo]:
    """Los capítulos en el orden de ``nav`` (sin él, todas las ``paginas``); los Lienzos
    de ``lienzos/``, al final."""
    entradas = entradas_de_nav(nav) if nav else [("", "", f) for f in sin_nav(paginas or sitio)]
    encontrados: list[Capitulo] = []
    for parte, titulo, fichero in entradas:
        if fichero.startswith(FUERA_DEL_LIBRO) or "://" in fichero:
            continue
        url = url_de(fichero)
        articulo = leer_articulo((sitio / url / "index.html").read_text(encoding="utf-8"))
        encontrados.append(Capitulo(url, titulo or _titulo(articulo), parte, articulo))
    return sorted(encontrados, key=lambda c: c.url.startswith(APENDICE))
