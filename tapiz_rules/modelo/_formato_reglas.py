"""Utilidades compartidas por los módulos de reglas: formato de números y validación."""

from __future__ import annotations

from fractions import Fraction

from tapiz_rules.errores import ErrorEntrada


def con_signo(numero: int) -> str:
    """``+2``, ``-2`` o ``0``: como se escriben los modificadores en el libro."""
    return f"+{numero}" if numero > 0 else str(numero)


def operador(numero: int) -> str:
    """«+ 3» o «- 3»: un sumando dentro de una cuenta."""
    return f"- {-numero}" if numero < 0 else f"+ {numero}"


def contar_puntos(cantidad: int, de: str = "") -> str:
    """«1 punto de efecto», «4 puntos de efecto», «0 puntos»."""
    palabra = "punto" if abs(cantidad) == 1 else "puntos"
    return f"{cantidad} {palabra} de {de}" if de else f"{cantidad} {palabra}"


def miles(numero: int) -> str:
    """Número entero con punto de millares: 512000 → «512.000»."""
    return f"{numero:,}".replace(",", ".")


def decimal(numero: float | Fraction) -> str:
    """Número con coma decimal y sin ceros sobrantes: 0.5 → «0,5», 30.0 → «30»."""
    texto = f"{float(numero):.3f}".rstrip("0").rstrip(".")
    return texto.replace(".", ",")


def numero(valor: int | float) -> str:
    return decimal(valor) if isinstance(valor, float) else str(valor)


def exigir_rango(nombre: str, valor: int | float, minimo: int | float, maximo: int | float) -> None:
    """Error de dominio si ``valor`` queda fuera de ``[minimo, maximo]``."""
    if not minimo <= valor <= maximo:
        raise ErrorEntrada(
            f"la entrada «{nombre}» debe estar entre {minimo} y {maximo}; "
            f"se recibió {numero(valor)}"
        )


def exigir_minimo(nombre: str, valor: int | float, minimo: int | float) -> None:
    if valor < minimo:
        raise ErrorEntrada(
            f"la entrada «{nombre}» no puede ser menor que {minimo}; se recibió {numero(valor)}"
        )


def exigir_enteros(nombre: str, valores: list[object], minimo: int, maximo: int) -> list[int]:
    """Comprueba que una lista contiene solo enteros en ``[minimo, maximo]``."""
    enteros: list[int] = []
    for valor in valores:
        if isinstance(valor, bool) or not isinstance(valor, int):
            raise ErrorEntrada(
                f"la entrada «{nombre}» debe ser una lista de enteros; contiene {valor!r}"
            )
        if not minimo <= valor <= maximo:
            raise ErrorEntrada(
                f"la entrada «{nombre}» solo admite enteros entre {minimo} y {maximo}; "
                f"contiene {valor}"
            )
        enteros.append(valor)
    return enteros
