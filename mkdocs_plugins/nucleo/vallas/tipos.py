"""La tabla de los tipos de valla: para añadir uno, su módulo con su ``VALLA`` y una línea aquí."""

from mkdocs_plugins.nucleo.vallas import comparativa, ejemplo, regla
from mkdocs_plugins.nucleo.vallas.base import Valla

VALLAS: dict[str, Valla] = {v.tipo: v for v in (regla.VALLA, ejemplo.VALLA, comparativa.VALLA)}
