"""Los números y valores tal como los lee una persona: coma decimal, punto de millares, «−2».

Todo lo que el libro, las tarjetas y la línea de órdenes enseñan a quien lee
pasa por aquí; nunca se muestra un ``0.7407407407`` ni un ``5400.0``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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
    """Entero con punto de millares y signo menos tipográfico: 5400 → «5.400»."""
    texto = f"{abs(numero):,}".replace(",", ".")
    return f"{MENOS}{texto}" if numero < 0 else texto


def decimal(numero: float | Fraction | int, cifras: int = 2) -> str:
    """Coma decimal, sin ceros sobrantes: 2.5 → «2,5»; 5400.0 → «5.400»; 1/3 → «0,33»."""
    redondeado = round(float(numero), cifras)
    entero = int(redondeado)
    if redondeado == entero:
        return miles(entero)
    signo = MENOS if redondeado < 0 else ""
    parte_entera, _, fraccion = f"{abs(redondeado):.{cifras}f}".partition(".")
    return f"{signo}{miles(int(parte_entera))},{fraccion.rstrip('0')}"


def con_signo(numero: int) -> str:
    """Un modificador: «+2», «−2» o «0»."""
    if numero > 0:
        return f"+{miles(numero)}"
    return miles(numero)


def porcentaje(probabilidad: float | Fraction, cifras: int = 1) -> str:
    """0.7407 → «74,1 %»."""
    texto = f"{float(probabilidad) * 100:.{cifras}f}".replace(".", ",")
    return f"{texto} %"


def enumerar(partes: Sequence[str], conjuncion: str = "y") -> str:
    """«a», «a y b», «a, b y c» (o con otra conjunción)."""
    if len(partes) <= 1:
        return "".join(partes)
    return f"{', '.join(partes[:-1])} {conjuncion} {partes[-1]}"


def con_unidad(texto: str, unidad: str | tuple[str, str] | None, singular: bool) -> str:
    """«5.400 m», «1 ronda», «3 rondas»."""
    if unidad is None:
        return texto
    nombre = unidad if isinstance(unidad, str) else unidad[0 if singular else 1]
    return f"{texto} {nombre}"


_MENOS_ASCII = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=[(\[/]))-(?=\s|\d)")


def tipografia(texto: str) -> str:
    """El signo menos de un libro («−2», «14 − 15») en lugar del guion del teclado."""
    return _MENOS_ASCII.sub(MENOS, texto)
