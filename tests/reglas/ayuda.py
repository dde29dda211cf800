"""Atajos para las pruebas de reglas."""

from __future__ import annotations

from typing import Any

import pytest

from tapiz_rules import ErrorTapiz
from tapiz_rules.modelo import Reglamento, Resultado, Tabla
from tapiz_rules.sistemas.tapiz import TAPIZ

ACTUAL = Reglamento(TAPIZ)
EDICION_2017 = ACTUAL.con(edicion="2017")
CON_TZR0001 = ACTUAL.con(opcionales=frozenset({"TZR0001"}))
CON_TZR0002 = ACTUAL.con(opcionales=frozenset({"TZR0002"}))


def calcular(regla: str, reglamento: Reglamento = ACTUAL, /, **entradas: Any) -> Resultado:
    return reglamento.calcular(regla, entradas)


def tabla(nombre: str, reglamento: Reglamento = ACTUAL) -> Tabla:
    return reglamento.tabla(nombre)


def error(regla: str, reglamento: Reglamento = ACTUAL, /, **entradas: Any) -> str:
    """El mensaje del error de dominio que da una regla con esas entradas."""
    with pytest.raises(ErrorTapiz) as info:
        calcular(regla, reglamento, **entradas)
    return str(info.value)
