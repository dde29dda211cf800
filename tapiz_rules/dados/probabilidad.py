"""Distribuciones exactas de una expresión de dados, con enteros y fracciones.

Cada término es un polinomio de pesos enteros sobre un denominador común: un
dado, la suma de ``n`` dados (potencia del polinomio), o los dados guardados
(programación dinámica sobre los valores distintos, de mayor a menor
prioridad, eligiendo cuántos dados sacan cada valor con pesos multinomiales).
Antes de calcular se estima el trabajo y se rechaza lo que no cabe.
"""

from __future__ import annotations

import math

from tapiz_rules.dados.distribucion import Distribucion
from tapiz_rules.dados.expresion import Constante, Dados, Expresion
from tapiz_rules.dados.limites import COSTE, LIMITES
from tapiz_rules.dados.memoria import recordado
from tapiz_rules.dados.notacion import ANALIZADAS, como_expresion
from tapiz_rules.dados.polinomios import ancho_de_ranura, guardar, multiplicar, potencia
from tapiz_rules.errores import ErrorNotacion


def distribucion(expresion: Expresion | str) -> Distribucion:
    """Distribución exacta del total; ``ErrorNotacion`` si excede el presupuesto de trabajo."""
    if isinstance(expresion, str):
        return recordado(_POR_TEXTO, expresion, _distribucion, 1024)
    return _distribucion(expresion)


_POR_TEXTO: dict[str, Distribucion] = {}
_POR_ARBOL: dict[Expresion, Distribucion] = {}
"""Por árbol (las columnas no cuentan al comparar): las distintas formas de escribir una
expresión comparten cálculo."""


def _distribucion(expresion: Expresion | str) -> Distribucion:
    arbol = como_expresion(expresion)
    comprobar_presupuesto(arbol, expresion if isinstance(expresion, str) else str(arbol))
    return recordado(_POR_ARBOL, arbol, _calcular, 256)


def vaciar_caches() -> None:
    """Olvida las notaciones y distribuciones recordadas (para medir sin cachés)."""
    for memoria in (ANALIZADAS, _POR_TEXTO, _POR_ARBOL):
        memoria.clear()


def _calcular(arbol: Expresion) -> Distribucion:
    minimo, pesos, denominador = 0, [1], 1
    for termino in arbol.terminos:
        if isinstance(termino, Constante):
            minimo += termino.valor
            continue
        t_minimo, t_pesos, t_denominador = _termino(termino)
        minimo, pesos = minimo + t_minimo, multiplicar(pesos, t_pesos)
        denominador *= t_denominador
    return Distribucion(str(arbol), minimo, pesos, denominador)


def _dado(termino: Dados) -> tuple[list[int], int]:
    """Pesos de un dado (valores desde 1) y su denominador, con explosiones exactas."""
    caras, profundidad = termino.caras, termino.explosion or 0
    pesos: list[int] = []
    for veces in range(profundidad):
        pesos += [caras ** (profundidad - veces)] * (caras - 1) + [0]
    pesos += [1] * caras
    return pesos, caras ** (profundidad + 1)


def _termino(termino: Dados) -> tuple[int, list[int], int]:
    pesos, denominador = _dado(termino)
    n, guardados = termino.cantidad, termino.guardados
    if termino.seleccion is None or guardados == n:
        minimo, pesos = n, potencia(pesos, n)
    else:
        minimo, pesos = guardar(pesos, n, guardados, termino.seleccion.prefiere_altos)
    if termino.signo < 0:
        minimo, pesos = -(minimo + len(pesos) - 1), pesos[::-1]
    return minimo, pesos, denominador**n


class _Forma:
    """Lo que se sabe de un polinomio antes de calcularlo: longitud y bits del denominador."""

    __slots__ = ("bits", "longitud")

    def __init__(self, longitud: int, bits: int) -> None:
        self.longitud, self.bits = longitud, bits


def potencia_karatsuba(x: int) -> float:
    """``x ** (COSTE.karatsuba_1024 / 1024)`` con solo raíces cuadradas y productos.

    IEEE 754 redondea igual esas dos operaciones en Python y en JavaScript; ``**`` no,
    porque cada motor usa su propia ``pow`` y difieren en la última cifra: un
    truncamiento después daría otro trabajo en el navegador (prueba diferencial).
    """
    resultado, raiz = 1.0, float(x)
    for bit in range(9, -1, -1):  # raíz: x^(1/2), x^(1/4), … x^(1/1024)
        raiz = math.sqrt(raiz)
        if COSTE.karatsuba_1024 >> bit & 1:
            resultado *= raiz
    return resultado


def _coste_producto(a: _Forma, b: _Forma) -> tuple[int, _Forma]:
    """Trabajo de ``multiplicar``: empaquetar y desempaquetar (lineal) más el producto.

    CPython multiplica enteros grandes con Karatsuba (ver ``ModeloDeCoste``).
    """
    longitud = a.longitud + b.longitud - 1
    ranura = ancho_de_ranura(1 << a.bits, 1 << b.bits, min(a.longitud, b.longitud))
    palabras_a = 1 + a.longitud * ranura // 8
    palabras_b = 1 + b.longitud * ranura // 8
    mayor, menor = max(palabras_a, palabras_b), min(palabras_a, palabras_b)
    producto = int(COSTE.por_palabra * mayor * potencia_karatsuba(menor))
    return COSTE.por_coeficiente * longitud + producto, _Forma(longitud, a.bits + b.bits)


def _coste_potencia(a: _Forma, exponente: int) -> tuple[int, _Forma]:
    """Coste de elevar a ``exponente`` (≥ 1) por cuadrados sucesivos."""
    coste, resultado, base = 0, None, a
    while True:
        if exponente & 1:
            if resultado is None:
                resultado = base
            else:
                paso, resultado = _coste_producto(resultado, base)
                coste += paso
        exponente >>= 1
        if not exponente:
            assert resultado is not None, "el exponente es al menos 1"
            return coste, resultado
        paso, base = _coste_producto(base, base)
        coste += paso


def _coste_termino(termino: Dados) -> tuple[int, _Forma]:
    caras, profundidad = termino.caras, termino.explosion or 0
    dado = _Forma(caras * (profundidad + 1), (caras ** (profundidad + 1)).bit_length())
    n, guardados = termino.cantidad, termino.guardados
    if guardados == n:
        return _coste_potencia(dado, n)
    distintos = caras * (profundidad + 1) - profundidad
    por_valor = sum((n - c + 1) * (c * dado.longitud + 1) for c in range(guardados))
    bits = n * dado.bits
    # Cada actualización multiplica enteros de hasta ``bits`` bits (Karatsuba).
    palabras = bits // 64 + 1
    por_actualizacion = COSTE.por_actualizacion + int(
        COSTE.por_palabra * (palabras * potencia_karatsuba(palabras))
    )
    coste = distintos * por_valor * por_actualizacion
    return coste, _Forma(guardados * dado.longitud, bits)


def estimar_trabajo(arbol: Expresion) -> list[tuple[Dados, int]]:
    """Trabajo acumulado tras cada término de dados, en el orden del cálculo."""
    acumulado, forma, trabajo = [], _Forma(1, 0), 0
    for termino in arbol.terminos:
        if isinstance(termino, Dados):
            coste, propia = _coste_termino(termino)
            union, forma = _coste_producto(forma, propia)
            trabajo += coste + union
            acumulado.append((termino, trabajo))
    return acumulado


def comprobar_presupuesto(arbol: Expresion, texto: str) -> None:
    """Error claro, antes de calcular nada, si el cálculo exacto sería demasiado largo."""
    excesivos = (
        termino for termino, trabajo in estimar_trabajo(arbol) if trabajo > LIMITES.trabajo
    )
    termino = next(excesivos, None)
    if termino is None:
        return
    raise ErrorNotacion(
        f"«{termino.notacion()}» es demasiado grande para calcular probabilidades exactas; "
        "se puede tirar, pero no tabular",
        texto,
        termino.columna,
    )
