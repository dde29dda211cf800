"""Reconstruir con ``--dirty`` sin perder lo de las demás páginas ni sus comprobaciones.

Con ``--dirty``, MkDocs solo convierte y escribe las páginas cuyo fichero es más nuevo que su
HTML. Pero el plugin publica ficheros de todo el sitio (los datos de los widgets, las
definiciones del índice de búsqueda) y hay comprobaciones entre páginas: la hoja de personaje
enlaza cada regla a la página que la muestra, y MkDocs comprueba cada enlace a una sección de
otra página. ``mkdocs serve`` mantiene vivo el plugin entre reconstrucciones (como hace el
buscador de Material, que también lo aprovecha): el plugin conserva lo de cada página y solo
cambia lo de las que MkDocs convierte otra vez. :class:`Sucio` hace el resto:

- MkDocs convierte todas las páginas si el plugin no vio la construcción anterior de ese
  sitio (la primera de ``mkdocs build --dirty``, o la siguiente a un error) o si cambió lo
  que no es una página y las decide todas (el motor, ``tapiz.yml``, un Lienzo,
  ``mkdocs.yml``, o si tienen un error);
- también todas si cambió una página nueva o con plantilla propia (el libro completo reúne el
  contenido de las demás, y su plantilla solo ve el de las convertidas);
- y, si cambió alguna, también las que enlazan reglas desde la hoja (leen todas);
- las que no convierte conservan lo que MkDocs leyó de ellas: la navegación muestra su
  título y su estado, y MkDocs comprueba sus anclas y sus enlaces;
- el índice de búsqueda lleva las secciones de cada página, de esta construcción o de la
  anterior, en el orden de una construcción entera. (El de Material supone que solo cambia
  una página, y las generadas cambian siempre.)

Para MkDocs, una página cambió si su HTML es más antiguo que su fuente: marcarla es poner a
cero la fecha de su HTML.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, MutableMapping
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from mkdocs_plugins.plugin.carga import Cargas

Entrada = dict[str, Any]
"""Una sección del índice de búsqueda de Material (``location``, ``title``, ``text``…)."""


class Sucio:
    """Lo que una reconstrucción con ``--dirty`` necesita saber de la anterior."""

    def __init__(self) -> None:
        self.completa = False
        """Si la construcción anterior terminó (sin ella no se sabe nada de las demás)."""
        self._lugar: tuple[str, str, str] | None = None
        self._leido: dict[str, tuple[MutableMapping[str, Any], str, str | None]] = {}
        self._anclas: dict[str, set[str]] = {}
        self._enlaces: dict[str, dict[str, dict[str, str]]] = {}
        self._busqueda: dict[str, list[Entrada]] = {}
        self._orden: list[str] = []
        self._indice: list[Entrada] | None = None
        self._vistas = 0

    def empezar(self, config: MkDocsConfig, huella: str) -> bool:
        """Al empezar una construcción con ``--dirty``: si sigue a la anterior (el mismo sitio,
        las mismas páginas y la misma ``huella`` de lo que no es una página, y terminó). Si
        no, se olvida de ella."""
        lugar = (config.site_dir, config.docs_dir, huella)
        sigue = self.completa and self._lugar == lugar
        if not sigue:
            self._leido, self._anclas, self._enlaces, self._busqueda = {}, {}, {}, {}
        self._lugar, self.completa = lugar, False
        self._indice, self._vistas = _entradas_del_buscador(config), 0
        return sigue

    def preparar(self, files: Files, sigue: bool, leen_todas: Iterable[str]) -> dict[str, File]:
        """Marca lo que MkDocs debe convertir además de lo que cambió y olvida las páginas que
        ya no están. Da las páginas de esta construcción, por su ``src_uri``."""
        paginas = {f.src_uri: f for f in files.documentation_pages()}
        self._orden = list(paginas)
        olvidar_quitadas(paginas, self._leido, self._anclas, self._enlaces, self._busqueda)
        cambiadas = [u for u, f in paginas.items() if f.generated_by is None and f.is_modified()]
        if not sigue or any(self._reune_otras(uri) for uri in cambiadas):
            marcar = set(paginas)
        elif cambiadas:
            marcar = set(leen_todas) & set(paginas)
        else:
            marcar = set()
        for uri in marcar:
            _marcar(paginas[uri])
        return paginas

    def _reune_otras(self, uri: str) -> bool:
        """Si una página puede reunir el contenido de las demás: la que tiene plantilla propia
        (el libro completo) o una nueva. Cuando cambia, MkDocs debe convertirlas todas: su
        plantilla solo ve el contenido de las convertidas."""
        return uri not in self._leido or "template" in self._leido[uri][0]

    def lo_leido(self, files: Files) -> None:
        """Con las páginas ya convertidas (``on_env``): guarda lo que MkDocs leyó de las
        convertidas y se lo devuelve a las demás: su cabecera, su Markdown y su título (la
        navegación muestra el título y el estado de cada una) y sus anclas y enlaces (MkDocs
        los comprueba). El título va donde lo deja MkDocs al convertirla: sin él, sería la
        primera línea del Markdown, con su ``{#identificador}``."""
        for fichero in files.documentation_pages():
            pagina, uri = fichero.page, fichero.src_uri
            if pagina is None:
                continue
            if pagina.present_anchor_ids is not None:
                self._leido[uri] = (pagina.meta, pagina.markdown or "", pagina.title)
                self._anclas[uri] = pagina.present_anchor_ids
                self._enlaces[uri] = {
                    destino.src_uri: dict(anclas)
                    for destino, anclas in (pagina.links_to_anchors or {}).items()
                }
            elif uri in self._anclas:
                pagina.meta, pagina.markdown, pagina._title_from_render = self._leido[uri]
                pagina.present_anchor_ids = self._anclas[uri]
                pagina.links_to_anchors = {
                    destino: dict(anclas)
                    for ruta, anclas in self._enlaces.get(uri, {}).items()
                    if (destino := files.get_file_from_path(ruta)) is not None
                }

    def recordar_busqueda(self, uri: str) -> None:
        """Las secciones que el buscador acaba de indexar de esta página (``on_page_context``,
        tras el del buscador)."""
        if self._indice is not None:
            self._busqueda[uri] = self._indice[self._vistas :]
            self._vistas = len(self._indice)

    def documentos(self) -> list[Entrada] | None:
        """Las secciones de todas las páginas para el índice de búsqueda (None sin buscador)."""
        if self._indice is None:
            return None
        return [dict(entrada) for uri in self._orden for entrada in self._busqueda.get(uri, [])]


def olvidar_quitadas(paginas: dict[str, File], *por_uri: dict[str, Any]) -> None:
    """Lo que se guarda por página (por su ``src_uri``), sin las páginas que ya no están."""
    for guardado in por_uri:
        for quitada in set(guardado) - set(paginas):
            del guardado[quitada]


def olvidar_paginas(
    paginas: dict[str, File],
    estados: dict[str, Any],
    variantes: dict[str, str],
    cargas: Cargas,
    definiciones: dict[str, Any],
) -> None:
    """Lo que el plugin guarda de cada página (su estado, sus variantes, sus widgets y sus
    definiciones del buscador), sin las páginas que ya no están."""
    olvidar_quitadas(paginas, estados, variantes, cargas.widgets)
    cargas.leen_datos &= set(paginas)
    urls = {f.url for f in paginas.values()}
    for url in {d.partition("#")[0] for d in definiciones} - urls:
        olvidar_definiciones(definiciones, url)


def olvidar_definiciones(definiciones: dict[str, Any], url: str) -> None:
    """Las definiciones de una página (por su dirección, ``url#seccion``), antes de volver a
    leerlas al convertirla."""
    for direccion in [d for d in definiciones if d.partition("#")[0] == url]:
        del definiciones[direccion]


def _marcar(fichero: File) -> None:
    with contextlib.suppress(FileNotFoundError):  # aún sin HTML: MkDocs ya la convierte
        os.utime(fichero.abs_dest_path, (0, 0))


def _entradas_del_buscador(config: MkDocsConfig) -> list[Entrada] | None:
    """La lista de secciones que llena el buscador de Material en esta construcción."""
    for plugin in config.plugins.values():
        entradas = getattr(getattr(plugin, "search_index", None), "entries", None)
        if isinstance(entradas, list):
            return entradas
    return None
