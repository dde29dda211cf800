"""Lo que el buscador no indexa, apartado mientras indexa.

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
"""

from __future__ import annotations

import re

FUERA_DE_LA_BUSQUEDA = 'data-search-exclude=""'
"""La marca de lo que no se indexa, en la etiqueta de apertura del elemento."""

_APERTURA = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)\s")
_HUECO = "<!--tapiz-aparte-"


class Apartados:
    """Los elementos apartados de una construcción, por número de hueco."""

    def __init__(self) -> None:
        self._elementos: list[str] = []

    def apartar(self, html: str) -> str:
        """El HTML con cada elemento marcado cambiado por su hueco."""
        if FUERA_DE_LA_BUSQUEDA not in html:
            return html
        partes: list[str] = []
        desde = buscar = 0
        while (marca := html.find(FUERA_DE_LA_BUSQUEDA, buscar)) != -1:
            buscar = marca + len(FUERA_DE_LA_BUSQUEDA)
            inicio = html.rfind("<", desde, marca)
            etiqueta = _APERTURA.match(html, inicio) if inicio != -1 else None
            if etiqueta is None or ">" in html[inicio:marca]:
                continue  # la marca escrita como texto, no en una etiqueta
            fin = _cierre(html, etiqueta.group(1), buscar)
            if fin is None:
                break
            partes += [html[desde:inicio], f"{_HUECO}{len(self._elementos)}-->"]
            self._elementos.append(html[inicio:fin])
            desde = buscar = fin
        return "".join(partes) + html[desde:]

    def devolver(self, html: str) -> str:
        """El HTML con cada hueco relleno con su elemento."""
        antes, *huecos = html.split(_HUECO)
        partes = [antes]
        for hueco in huecos:
            numero, cierre, despues = hueco.partition("-->")
            if cierre and numero.isdigit() and int(numero) < len(self._elementos):
                partes += [self._elementos[int(numero)], despues]
            else:  # un comentario así escrito a mano en la página: se deja como está
                partes += [_HUECO, hueco]
        return "".join(partes)


def _cierre(html: str, nombre: str, desde: int) -> int | None:
    """Dónde acaba el elemento ``nombre`` abierto justo antes de ``desde`` (con anidados)."""
    etiqueta = re.compile(rf"<(/?){re.escape(nombre)}(?![a-zA-Z0-9])[^>]*>", re.IGNORECASE)
    abiertos = 1
    for encontrada in etiqueta.finditer(html, desde):
        if encontrada.group(1):
            abiertos -= 1
            if not abiertos:
                return encontrada.end()
        elif not encontrada.group(0).endswith("/>"):
            abiertos += 1
    return None
