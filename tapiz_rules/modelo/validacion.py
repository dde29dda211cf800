"""Comprobaciones de las entradas de las reglas, con mensajes en español."""

from __future__ import annotations

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo.formato import en_mensaje


def exigir_rango(nombre: str, valor: int | float, minimo: int | float, maximo: int | float) -> None:
    """Error de dominio si ``valor`` queda fuera de ``[minimo, maximo]``."""
    if not minimo <= valor <= maximo:
        raise ErrorEntrada(
            f"la entrada «{nombre}» debe estar entre {minimo} y {maximo}; "
            f"se recibió {en_mensaje(valor)}",
            nombre,
        )


def exigir_minimo(nombre: str, valor: int | float, minimo: int | float) -> None:
    if valor < minimo:
        raise ErrorEntrada(
            f"la entrada «{nombre}» no puede ser menor que {minimo}; "
            f"se recibió {en_mensaje(valor)}",
            nombre,
        )


def exigir_enteros(nombre: str, valores: list[object], minimo: int, maximo: int) -> list[int]:
    """Comprueba que una lista contiene solo enteros en ``[minimo, maximo]``."""
    enteros: list[int] = []
    for valor in valores:
        if isinstance(valor, bool) or not isinstance(valor, int):
            raise ErrorEntrada(
                f"la entrada «{nombre}» debe ser una lista de enteros; contiene {valor!r}", nombre
            )
        if not minimo <= valor <= maximo:
            raise ErrorEntrada(
                f"la entrada «{nombre}» solo admite enteros entre {minimo} y {maximo}; "
                f"contiene {valor}",
                nombre,
            )
        enteros.append(valor)
    return enteros
