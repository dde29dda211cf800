"""La configuración del libro fuera de MkDocs, una vez mientras no cambien sus ficheros.

Zensical convierte cada página con un ``Markdown`` nuevo, y con él una extensión nueva: sin
esto, cada página volvía a leer ``tapiz.yml`` y a cargar cada Lienzo en su proceso aislado (en
el libro, 39 procesos en lugar de 1). Como ``make``, se miran el tamaño y la fecha de
``tapiz.yml``, ``mkdocs.yml`` y lo de cada Lienzo que no es una página
(``cache.ficheros_de_lienzo``, ``cache.huella``), antes y después de cargarla: si algo cambió
mientras se cargaba, no se guarda.
"""

from __future__ import annotations

import os
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

_VIGENTES: dict[Path, tuple[str, Configuracion]] = {}


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
    antes = _huella(raiz, paginas)
    guardada = _VIGENTES.get(raiz)
    if guardada is not None and guardada[0] == antes:
        return guardada[1]
    configuracion = configuracion_desde(raiz)
    if _huella(raiz, configuracion.paginas) == antes:
        _VIGENTES[raiz] = (antes, configuracion)
    return configuracion


def _huella(raiz: Path, paginas: Path) -> str:
    ficheros = [str(raiz / FICHERO), str(raiz / proyecto.MKDOCS)]
    for declaracion in cache.ficheros_bajo(paginas, lambda nombre: nombre == FICHERO_LIENZO, True):
        ficheros += cache.ficheros_de_lienzo(Path(os.path.dirname(declaracion)))
    return cache.huella(ficheros)
