"""Oráculos independientes del motor: enumeración exhaustiva y traducción a icepool."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import icepool

from tapiz_rules.dados import Constante, Dados, Expresion


def resultados_de_un_dado(termino: Dados) -> dict[int, Fraction]:
    """Cada secuencia de caras de un dado (con sus explosiones), enumerada una a una."""
    if termino.porcentual:
        resultados: dict[int, Fraction] = defaultdict(Fraction)
        for decenas, unidades in product(range(0, 100, 10), range(10)):
            resultados[(decenas + unidades) or 100] += Fraction(1, 100)
        return dict(resultados)
    return _secuencias(termino.caras, termino.explosion or 0)


def _secuencias(caras: int, quedan: int) -> dict[int, Fraction]:
    resultados: dict[int, Fraction] = defaultdict(Fraction)
    for cara in range(1, caras + 1):
        if cara == caras and quedan:
            for resto, p in _secuencias(caras, quedan - 1).items():
                resultados[cara + resto] += p / caras
        else:
            resultados[cara] += Fraction(1, caras)
    return dict(resultados)


def fuerza_bruta(expresion: Expresion) -> dict[int, Fraction]:
    """Recorre todas las combinaciones de todos los dados; solo para expresiones pequeñas."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for termino in expresion.terminos:
        propia = _termino(termino) if isinstance(termino, Dados) else {termino.valor: Fraction(1)}
        combinada: dict[int, Fraction] = defaultdict(Fraction)
        for (a, pa), (b, pb) in product(total.items(), propia.items()):
            combinada[a + b] += pa * pb
        total = dict(combinada)
    return total


def _termino(termino: Dados) -> dict[int, Fraction]:
    dado = list(resultados_de_un_dado(termino).items())
    resultados: dict[int, Fraction] = defaultdict(Fraction)
    for tirada in product(dado, repeat=termino.cantidad):
        valores = sorted((v for v, _ in tirada), reverse=_prefiere_altos(termino))
        suma = sum(valores[: termino.guardados])
        probabilidad = Fraction(1)
        for _, p in tirada:
            probabilidad *= p
        resultados[termino.signo * suma] += probabilidad
    return dict(resultados)


def _prefiere_altos(termino: Dados) -> bool:
    return termino.seleccion is None or termino.seleccion.prefiere_altos


def combinaciones(expresion: Expresion) -> int:
    """Cuántas combinaciones recorre ``fuerza_bruta``."""
    cuenta = 1
    for termino in expresion.terminos:
        if isinstance(termino, Dados):
            cuenta *= len(resultados_de_un_dado(termino)) ** termino.cantidad
    return cuenta


def con_icepool(expresion: Expresion) -> dict[int, Fraction]:
    """La misma expresión construida con icepool (su ``depth`` es nuestra profundidad)."""
    total = icepool.Die([0])
    for termino in expresion.terminos:
        total = total + _icepool_termino(termino)
    return {v: p for v, p in zip(total.outcomes(), total.probabilities(), strict=True) if p}


def _icepool_termino(termino: Dados | Constante) -> icepool.Die:
    if isinstance(termino, Constante):
        return icepool.Die([termino.valor])
    dado = icepool.d(termino.caras)
    if termino.explosion is not None:
        dado = dado.explode(depth=termino.explosion)
    reserva = icepool.Pool([dado] * termino.cantidad)
    if termino.seleccion is None:
        suma = reserva.sum()
    elif termino.seleccion.prefiere_altos:
        suma = reserva.highest(termino.guardados).sum()
    else:
        suma = reserva.lowest(termino.guardados).sum()
    return -suma if termino.signo < 0 else suma
