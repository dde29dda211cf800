"""Entradas válidas al azar para cualquier regla, sacadas de su declaración (sus ``Campo``).

Las usan la prueba del motor en la página (Chromium, Pyodide) y la del puente en CPython:
cada caso lleva los textos que escribiría quien lee y los valores que espera la CLI.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Campo, Regla
from tapiz_rules.sistemas import SISTEMAS, reglamento

DADOS = ("1d20", "2d6", "3d6", "1d8+2", "4d6kh3")


@dataclass(frozen=True)
class Caso:
    sistema: str
    regla: str
    valores: dict[str, Any]
    """Como los recibe ``tapiz regla --entrada``."""
    textos: dict[str, Any]
    """Como los escribe quien lee en el formulario (la coma decimal, el «−»)."""
    opcionales: tuple[str, ...] = ()
    """Las reglas opcionales del reglamento con que se calcula."""


def _valor(campo: Campo, azar: random.Random) -> Any:
    if campo.tipo is bool:
        return azar.random() < 0.5
    if campo.opciones is not None:
        return azar.choice(campo.valores_validos)
    if campo.tipo is list:
        return [azar.randint(3, 18) for _ in range(azar.randint(1, 6))]
    if campo.tipo is str:
        return azar.choice(DADOS)
    minimo = campo.minimo if campo.minimo is not None else -5
    maximo = campo.maximo if campo.maximo is not None else int(minimo) + 25
    if campo.tipo is float:
        return round(azar.uniform(float(minimo), float(maximo)), 1)
    return azar.randint(int(minimo), int(maximo))


def texto(valor: Any) -> Any:
    """Lo que escribiría quien lee: «2,5», «−3», «15, 10, 12»; las casillas, sí o no."""
    if isinstance(valor, bool):
        return valor
    if isinstance(valor, float):
        return str(valor).replace(".", ",").replace("-", "\u2212")
    if isinstance(valor, int):
        return str(valor).replace("-", "\u2212")
    if isinstance(valor, list):
        return ", ".join(str(v) for v in valor)
    return str(valor)


def casos(cuantos: int, semilla: int = 27) -> list[Caso]:
    """``cuantos`` casos válidos (la regla los acepta) repartidos entre las reglas de los tres
    sistemas, en el mismo orden para la misma semilla."""
    azar = random.Random(semilla)
    reglas = _reglas()
    hechos: list[Caso] = []
    intentos = 0
    while len(hechos) < cuantos and intentos < cuantos * 50:
        sistema, regla = reglas[intentos % len(reglas)]
        intentos += 1
        caso = _caso(sistema, regla, azar)
        if caso is not None:
            hechos.append(caso)
    return hechos


def casos_por_regla(cuantos: int, semilla: int = 27, intentos: int = 3000) -> list[Caso]:
    """Hasta ``cuantos`` casos válidos de cada regla de los tres sistemas, con todas sus reglas
    opcionales (ninguna se queda fuera porque sus entradas válidas sean raras: se prueba hasta
    ``intentos`` veces)."""
    azar = random.Random(semilla)
    hechos: list[Caso] = []
    for sistema, regla in _reglas():
        suyos: list[Caso] = []
        opcionales = tuple(SISTEMAS[sistema].opcionales)
        for _ in range(intentos):
            caso = _caso(sistema, regla, azar, opcionales)
            if caso is not None:
                suyos.append(caso)
            if len(suyos) == cuantos:
                break
        hechos += suyos
    return hechos


def _reglas() -> list[tuple[str, Regla]]:
    return [(nombre, r) for nombre, s in SISTEMAS.items() for r in s.reglas.values()]


def _caso(
    sistema: str, regla: Regla, azar: random.Random, opcionales: tuple[str, ...] = ()
) -> Caso | None:
    """Unas entradas al azar de la declaración de ``regla``; None si la regla no las acepta."""
    valores = {
        c.nombre: _valor(c, azar) for c in regla.entradas if c.obligatorio or azar.random() < 0.6
    }
    try:
        reglamento(sistema, opcionales=opcionales).calcular(regla.nombre, valores)
    except ErrorTapiz:
        return None
    textos = {n: texto(v) for n, v in valores.items()}
    return Caso(sistema, regla.nombre, valores, textos, opcionales)
