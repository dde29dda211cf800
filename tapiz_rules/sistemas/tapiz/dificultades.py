"""Dificultades: la escala de resistencias que usan los diseñadores."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.unidades import SIN_UNIDAD
from tapiz_rules.sistemas.tapiz.parametros import DIFICULTADES, ParametrosTapiz

SECCION = "Tiradas"


@tabla("dificultades", titulo="Dificultades", seccion=SECCION)
def tabla_dificultades(p: ParametrosTapiz) -> Tabla:
    """La escala de dificultades y la resistencia de cada una."""
    return Tabla(
        titulo="Dificultades",
        columnas=("Dificultad", "Resistencia"),
        filas=tuple((d.titulo, d.resistencia) for d in p.dificultades),
    )


@regla(
    "dificultad",
    titulo="Resistencia de una dificultad",
    enunciado=(
        "Trivial, 3; muy fácil, 6; fácil, 9; media, 12; difícil, 15; muy difícil, 18; "
        "extremadamente difícil, 21; locura, 24; casi imposible, 30; imposible, 40."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "resistencia", int, "Resistencia", ayuda="Resistencia de la acción", unidad=SIN_UNIDAD
        )
    ],
)
def dificultad(
    p: ParametrosTapiz,
    nombre: Annotated[
        str,
        Entrada(
            "Dificultad",
            ayuda="Escalón de dificultad",
            opciones={d.clave: d.titulo for d in DIFICULTADES},
        ),
    ],
) -> Resultado:
    """La resistencia que corresponde a un escalón de la escala de dificultades."""
    d = p.dificultad(nombre)
    return Resultado(
        {"resistencia": d.resistencia},
        (f"Dificultad {d.titulo.lower()}: resistencia {d.resistencia}",),
    )


REGLAS = (dificultad,)
TABLAS = (tabla_dificultades,)
