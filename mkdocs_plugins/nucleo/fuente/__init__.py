"""Leer la fuente de un libro: dónde está (``proyecto``, ``configuracion``, ``carpeta``), sus
bloques ``tapiz-*`` (``bloques``, ``especificacion``), la estructura de cada página leída con
markdown-it-py (``estructura``, ``ubicacion``), lo que aún no redacta (``pendientes``), el HTML
de quien contribuye (``html_crudo``), su versión y el único formato de error (``problemas``).
"""

from mkdocs_plugins.nucleo.fuente import (
    bloques,
    carpeta,
    estructura,
    html_crudo,
    pendientes,
    proyecto,
    ubicacion,
    version,
)
from mkdocs_plugins.nucleo.fuente.bloques import (
    error_front_matter,
    lineas_previas,
    separar_front_matter,
)
from mkdocs_plugins.nucleo.fuente.configuracion import (
    FICHERO,
    PAGINAS_POR_DEFECTO,
    Configuracion,
    ErrorCarpeta,
    ErrorConfiguracion,
    cargar_configuracion,
    configuracion_desde,
    raiz_del_proyecto,
)
from mkdocs_plugins.nucleo.fuente.especificacion import leer_ejemplo
from mkdocs_plugins.nucleo.fuente.estructura import Estructura
from mkdocs_plugins.nucleo.fuente.estructura import leer as leer_estructura
from mkdocs_plugins.nucleo.fuente.literal import literal
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina, Problema
from mkdocs_plugins.nucleo.fuente.proyecto import MKDOCS

__all__ = [
    "FICHERO",
    "MKDOCS",
    "PAGINAS_POR_DEFECTO",
    "Configuracion",
    "ErrorCarpeta",
    "ErrorConfiguracion",
    "ErrorDePagina",
    "Estructura",
    "Problema",
    "bloques",
    "cargar_configuracion",
    "carpeta",
    "configuracion_desde",
    "error_front_matter",
    "estructura",
    "html_crudo",
    "leer_ejemplo",
    "leer_estructura",
    "lineas_previas",
    "literal",
    "pendientes",
    "proyecto",
    "raiz_del_proyecto",
    "separar_front_matter",
    "ubicacion",
    "version",
]
