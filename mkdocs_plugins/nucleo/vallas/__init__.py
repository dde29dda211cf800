"""Los tipos de valla ``tapiz-*`` en una tabla: un módulo por tipo (leer, ejecutar, mostrar).

La extensión registra en SuperFences cada tipo de aquí, pytest recoge como ítems los que
son pruebas, y ``tapiz comprobar`` y ``--actualizar`` los recorren igual. Para añadir un
tipo: un módulo con su ``VALLA`` y una línea en ``VALLAS``.
"""

from mkdocs_plugins.nucleo.vallas import comparativa, ejemplo, regla
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento, Valla

VALLAS: dict[str, Valla] = {v.tipo: v for v in (regla.VALLA, ejemplo.VALLA, comparativa.VALLA)}

__all__ = ["VALLAS", "Ejecucion", "Fragmento", "Valla"]
