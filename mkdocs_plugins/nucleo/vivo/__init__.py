"""El motor para la página (las reglas en vivo): ``tapiz_rules`` y Pyodide publicados con el sitio
(``motor``, ``pyodide_npm``), precompilados al construir (``precompilado``, con
``precompilar.mjs``), el módulo ES que los usa (``tapiz.mjs``) y el control «Probar» (``vivo``).
"""

from mkdocs_plugins.nucleo.vivo import motor, pyodide_npm
from mkdocs_plugins.nucleo.vivo.precompilado import Precompilacion

__all__ = ["Precompilacion", "motor", "pyodide_npm"]
