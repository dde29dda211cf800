"""Los sistemas de reglas que conoce el motor, reunidos de forma explícita."""

from __future__ import annotations

from collections.abc import Iterable

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento, Sistema
from tapiz_rules.sistemas.d20 import D20
from tapiz_rules.sistemas.ratas import RATAS
from tapiz_rules.sistemas.tapiz import TAPIZ

SISTEMAS: dict[str, Sistema] = {s.nombre: s for s in (TAPIZ, D20, RATAS)}
POR_DEFECTO = "tapiz"


def sistema(nombre: str) -> Sistema:
    try:
        return SISTEMAS[nombre]
    except KeyError:
        validos = ", ".join(SISTEMAS)
        raise ErrorTapiz(f"sistema desconocido «{nombre}»; los válidos son: {validos}") from None


def reglamento(
    nombre: str = POR_DEFECTO, edicion: str = "", opcionales: Iterable[str] = ()
) -> Reglamento:
    """Un reglamento de uno de los sistemas conocidos, con su edición y sus opcionales."""
    return Reglamento(sistema(nombre), edicion, frozenset(opcionales))
