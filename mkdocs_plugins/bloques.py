"""Encontrar los bloques ``tapiz-*`` de una página con markdown-it-py.

Las posiciones salen de ``Token.map``; nunca se cuentan líneas a mano. Los
bloques sangrados (dentro de una admonición o de una lista) se vuelven a
analizar con su sangría quitada, para que un ejemplo no se pierda en silencio.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

TIPOS = ("tapiz-regla", "tapiz-ejemplo")
SANGRIA = 4


@dataclass(frozen=True)
class Bloque:
    """Una valla ``tapiz-*``: ``linea`` es la de apertura (desde 1) en el fichero."""

    tipo: str
    linea: int
    cuerpo: str
    cerrado: bool
    inicio: int  # índice (desde 0) de la primera línea de la valla en el markdown
    fin: int  # índice (desde 0) siguiente a la última línea de la valla
    sangria: int


@dataclass(frozen=True)
class Texto:
    """Un fragmento de texto de un párrafo, celda o elemento de lista, con su línea."""

    linea: int
    contenido: str


@cache
def _analizador() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def separar_front_matter(texto: str) -> tuple[str, int]:
    """Quita el front matter YAML; devuelve el markdown y cuántas líneas lo preceden."""
    if not texto.startswith("---"):
        return texto, 0
    lineas = texto.splitlines(keepends=True)
    for indice, linea in enumerate(lineas[1:], start=1):
        if linea.strip() in ("---", "..."):
            return "".join(lineas[indice + 1 :]), indice + 1
    return texto, 0


def tokens(markdown: str) -> list[Token]:
    return _analizador().parse(markdown)


def bloques(markdown: str, desplazamiento: int = 0) -> list[Bloque]:
    """Todas las vallas ``tapiz-*`` del markdown, en orden, incluidas las sangradas."""
    return list(_bloques(markdown, desplazamiento, 0))


def _bloques(markdown: str, desplazamiento: int, sangria: int) -> Iterator[Bloque]:
    lineas = markdown.split("\n")
    for token in tokens(markdown):
        if token.map is None:
            continue
        inicio, fin = token.map
        if token.type == "fence" and token.info.strip() in TIPOS:
            cerrado = fin > inicio + 1 and _cierra(lineas[fin - 1], token.markup)
            yield Bloque(
                tipo=token.info.strip(),
                linea=desplazamiento + inicio + 1,
                cuerpo=token.content,
                cerrado=cerrado,
                inicio=inicio,
                fin=fin,
                sangria=sangria,
            )
        elif token.type == "code_block" and any(tipo in token.content for tipo in TIPOS):
            for interior in _bloques(token.content, desplazamiento + inicio, sangria + SANGRIA):
                yield _desplazar(interior, inicio)


def _desplazar(bloque: Bloque, inicio: int) -> Bloque:
    return Bloque(
        tipo=bloque.tipo,
        linea=bloque.linea,
        cuerpo=bloque.cuerpo,
        cerrado=bloque.cerrado,
        inicio=bloque.inicio + inicio,
        fin=bloque.fin + inicio,
        sangria=bloque.sangria,
    )


def _cierra(linea: str, marca: str) -> bool:
    limpia = linea.strip()
    return len(limpia) >= len(marca) and set(limpia) == {marca[0]}


def textos(markdown: str, desplazamiento: int = 0) -> Iterator[Texto]:
    """El texto visible de párrafos, celdas y listas, línea a línea.

    Los bloques sangrados se recorren también: en este libro son el contenido
    de las admoniciones (``!!! note``), no código.
    """
    for token in tokens(markdown):
        if token.map is None:
            continue
        if token.type == "code_block":
            yield from textos(token.content, desplazamiento + token.map[0])
            continue
        if token.type != "inline":
            continue
        linea = desplazamiento + token.map[0] + 1
        for hijo in token.children or ():
            if hijo.type in ("softbreak", "hardbreak"):
                linea += 1
            elif hijo.type == "text":
                yield Texto(linea, hijo.content)
