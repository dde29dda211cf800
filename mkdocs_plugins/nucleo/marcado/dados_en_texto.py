"""Las expresiones de dados escritas en la prosa y las tablas.

El patrón solo reconoce candidatas; quien decide si la notación es válida es
el motor. Se recorre el texto visible del HTML ya convertido (fuera de código,
enlaces, títulos y botones), el mismo que después se convierte en botones, así
que validar y mostrar ven lo mismo.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import cached_property, lru_cache
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


_PISTA = re.compile(r"d[\d%]", re.IGNORECASE)


def expresiones(texto: str) -> Iterator[re.Match[str]]:
    """Lo mismo que ``PATRON.finditer(texto)``, varias veces más rápido en páginas largas.

    Una expresión solo puede empezar donde empiezan las cifras que preceden a una «d»
    seguida de cifra o «%» (antes de ellas no puede haber otra letra ni cifra): se
    busca esa pista, que es barata, y el patrón entero se prueba solo ahí.
    """
    fin = 0
    for pista in _PISTA.finditer(texto):
        inicio = pista.start()
        if inicio < fin:
            continue
        while inicio > fin and texto[inicio - 1].isdecimal():
            inicio -= 1
        if encontrada := PATRON.match(texto, inicio):
            fin = encontrada.end()
            yield encontrada


def candidatas(texto: str) -> Iterator[str]:
    for encontrada in expresiones(texto):
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


def clasificar(html: str | Visibilidad) -> tuple[set[str], list[tuple[str, str]]]:
    """Las expresiones válidas del texto, y (texto, mensaje) por cada problema.

    Un problema es una notación que el motor rechaza o una valla ``tapiz-*`` que
    quedó como texto porque no se cierra.
    """
    visible = html if isinstance(html, Visibilidad) else Visibilidad(html)
    validas: set[str] = set()
    problemas = _vallas_sin_cerrar(visible)
    for encontrada in visible.dados:
        expresion = encontrada.group(0)
        if (error := error_de_notacion(expresion)) is not None:
            problemas.append((expresion, f"dados en el texto: {error}"))
        else:
            validas.add(expresion)
    return validas, problemas


def _vallas_sin_cerrar(visible: Visibilidad) -> list[tuple[str, str]]:
    if "```" not in visible.html and "~~~" not in visible.html:
        return []
    return [
        (
            valla.group(0),
            f"la valla {valla.group(1)}{valla.group(2)} no se cierra: falta la línea "
            f"{valla.group(1)} que la termina",
        )
        for valla in visible.buscar(_VALLA_ABIERTA)
    ]


@lru_cache(maxsize=4096)
def error_de_notacion(expresion: str) -> str | None:
    """Lo que dice el motor de una notación inválida; las mismas se repiten en todo el libro."""
    try:
        analizar(expresion)
    except ErrorTapiz as error:
        return str(error)
    return None


def _boton(expresion: str) -> str:
    texto = escape(expresion)
    # El nombre accesible es «Tirar 1d20»: sin el glifo decorativo que pone el estilo.
    return (
        f'<button type="button" class="tapiz-dados" data-expr="{texto}" '
        f'aria-label="Tirar {texto}" title="Tirar {texto}">{texto}</button>'
    )


def botones(html: str | Visibilidad, validas: set[str]) -> str:
    """Convierte en botones las expresiones válidas del texto, fuera de código y enlaces."""
    visible = html if isinstance(html, Visibilidad) else Visibilidad(html)
    if not validas:
        return visible.html
    partes: list[str] = []
    hasta = 0
    for encontrada in visible.dados:
        if encontrada.group(0) in validas:
            partes += [visible.html[hasta : encontrada.start()], _boton(encontrada.group(0))]
            hasta = encontrada.end()
    return _DADO_BASE.sub(_marcar_dado_base, "".join(partes) + visible.html[hasta:])


_DADO_BASE = re.compile(
    r'<span class="tapiz-dado-base" data-dado="(?P<dado>[^"]*)">'
    r'(?P<boton><button type="button" class="tapiz-dados"[^>]*>[^<]*</button>)</span>'
)
"""``{{dado}}`` ya convertido en botón, dentro de su marca (``extension/valores.py``)."""


def _marcar_dado_base(encontrado: re.Match[str]) -> str:
    """El botón del dado de la tirada, sin envoltorio: lleva él la marca (``data-dado-base``),
    y la tirada que se muestra a su lado queda en la frase, como la de cualquier dado."""
    boton = encontrado["boton"]
    return boton.replace(" data-expr=", f' data-dado-base="{encontrado["dado"]}" data-expr=', 1)


class Visibilidad:
    """Qué partes del HTML son texto visible fuera de código, enlaces, títulos y botones.

    Es lo mismo que ``textos_visibles``, pero sin trocear la página: solo se
    recorren los comentarios y las etiquetas de ``_SIN_BOTONES``, y se busca
    sobre el HTML entero. Un patrón que no contiene ``<`` ni ``>`` no puede
    cruzar una etiqueta, así que cada coincidencia cae entera dentro o fuera.
    """

    def __init__(self, html: str) -> None:
        self.html = html

    @cached_property
    def _zonas(self) -> list[tuple[int, int]]:
        return _zonas_sin_botones(self.html)

    @cached_property
    def _inicios(self) -> list[int]:
        return [inicio for inicio, _ in self._zonas]

    @cached_property
    def dados(self) -> list[re.Match[str]]:
        """Las expresiones de dados candidatas del texto visible, en orden."""
        return [e for e in expresiones(self.html) if self.es_visible(e.start())]

    def buscar(self, patron: re.Pattern[str]) -> Iterator[re.Match[str]]:
        for encontrada in patron.finditer(self.html):
            if self.es_visible(encontrada.start()):
                yield encontrada

    def es_visible(self, posicion: int) -> bool:
        zona = bisect_right(self._inicios, posicion) - 1
        if zona >= 0 and posicion < self._zonas[zona][1]:
            return False
        return self.html.rfind("<", 0, posicion) <= self.html.rfind(">", 0, posicion)


_RELEVANTES = re.compile(
    r"<!--.*?-->|<(?P<cierre>/?)\s*(?P<nombre>"
    + "|".join(sorted(_SIN_BOTONES, key=len, reverse=True))
    + r")(?![a-zA-Z0-9])[^>]*>",
    re.DOTALL | re.IGNORECASE,
)


def _zonas_sin_botones(html: str) -> list[tuple[int, int]]:
    """Los tramos [inicio, fin) de comentarios y de elementos de ``_SIN_BOTONES``, en orden."""
    zonas: list[tuple[int, int]] = []
    abiertas: list[str] = []
    inicio = 0
    for etiqueta in _RELEVANTES.finditer(html):
        nombre = etiqueta.group("nombre")
        if nombre is None:
            if not abiertas:
                zonas.append(etiqueta.span())
        elif etiqueta.group(0).endswith("/>"):
            continue
        elif etiqueta.group("cierre"):
            if nombre.lower() in abiertas:
                _cerrar(abiertas, nombre.lower())
                if not abiertas:
                    zonas.append((inicio, etiqueta.end()))
        else:
            if not abiertas:
                inicio = etiqueta.start()
            abiertas.append(nombre.lower())
    if abiertas:
        zonas.append((inicio, len(html)))
    return zonas


def _cerrar(abiertas: list[str], elemento: str) -> None:
    """Cierra el último elemento abierto con ese nombre (y no los de dentro)."""
    del abiertas[len(abiertas) - 1 - abiertas[::-1].index(elemento)]


def _seguir_etiquetas(etiqueta: str, abiertas: list[str]) -> None:
    nombre = _NOMBRE.match(etiqueta)
    if nombre is None or etiqueta.endswith("/>"):
        return
    elemento = nombre.group(1).lower()
    if elemento not in _SIN_BOTONES:
        return
    if etiqueta.startswith("</"):
        if elemento in abiertas:
            _cerrar(abiertas, elemento)
    else:
        abiertas.append(elemento)


NARRADOS = rf"\{{(?P<narrado>{_TERMINO}(?:[+-](?:{_TERMINO}|\d+))*)\}}"
"""``{1d20}`` en el texto: unos dados que se nombran pero no se tiran."""
