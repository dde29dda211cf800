"""Las reglas del Sistema Tapiz y de los otros sistemas semilla.

Importar este paquete registra todas las reglas y tablas en ``REGISTRO``.
"""

import importlib

from tapiz_rules.registro import REGISTRO

MODULOS = (
    "efectos",
    "dados_uso",
    "caracteristicas",
    "niveles",
    "accion",
    "personajes",
    "lenguas",
    "rango",
    "movimiento",
    "tamano",
    "posturas",
    "dificultades",
    "otros_sistemas",
)

for _modulo in MODULOS:
    importlib.import_module(f"{__name__}.{_modulo}")

__all__ = ["MODULOS", "REGISTRO"]
