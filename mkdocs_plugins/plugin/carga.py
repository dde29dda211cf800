"""Qué carga cada página: solo los módulos, estilos y datos de los widgets que tiene.

Una página sin widgets carga la base (``tapiz/dados.js`` y ``tapiz/tapiz.css``); una con
widgets, además, su hoja de estilos (``tapiz/widgets.css``, o ``tapiz/comparativa.css`` para
las tablas y gráficas de la comparativa), los módulos de sus widgets (precargados con sus
importaciones) y su fichero de datos. ``dados.js`` hace lo mismo en el navegador al llegar
a una página por la navegación instantánea.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache, partial
from pathlib import Path

import rcssmin
import rjsmin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from mkdocs_plugins.nucleo.datos import Cache, datos
from mkdocs_plugins.nucleo.datos import cache as cache_
from mkdocs_plugins.nucleo.marcado import Apartados
from mkdocs_plugins.nucleo.widgets import widgets as registro

WIDGETS = {w.clase: w.modulo for w in registro.WIDGETS}
"""Clase de un widget en el HTML → módulo que lo monta (``None``: solo lleva estilos)."""

APLAZADOS = {w.modulo: w.aplazado for w in registro.WIDGETS if w.modulo and w.aplazado}
"""Módulo que se carga con la página → el que él descarga cuando su widget se acerca a la vista."""

HOJAS = {w.clase: w.hoja for w in registro.WIDGETS}
"""La hoja de estilos de cada clase."""

_IMPORTACION = re.compile(
    r"""(?:^|[;\s])(?:import|export)\b[^"';]*?\bfrom\s*["']\./([\w-]+)\.js["']"""
)
_WIDGET = re.compile(
    "tapiz-(?:" + "|".join(re.escape(w.removeprefix("tapiz-")) for w in WIDGETS) + r')(?=[\s"])'
)
"""Empieza por un literal: el motor de expresiones salta de «tapiz-» en «tapiz-» sin mirar el
resto, así que recorrer la página entera (con su navegación, que crece con el libro) es barato."""


def widgets_de(html: str) -> set[str]:
    """Las clases de los widgets que aparecen en una página (en atributos ``class``)."""
    encontrados: set[str] = set()
    for encontrado in _WIDGET.finditer(html):
        clase = encontrado.group(0)
        if clase not in encontrados and _en_atributo_class(html, encontrado.start()):
            encontrados.add(clase)
    return encontrados


def _en_atributo_class(html: str, posicion: int) -> bool:
    """Si ``posicion`` empieza una clase dentro de ``class="…"`` (que no lleva comillas)."""
    if html[posicion - 1] not in '" \t\n':
        return False
    comilla = html.rfind('"', 0, posicion)
    entre = html[comilla:posicion]
    return html.startswith('class="', comilla - 6) and "<" not in entre and ">" not in entre


def modulos_de(widgets: set[str]) -> set[str]:
    """Los módulos que montan esos widgets y se cargan con la página."""
    return {m for w in widgets if (m := WIDGETS[w]) is not None}


def con_datos(widgets: set[str]) -> bool:
    """Si la página lee datos: la montan módulos, o tiene «Repetir» o dados en el texto, que
    cargan su módulo (y sus datos) al acercarse a un botón y no con la página."""
    return bool(modulos_de(widgets)) or bool(widgets & {"tapiz-repetir", "tapiz-dados"})


def aplazados_de(widgets: set[str]) -> set[str]:
    """Los módulos de esos widgets que se descargan al acercarse a la vista."""
    return {APLAZADOS[m] for m in modulos_de(widgets) if m in APLAZADOS}


def hojas_de(widgets: set[str]) -> list[str]:
    """Las hojas de estilos que necesitan esos widgets."""
    return sorted({HOJAS[w] for w in widgets})


def importaciones(fuente: str) -> set[str]:
    """Los módulos hermanos que importa estáticamente un módulo ES."""
    return set(_IMPORTACION.findall(fuente))


def cierre(entradas: set[str], carpeta: Path) -> list[str]:
    """Los módulos de ``entradas`` y todo lo que importan, en orden alfabético."""
    vistos: set[str] = set()
    pendientes = list(entradas)
    while pendientes:
        modulo = pendientes.pop()
        if modulo in vistos:
            continue
        vistos.add(modulo)
        pendientes += _importaciones_del_fichero(carpeta / f"{modulo}.js")
    return sorted(vistos)


def _importaciones_del_fichero(fichero: Path) -> frozenset[str]:
    """Las de cada versión del fichero se buscan una vez: buscarlas cuesta más que leerlo."""
    estado = fichero.stat()
    return _importaciones_de_version(fichero, estado.st_mtime_ns, estado.st_size)


@lru_cache(maxsize=256)
def _importaciones_de_version(fichero: Path, modificado: int, tamano: int) -> frozenset[str]:
    return frozenset(importaciones(fichero.read_text(encoding="utf-8")))


def enlazar(html: str, hojas: list[str], modulos: list[str], url_pagina: str) -> str:
    """Añade al final de ``<head>`` los estilos de los widgets y la precarga de sus módulos."""

    def relativa(ruta: str) -> str:
        return get_relative_url(ruta, url_pagina)

    enlaces = [
        f'<link rel="stylesheet" href="{relativa(f"tapiz/{h}")}" data-tapiz-hoja="{h}">'
        for h in hojas
    ]
    enlaces += [f'<link rel="modulepreload" href="{relativa(f"tapiz/{m}.js")}">' for m in modulos]
    return html.replace("</head>", "".join(enlaces) + "</head>", 1)


def minificados(files: Files, carpeta: Path, cache: Cache | None = None) -> dict[str, str]:
    """Los módulos y estilos de ``carpeta``, por su fuente (que no se toca), minificados: se
    publican así."""
    de_la_carpeta = str(carpeta)  # comparar textos: un Path por fichero del tema costaba 0,6 ms
    return {
        fuente: minificado(fuente, fichero.content_string, cache)
        for fichero in files
        if (fuente := fichero.abs_src_path)
        and fuente.endswith((".js", ".css"))
        and os.path.dirname(fuente) == de_la_carpeta
    }


def publicar_minificados(files: Files, minificados: dict[str, str]) -> None:
    """MkDocs escribe el texto minificado de esos ficheros en lugar de copiar su fuente."""
    for fichero in files:
        if (texto := minificados.get(fichero.abs_src_path or "")) is not None:
            fichero.content_string = texto


def minificado(nombre: str, fuente: str, cache: Cache | None = None) -> str:
    """Un módulo (``.js``) o una hoja de estilos (``.css``) sin comentarios ni espacios."""
    sufijo = Path(nombre).suffix
    minificador = rjsmin.jsmin if sufijo == ".js" else rcssmin.cssmin
    return cache_.texto_guardado(cache, partial(minificador, fuente), "minificado", sufijo, fuente)


class Cargas:
    """Lo que carga cada página de una construcción: sus widgets, las que leen datos y la
    precarga de cada conjunto de módulos."""

    def __init__(self) -> None:
        self.widgets: dict[str, set[str]] = {}
        """Los widgets del contenido de cada página, por su ``src_uri``."""
        self.leen_datos: set[str] = set()
        """Las páginas con widgets que leen datos."""
        self._precargas: dict[frozenset[str], list[str]] = {}

    def marcar(self, html: str, uri: str, con_ejemplos: bool) -> str:
        """Marca en el contenido dónde están los datos de los widgets de la página y, si sus
        ejemplos se pueden repetir, los de «Repetir».

        Va en el contenido para que viaje con él: a la navegación instantánea y al
        libro completo, que reúne el contenido de varias páginas.
        """
        widgets = self.widgets[uri] = widgets_de(html)
        self.leen_datos.discard(uri)  # con --dirty, lo de la construcción anterior
        if not con_datos(widgets):
            return html
        self.leen_datos.add(uri)
        marca = f'data-tapiz-datos="{datos.ruta_de_pagina(uri)}"'
        if con_ejemplos:
            marca += f' data-tapiz-repetir="{datos.ruta_de_repetir(uri)}"'
        return html + f"\n<div hidden {marca}></div>"

    def enlazar_pagina(
        self, output: str, page: Page, apartados: Apartados, carpeta: Path | None
    ) -> str:
        """Una página con widgets (también el libro, con los de sus capítulos) enlaza en su
        cabecera los estilos de los widgets y precarga sus módulos.

        Una plantilla propia (la del libro completo) puede reunir el contenido de otras
        páginas, con sus widgets y sus huecos aún sin rellenar: en ella se mira la página
        entera. En las demás basta lo que se vio de su contenido.
        """
        if page.meta.get("template") or page.file.src_uri not in self.widgets:
            output = apartados.devolver(output)
            widgets = widgets_de(output)
        else:
            widgets = self.widgets[page.file.src_uri]
        if not widgets or carpeta is None:
            return output
        entradas = frozenset(modulos_de(widgets))
        if entradas not in self._precargas:
            self._precargas[entradas] = cierre(set(entradas), carpeta)
        return enlazar(output, hojas_de(widgets), self._precargas[entradas], page.url)
