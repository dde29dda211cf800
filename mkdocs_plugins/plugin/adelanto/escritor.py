"""Las páginas del sitio escritas desde los dos extremos: MkDocs desde la primera y otro
proceso, bifurcado de él, desde la última.

Tras convertir las páginas, MkDocs escribe cada una con las plantillas del tema (Jinja), una
tras otra: en el libro diez veces mayor, dos tercios de la construcción, con el otro núcleo
parado (el auxiliar ya acabó). El escritor se bifurca de MkDocs tras la primera página, ya
con todo lo que necesita una plantilla (la navegación, el contenido de cada página, las
plantillas compiladas), y escribe páginas desde la última hacia atrás llamando a lo mismo que
MkDocs (``_build_page``: ganchos de cada plugin, plantilla y fichero). Cada página la toma
quien llega antes (``Reparto``): MkDocs, al acabar una, toma la siguiente; si el escritor ya la
tenía, MkDocs le pone una plantilla vacía (no escribe nada y su buscador la indexa igual) y
sigue. Con el otro núcleo ocupado (el auxiliar en frío), el escritor, con menos prioridad,
apenas toma páginas y MkDocs las escribe casi todas.

Lo que el escritor registra (avisos incluidos, que cuentan en ``--strict``) llega a MkDocs con
cada página escrita. Si falla o no termina una página, MkDocs la escribe él al final, y un
error sale entonces como sin escritor. Con un plugin desconocido que tenga ganchos al escribir
una página no hay escritor: podría reunir algo de cada página para el final.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

import jinja2
from mkdocs.commands.build import _build_page
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from mkdocs_plugins.plugin.adelanto.procesos import Congelado, se_puede_bifurcar
from mkdocs_plugins.plugin.adelanto.reparto import EN_OTRO_PROCESO, Reparto

PLANTILLA_VACIA = "tapiz-en-otro-proceso.html"
"""La plantilla (en ``mkdocs_plugins/tema``) de una página que escribe el escritor."""
PRIORIDAD = 10
"""Lo que el escritor cede (``nice``) a MkDocs y al auxiliar cuando no hay núcleo libre."""
_OMITIDA = "Page skipped: '{}'. Generated empty output."
"""Lo que dice MkDocs de una página sin salida (``mkdocs.commands.build``)."""
_SIN_PLANTILLA = object()
_AL_ESCRIBIR = ("page_context", "post_page")
"""Los ganchos de MkDocs al escribir una página."""
_CONOCIDOS = ("mkdocs_plugins.", "material.plugins.search.", "mkdocs.contrib.search")
"""Los plugins cuyos ganchos al escribir una página solo miran esa página."""

Construir = Callable[[Page], None]
"""Escribe una página como MkDocs (``_build_page`` con la navegación y el entorno de Jinja)."""


class Escritor:
    """El reparto de las páginas entre MkDocs y el escritor, visto desde MkDocs."""

    def __init__(self, paginas: Sequence[Page], actual: Page, construir: Construir) -> None:
        """Bifurca el escritor mientras MkDocs escribe ``actual`` (que es suya)."""
        contexto = multiprocessing.get_context("fork")
        self._paginas = list(paginas)
        self._construir = construir
        self._indices = {id(pagina): indice for indice, pagina in enumerate(self._paginas)}
        self._reparto = Reparto(len(self._paginas), contexto)
        actual_indice = self._indices[id(actual)]
        self._reparto.para_mkdocs(actual_indice)
        self._ajenas: dict[int, Any] = {}
        """Las que escribe el escritor, con la plantilla de su cabecera, por índice."""
        self._omitidas: set[str] = set()
        lector, escritor = contexto.Pipe(duplex=False)
        self._lector = lector
        self._congelado = Congelado()  # las páginas convertidas, también
        self._proceso = contexto.Process(
            target=_escribir,
            args=(self._paginas, actual_indice, construir, self._reparto, escritor),
            daemon=True,
        )
        self._proceso.start()
        escritor.close()
        self._filtro = _Omitidas(self._omitidas)
        logging.getLogger("mkdocs.commands.build").addFilter(self._filtro)

    def tras(self, pagina: Page) -> None:
        """MkDocs acabó ``pagina`` (suya): toma la siguiente o, si ya era del escritor, deja
        en blanco esa y las que quedan (el escritor las toma de la última hacia atrás)."""
        indice = self._indices.get(id(pagina))
        if indice is None or indice + 1 == len(self._paginas):
            return
        siguiente = indice + 1
        if self._reparto.para_mkdocs(siguiente):
            return
        for indice in range(siguiente, len(self._paginas)):
            self._dejar_en_blanco(indice)

    def es_ajena(self, pagina: Page) -> bool:
        """Si la escribe el escritor (en MkDocs queda en blanco)."""
        return self._indices.get(id(pagina), -1) in self._ajenas

    def _dejar_en_blanco(self, indice: int) -> None:
        pagina = self._paginas[indice]
        self._ajenas[indice] = pagina.meta.get("template", _SIN_PLANTILLA)
        pagina.meta["template"] = PLANTILLA_VACIA
        self._omitidas.add(_OMITIDA.format(pagina.file.src_uri))

    def devolver_plantilla(self, pagina: Page) -> None:
        """La cabecera de la página como era (tras dejarla en blanco en MkDocs)."""
        original = self._ajenas.get(self._indices.get(id(pagina), -1), _SIN_PLANTILLA)
        if original is _SIN_PLANTILLA:
            pagina.meta.pop("template", None)
        else:
            pagina.meta["template"] = original

    def terminar(self) -> None:
        """Espera al escritor y registra aquí lo que registró; las páginas que tomó y no llegó
        a escribir las escribe MkDocs ahora (y un error sale como sin escritor)."""
        escritas: set[int] = set()
        with contextlib.suppress(EOFError, OSError):
            while (mensaje := self._lector.recv()) is not None:
                indice, registros = mensaje
                escritas.add(indice)
                for registro in registros:
                    logging.getLogger(registro.name).handle(registro)
        self.cerrar()
        tomadas = [i for i in range(len(self._paginas)) if self._reparto[i] == EN_OTRO_PROCESO]
        for indice in tomadas:
            if indice not in escritas:
                self._construir(self._paginas[indice])

    def cerrar(self) -> None:
        """Sin esperar más: el escritor sale (o se le termina), y el «Page skipped» de MkDocs
        vuelve a salir."""
        if self._proceso.is_alive():
            self._proceso.terminate()
        self._proceso.join()
        self._lector.close()
        self._congelado.soltar()
        logging.getLogger("mkdocs.commands.build").removeFilter(self._filtro)


def empezar(
    files: Files, nav: Navigation, env: jinja2.Environment, config: MkDocsConfig, actual: Page
) -> Escritor | None:
    """El escritor de las páginas de ``files`` (las que escribe ``mkdocs build``), bifurcado
    mientras MkDocs escribe ``actual``; None si no se puede bifurcar o no hay otra página."""
    documentos = files.documentation_pages(inclusion=InclusionLevel.is_included)
    paginas = [f.page for f in documentos if f.page is not None]
    if len(paginas) < 2 or actual not in paginas or not se_puede_bifurcar():
        return None
    if not ganchos_conocidos(config):
        return None

    def construir(pagina: Page) -> None:
        _build_page(pagina, config, documentos, nav, env)

    return Escritor(paginas, actual, construir)


def ganchos_conocidos(config: MkDocsConfig) -> bool:
    """Si cada gancho de los plugins en la escritura de una página es de uno que se conoce (el
    buscador, este): otro podría reunir algo de cada página para el final, y lo de las páginas
    del escritor se quedaría en su proceso."""
    return all(
        getattr(gancho, "__module__", "").startswith(_CONOCIDOS)
        for evento in _AL_ESCRIBIR
        for gancho in config.plugins.events[evento]
    )


class _Omitidas(logging.Filter):
    """Calla el «Page skipped» de MkDocs para las páginas que escribe el escritor."""

    def __init__(self, omitidas: set[str]) -> None:
        super().__init__()
        self._omitidas = omitidas

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg in self._omitidas)


class _Registros(logging.Handler):
    """En el escritor: lo que registra MkDocs, para enviarlo con cada página."""

    def __init__(self) -> None:
        super().__init__()
        self.registros: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        record.msg, record.args = record.getMessage(), None
        if record.exc_info:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        record.exc_info = None
        self.registros.append(record)

    def tomar(self) -> list[logging.LogRecord]:
        registros, self.registros = self.registros, []
        return registros


def _escribir(
    paginas: list[Page], actual: int, construir: Construir, reparto: Reparto, tubo: Any
) -> None:
    """En el escritor: de la última página hacia atrás, cada una que nadie tomó. Tras cada
    una, su índice y lo registrado; al acabar, None. Una que falla se deja a MkDocs.

    La que MkDocs escribía al bifurcarse (``actual``) aquí ya no está activa: si no, la
    navegación de cada página la marcaría."""
    paginas[actual].active = False
    with contextlib.suppress(OSError):
        os.nice(PRIORIDAD)
    registros = _Registros()
    mkdocs = logging.getLogger("mkdocs")
    mkdocs.handlers, mkdocs.propagate = [registros], False
    try:
        for indice in reversed(range(len(paginas))):
            if not reparto.para_el_escritor(indice):
                break
            construir(paginas[indice])
            tubo.send((indice, registros.tomar()))
        tubo.send(None)
    except (Exception, KeyboardInterrupt):  # la escribe MkDocs, y su error sale allí
        return
