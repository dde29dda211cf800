"""La configuración del libro, cargada una vez mientras no cambien sus ficheros.

Zensical convierte cada página con un ``Markdown`` nuevo, y con él una extensión nueva: sin
esto, cada página volvía a leer ``tapiz.yml`` y a cargar cada Lienzo en su proceso aislado (en
el libro, 39 procesos en lugar de 1). ``mkdocs serve`` llama a ``on_config`` en cada
reconstrucción: el plugin la guarda igual (unos 100 ms de cada una eran arrancar el proceso
del Lienzo otra vez). Como ``make``, se miran el tamaño y la fecha de ``tapiz.yml``,
``mkdocs.yml`` y lo de cada Lienzo que no es una página (``cache.ficheros_de_lienzo``,
``cache.huella``), antes y después de cargarla: si algo cambió mientras se cargaba, no se
guarda.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from mkdocs_plugins.nucleo.datos import cache
from mkdocs_plugins.nucleo.fuente import (
    FICHERO,
    Configuracion,
    configuracion_desde,
    proyecto,
    raiz_del_proyecto,
)
from tapiz_rules.lienzos.lienzo import FICHERO as FICHERO_LIENZO


class Vigente:
    """La última configuración cargada de un proyecto, con la huella de sus ficheros."""

    def __init__(self) -> None:
        self._guardada: tuple[Path, Path, str, Configuracion] | None = None

    def cargar(
        self, raiz: Path, paginas: Path, cargar: Callable[[], Configuracion]
    ) -> Configuracion:
        """La de ``cargar()``; la misma que la vez anterior si es del mismo proyecto (``raiz``
        y su carpeta de ``paginas``) y ninguno de sus ficheros cambió."""
        antes = _huella(raiz, paginas)
        if self._guardada is not None and self._guardada[:3] == (raiz, paginas, antes):
            return self._guardada[3]
        configuracion = cargar()
        if _huella(raiz, configuracion.paginas) == antes:
            self._guardada = (raiz, paginas, antes, configuracion)
        return configuracion


_VIGENTES: dict[Path, Vigente] = {}


def configuracion_vigente(carpeta: Path) -> Configuracion:
    """:func:`configuracion_desde` ``carpeta``; la misma que la vez anterior si ninguno de sus
    ficheros cambió."""
    raiz = raiz_del_proyecto(carpeta) or carpeta.resolve()
    try:
        paginas = proyecto.paginas(raiz)
    except proyecto.ErrorMkdocs:
        paginas = None  # lo dice configuracion_desde, con su línea
    if paginas is None:
        return configuracion_desde(raiz)
    vigente = _VIGENTES.setdefault(raiz, Vigente())
    return vigente.cargar(raiz, paginas, lambda: configuracion_desde(raiz))


def _huella(raiz: Path, paginas: Path) -> str:
    ficheros = [str(raiz / FICHERO), str(raiz / proyecto.MKDOCS)]
    for declaracion in cache.ficheros_bajo(paginas, lambda nombre: nombre == FICHERO_LIENZO, True):
        ficheros += cache.ficheros_de_lienzo(Path(os.path.dirname(declaracion)))
    return cache.huella(ficheros)
