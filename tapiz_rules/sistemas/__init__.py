"""Los sistemas de reglas que conoce el motor, reunidos de forma explícita.

Cada sistema se importa la primera vez que se pide (:func:`sistema`): el motor en la página
(``tapiz_rules.vivo``, en Pyodide) arranca antes si no compila los tres cuando solo le
preguntan por uno. ``SISTEMAS`` los importa todos.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento, Sistema

_MODULOS = {
    "tapiz": ("tapiz_rules.sistemas.tapiz", "TAPIZ"),
    "d20": ("tapiz_rules.sistemas.d20", "D20"),
    "ratas": ("tapiz_rules.sistemas.ratas", "RATAS"),
}
"""Nombre de cada sistema → su módulo y la variable que lo declara (en el orden de la CLI)."""
POR_DEFECTO = "tapiz"

if TYPE_CHECKING:
    SISTEMAS: dict[str, Sistema]


def sistema(nombre: str) -> Sistema:
    if nombre not in _MODULOS:
        validos = ", ".join(_MODULOS)
        raise ErrorTapiz(f"sistema desconocido «{nombre}»; los válidos son: {validos}")
    modulo, variable = _MODULOS[nombre]
    declarado: Sistema = getattr(import_module(modulo), variable)
    return declarado


def __getattr__(nombre: str) -> Any:
    if nombre == "SISTEMAS":
        return {n: sistema(n) for n in _MODULOS}
    raise AttributeError(f"module {__name__!r} has no attribute {nombre!r}")


def reglamento(
    nombre: str = POR_DEFECTO, edicion: str = "", opcionales: Iterable[str] = ()
) -> Reglamento:
    """Un reglamento de uno de los sistemas conocidos, con su edición y sus opcionales."""
    return Reglamento(sistema(nombre), edicion, frozenset(opcionales))
