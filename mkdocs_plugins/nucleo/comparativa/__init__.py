"""La valla ``tapiz-comparativa``: leerla y comprobarla (``comparativa``), y dibujarla
(``vista_comparativa``, con las gráficas SVG de ``graficas``).
"""

from mkdocs_plugins.nucleo.comparativa import comparativa, graficas, vista_comparativa

__all__ = ["comparativa", "graficas", "vista_comparativa"]
