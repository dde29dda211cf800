"""Reglas en Python del Lienzo «Puertos de Bruma»: un ejemplo para copiar.

Se declaran como las del libro: con ``@regla``, las entradas en la firma y las
salidas en el decorador. El Lienzo las carga porque su ``lienzo.yml`` dice
``python: reglas.py`` y este módulo define ``REGLAS``.
"""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Resultado, regla
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

REBAJA_POR_PUNTO = 5
"""Cada punto de efecto de una tirada de regateo rebaja el precio un 5 %."""
REBAJA_MAXIMA = 50


@regla(
    "regateo",
    titulo="Regateo en el puerto",
    seccion="Puertos de Bruma",
    salidas=[
        Campo("rebaja", int, "Rebaja", unidad="%"),
        Campo("precio", int, "Precio final", unidad=("moneda", "monedas")),
    ],
)
def regateo(
    p: ParametrosTapiz,
    precio: Annotated[int, Entrada("Precio pedido", unidad=("moneda", "monedas"), minimo=1)],
    puntos_de_efecto: Annotated[
        int, Entrada("Puntos de efecto del regateo", unidad=("punto", "puntos"), minimo=0)
    ] = 0,
) -> Resultado:
    """En los muelles todo se regatea: cada punto de efecto rebaja el precio un 5 %.

    La rebaja no pasa de la mitad del precio: nadie en los Puertos vende a pérdida.
    """
    rebaja = min(puntos_de_efecto * REBAJA_POR_PUNTO, REBAJA_MAXIMA)
    final = precio - precio * rebaja // 100
    pasos = (
        f"{puntos_de_efecto} × {REBAJA_POR_PUNTO} % = {puntos_de_efecto * REBAJA_POR_PUNTO} %"
        f", como mucho {REBAJA_MAXIMA} %: rebaja del {rebaja} %",
        f"{precio} - {rebaja} % = {final}",
    )
    return Resultado({"rebaja": rebaja, "precio": final}, pasos)


REGLAS = (regateo,)
