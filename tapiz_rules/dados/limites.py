"""Límites de la notación: lo que se puede tirar sin colgar a nadie."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limites:
    """Topes de una expresión de dados y del cálculo exacto de probabilidades.

    ``trabajo`` es el presupuesto del cálculo exacto de una distribución, en
    unidades que rondan el nanosegundo (ver ``probabilidad.estimar_trabajo``):
    lo que pasa de medio segundo, se rechaza antes de empezar.
    """

    dados: int = 1000
    caras: int = 1000
    profundidad: int = 20
    longitud: int = 200
    terminos: int = 50
    constante: int = 1_000_000
    trabajo: int = 500_000_000


@dataclass(frozen=True)
class ModeloDeCoste:
    """Constantes del modelo que estima el trabajo del cálculo exacto (``estimar_trabajo``).

    Las unidades rondan el nanosegundo en un núcleo de servidor actual. Los
    productos de enteros grandes siguen a Karatsuba, que hace unas
    ``mayor * menor ** (karatsuba_1024 / 1024)`` operaciones sobre palabras de 64
    bits (599/1024 ≈ 0,585 = log2(3) − 1). El exponente va en 1024 avos para que la
    potencia se calcule con raíces cuadradas (``probabilidad.potencia_karatsuba``).
    """

    por_coeficiente: int = 200
    por_palabra: int = 16
    por_actualizacion: int = 80
    karatsuba_1024: int = 599


LIMITES = Limites()
COSTE = ModeloDeCoste()
PROFUNDIDAD_POR_DEFECTO = 10
