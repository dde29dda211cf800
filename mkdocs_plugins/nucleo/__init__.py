"""El núcleo del publicador, sin MkDocs, Python-Markdown ni pytest.

Encuentra los bloques ``tapiz-*`` de una página (``bloques``), lee y valida su
cuerpo (``especificacion``), los ejecuta contra el motor (``ejecucion``), los
muestra (``render``, ``vista_comparativa``, ``graficas``) y prepara los datos de
los widgets (``datos``). ``fragmentos`` une esos pasos para un bloque; los
adaptadores (``mkdocs_plugins.extension``, ``mkdocs_plugins.plugin``,
``mkdocs_plugins.pytest_plugin``) y las herramientas solo lo usan.
"""

from mkdocs_plugins.nucleo.fuente.bloques import Bloque
from mkdocs_plugins.nucleo.fuente.configuracion import Configuracion, cargar_configuracion
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina, Problema
from mkdocs_plugins.nucleo.vallas import Fragmento
from mkdocs_plugins.nucleo.vallas.fragmentos import ejecutar

__all__ = [
    "Bloque",
    "Configuracion",
    "ErrorDePagina",
    "Fragmento",
    "Problema",
    "cargar_configuracion",
    "ejecutar",
]
