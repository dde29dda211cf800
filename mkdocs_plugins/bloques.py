"""Encontrar los bloques ``tapiz-*`` de una página con markdown-it-py.

Las posiciones salen de ``Token.map``; nunca se cuentan líneas a mano. Los
bloques sangrados (dentro de una admonición o de una lista) se vuelven a
analizar con su sangría quitada, para que un ejemplo no se pierda en silencio.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, cached_property

from markdown_it import MarkdownIt
from markdown_it.token import Token

TIPOS = ("tapiz-regla", "tapiz-ejemplo")
PREFIJO = "tapiz"
"""Toda valla cuyo lenguaje empiece por «tapiz» es nuestra: una errata no se pierde como código."""
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


@dataclass(frozen=True)
class Documento:
    """Un markdown analizado una sola vez; ``desplazamiento`` son las líneas que lo preceden."""

    markdown: str
    desplazamiento: int = 0

    @cached_property
    def tokens(self) -> list[Token]:
        return _analizador().parse(self.markdown)

    def bloques(self, sangria: int = 0) -> Iterator[Bloque]:
        """Las vallas ``tapiz-*`` en orden, incluidas las sangradas."""
        lineas = self.markdown.split("\n")
        for token in self.tokens:
            if token.map is None:
                continue
            inicio, fin = token.map
            tipo = token.info.split()[0] if token.info.strip() else ""
            if token.type == "fence" and tipo.startswith(PREFIJO):
                yield Bloque(
                    tipo=tipo,
                    linea=self.desplazamiento + inicio + 1,
                    cuerpo=token.content,
                    cerrado=fin > inicio + 1 and _cierra(lineas[fin - 1], token.markup),
                    inicio=inicio,
                    fin=fin,
                    sangria=sangria,
                )
            elif token.type == "code_block" and f"```{PREFIJO}" in token.content:
                interior = Documento(token.content, self.desplazamiento + inicio)
                for bloque in interior.bloques(sangria + SANGRIA):
                    yield _desplazar(bloque, inicio)

    def textos(self) -> Iterator[Texto]:
        """El texto visible de párrafos, celdas y listas, línea a línea.

        Los bloques sangrados se recorren también: en este libro son el contenido
        de las admoniciones (``!!! note``), no código.
        """
        for token in self.tokens:
            if token.map is None:
                continue
            if token.type == "code_block":
                yield from Documento(token.content, self.desplazamiento + token.map[0]).textos()
            elif token.type == "inline":
                yield from _textos_en_linea(token, self.desplazamiento + token.map[0] + 1)


def _textos_en_linea(token: Token, linea: int) -> Iterator[Texto]:
    for hijo in token.children or ():
        if hijo.type in ("softbreak", "hardbreak"):
            linea += 1
        elif hijo.type == "text":
            yield Texto(linea, hijo.content)


def bloques(markdown: str, desplazamiento: int = 0) -> list[Bloque]:
    return list(Documento(markdown, desplazamiento).bloques())


def textos(markdown: str, desplazamiento: int = 0) -> Iterator[Texto]:
    return Documento(markdown, desplazamiento).textos()


def _desplazar(bloque: Bloque, inicio: int) -> Bloque:
    return replace(bloque, inicio=bloque.inicio + inicio, fin=bloque.fin + inicio)


def _cierra(linea: str, marca: str) -> bool:
    limpia = linea.strip()
    return len(limpia) >= len(marca) and set(limpia) == {marca[0]}
