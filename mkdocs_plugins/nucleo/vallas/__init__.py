"""Las vallas ``tapiz-*``: de un bloque a su HTML (``fragmentos``), un módulo por tipo (leer,
ejecutar, mostrar) en una tabla (``tipos``), la ejecución contra el motor (``ejecucion``) y el
HTML que escriben (``render``).

La extensión registra en SuperFences cada tipo de aquí, pytest recoge como ítems los que
son pruebas, y ``tapiz comprobar`` y ``--actualizar`` los recorren igual. Para añadir un
tipo: un módulo con su ``VALLA`` y una línea en ``VALLAS`` (``tipos``).
"""

from mkdocs_plugins.nucleo.vallas import fragmentos, render
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento, Valla
from mkdocs_plugins.nucleo.vallas.ejecucion import Diferencia, coincide
from mkdocs_plugins.nucleo.vallas.tipos import VALLAS

__all__ = [
    "VALLAS",
    "Diferencia",
    "Ejecucion",
    "Fragmento",
    "Valla",
    "coincide",
    "fragmentos",
    "render",
]
