"""Los widgets del libro: su tabla (``widgets``), la calculadora, la hoja de personaje y la
caja de las reglas de quien lee.
"""

from mkdocs_plugins.nucleo.widgets import hoja, reglas_lector, widgets
from mkdocs_plugins.nucleo.widgets.widgets import WIDGETS

__all__ = ["WIDGETS", "hoja", "reglas_lector", "widgets"]
