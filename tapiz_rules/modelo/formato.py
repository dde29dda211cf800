"""Los números y valores tal como los lee una persona: coma decimal, punto de millares, «−2».

Todo lo que el libro, las tarjetas y la línea de órdenes enseñan a quien lee
pasa por aquí; nunca se muestra un ``0.7407407407`` ni un ``5400.0``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

MENOS = "−"
"""El signo menos tipográfico (U+2212), el que se lee en un libro."""


class Formato(StrEnum):
    """Cómo se escribe un valor para quien lee."""

    ENTERO = "entero"
    MODIFICADOR = "modificador"
    DECIMAL = "decimal"
    PROBABILIDAD = "probabilidad"
    SI_NO = "si_no"
    OPCION = "opcion"
    TEXTO = "texto"
    LISTA = "lista"
    DADOS = "dados"


def miles(numero: int) -> str:
    """Entero con punto de millares y signo menos tipográfico: 5400 → «5.400», −2 → «−2»."""
    texto = f"{abs(numero):,}".replace(",", ".")
    return f"{MENOS}{texto}" if numero < 0 else texto


def numero(valor: int | float) -> str:
    """Un entero con punto de millares («5.400») o un decimal con coma («2,5»)."""
    return miles(valor) if isinstance(valor, int) else decimal(valor)


def limites(minimo: int | float | None, maximo: int | float | None) -> str:
    """La ayuda de un dato con límites: «De 1 a 5.400.», «Como mínimo, 0.», «Como máximo,
    20.» o nada.

    La escriben el libro (la calculadora, la hoja) y el motor en la página, que la manda con
    la declaración de cada campo del formulario; el navegador solo la muestra.
    """
    if minimo is not None and minimo == maximo:
        return f"Solo {numero(minimo)}."
    if minimo is not None and maximo is not None:
        return f"De {numero(minimo)} a {numero(maximo)}."
    if minimo is not None:
        return f"Como mínimo, {numero(minimo)}."
    return f"Como máximo, {numero(maximo)}." if maximo is not None else ""


def fuera_de_limites(
    valor: int | float, minimo: int | float | None, maximo: int | float | None
) -> str:
    """Por qué ``valor`` no cabe en sus límites («va de 1 a 5.400»); vacío si cabe."""
    if minimo is not None and maximo is not None and not minimo <= valor <= maximo:
        return f"va de {numero(minimo)} a {numero(maximo)}"
    if minimo is not None and valor < minimo:
        return f"no puede ser menor que {numero(minimo)}"
    if maximo is not None and valor > maximo:
        return f"no puede ser mayor que {numero(maximo)}"
    return ""


def redondear(numero: float | Fraction | int, cifras: int) -> Decimal:
    """El valor exacto del ``float`` redondeado a ``cifras`` decimales, la mitad hacia fuera.

    Es lo que hace ``Number.prototype.toFixed`` en el navegador, así que Python y
    JavaScript escriben el mismo texto para el mismo número (véase ``formato.js``).
    """
    return Decimal(float(numero)).quantize(Decimal(1).scaleb(-cifras), rounding=ROUND_HALF_UP)


def decimal(numero: float | Fraction | int, cifras: int = 2) -> str:
    """Coma decimal, sin ceros sobrantes: 2.5 → «2,5»; 5400.0 → «5.400»; 1/3 → «0,33»."""
    redondeado = redondear(numero, cifras)
    entero, _, fraccion = f"{abs(redondeado):.{cifras}f}".partition(".")
    fraccion = fraccion.rstrip("0")
    signo = MENOS if redondeado < 0 else ""
    return f"{signo}{miles(int(entero))}{',' + fraccion if fraccion else ''}"


MESES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)


def fecha(dia: date) -> str:
    """«3 de mayo de 2025»."""
    return f"{dia.day} de {MESES[dia.month - 1]} de {dia.year}"


def con_signo(numero: int) -> str:
    """Un modificador: «+2», «−2» o «0»."""
    if numero > 0:
        return f"+{miles(numero)}"
    return miles(numero)


def operador(numero: int) -> str:
    """Un sumando dentro de una cuenta: «+ 3» o «− 3»."""
    return f"{MENOS} {miles(-numero)}" if numero < 0 else f"+ {miles(numero)}"


def porcentaje(probabilidad: float | Fraction, cifras: int = 1) -> str:
    """0.7407 → «74,1 %»; siempre con ``cifras`` decimales, para que una tabla se lea igual."""
    redondeado = redondear(float(probabilidad) * 100, cifras)
    signo = MENOS if redondeado < 0 else ""
    return f"{signo}{abs(redondeado):.{cifras}f} %".replace(".", ",")


def contar_puntos(cantidad: int, de: str = "") -> str:
    """«1 punto de efecto», «4 puntos de efecto», «0 puntos»."""
    palabra = "punto" if abs(cantidad) == 1 else "puntos"
    return f"{miles(cantidad)} {palabra} de {de}" if de else f"{miles(cantidad)} {palabra}"


def en_mensaje(valor: int | float) -> str:
    """Un número en un mensaje para quien escribe el libro: con el «-» que teclea, sin millares."""
    return decimal(valor, 3).replace(MENOS, "-") if isinstance(valor, float) else str(valor)


def enumerar(partes: Sequence[str], conjuncion: str = "y") -> str:
    """«a», «a y b», «a, b y c» (o con otra conjunción)."""
    if len(partes) <= 1:
        return "".join(partes)
    return f"{', '.join(partes[:-1])} {conjuncion} {partes[-1]}"


def con_unidad(texto: str, unidad: str | tuple[str, str] | None, singular: bool) -> str:
    """«5.400 m», «1 ronda», «3 rondas»; sin unidad (None o ``SIN_UNIDAD``), el número."""
    if not unidad:
        return texto
    nombre = unidad if isinstance(unidad, str) else unidad[0 if singular else 1]
    return f"{texto} {nombre}"


_MENOS_ASCII = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=[(\[/]))-(?=\s|\d)")


def tipografia(texto: str) -> str:
    """El signo menos de un libro («−2», «14 − 15») en lugar del guion del teclado."""
    return _MENOS_ASCII.sub(MENOS, texto)
