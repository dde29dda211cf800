"""Lo que se calcula una vez: la caché de la construcción (``cache``), los cálculos del motor que
se repiten (``memoria``), los datos de los widgets (``datos``) y lo que el plugin escribió en la
construcción anterior (``anteriores``).
"""

from mkdocs_plugins.nucleo.datos import anteriores, cache, datos, memoria
from mkdocs_plugins.nucleo.datos.anteriores import Anteriores
from mkdocs_plugins.nucleo.datos.cache import Cache, objeto_guardado

__all__ = ["Anteriores", "Cache", "anteriores", "cache", "datos", "memoria", "objeto_guardado"]
