"""Lo que el plugin lee o cambia del contenido de una página en MkDocs: su fuente, las
abreviaturas que define, lo que aparta del buscador y los problemas de sus identificadores."""

from __future__ import annotations

import json
import logging

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page

from mkdocs_plugins.extension import Estado
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.datos import Cache, objeto_guardado
from mkdocs_plugins.nucleo.datos import cache as cache_
from mkdocs_plugins.nucleo.fuente import Problema
from mkdocs_plugins.nucleo.marcado import (
    Apartados,
    abreviaturas,
    apartar_definiciones,
    problemas_de_definiciones,
)
from mkdocs_plugins.plugin.rutas import ruta_mostrada

log = logging.getLogger("mkdocs.plugins.tapiz")


def fuente(fichero: File) -> str:
    """El texto del fichero de la página, como lo leyó MkDocs ("" si ya no se puede leer)."""
    try:
        return fichero.content_string.replace("\r\n", "\n")
    except (OSError, UnicodeDecodeError):
        return ""


def abreviaturas_propias(
    html: str, page: Page, config: MkDocsConfig, guardada: Cache | None
) -> str:
    """Los significados que la página da a sus abreviaturas (``abreviaturas:``), escritos la
    primera vez que aparece cada una (dónde, de la caché si la página no cambió)."""
    try:
        propias = abreviaturas.leer(page.meta.get("abreviaturas"))
    except abreviaturas.ErrorAbreviaturas as error:
        log.warning(str(Problema(ruta_mostrada(page.file.src_uri, config), 1, str(error))))
        propias = {}
    html = abreviaturas.con_significados(html, propias)
    escritas = objeto_guardado(guardada, lambda: abreviaturas.expansiones(html), "abbr", html)
    return abreviaturas.con_expansiones(html, escritas)


def apartar_de_la_busqueda(
    html: str,
    page: Page,
    config: MkDocsConfig,
    apartados: Apartados,
    definiciones: dict[str, tuple[str, ...]],
) -> str:
    """El contenido que indexa el buscador: sin lo que no se indexa (``apartados``, que lo
    devuelven después) y con los términos que define cada sección apuntados en
    ``definiciones``, por su dirección en el índice. Nada en una página que el buscador no
    indexa (``search: exclude`` en su cabecera)."""
    busqueda = page.meta.get("search")
    if isinstance(busqueda, dict) and busqueda.get("exclude"):
        return html
    html, de_la_pagina = apartar_definiciones(html)
    if sin_terminos := {s: t for s, t in de_la_pagina.items() if not t}:
        ruta = ruta_mostrada(page.file.src_uri, config)
        for linea, mensaje in problemas_de_definiciones(fuente(page.file), sin_terminos):
            log.warning(str(Problema(ruta, linea, mensaje)))
    for seccion, terminos in de_la_pagina.items():
        definiciones[page.url + (f"#{seccion}" if seccion else "")] = terminos
    return apartados.apartar(html)


def problemas_de_identificadores(
    cache: Cache | None, estado: Estado, uri: str, registro: identificadores.Referencia | None
) -> list[Problema]:
    """Los de las secciones y los ejemplos de una página (``identificadores.comprobar``). Con
    registro o sin nada, la caché recuerda una página sin problemas; el adelanto, con la caché
    vacía, la comprueba en otro proceso con la misma clave. Según git, se comprueba cada vez."""
    ruta = estado.pagina.ruta

    def comprobar() -> list[Problema]:
        return identificadores.comprobar(ruta, uri, estado.estructura, registro)

    if not (registro is None or isinstance(registro, dict)):
        return comprobar()
    del_registro = "sin registro" if registro is None else json.dumps(registro.get(uri, {}))
    texto, desplazamiento = "\n".join(estado.lineas), str(estado.pagina.desplazamiento)
    partes = ("identificadores", ruta, uri, texto, desplazamiento, del_registro)
    return cache_.sin_problemas(cache, comprobar, *partes)
