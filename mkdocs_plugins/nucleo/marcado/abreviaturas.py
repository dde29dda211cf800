"""Significados propios de una página para las abreviaturas del glosario.

El glosario (``srd/abreviaturas.txt``) se añade a todas las páginas y dice «DJ:
Directora de Juego», como el SRD de Tapiz. Los otros sistemas dicen «el Director de
Juego»: una página lo declara en su front matter y aquí se cambia el significado de
sus abreviaturas::

    abreviaturas:
      DJ: Director de Juego
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape, unescape
from typing import Any

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA


class ErrorAbreviaturas(ValueError):
    """El front matter ``abreviaturas`` no es una lista de «SIGLA: significado»."""


def leer(valor: Any) -> dict[str, str]:
    """Las abreviaturas propias del front matter, comprobadas."""
    if valor is None:
        return {}
    if not isinstance(valor, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in valor.items()
    ):
        raise ErrorAbreviaturas(
            "«abreviaturas» debe ser una lista de «SIGLA: significado», "
            "por ejemplo «DJ: Director de Juego»"
        )
    return dict(valor)


def con_significados(html: str, propias: Mapping[str, str]) -> str:
    """``html`` con el significado de cada ``<abbr>`` de ``propias`` cambiado por el suyo."""
    for sigla, significado in propias.items():
        patron = re.compile(rf'<abbr title="[^"]*">{re.escape(escape(sigla))}</abbr>')
        nueva = f'<abbr title="{escape(significado)}">{escape(sigla)}</abbr>'
        html = patron.sub(nueva, html)
    return html


_BLOQUES = frozenset({"p", "li", "dd", "td"})
"""Donde se mira si el texto ya dice el significado («Directora de Juego (DJ)»)."""
_SIN_EXPLICAR = frozenset({"h1", "h2", "h3", "h4", "table", "strong"})
"""Títulos, tablas y negritas (términos y fórmulas: «[CAR/ATR/HAB]») no se parten."""
_VACIOS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
_ETIQUETA = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>")
_ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')
_EJEMPLO = re.compile(r'\bclass="[^"]*\btapiz-ejemplo\b')


@dataclass
class _Abierta:
    etiqueta: str
    inicio: int
    excluye: bool


Expansion = tuple[int, str]
"""Dónde se escribe un significado (tras la abreviatura) y su HTML."""


def explicar(html: str) -> str:
    """La primera vez que aparece cada abreviatura en ``html`` (el contenido de una página), su
    significado escrito al lado, «DJ (Directora de Juego)», salvo en títulos, tablas, ejemplos
    y negritas, o si el texto de su párrafo (elemento de lista, definición o celda) ya lo dice.

    Se escribe al construir, y no al cargar la página: así no mueve el texto ya pintado
    (``dados.js`` lo hace aún en un sitio sin el plugin, con la misma regla). Queda fuera de
    la búsqueda, como el resto de lo que el libro añade a su texto.
    """
    return con_expansiones(html, expansiones(html))


def con_expansiones(html: str, escritas: list[Expansion]) -> str:
    """``html`` con cada expansión en su sitio."""
    partes: list[str] = []
    desde = 0
    for posicion, expansion in escritas:
        partes += [html[desde:posicion], expansion]
        desde = posicion
    return "".join(partes) + html[desde:]


def expansiones(html: str) -> list[Expansion]:
    """Las de :func:`explicar`, en orden: recorrer las etiquetas de una página larga es lo
    que cuesta, y el plugin las guarda en la caché bajo el texto de la página."""
    vistas: set[str] = set()
    anadidas: dict[int, list[str]] = {}
    """Las expansiones ya escritas en cada bloque (por su inicio): cuentan para las siguientes."""
    escritas: list[Expansion] = []
    abiertas = _Abiertas(html)
    for abreviatura in _ABBR.finditer(html):
        sigla = unescape(abreviatura[2])
        if sigla in vistas:
            continue
        abiertas.hasta(abreviatura.start())
        if any(a.excluye for a in abiertas.pila):
            continue
        vistas.add(sigla)
        significado = unescape(abreviatura[1])
        bloque = next((a for a in reversed(abiertas.pila) if a.etiqueta in _BLOQUES), None)
        if bloque is not None:
            ya = anadidas.setdefault(bloque.inicio, [])
            if _dice(_texto_del_bloque(html, bloque) + " ".join(ya), significado):
                continue
            ya.append(f"({significado})")
        expansion = escape(f" ({significado})", quote=False)
        span = f'<span class="tapiz-expansion" {FUERA_DE_LA_BUSQUEDA}>{expansion}</span>'
        escritas.append((abreviatura.end(), span))
    return escritas


class _Abiertas:
    """Los elementos abiertos en cada punto de ``html``, que se recorre una vez, hacia delante."""

    def __init__(self, html: str) -> None:
        self.html = html
        self.pila: list[_Abierta] = []
        """Del más externo al más interno."""
        self.posicion = 0

    def hasta(self, posicion: int) -> None:
        for etiqueta in _ETIQUETA.finditer(self.html, self.posicion, posicion):
            self._leer(etiqueta)
        self.posicion = posicion

    def _leer(self, etiqueta: re.Match[str]) -> None:
        cierre, nombre, atributos = etiqueta[1], etiqueta[2].lower(), etiqueta[3]
        if not cierre:
            if nombre not in _VACIOS and not atributos.endswith("/"):
                excluye = nombre in _SIN_EXPLICAR or bool(_EJEMPLO.search(atributos))
                self.pila.append(_Abierta(nombre, etiqueta.start(), excluye))
            return
        for indice in range(len(self.pila) - 1, -1, -1):
            if self.pila[indice].etiqueta == nombre:
                del self.pila[indice:]
                return


def _texto_del_bloque(html: str, bloque: _Abierta) -> str:
    """El texto de ``bloque``, hasta su etiqueta de cierre (con los anidados del mismo tipo)."""
    profundidad = 0
    for etiqueta in _ETIQUETA.finditer(html, bloque.inicio):
        if etiqueta[2].lower() != bloque.etiqueta:
            continue
        profundidad += -1 if etiqueta[1] else 1
        if profundidad == 0:
            return unescape(_ETIQUETA.sub("", html[bloque.inicio : etiqueta.end()]))
    return unescape(_ETIQUETA.sub("", html[bloque.inicio :]))


def _dice(texto: str, significado: str) -> bool:
    return significado.lower() in " ".join(texto.split()).lower()
