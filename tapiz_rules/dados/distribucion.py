"""La distribución exacta de un total y su álgebra.

Una distribución son pesos enteros sobre un denominador común: ``pesos[i] / denominador`` es
la probabilidad de ``minimo + i``. Las operaciones combinan distribuciones independientes sin
volver a escribir ni leer notación: sumar (producto de polinomios), restar, escalar, quedarse
con el mayor o el menor, guardar los mejores de varias, explotar en el máximo, comparar con un
umbral o con otra distribución y llevar cada total a una fila de tabla.

Todo el cálculo es entero; ``fractions`` se importa la primera vez que alguien pide una
probabilidad como ``Fraction`` (``items``, ``al_menos``…): importarlo arrastra ``re``, ``enum``
y ``decimal``, más que todo el motor. Quien se conforma con los pesos (``pesos``,
``peso_al_menos``) arranca sin ellos.
"""

from __future__ import annotations

from itertools import accumulate, pairwise
from math import gcd

from tapiz_rules.dados.polinomios import guardar, multiplicar, potencia

TYPE_CHECKING = False
if TYPE_CHECKING:  # sin ``typing`` al arrancar: mypy reconoce este nombre
    from collections.abc import Callable, Hashable
    from fractions import Fraction
    from typing import TypeVar

    Fila = TypeVar("Fila", bound=Hashable)


class Distribucion:
    """Probabilidad exacta de cada total: ``pesos[i] / denominador`` para ``minimo + i``."""

    def __init__(self, expresion: str, minimo: int, pesos: list[int], denominador: int) -> None:
        while pesos and pesos[-1] == 0:
            pesos.pop()
        inicio = next(i for i, p in enumerate(pesos) if p)
        self.expresion = expresion
        self.denominador = denominador
        self._minimo = minimo + inicio
        self._pesos = tuple(pesos[inicio:])
        self._desde = tuple(accumulate(reversed(self._pesos)))[::-1]

    @classmethod
    def constante(cls, valor: int) -> Distribucion:
        return cls(str(valor), valor, [1], 1)

    @classmethod
    def dado(cls, caras: int) -> Distribucion:
        """Un dado de ``caras`` caras, de 1 a ``caras``."""
        if caras < 1:
            raise ValueError(f"un dado necesita al menos una cara, no {caras}")
        return cls(f"1d{caras}", 1, [1] * caras, caras)

    @property
    def minimo(self) -> int:
        return self._minimo

    @property
    def maximo(self) -> int:
        return self._minimo + len(self._pesos) - 1

    @property
    def media(self) -> Fraction:
        suma = sum((self._minimo + i) * p for i, p in enumerate(self._pesos))
        return _fraccion(suma, self.denominador)

    def probabilidad(self, valor: int) -> Fraction:
        """P(total = valor)."""
        peso = self._pesos[valor - self._minimo] if self.minimo <= valor <= self.maximo else 0
        return _fraccion(peso, self.denominador)

    def al_menos(self, umbral: int | Distribucion) -> Fraction:
        """P(total ≥ umbral); con otra distribución, P(este total ≥ el otro), independientes."""
        return _fraccion(*self.peso_al_menos(umbral))

    def peso_al_menos(self, umbral: int | Distribucion) -> tuple[int, int]:
        """``al_menos`` en enteros: el peso de los casos favorables y el denominador sobre el
        que se cuentan (con otra distribución, el producto de los dos denominadores)."""
        if isinstance(umbral, Distribucion):
            favorables = sum(
                p * self._desde_x(umbral._minimo + i) for i, p in enumerate(umbral._pesos)
            )
            return favorables, self.denominador * umbral.denominador
        return self._desde_x(umbral), self.denominador

    def items(self) -> list[tuple[int, Fraction]]:
        """Los totales posibles, de menor a mayor, con su probabilidad."""
        return [(total, _fraccion(peso, self.denominador)) for total, peso in self.pesos()]

    def pesos(self) -> list[tuple[int, int]]:
        """``items`` en enteros: cada total posible con su peso sobre ``denominador``."""
        return [(self._minimo + i, peso) for i, peso in enumerate(self._pesos) if peso]

    def mapear(self, tabla: Callable[[int], Fila]) -> dict[Fila, Fraction]:
        """La probabilidad de cada fila de una tabla, llevando a ella cada total; las filas, en
        el orden en que las alcanzan los totales de menor a mayor."""
        filas: dict[Fila, int] = {}
        for total, peso in self.pesos():
            fila = tabla(total)
            filas[fila] = filas.get(fila, 0) + peso
        return {fila: _fraccion(peso, self.denominador) for fila, peso in filas.items()}

    def __add__(self, otra: Distribucion | int) -> Distribucion:
        """La suma de los dos totales (independientes), o el total más una constante."""
        if isinstance(otra, int):
            return self._con(f"{self.expresion}{otra:+d}", self._minimo + otra, list(self._pesos))
        pesos = multiplicar(list(self._pesos), list(otra._pesos))
        return Distribucion(
            f"{self.expresion}+{otra.expresion}",
            self._minimo + otra._minimo,
            pesos,
            self.denominador * otra.denominador,
        )

    __radd__ = __add__

    def __neg__(self) -> Distribucion:
        return self._con(f"-({self.expresion})", -self.maximo, list(reversed(self._pesos)))

    def __sub__(self, otra: Distribucion | int) -> Distribucion:
        return self + (-otra)

    def __rsub__(self, otra: int) -> Distribucion:
        return -self + otra

    def __mul__(self, factor: int) -> Distribucion:
        """El total multiplicado por ``factor`` (no la suma de varias tiradas: véase
        ``veces``)."""
        if factor == 0:
            return Distribucion.constante(0)
        base = self if factor > 0 else -self
        paso = abs(factor)
        pesos = [0] * (paso * (len(base._pesos) - 1) + 1)
        pesos[::paso] = base._pesos
        return base._con(f"{factor}×({self.expresion})", base._minimo * paso, pesos)

    __rmul__ = __mul__

    def veces(self, cantidad: int) -> Distribucion:
        """La suma de ``cantidad`` tiradas independientes (``3d6`` es ``dado(6).veces(3)``)."""
        if cantidad < 1:
            raise ValueError(f"hacen falta al menos una tirada, no {cantidad}")
        return Distribucion(
            f"{cantidad}×[{self.expresion}]",
            self._minimo * cantidad,
            potencia(list(self._pesos), cantidad),
            self.denominador**cantidad,
        )

    def mayor_con(self, otra: Distribucion) -> Distribucion:
        """El mayor de los dos totales (independientes)."""
        return self._extremo(otra, mayor=True)

    def menor_con(self, otra: Distribucion) -> Distribucion:
        """El menor de los dos totales (independientes)."""
        return self._extremo(otra, mayor=False)

    def mejores(self, tiradas: int, guardadas: int) -> Distribucion:
        """La suma de las ``guardadas`` más altas de ``tiradas`` tiradas (``4d6kh3``)."""
        return self._guardar(tiradas, guardadas, altos=True)

    def peores(self, tiradas: int, guardadas: int) -> Distribucion:
        """La suma de las ``guardadas`` más bajas de ``tiradas`` tiradas (``2d20kl1``)."""
        return self._guardar(tiradas, guardadas, altos=False)

    def explotar(self, profundidad: int) -> Distribucion:
        """Si sale el máximo se vuelve a tirar y se suma, hasta ``profundidad`` veces; la última
        tirada ya no explota. El máximo ha de ser positivo (si no, explotar no suma nada)."""
        if self.maximo <= 0 or len(self._pesos) == 1:
            raise ValueError(f"«{self.expresion}» no puede explotar: su máximo es {self.maximo}")
        maximo, pesos_maximo = self.maximo, self._pesos[-1]
        sin_maximo = [*self._pesos[:-1], 0]
        pesos: list[int] = []
        for nivel in range(profundidad):
            nivel_pesos = [
                p * pesos_maximo**nivel * self.denominador ** (profundidad - nivel)
                for p in sin_maximo
            ]
            pesos = _sumar_en(pesos, nivel * maximo, nivel_pesos)
        final = [p * pesos_maximo**profundidad for p in self._pesos]
        pesos = _sumar_en(pesos, profundidad * maximo, final)
        return Distribucion(
            f"{self.expresion}!", self._minimo, pesos, self.denominador ** (profundidad + 1)
        )

    def _guardar(self, tiradas: int, guardadas: int, *, altos: bool) -> Distribucion:
        if not 1 <= guardadas <= tiradas:
            raise ValueError(f"se guardan de 1 a {tiradas} tiradas, no {guardadas}")
        if guardadas == tiradas:
            return self.veces(tiradas)
        minimo, pesos = guardar(list(self._pesos), tiradas, guardadas, altos)
        desplazamiento = guardadas * (self._minimo - 1)
        cual = "mejores" if altos else "peores"
        return Distribucion(
            f"{guardadas} {cual} de {tiradas}×[{self.expresion}]",
            minimo + desplazamiento,
            pesos,
            self.denominador**tiradas,
        )

    def _extremo(self, otra: Distribucion, *, mayor: bool) -> Distribucion:
        desde = min(self.minimo, otra.minimo)
        hasta = max(self.maximo, otra.maximo)
        if mayor:  # P(max ≤ x) = P(a ≤ x)·P(b ≤ x)
            hasta_x = [self._hasta(x) * otra._hasta(x) for x in range(desde - 1, hasta + 1)]
        else:  # P(min ≥ x) = P(a ≥ x)·P(b ≥ x), de mayor a menor
            hasta_x = [
                self.denominador * otra.denominador - self._desde_x(x + 1) * otra._desde_x(x + 1)
                for x in range(desde - 1, hasta + 1)
            ]
        pesos = [b - a for a, b in pairwise(hasta_x)]
        nombre = "mayor" if mayor else "menor"
        return Distribucion(
            f"{nombre}({self.expresion}, {otra.expresion})",
            desde,
            pesos,
            self.denominador * otra.denominador,
        )

    def _hasta(self, valor: int) -> int:
        """Peso de total ≤ valor."""
        return self.denominador - self._desde_x(valor + 1)

    def _desde_x(self, valor: int) -> int:
        """Peso de total ≥ valor."""
        if valor <= self._minimo:
            return self.denominador
        if valor > self.maximo:
            return 0
        return self._desde[valor - self._minimo]

    def _con(self, expresion: str, minimo: int, pesos: list[int]) -> Distribucion:
        return Distribucion(expresion, minimo, pesos, self.denominador)

    def _reducida(self) -> tuple[int, tuple[int, ...], int]:
        """Los pesos y el denominador divididos por su máximo común divisor: dos
        distribuciones con las mismas probabilidades dan la misma."""
        comun = gcd(self.denominador, *self._pesos)
        return self._minimo, tuple(p // comun for p in self._pesos), self.denominador // comun

    def __eq__(self, otra: object) -> bool:
        """Iguales si dan la misma probabilidad a cada total (el nombre no cuenta)."""
        if not isinstance(otra, Distribucion):
            return NotImplemented
        return self._reducida() == otra._reducida()

    def __hash__(self) -> int:
        return hash(self._reducida())

    def __repr__(self) -> str:
        return f"Distribucion({self.expresion!r}, {self.minimo}..{self.maximo})"


_Fraction: type[Fraction] | None = None


def _fraccion(numerador: int, denominador: int) -> Fraction:
    """``Fraction(numerador, denominador)``, importando ``fractions`` solo la primera vez."""
    global _Fraction
    if _Fraction is None:
        from fractions import Fraction

        _Fraction = Fraction
    return _Fraction(numerador, denominador)


def _sumar_en(pesos: list[int], desde: int, otros: list[int]) -> list[int]:
    """``pesos`` con ``otros`` sumados a partir de la posición ``desde``."""
    if len(pesos) < desde + len(otros):
        pesos = pesos + [0] * (desde + len(otros) - len(pesos))
    for i, p in enumerate(otros):
        pesos[desde + i] += p
    return pesos
