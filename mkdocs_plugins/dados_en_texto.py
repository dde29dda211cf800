"""Las expresiones de dados escritas en la prosa y las tablas.

El patrón solo reconoce candidatas; quien decide si la notación es válida es
el motor. Se recorre el texto visible del HTML ya convertido (fuera de código,
enlaces, títulos y botones), el mismo que después se convierte en botones, así
que validar y mostrar ven lo mismo.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape, unescape

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
    "data",
}
"""Dentro de estos elementos no hay botones. ``<data>`` es lo que deja ``{1d20}``: dados de una
narración que ya se tiraron («saca un 9 en el {d20}»), que no deben volver a tirarse."""


def candidatas(texto: str) -> Iterator[str]:
    for encontrada in PATRON.finditer(texto):
        yield encontrada.group(0)


_VALLA_ABIERTA = re.compile(r"(`{3,}|~{3,})\s*(tapiz[\w-]*)", re.IGNORECASE)


def textos_visibles(html: str) -> Iterator[str]:
    """Los trozos de texto del HTML fuera de código, enlaces, títulos y botones."""
    partes = _ETIQUETA.split(html)
    abiertas: list[str] = []
    for indice, parte in enumerate(partes):
        if indice % 2:
            _seguir_etiquetas(parte, abiertas)
        elif parte and not any(nombre in _SIN_BOTONES for nombre in abiertas):
            yield unescape(parte)


def clasificar(html: str) -> tuple[set[str], list[tuple[str, str]]]:
    """Las expresiones válidas del texto, y (texto, mensaje) por cada problema.

    Un problema es una notación que el motor rechaza o una valla ``tapiz-*`` que
    quedó como texto porque no se cierra.
    """
    validas: set[str] = set()
    problemas: list[tuple[str, str]] = []
    for texto in textos_visibles(html):
        for valla in _VALLA_ABIERTA.finditer(texto):
            problemas.append(
                (
                    valla.group(0),
                    f"la valla {valla.group(1)}{valla.group(2)} no se cierra: falta la línea "
                    f"{valla.group(1)} que la termina",
                )
            )
        for expresion in candidatas(texto):
            try:
                analizar(expresion)
            except ErrorTapiz as error:
                problemas.append((expresion, f"dados en el texto: {error}"))
            else:
                validas.add(expresion)
    return validas, problemas


def _boton(encontrada: re.Match[str], validas: set[str]) -> str:
    expresion = encontrada.group(0)
    if expresion not in validas:
        return expresion
    texto = escape(expresion)
    # El nombre accesible es «Tirar 1d20»: sin el glifo decorativo que pone el estilo.
    return (
        f'<button type="button" class="tapiz-dados" data-expr="{texto}" '
        f'aria-label="Tirar {texto}" title="Tirar {texto}">{texto}</button>'
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


NARRADOS = rf"\{{(?P<narrado>{_TERMINO}(?:[+-](?:{_TERMINO}|\d+))*)\}}"
"""``{1d20}`` en el texto: unos dados que se nombran pero no se tiran."""
