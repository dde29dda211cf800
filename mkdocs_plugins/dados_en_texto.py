"""Las expresiones de dados escritas en la prosa y las tablas.

El patrón solo reconoce candidatas; quien decide si la notación es válida es
el motor. El mismo patrón sirve para validar el Markdown (con líneas) y para
convertir el HTML en botones, de modo que ambos pasos ven lo mismo.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from html import escape

from mkdocs_plugins.bloques import Texto
from mkdocs_plugins.problemas import ErrorDePagina
from tapiz_rules.dados import analizar
from tapiz_rules.errores import ErrorTapiz

_TERMINO = r"\d*d(?:\d+|%)(?:!\d*)?(?:(?:kh|kl|dh|dl|k|d)\d+)?"
PATRON = re.compile(rf"(?<![\w/.]){_TERMINO}(?:[+-](?:{_TERMINO}|\d+))*(?![\w%])", re.IGNORECASE)

_ETIQUETA = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
_NOMBRE = re.compile(r"</?\s*([a-zA-Z0-9]+)")
_SIN_BOTONES = {
    "code",
    "pre",
    "a",
    "button",
    "script",
    "style",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "textarea",
    "abbr",
    "kbd",
}


def candidatas(texto: str) -> Iterator[str]:
    for encontrada in PATRON.finditer(texto):
        yield encontrada.group(0)


def problemas(textos: Iterable[Texto]) -> tuple[set[str], list[ErrorDePagina]]:
    """Las expresiones válidas encontradas y un error por cada notación que el motor rechaza."""
    validas: set[str] = set()
    errores: list[ErrorDePagina] = []
    for texto in textos:
        for expresion in candidatas(texto.contenido):
            try:
                analizar(expresion)
            except ErrorTapiz as error:
                errores.append(ErrorDePagina(texto.linea, f"dados en el texto: {error}"))
            else:
                validas.add(expresion)
    return validas, errores


def _boton(encontrada: re.Match[str], validas: set[str]) -> str:
    expresion = encontrada.group(0)
    if expresion not in validas:
        return expresion
    return (
        f'<button type="button" class="tapiz-dados" data-expr="{escape(expresion)}" '
        f'title="Tirar {escape(expresion)}">{escape(expresion)}</button>'
    )


def botones(html: str, validas: set[str]) -> str:
    """Convierte en botones las expresiones válidas del texto, fuera de código y enlaces."""
    if not validas:
        return html
    partes = _ETIQUETA.split(html)
    abiertas: list[str] = []
    for indice, parte in enumerate(partes):
        if indice % 2:
            _seguir_etiquetas(parte, abiertas)
        elif parte and not any(nombre in _SIN_BOTONES for nombre in abiertas):
            partes[indice] = PATRON.sub(lambda m: _boton(m, validas), parte)
    return "".join(partes)


def _seguir_etiquetas(etiqueta: str, abiertas: list[str]) -> None:
    nombre = _NOMBRE.match(etiqueta)
    if nombre is None or etiqueta.endswith("/>"):
        return
    elemento = nombre.group(1).lower()
    if elemento not in _SIN_BOTONES:
        return
    if etiqueta.startswith("</"):
        if elemento in abiertas:
            del abiertas[len(abiertas) - 1 - abiertas[::-1].index(elemento)]
    else:
        abiertas.append(elemento)
