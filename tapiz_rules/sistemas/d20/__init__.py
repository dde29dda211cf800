"""El sistema d20 de las fuentes (003): 1d20 + modificadores contra una Clase de Dificultad."""

from __future__ import annotations

from tapiz_rules.modelo import Sistema
from tapiz_rules.sistemas.d20 import combate, dano, heridas, pruebas, recuperacion
from tapiz_rules.sistemas.d20.parametros import ParametrosD20

REGLAS = tuple(r for m in (pruebas, combate, dano, heridas, recuperacion) for r in m.REGLAS)

__all__ = ["D20", "REGLAS", "ParametrosD20", "crear_d20"]


def crear_d20() -> Sistema:
    return Sistema.crear("d20", "Sistema d20", ParametrosD20(), REGLAS)


D20 = crear_d20()
