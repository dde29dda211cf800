"""La página «Estado del SRD» en el sitio (opción ``estado`` del plugin)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from mkdocs_plugins.nucleo.datos import cache
from mkdocs_plugins.nucleo.paginas import estado_srd
from mkdocs_plugins.plugin import generadas

FUERA = ("colaborar/", "libro.md", "cambios.md", "catalogo.md")
"""Lo que no es parte del libro del lector: las páginas para quien colabora y las generadas."""

Leidos = dict[tuple[str, str, str | None], estado_srd.Capitulo]
"""Capítulos ya leídos (en otro proceso), por su ruta, el texto de su fichero y su título."""


def capitulos_del_libro(files: Files, config: MkDocsConfig) -> list[tuple[str, File, str | None]]:
    """Las páginas del libro en el orden de la navegación: ruta, fichero y título."""
    titulos = dict(_de_la_navegacion(config.nav or []))
    del_libro = {
        f.src_uri: f
        for f in files.documentation_pages()
        if not f.generated_by and not f.src_uri.startswith(FUERA)
    }
    orden = [r for r in titulos if r in del_libro] + sorted(set(del_libro) - set(titulos))
    return [(ruta, del_libro[ruta], titulos.get(ruta)) for ruta in orden]


def leer(capitulos: list[tuple[str, str, str | None]]) -> Leidos:
    """Cada capítulo (ruta, texto y título) leído; en otro proceso, mientras MkDocs trabaja."""
    return {
        (ruta, texto, titulo): estado_srd.capitulo(ruta, texto, titulo)
        for ruta, texto, titulo in capitulos
    }


def anadir_pagina(
    files: Files,
    config: MkDocsConfig,
    leidos: Callable[[], Leidos | None] | None = None,
    guardada: cache.Cache | None = None,
) -> None:
    """Añade ``colaborar/estado.md``, que se escribe cuando MkDocs la lee (la última, tras las
    demás páginas): con los capítulos ya leídos por ``leidos`` si su texto no ha cambiado. Su
    texto solo depende de los capítulos y de la dirección de edición: con todo igual, el de la
    construcción anterior (de la caché ``guardada``), sin leer otra vez cada capítulo."""
    capitulos = capitulos_del_libro(files, config)

    def contenido() -> str:
        textos = [(ruta, fichero.content_string, titulo) for ruta, fichero, titulo in capitulos]

        def calcular() -> str:
            ya = (leidos() if leidos else None) or {}
            return texto([ya.get(c) or estado_srd.capitulo(*c) for c in textos], config, files)

        partes = [repr(direccion_de_edicion(config)), repr(config.use_directory_urls)]
        partes += [repr(c) for c in textos]
        return cache.texto_guardado(guardada, calcular, "estado", *partes)

    pagina = _Perezosa.generated(config, estado_srd.RUTA, content="")
    assert isinstance(pagina, _Perezosa)
    pagina.calcular = contenido
    generadas.sustituir(files, pagina)


def texto(capitulos: list[estado_srd.Capitulo], config: MkDocsConfig, files: Files) -> str:
    """El Markdown de la página (aquí, o en el auxiliar, que la lee por adelantado)."""
    return estado_srd.markdown(capitulos, direccion_de_edicion(config), _direcciones(files, config))


def _direcciones(files: Files, config: MkDocsConfig) -> estado_srd.Direccion:
    """La de cada sección desde la página publicada, la que escribiría MkDocs para un enlace a
    su fichero (las tablas de la página son HTML: MkDocs no reescribe sus enlaces)."""
    desde = File(estado_srd.RUTA, "", "", config.use_directory_urls).url

    def direccion(ruta: str, identificador: str | None) -> str:
        fichero = files.get_file_from_path(ruta)
        if fichero is None:
            return estado_srd.direccion_del_fichero(ruta, identificador)
        url = get_relative_url(fichero.url, desde)
        return f"{url}#{identificador}" if identificador else url

    return direccion


class _Perezosa(File):
    """Un fichero generado cuyo texto se escribe la primera vez que se lee."""

    calcular: Callable[[], str] | None = None

    def _calculado(self) -> None:
        if self.calcular is not None:
            calcular, self.calcular = self.calcular, None
            self._content = calcular()

    @property
    def content_string(self) -> str:
        self._calculado()
        return str(File.content_string.__get__(self))

    @content_string.setter
    def content_string(self, value: str) -> None:
        self.calcular, self._content, self.abs_src_path = None, value, None

    @property
    def content_bytes(self) -> bytes:
        self._calculado()
        return bytes(File.content_bytes.__get__(self))

    @content_bytes.setter
    def content_bytes(self, value: bytes) -> None:
        self.calcular, self._content, self.abs_src_path = None, value, None


def direccion_de_edicion(config: MkDocsConfig) -> str | None:
    """``repo_url`` + ``edit_uri``: la dirección a la que se añade el fichero para editarlo."""
    edicion = config.edit_uri or ""
    if not config.repo_url and "://" not in edicion:
        return None
    if "://" not in edicion:
        edicion = f"{str(config.repo_url).rstrip('/')}/{edicion.lstrip('/')}"
    return edicion if edicion.endswith("/") else edicion + "/"


def _de_la_navegacion(nav: Any) -> Iterator[tuple[str, str | None]]:
    """Cada fichero de ``nav`` (la de mkdocs.yml, sin resolver) con su título, en orden."""
    if isinstance(nav, str):
        yield nav, None
    elif isinstance(nav, list):
        for entrada in nav:
            yield from _de_la_navegacion(entrada)
    elif isinstance(nav, dict):
        for titulo, valor in nav.items():
            if isinstance(valor, str):
                yield valor, str(titulo)
            else:
                yield from _de_la_navegacion(valor)
