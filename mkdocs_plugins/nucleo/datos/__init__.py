"""Lo que se calcula una vez: la caché de la construcción (``cache``), los cálculos del motor que
se repiten (``memoria``) y los datos de los widgets (``datos``).
"""

from mkdocs_plugins.nucleo.datos import cache, datos, memoria
from mkdocs_plugins.nucleo.datos.cache import Cache, objeto_guardado

__all__ = ["Cache", "cache", "datos", "memoria", "objeto_guardado"]
