"""Adaptador de Python-Markdown: los bloques ``tapiz-*``, los valores del motor en la prosa y
los dados del texto (``markdown_extensions: [mkdocs_plugins.extension]``).

Es el único camino por el que se muestra una página: el plugin de MkDocs, pytest,
``tapiz comprobar`` y Zensical convierten con ella (``pagina.procesar``).
"""

from mkdocs_plugins.extension.extension import Estado, Pagina, TapizExtension, makeExtension

__all__ = ["Estado", "Pagina", "TapizExtension", "makeExtension"]
