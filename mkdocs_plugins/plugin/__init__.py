"""Adaptador de MkDocs: el plugin ``tapiz`` (``plugins: [tapiz]`` en ``mkdocs.yml``).

Sus deberes son los de la construcción entera: errores estrictos, la página del
catálogo, los datos de los widgets, qué carga cada página y el índice de búsqueda.
Cada página se convierte con la extensión de Python-Markdown (``mkdocs_plugins.extension``).
"""

from mkdocs_plugins.plugin.config import TapizConfig
from mkdocs_plugins.plugin.plugin import TapizPlugin

__all__ = ["TapizConfig", "TapizPlugin"]
