"""El Sistema Tapiz como valor: sus reglas, sus tablas, sus parámetros y sus variantes.

Nada se registra al importar: :data:`TAPIZ` se construye aquí a partir de las
listas ``REGLAS`` y ``TABLAS`` de cada módulo. La edición de 2017 y las reglas
opcionales son cambios de parámetros, no ramas dentro de las reglas.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from fractions import Fraction

from tapiz_rules.modelo import DefinicionTabla, Regla, Sistema, Variante
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

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
    "ajustes",
)

AVISO_TZR0002 = "Regla opcional TZR0002 activa: el impedimento se anota pero no se aplica"


def _edicion_2017(p: ParametrosTapiz) -> ParametrosTapiz:
    return replace(p, edicion="2017", dado_base="3d6")


def _con_lengua(p: ParametrosTapiz) -> ParametrosTapiz:
    return replace(p, bonus_lengua=1)


def _sin_impedimento(p: ParametrosTapiz) -> ParametrosTapiz:
    """TZR0002: cada tramo de carga se sigue anotando, pero sin efecto alguno."""
    neutros = tuple(
        replace(
            i, nivel=0, grado=None, fraccion=Fraction(1), descanso_minutos=0, aviso=AVISO_TZR0002
        )
        for i in p.impedimentos
    )
    return replace(p, impedimentos=neutros)


EDICIONES = (
    Variante("actual", "texto actual (1d20)"),
    Variante("2017", "edición de 2017 (3d6)", _edicion_2017),
)
OPCIONALES = (
    Variante("TZR0001", "Bonus de rasgo asociados al conocimiento de una lengua", _con_lengua),
    Variante("TZR0002", "Ignorar las reglas de Impedimento y Carga", _sin_impedimento),
)


def _definiciones() -> tuple[list[Regla], list[DefinicionTabla]]:
    reglas: list[Regla] = []
    tablas: list[DefinicionTabla] = []
    for nombre in MODULOS:
        modulo = importlib.import_module(f"{__name__}.{nombre}")
        reglas += getattr(modulo, "REGLAS", ())
        tablas += getattr(modulo, "TABLAS", ())
    return reglas, tablas


def crear_tapiz() -> Sistema:
    reglas, tablas = _definiciones()
    return Sistema.crear(
        "tapiz",
        "Sistema Tapiz",
        ParametrosTapiz(),
        reglas,
        tablas,
        ediciones=EDICIONES,
        opcionales=OPCIONALES,
    )


TAPIZ = crear_tapiz()

__all__ = ["MODULOS", "TAPIZ", "crear_tapiz"]
