"""Lo que el buscador no indexa, o de lo que solo indexa el texto, apartado mientras indexa.

Las gráficas, las cifras de las tablas de la comparativa y el cuerpo de las
tarjetas de ejemplo llevan ``data-search-exclude``: en los resultados de
búsqueda serían ruido («objetivo 7: 70,0 % (7/10)», «Tirada de 2d6 4…»). El
buscador de mkdocs-material respeta la marca, pero analiza igualmente todo el
HTML de la página, y esas partes son la mayoría de sus etiquetas: sin más, la
búsqueda sería lo que más costaría del plugin.

Así que el plugin de MkDocs las aparta antes de que se indexe la página
(``on_page_content``: cada una queda como un comentario ``<!--tapiz-aparte-N-->``)
y las devuelve en el HTML final (``on_post_page``), también en el libro completo,
que reúne el contenido de otras páginas. Fuera de MkDocs (Zensical, pytest) no
se aparta nada: la marca queda en el HTML y el generador hace con ella lo suyo.

Las tablas de reglas, las tarjetas de reglas y la cabecera de cada ejemplo llevan
``data-tapiz-busqueda="texto"``: sus palabras se buscan, pero su marcado (una
celda, una fila, un párrafo por dato) no dice nada al buscador y le cuesta tanto
como el resto del libro. Mientras se indexa, cada una queda como su texto entre
dos comentarios, con un espacio entre celda y celda.
"""

from __future__ import annotations

import re
from functools import lru_cache

FUERA_DE_LA_BUSQUEDA = 'data-search-exclude=""'
"""La marca de lo que no se indexa, en la etiqueta de apertura del elemento."""
SOLO_SU_TEXTO = 'data-tapiz-busqueda="texto"'
"""La marca de lo que se indexa sin su marcado."""

_MARCA = re.compile(f"{re.escape(FUERA_DE_LA_BUSQUEDA)}|{re.escape(SOLO_SU_TEXTO)}")
_APERTURA = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)\s")
ETIQUETA = re.compile(r"<[^>]*>")
"""Una etiqueta HTML cualquiera, para quedarse con el texto (también en ``busqueda``)."""
_HUECO = "<!--tapiz-aparte-"
_FIN_DEL_TEXTO = "<!--tapiz-texto-fin-->"


class Apartados:
    """Los elementos apartados de una construcción, por número de hueco."""

    def __init__(self) -> None:
        self._elementos: list[str] = []
        self._con_texto: set[int] = set()
        """Los huecos seguidos del texto de su elemento, hasta ``_FIN_DEL_TEXTO``."""

    def apartar(self, html: str) -> str:
        """El HTML con cada elemento marcado cambiado por su hueco (y su texto, si lo lleva)."""
        partes: list[str] = []
        desde = buscar = 0
        while marca := _MARCA.search(html, buscar):
            buscar = marca.end()
            inicio = html.rfind("<", desde, marca.start())
            etiqueta = _APERTURA.match(html, inicio) if inicio != -1 else None
            if etiqueta is None or ">" in html[inicio : marca.start()]:
                continue  # la marca escrita como texto, no en una etiqueta
            fin = _cierre(html, etiqueta.group(1), buscar)
            if fin is None:
                break
            elemento = html[inicio:fin]
            partes += [html[desde:inicio], f"{_HUECO}{len(self._elementos)}-->"]
            if marca.group(0) == SOLO_SU_TEXTO:
                self._con_texto.add(len(self._elementos))
                partes += [_texto(elemento), _FIN_DEL_TEXTO]
            self._elementos.append(elemento)
            desde = buscar = fin
        return "".join(partes) + html[desde:] if partes else html

    def devolver(self, html: str) -> str:
        """El HTML con cada hueco relleno con su elemento."""
        antes, *huecos = html.split(_HUECO)
        partes = [antes]
        for hueco in huecos:
            numero, cierre, despues = hueco.partition("-->")
            if not (cierre and numero.isdigit() and int(numero) < len(self._elementos)):
                partes += [_HUECO, hueco]  # un comentario así escrito en la página: se deja
                continue
            if int(numero) in self._con_texto and _FIN_DEL_TEXTO in despues:
                despues = despues.split(_FIN_DEL_TEXTO, 1)[1]
            partes += [self._elementos[int(numero)], despues]
        return "".join(partes)


def _texto(elemento: str) -> str:
    """Las palabras del elemento, sin etiquetas ni lo que no se indexa, separadas por espacios."""
    interior = elemento[elemento.find(">") + 1 :]
    if _MARCA.search(interior):
        interior = Apartados().apartar(interior)
    return " ".join(ETIQUETA.sub(" ", interior).split())


def _cierre(html: str, nombre: str, desde: int) -> int | None:
    """Dónde acaba el elemento ``nombre`` abierto justo antes de ``desde`` (con anidados)."""
    abiertos = 1
    for encontrada in _etiquetas(nombre).finditer(html, desde):
        if encontrada.group(1):
            abiertos -= 1
            if not abiertos:
                return encontrada.end()
        elif not encontrada.group(0).endswith("/>"):
            abiertos += 1
    return None


@lru_cache(maxsize=64)
def _etiquetas(nombre: str) -> re.Pattern[str]:
    """Las etiquetas de apertura y cierre del elemento ``nombre``."""
    return re.compile(rf"<(/?){re.escape(nombre)}(?![a-zA-Z0-9])[^>]*>", re.IGNORECASE)
