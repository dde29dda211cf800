"""*Ratas en las paredes* (004): 2d6 + atributo, éxito con 8 o más, y las reglas de la casa."""

from __future__ import annotations

from tapiz_rules.modelo import Sistema
from tapiz_rules.sistemas.ratas import casa, cicatrices, combate, cordura, tiradas
from tapiz_rules.sistemas.ratas.parametros import BANDAS, Banda, ParametrosRatas
from tapiz_rules.sistemas.ratas.tiradas import DIFICULTADES, tabla_bandas, tirada

_MODULOS = (tiradas, combate, cicatrices, cordura, casa)
REGLAS = tuple(r for m in _MODULOS for r in m.REGLAS)
TABLAS = tuple(t for m in _MODULOS for t in m.TABLAS)
BANDAS_ETIQUETAS = {b.nombre: b.nombre for b in BANDAS}

__all__ = [
    "BANDAS",
    "BANDAS_ETIQUETAS",
    "DIFICULTADES",
    "RATAS",
    "REGLAS",
    "TABLAS",
    "Banda",
    "ParametrosRatas",
    "crear_ratas",
    "tabla_bandas",
    "tirada",
]


def crear_ratas() -> Sistema:
    return Sistema.crear("ratas", "Ratas en las paredes", ParametrosRatas(), REGLAS, TABLAS)


RATAS = crear_ratas()
