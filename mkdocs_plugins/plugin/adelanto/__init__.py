"""El adelanto: las páginas y los encargos de una construcción, hechos en procesos auxiliares
mientras MkDocs sigue con lo suyo.

Una sola entrada para el plugin: :func:`empezar` bifurca el auxiliar (``auxiliar``) que ejecuta
los bloques por adelantado (``procesos``, ``ejecutor``), se reparte las páginas con MkDocs
(``reparto``), hace los encargos (``encargos``), escribe los estáticos (``estaticos``) y sale
ordenadamente (``salida``); y :func:`escritor` bifurca, tras la primera página, el proceso que
escribe las páginas desde la última (``escritor``).
"""

from mkdocs_plugins.plugin.adelanto.auxiliar import Auxiliar, empezar
from mkdocs_plugins.plugin.adelanto.encargos import RESERVADOS
from mkdocs_plugins.plugin.adelanto.escritor import Escritor
from mkdocs_plugins.plugin.adelanto.escritor import empezar as escritor
from mkdocs_plugins.plugin.adelanto.procesos import (
    Congelado,
    procesos_por_defecto,
    se_puede_bifurcar,
)

__all__ = [
    "RESERVADOS",
    "Auxiliar",
    "Congelado",
    "Escritor",
    "empezar",
    "escritor",
    "procesos_por_defecto",
    "se_puede_bifurcar",
]
