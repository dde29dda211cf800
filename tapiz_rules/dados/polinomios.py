"""Producto exacto de polinomios de coeficientes enteros no negativos.

Se empaquetan los coeficientes en un solo entero grande (sustitución de
Kronecker) y se multiplica con la aritmética de enteros de CPython, mucho más
rápida que un doble bucle en Python.
"""

from __future__ import annotations


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
    """``a`` elevado a ``exponente``: se empaqueta una vez, con ranuras que caben el mayor
    coeficiente posible (``sum(a) ** exponente``), y CPython eleva el entero."""
    if exponente == 0:
        return [1]
    longitud = (len(a) - 1) * exponente + 1
    ranura = (sum(a) ** exponente).bit_length() // 8 + 1
    datos = (_empaquetar(a, ranura) ** exponente).to_bytes(longitud * ranura, "little")
    return _desempaquetar(datos, ranura)


def _empaquetar(coeficientes: list[int], ranura: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(ranura, "little") for c in coeficientes), "little")


def _desempaquetar(datos: bytes, ranura: int) -> list[int]:
    return [int.from_bytes(datos[i : i + ranura], "little") for i in range(0, len(datos), ranura)]
