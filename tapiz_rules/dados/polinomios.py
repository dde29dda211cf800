"""Polinomios de coeficientes enteros no negativos: los pesos de las sumas de dados.

El producto empaqueta los coeficientes en un solo entero grande (sustitución de
Kronecker) y multiplica con la aritmética de enteros de CPython, mucho más
rápida que un doble bucle en Python; la potencia de un dado sin explosiones sale de una
recurrencia; guardar los mejores de varias tiradas, de una programación dinámica.
"""

from __future__ import annotations

from itertools import accumulate, pairwise


def ancho_de_ranura(cota_a: int, cota_b: int, longitud: int) -> int:
    """Bytes por coeficiente para que ningún coeficiente del producto desborde su ranura.

    ``cota_a`` y ``cota_b`` acotan los coeficientes de cada factor.
    """
    bits = cota_a.bit_length() + cota_b.bit_length() + longitud.bit_length()
    return bits // 8 + 1


def multiplicar(a: list[int], b: list[int]) -> list[int]:
    """Coeficientes de ``a * b`` (listas de coeficientes de grado creciente)."""
    if len(a) == 1 or len(b) == 1:
        factor, otro = (a[0], b) if len(a) == 1 else (b[0], a)
        return [factor * c for c in otro]
    ranura = ancho_de_ranura(max(a), max(b), min(len(a), len(b)))
    producto = _empaquetar(a, ranura) * _empaquetar(b, ranura)
    longitud = len(a) + len(b) - 1
    return _desempaquetar(producto.to_bytes(longitud * ranura, "little"), ranura)


def potencia(a: list[int], exponente: int) -> list[int]:
    """``a`` elevado a ``exponente``.

    Un dado sin explosiones (coeficientes iguales) va por ``potencia_uniforme``; los demás
    se empaquetan una vez, con ranuras que caben el mayor coeficiente posible
    (``sum(a) ** exponente``), y CPython eleva el entero."""
    if exponente == 0:
        return [1]
    if a.count(a[0]) == len(a):
        factor = a[0] ** exponente
        return [factor * c for c in potencia_uniforme(len(a), exponente)]
    longitud = (len(a) - 1) * exponente + 1
    ranura = (sum(a) ** exponente).bit_length() // 8 + 1
    datos = (_empaquetar(a, ranura) ** exponente).to_bytes(longitud * ranura, "little")
    return _desempaquetar(datos, ranura)


def _empaquetar(coeficientes: list[int], ranura: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(ranura, "little") for c in coeficientes), "little")


def _desempaquetar(datos: bytes, ranura: int) -> list[int]:
    return [int.from_bytes(datos[i : i + ranura], "little") for i in range(0, len(datos), ranura)]


def potencia_uniforme(caras: int, n: int) -> list[int]:
    """Coeficientes de ``(1 + x + … + x^(caras-1)) ** n``: las maneras de sacar cada suma con
    ``n`` dados de ``caras`` caras.

    Con ``f = (1 - x^caras) / (1 - x)`` y ``P = f^n``, derivar da
    ``(1 - x)(1 - x^caras) P' = n (1 - x^caras - caras·x^(caras-1)(1 - x)) P``, y de ahí
    cada coeficiente a partir de tres anteriores (la división es exacta). Los coeficientes
    son simétricos: basta calcular la mitad. Trabajo lineal en la longitud, frente al
    producto de enteros cada vez más grandes de elevar el polinomio empaquetado.
    """
    longitud = (caras - 1) * n + 1
    mitad = (longitud + 1) // 2
    p = [1] + [0] * (longitud - 1)
    for k in range(1, mitad):
        suma = (k - 1 + n) * p[k - 1]
        if k >= caras:
            suma += (k - caras - n * caras) * p[k - caras]
        if k > caras:
            suma += (n * caras - n - k + 1 + caras) * p[k - caras - 1]
        p[k] = suma // k
    p[mitad:] = p[: longitud - mitad][::-1]
    return p


def guardar(pesos: list[int], n: int, guardados: int, altos: bool) -> tuple[int, list[int]]:
    """Suma de los ``guardados`` mejores de ``n`` tiradas iguales (pesos de valores desde 1).

    Se recorren los valores del preferido al último; ``estados[c]`` reparte el
    peso de haber asignado ya ``c`` tiradas según la suma guardada. En cuanto se
    han asignado ``guardados``, las restantes caen en valores peores y
    su peso total es ``resto ** libres`` (teorema multinomial).
    """
    if guardados == 1:
        return _extremo_de(pesos, n, altos)
    valores = [(v, p) for v, p in enumerate(pesos, start=1) if p]
    if altos:
        valores.reverse()
    resto = sum(pesos)
    estados: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(guardados - 1)]
    final: dict[int, int] = {}
    for valor, peso in valores:
        resto -= peso
        potencias_resto = list(accumulate([1] + [resto] * (n - guardados), lambda a, b: a * b))
        nuevos: list[dict[int, int]] = [{} for _ in range(guardados)]
        for asignados, sumas in enumerate(estados):
            if not sumas:
                continue
            libres, faltan, factor, completo = n - asignados, guardados - asignados, 1, 0
            for j in range(libres + 1):  # j tiradas más sacan ``valor``: C(libres, j)·peso^j
                if j < faltan:
                    _acumular(nuevos[asignados + j], sumas, j * valor, factor)
                else:  # todas completan con el mismo ``valor``: se suman antes
                    completo += factor * potencias_resto[libres - j]
                factor = factor * (libres - j) * peso // (j + 1)
            _acumular(final, sumas, faltan * valor, completo)
        estados = nuevos
    minimo = min(final)
    return minimo, [final.get(s, 0) for s in range(minimo, max(final) + 1)]


def _acumular(destino: dict[int, int], sumas: dict[int, int], extra: int, factor: int) -> None:
    """Suma a ``destino`` las ``sumas`` desplazadas en ``extra`` y multiplicadas por
    ``factor``."""
    for suma, p in sumas.items():
        clave = suma + extra
        destino[clave] = destino.get(clave, 0) + p * factor


def _extremo_de(pesos: list[int], n: int, altos: bool) -> tuple[int, list[int]]:
    """El mayor (o el menor) de ``n`` tiradas iguales, como ``guardar`` con uno guardado: el
    peso de «todas ≤ v» es el de «una ≤ v» elevado a ``n`` (de «todas ≥ v», igual)."""
    colas = accumulate(pesos if altos else reversed(pesos))
    potencias = [0, *(cola**n for cola in colas)]
    saltos = [b - a for a, b in pairwise(potencias)]
    if not altos:
        saltos.reverse()
    valores = [v for v, p in enumerate(saltos) if p]
    return valores[0] + 1, saltos[valores[0] : valores[-1] + 1]
