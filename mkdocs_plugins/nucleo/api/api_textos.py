"""Los textos de la API como los muestra la página y los identificadores con una sola grafía.

Un enlace a otra página del libro se escribe en la fuente como ``hacer-cosas.md#grados``;
en el sitio es ``hacer-cosas/#grados``. La API publica el segundo, relativo a la raíz del
sitio (``base`` en ``index.json``), en el Markdown y en el HTML: un ``.md`` no existe en el
sitio.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import urlsplit

from tapiz_rules.modelo.campos import plegar

_EN_MARKDOWN = re.compile(r"(\]\(\s*<?)([^)\s>]+)")
_EN_REFERENCIA = re.compile(r"^(\s{0,3}\[[^\]\n]+\]:\s*<?)(\S+?)(>?)$", re.MULTILINE)
_EN_HTML = re.compile(r'(\s(?:href|src)=")([^"]*)(")')
_NO_ID = re.compile(r"[^a-z0-9]+")
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""La grafía de todo identificador de la API (y de las secciones del libro)."""


def url_de(pagina: str) -> str:
    """La dirección de la página en el sitio, relativa a su raíz (como MkDocs por defecto)."""
    sin_md = pagina.removesuffix(".md")
    if sin_md == "index" or sin_md.endswith("/index"):
        return sin_md.removesuffix("index")
    return f"{sin_md}/"


def al_sitio(destino: str, pagina: str) -> str:
    """Un enlace relativo de ``pagina`` como dirección relativa a la raíz del sitio: otra
    página del libro (``.md``), un ancla de la misma o un fichero junto a ella. Los enlaces a
    otro servidor o absolutos no cambian."""
    partes = urlsplit(destino)
    if partes.scheme or partes.netloc or destino.startswith("/") or not destino:
        return destino
    ancla = f"#{partes.fragment}" if partes.fragment else ""
    if not partes.path:
        return url_de(pagina) + ancla
    ruta = posixpath.normpath(posixpath.join(posixpath.dirname(pagina), partes.path))
    if ruta.startswith("../"):
        return destino  # fuera del libro: no hay a dónde llevarlo
    return (url_de(ruta) if ruta.endswith(".md") else ruta) + ancla


def enlaces_en_markdown(texto: str, pagina: str) -> str:
    """El Markdown de ``pagina`` con sus enlaces a otras páginas ya como direcciones del sitio."""
    texto = _EN_MARKDOWN.sub(lambda m: m.group(1) + al_sitio(m.group(2), pagina), texto)
    return _EN_REFERENCIA.sub(
        lambda m: m.group(1) + al_sitio(m.group(2), pagina) + m.group(3), texto
    )


def enlaces_en_html(html: str, pagina: str) -> str:
    """El HTML de ``pagina`` con sus enlaces a otras páginas ya como direcciones del sitio."""
    return _EN_HTML.sub(lambda m: m.group(1) + al_sitio(m.group(2), pagina) + m.group(3), html)


def identificador(nombre: str) -> str:
    """El identificador de la API de un nombre del motor: ``reparto_puntos`` → ``reparto-puntos``.

    Una sola grafía para todo lo que tiene identificador (páginas, secciones, sistemas,
    Lienzos, reglas, tablas, ejemplos, ediciones y opcionales): minúsculas, cifras y guiones,
    como las anclas y las rutas del sitio. El motor acepta las dos grafías."""
    return _NO_ID.sub("-", plegar(nombre)).strip("-")
