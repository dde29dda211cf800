"""Herramientas de quien contribuye: la orden ``tapiz`` (``cli``) con ``comprobar`` y
``--actualizar`` (``actualizar``), ``impacto`` (con ``volcado``, que corre en otro proceso
con el motor de otra revisión) y ``exportar``.
"""

from mkdocs_plugins.herramientas.cli import main

__all__ = ["main"]
