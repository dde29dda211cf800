"""Límites de la notación: lo que se puede tirar sin colgar a nadie.

Clases sencillas, no ``dataclasses``: el motor arranca sin importar ``dataclasses`` (ver
``expresion``). ``vars(LIMITES)`` da cada límite con su valor, en este orden.
"""

from __future__ import annotations


class Limites:
    """Topes de una expresión de dados y del cálculo exacto de probabilidades.

    ``trabajo`` es el presupuesto del cálculo exacto de una distribución, en
    unidades que rondan el nanosegundo (ver ``probabilidad.estimar_trabajo``):
    lo que pasa de medio segundo, se rechaza antes de empezar.
    """

    def __init__(self) -> None:
        self.dados = 1000
        self.caras = 1000
        self.profundidad = 20
        self.longitud = 200
        self.terminos = 50
        self.constante = 1_000_000
        self.trabajo = 500_000_000


class ModeloDeCoste:
    """Constantes del modelo que estima el trabajo del cálculo exacto (``estimar_trabajo``).

    Las unidades rondan el nanosegundo en un núcleo de servidor actual. Los
    productos de enteros grandes siguen a Karatsuba, que hace unas
    ``mayor * menor ** (karatsuba_1024 / 1024)`` operaciones sobre palabras de 64
    bits (599/1024 ≈ 0,585 = log2(3) − 1). El exponente va en 1024 avos para que la
    potencia se calcule con raíces cuadradas (``probabilidad.potencia_karatsuba``).
    """

    def __init__(self) -> None:
        self.por_coeficiente = 200
        self.por_palabra = 16
        self.por_actualizacion = 80
        self.karatsuba_1024 = 599


LIMITES = Limites()
COSTE = ModeloDeCoste()
PROFUNDIDAD_POR_DEFECTO = 10
