"""Ruta de la 0.1 de la orden ``tapiz``; ahora vive en ``mkdocs_plugins.herramientas.cli``."""

import warnings

from mkdocs_plugins.herramientas.cli import main

warnings.warn(
    "«mkdocs_plugins.cli» se llama ahora «mkdocs_plugins.herramientas.cli»; "
    "la ruta antigua desaparecerá en la 0.3",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["main"]
