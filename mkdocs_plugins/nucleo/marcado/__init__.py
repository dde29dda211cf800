"""Lo que el plugin marca en el HTML de una página: anclas de reglas y ejemplos, abreviaturas,
términos definidos, dados de la prosa, enlaces del libro completo y lo que el buscador no
indexa (``apartados``, con el trabajador del buscador, ``busqueda.js``).
"""

from mkdocs_plugins.nucleo.marcado import abreviaturas, anclas, dados_en_texto
from mkdocs_plugins.nucleo.marcado.apartados import ETIQUETA, Apartados
from mkdocs_plugins.nucleo.marcado.definiciones import apartar_definiciones, formas
from mkdocs_plugins.nucleo.marcado.definiciones import problemas as problemas_de_definiciones
from mkdocs_plugins.nucleo.marcado.enlaces import reubicar_enlaces

__all__ = [
    "ETIQUETA",
    "Apartados",
    "abreviaturas",
    "anclas",
    "apartar_definiciones",
    "dados_en_texto",
    "formas",
    "problemas_de_definiciones",
    "reubicar_enlaces",
]
