"""Dificultades: la escala de resistencias que usan los diseñadores."""

from __future__ import annotations

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento

SECCION = "Tiradas"

DIFICULTADES: dict[str, tuple[str, int]] = {
    "trivial": ("Trivial", 3),
    "muy_facil": ("Muy fácil", 6),
    "facil": ("Fácil", 9),
    "media": ("Media", 12),
    "dificil": ("Difícil", 15),
    "muy_dificil": ("Muy difícil", 18),
    "extremadamente_dificil": ("Extremadamente difícil", 21),
    "locura": ("Locura", 24),
    "casi_imposible": ("Casi imposible", 30),
    "imposible": ("Imposible", 40),
}


@REGISTRO.tabla("dificultades", titulo="Dificultades", seccion=SECCION)
def tabla_dificultades(reglamento: Reglamento) -> Tabla:
    """La escala de dificultades y la resistencia de cada una."""
    return Tabla(
        titulo="Dificultades",
        columnas=("Dificultad", "Resistencia"),
        filas=tuple(DIFICULTADES.values()),
    )


@REGISTRO.regla(
    "dificultad",
    titulo="Resistencia de una dificultad",
    seccion=SECCION,
    entradas=[Campo("nombre", str, "Escalón de dificultad", opciones=tuple(DIFICULTADES))],
    salidas=[Campo("resistencia", int, "Resistencia de la acción")],
)
def dificultad(reglamento: Reglamento, nombre: str) -> Resultado:
    """La resistencia que corresponde a un escalón de la escala de dificultades."""
    titulo, resistencia = DIFICULTADES[nombre]
    return Resultado(
        {"resistencia": resistencia}, (f"Dificultad {titulo.lower()}: resistencia {resistencia}",)
    )
