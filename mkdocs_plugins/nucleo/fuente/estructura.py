"""La estructura de una página leída con markdown-it-py: secciones y vallas con sus líneas.

markdown-it-py da a cada bloque su rango de líneas en el fichero (``Token.map``), así que
de aquí salen el árbol de secciones (con su identificador declarado ``{#id}``), el rango
de cada una y dónde empieza y acaba cada valla. Qué es una valla y cómo se muestra lo
sigue decidiendo ``pymdownx.superfences``; ``ubicacion`` comprueba que los dos coinciden.
Los complementos de ``mdit_py_plugins`` son los de las extensiones del libro (mkdocs.yml):
admoniciones (``!!!`` y ``???``), front matter, notas al pie, listas de definiciones y tablas.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

_ATRIBUTOS = re.compile(r"\s*\{:?\s*([^{}]*)\}\s*$")
_IDENTIFICADOR = re.compile(r"(?:^|\s)#([\w-]+)")
_MARCAS_EN_LINEA = re.compile(r"(?<!\\)[*`]+|(?<!\w)_+(?=\S)|(?<=\S)_+(?!\w)")
_LENGUAJE = re.compile(r"[{.\s]*([^\s{}.,]*)")


@lru_cache(maxsize=1)
def analizador() -> MarkdownIt:
    """El analizador, con los complementos que corresponden a las extensiones del libro."""
    return (
        MarkdownIt("commonmark")
        .enable("table")
        .use(front_matter_plugin)
        .use(admon_plugin)
        .use(footnote_plugin)
        .use(deflist_plugin)
        # Solo hace falta la estructura de bloques: el análisis en línea costaba dos tercios.
        .disable("inline")
    )


@lru_cache(maxsize=1024)
def _tokens(texto: str) -> tuple[Token, ...]:
    """Los bloques de un texto, una vez por texto: la misma página se lee para «Estado del
    SRD» y para la API, y un libro con páginas repetidas las lee una vez. Nadie modifica los
    tokens: solo se leen. Unos 50 KB por página: caben diez copias del libro (los capítulos
    de «Estado» y después la API leen los mismos 350 ficheros; con 256 no quedaba casi ninguno)."""
    return tuple(analizador().parse(texto))


@dataclass(frozen=True)
class Valla:
    """Una valla de código: su cabecera y sus líneas (desde 1, en el fichero)."""

    info: str
    inicio: int
    fin: int
    """La línea que la cierra o, si no se cierra, la última de su contenedor."""
    cerrada: bool
    cuerpo: str

    @property
    def lenguaje(self) -> str:
        """La primera palabra de la cabecera, como la lee SuperFences (``{.python}`` → python)."""
        encontrado = _LENGUAJE.match(self.info)
        return encontrado.group(1) if encontrado else ""

    @property
    def identificador(self) -> str | None:
        """El ``#id`` que declara la cabecera (``tapiz-ejemplo {#postura-normal}``)."""
        atributos = _ATRIBUTOS.search(self.info)
        declarado = _IDENTIFICADOR.search(atributos.group(1)) if atributos else None
        return declarado.group(1) if declarado else None


@dataclass
class Seccion:
    """Un encabezado y lo que hay bajo él hasta el siguiente de su nivel o superior."""

    identificador: str | None
    titulo: str
    nivel: int
    inicio: int
    fin: int
    texto: str
    """El Markdown propio de la sección: del encabezado (sin él) a la primera subsección."""
    texto_desde: int = 0
    """La línea del fichero en la que empieza ``texto``."""
    hijas: list[Seccion] = field(default_factory=list)

    def todas(self) -> Iterator[Seccion]:
        yield self
        for hija in self.hijas:
            yield from hija.todas()


@dataclass(frozen=True)
class Estructura:
    """Lo que markdown-it-py lee de una página."""

    secciones: list[Seccion]
    vallas: list[Valla]
    cabecera: str = ""
    """El front matter YAML, sin las líneas ``---``."""

    @property
    def titulo(self) -> str | None:
        """El ``title:`` de la cabecera, o el primer encabezado."""
        encontrado = re.search(r"^title:\s*(.+?)\s*$", self.cabecera, re.MULTILINE)
        if encontrado:
            return encontrado.group(1).strip("\"'")
        return next((s.titulo for s in self.todas()), None)

    def todas(self) -> Iterator[Seccion]:
        """Las secciones en el orden del fichero."""
        for seccion in self.secciones:
            yield from seccion.todas()


def titulo_e_identificador(contenido: str) -> tuple[str, str | None]:
    """El título de un encabezado sin su lista de atributos, y el ``#id`` que declara."""
    atributos = _ATRIBUTOS.search(contenido)
    if atributos is None:
        return contenido.strip(), None
    declarado = _IDENTIFICADOR.search(atributos.group(1))
    titulo = contenido[: atributos.start()].strip()
    return titulo, declarado.group(1) if declarado else None


@lru_cache(maxsize=1024)
def leer(texto: str, desplazamiento: int = 0) -> Estructura:
    """Las secciones y vallas de ``texto``; sus líneas cuentan ``desplazamiento`` antes.

    Una vez por texto, como sus tokens (:func:`_tokens`): construir el árbol costaba casi
    tanto como leerlo, y «Estado del SRD», la API y cada reconstrucción de ``mkdocs serve``
    leen los mismos textos. Nadie modifica lo leído."""
    lineas = texto.splitlines()
    tokens = _tokens(texto)
    return Estructura(
        _arbol(_encabezados(tokens, lineas, desplazamiento)),
        list(_vallas(tokens, lineas, desplazamiento)),
        next((t.content for t in tokens if t.type == "front_matter"), ""),
    )


def _vallas(tokens: Sequence[Token], lineas: list[str], desplazamiento: int) -> Iterator[Valla]:
    for token in tokens:
        if token.type != "fence" or token.map is None:
            continue
        inicio, fin = token.map
        yield Valla(
            token.info.strip(),
            desplazamiento + inicio + 1,
            desplazamiento + fin,
            fin - inicio >= 2 and _cierra(lineas[fin - 1], token.markup),
            token.content,
        )


def _cierra(linea: str, marca: str) -> bool:
    """Si la línea cierra una valla abierta con ``marca`` (quitadas sangría y ``>``)."""
    sin_cita = re.sub(r"^(?:\s*>)*", "", linea).strip()
    return len(sin_cita) >= len(marca) and sin_cita == marca[0] * len(sin_cita)


def _encabezados(
    tokens: Sequence[Token], lineas: list[str], desplazamiento: int
) -> list[tuple[int, Seccion]]:
    """(línea de inicio, sección sin hijas ni fin) de cada encabezado de primer nivel."""
    encontrados = []
    for indice, token in enumerate(tokens):
        if token.type != "heading_open" or token.level != 0 or token.map is None:
            continue
        titulo, identificador = titulo_e_identificador(tokens[indice + 1].content)
        titulo = _MARCAS_EN_LINEA.sub("", titulo)
        seccion = Seccion(
            identificador,
            titulo,
            int(token.tag[1:]),
            desplazamiento + token.map[0] + 1,
            desplazamiento + len(lineas),
            "",
        )
        encontrados.append((token.map[1], seccion))
    for posicion, (cuerpo, seccion) in enumerate(encontrados):
        siguiente = encontrados[posicion + 1 :]
        propio = siguiente[0][1].inicio - desplazamiento - 1 if siguiente else len(lineas)
        propias = lineas[cuerpo:propio]
        blancas = next((i for i, linea in enumerate(propias) if linea.strip()), len(propias))
        seccion.texto = "\n".join(propias[blancas:]).rstrip("\n")
        seccion.texto_desde = desplazamiento + cuerpo + blancas + 1
        mayor = next((s for _, s in siguiente if s.nivel <= seccion.nivel), None)
        if mayor is not None:
            seccion.fin = mayor.inicio - 1
    return encontrados


def _arbol(encontrados: list[tuple[int, Seccion]]) -> list[Seccion]:
    raices: list[Seccion] = []
    pila: list[Seccion] = []
    for _, seccion in encontrados:
        while pila and pila[-1].nivel >= seccion.nivel:
            pila.pop()
        (pila[-1].hijas if pila else raices).append(seccion)
        pila.append(seccion)
    return raices
