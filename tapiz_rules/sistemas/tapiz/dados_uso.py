"""Uso de dados: leer un d% y emular dados que no se tienen."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Resultado, Segun, regla
from tapiz_rules.modelo.unidades import CARAS, SIN_UNIDAD
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

SECCION = "Uso de dados"
CIFRAS = {cifra: str(cifra) for cifra in range(10)}
CIEN = 100


@regla(
    "lectura_porcentaje",
    titulo="Lectura de un d%",
    enunciado=(
        "El resultado es diez veces el dado de las decenas más el de las unidades; si los dos"
        " muestran un cero, es 100."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "total",
            int,
            "Resultado del d%",
            ayuda="Resultado del d%, de 1 a 100",
            unidad=SIN_UNIDAD,
        )
    ],
)
def lectura_porcentaje(
    p: ParametrosTapiz,
    decenas: Annotated[
        int,
        Entrada(
            "Dado de las decenas", ayuda="Cifra del dado de las decenas (0-9)", opciones=CIFRAS
        ),
    ],
    unidades: Annotated[
        int,
        Entrada(
            "Dado de las unidades", ayuda="Cifra del dado de las unidades (0-9)", opciones=CIFRAS
        ),
    ],
) -> Resultado:
    """El resultado de un d% tirado con dos d10: se leen juntos, no se suman.

    Antes de tirar, un dado se declara de las decenas y otro de las unidades.
    Si los dos muestran un cero, el resultado es 100, no 0.
    """
    if decenas == 0 and unidades == 0:
        paso = f"Decenas 0 y unidades 0: «00» y «0» cuentan como {CIEN}"
        return Resultado({"total": CIEN}, (paso,))
    total = decenas * 10 + unidades
    paso = (
        f"Decenas {decenas} y unidades {unidades}: se leen juntas, {total} (no "
        f"{decenas + unidades})"
    )
    return Resultado({"total": total}, (paso,))


def _menor_divisor(numero: int) -> int:
    """El menor divisor de ``numero`` mayor que 1 (el propio número si es primo)."""
    return next((d for d in range(2, max(numero, 2)) if numero % d == 0), max(numero, 1))


@regla(
    "dado_emulado",
    titulo="Emular un dado con otro",
    enunciado=(
        "Se tira un dado de más caras, se divide su resultado entre las veces que sus caras "
        "contienen las del dado emulado y se redondea hacia arriba: para un d3 se tira un d6 "
        "y 1-2 cuenta como 1, 3-4 como 2 y 5-6 como 3."
    ),
    seccion=SECCION,
    salidas=[Campo("valor", int, "Resultado del dado emulado", unidad=SIN_UNIDAD)],
)
def dado_emulado(
    p: ParametrosTapiz,
    caras: Annotated[
        int,
        Entrada(
            "Caras del dado emulado",
            ayuda="Caras del dado que se quiere emular (por ejemplo 3 para un d3)",
            segun=Segun(
                "caras_reales",
                lambda p, caras_reales: (2, caras_reales // _menor_divisor(caras_reales)),
                "Un divisor de las caras del dado tirado, de 2 a su mitad.",
            ),
            unidad=CARAS,
        ),
    ],
    dado: Annotated[
        int,
        Entrada(
            "Dado tirado",
            ayuda="Resultado del dado que se ha tirado de verdad",
            segun=Segun(
                "caras_reales",
                lambda p, caras_reales: (1, caras_reales),
                "De 1 a las caras del dado tirado.",
            ),
            unidad=SIN_UNIDAD,
        ),
    ],
    caras_reales: Annotated[
        int,
        Entrada(
            "Caras del dado tirado",
            ayuda="Caras del dado que se tira de verdad",
            segun=Segun(
                "caras",
                lambda p, caras: (2 * caras, None),
                "Un múltiplo de las caras del dado emulado, como mínimo su doble.",
            ),
            unidad=CARAS,
        ),
    ] = 6,
) -> Resultado:
    """Emula un dado de menos caras dividiendo el resultado de otro y redondeando hacia arriba.

    Para un d3 se tira un d6, se divide entre dos y se redondea hacia arriba:
    1-2 cuenta como 1, 3-4 como 2 y 5-6 como 3.
    """
    if caras < 2 or caras >= caras_reales or caras_reales % caras:
        raise ErrorEntrada(
            f"no se puede emular un d{caras} con un d{caras_reales}: las caras del dado tirado "
            f"deben ser un múltiplo de las del dado emulado, y mayores"
        )
    if not 1 <= dado <= caras_reales:
        raise ErrorEntrada(
            f"la entrada «dado» debe estar entre 1 y {caras_reales} (un d{caras_reales}); "
            f"se recibió {dado}",
            "dado",
        )
    divisor = caras_reales // caras
    valor = -(-dado // divisor)
    paso = (
        f"d{caras_reales} = {dado}; {dado} / {divisor} redondeado hacia arriba = {valor} (d{caras})"
    )
    return Resultado({"valor": valor}, (paso,))


REGLAS = (lectura_porcentaje, dado_emulado)
