"""Las secciones que definen un término, marcadas una vez en el Markdown.

Un encabezado dice en su lista de atributos qué términos define su sección::

    ## Cordura {#cordura define="cordura"}
    # Puntos de efecto {#puntos-de-efecto define="puntos de efecto"}

El buscador pone esa sección la primera cuando se busca el término, también en plural
(«heridas» encuentra la sección que define «herida»): el plugin de MkDocs quita el atributo
del HTML antes de que se indexe la página y, al final de la construcción, escribe las formas
de cada término en un campo del índice con más peso que el título
(``mkdocs_plugins/plugin/busqueda.py``). Fuera de MkDocs el atributo no se quita: no es
más que un atributo que nadie lee.
"""

from __future__ import annotations

import re
import unicodedata

ATRIBUTO = "define"
_ENCABEZADO = re.compile(r"<h([1-6])(\s[^>]*)>")
_DEFINE = re.compile(rf'\s{ATRIBUTO}="([^"]*)"')
_ID = re.compile(r'\sid="([^"]*)"')
_PALABRA = re.compile(r"\w+")
_TILDE = "\u0301"
_VOCALES = "aeiou"
_SIN_PLURAL_HASTA = 4


def apartar_definiciones(html: str) -> tuple[str, dict[str, tuple[str, ...]]]:
    """El HTML sin los atributos ``define`` de sus encabezados, y qué términos define cada
    sección: por su ancla, o ``""`` la del título de la página (el ``h1``), que en el índice
    de búsqueda es la página misma."""
    definiciones: dict[str, tuple[str, ...]] = {}

    def quitar(encabezado: re.Match[str]) -> str:
        atributos = encabezado.group(2)
        define = _DEFINE.search(atributos)
        if define is None:
            return encabezado.group(0)
        ancla = _ID.search(atributos)
        seccion = "" if encabezado.group(1) == "1" or ancla is None else ancla.group(1)
        terminos = tuple(t.strip() for t in define.group(1).split(",") if t.strip())
        definiciones[seccion] = definiciones.get(seccion, ()) + terminos
        sin = atributos[: define.start()] + atributos[define.end() :]
        return f"<h{encabezado.group(1)}{sin}>"

    return _ENCABEZADO.sub(quitar, html), definiciones


def problemas(markdown: str, definiciones: dict[str, tuple[str, ...]]) -> list[tuple[int, str]]:
    """Las secciones con un ``define`` sin términos, con la línea de su encabezado."""
    return [
        (
            _linea(markdown, seccion),
            f"«{ATRIBUTO}» sin ningún término en el encabezado de "
            + (f"la sección #{seccion}" if seccion else "la página")
            + f'; escríbelo así: {ATRIBUTO}="término, otro término"',
        )
        for seccion, terminos in definiciones.items()
        if not terminos
    ]


def _linea(markdown: str, seccion: str) -> int:
    for numero, linea in enumerate(markdown.splitlines(), start=1):
        if linea.startswith("#") and f"{ATRIBUTO}=" in linea and f"#{seccion}" in linea:
            return numero
    return 1


def plural(palabra: str) -> str:
    """El plural de una palabra española: «herida», «heridas»; «explosión», «explosiones»;
    «francés», «franceses»; «luz», «luces»; «azar», «azares». Las llanas acabadas en -s o -x
    se quedan como están («crisis», «tórax»)."""
    if not palabra:
        return palabra
    if palabra[-1] == "z":
        return palabra[:-1] + "ces"
    if _sin_tilde(palabra[-1]) in _VOCALES:
        return palabra + "s"
    # Aguda acabada en consonante («explosión», «francés»): pierde la tilde al crecer.
    final = unicodedata.normalize("NFD", palabra[-2:])
    if _TILDE in final:
        return palabra[:-2] + unicodedata.normalize("NFC", final.replace(_TILDE, "")) + "es"
    return palabra if palabra[-1] in "sx" else palabra + "es"


def _sin_tilde(letra: str) -> str:
    return unicodedata.normalize("NFD", letra)[0]


def formas(termino: str) -> list[str]:
    """Las palabras del término y sus plurales, en minúsculas y sin repetir. Las de menos
    de cuatro letras, que en un término son las que lo unen («de», «del», «y»), sin plural."""
    vistas: dict[str, None] = {}
    for palabra in _PALABRA.findall(termino.lower()):
        vistas.setdefault(palabra, None)
        if len(palabra) >= _SIN_PLURAL_HASTA:
            vistas.setdefault(plural(palabra), None)
    return list(vistas)
