"""Atajos para las pruebas de reglas."""

from __future__ import annotations

from typing import Any

import pytest

from tapiz_rules import REGISTRO, ErrorTapiz, Reglamento
from tapiz_rules.registro import Resultado

ACTUAL = Reglamento()
EDICION_2017 = Reglamento(edicion="2017")
CON_TZR0001 = Reglamento(opcionales=frozenset({"TZR0001"}))
CON_TZR0002 = Reglamento(opcionales=frozenset({"TZR0002"}))


def calcular(regla: str, reglamento: Reglamento = ACTUAL, /, **entradas: Any) -> Resultado:
    return REGISTRO.buscar_regla(regla)(entradas, reglamento)


def tabla(nombre: str, reglamento: Reglamento = ACTUAL) -> Any:
    return REGISTRO.buscar_tabla(nombre)(reglamento)


def error(regla: str, reglamento: Reglamento = ACTUAL, /, **entradas: Any) -> str:
    """El mensaje del error de dominio que da una regla con esas entradas."""
    with pytest.raises(ErrorTapiz) as info:
        calcular(regla, reglamento, **entradas)
    return str(info.value)
