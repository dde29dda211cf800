"""Puntos de efecto y de consecuencia: los grados menor, mayor y extremo."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento


@dataclass(frozen=True)
class Grado:
    nombre: str
    puntos: int
    modificador: int


GRADOS: tuple[Grado, ...] = (
    Grado("menor", 5, 2),
    Grado("mayor", 10, 4),
    Grado("extremo", 15, 6),
)


def grado_de(puntos: int) -> Grado | None:
    """El grado más alto que alcanzan unos puntos de efecto o de consecuencia."""
    alcanzados = [g for g in GRADOS if puntos >= g.puntos]
    return alcanzados[-1] if alcanzados else None


@REGISTRO.tabla("grados_efecto", titulo="Grados de efecto y consecuencia", seccion="Puntos de Efecto")
def tabla_grados(reglamento: Reglamento) -> Tabla:
    """Cuántos puntos crean cada grado de efecto o consecuencia y su modificador."""
    return Tabla(
        titulo="Grados de efecto y consecuencia",
        columnas=("Grado", "Puntos necesarios", "Modificador"),
        filas=tuple((g.nombre, g.puntos, f"+{g.modificador}/-{g.modificador}") for g in GRADOS),
    )


@REGISTRO.regla(
    "grado_efecto",
    titulo="Grado de un efecto",
    seccion="Puntos de Efecto",
    entradas=[Campo("puntos", int, "Puntos de efecto o de consecuencia disponibles")],
    salidas=[
        Campo("grado", str, "menor, mayor, extremo o nulo si no llega a menor", admite_nulo=True),
        Campo("modificador", int, "Modificador que proporciona el grado (0 si no hay grado)"),
    ],
)
def grado_efecto(reglamento: Reglamento, puntos: int) -> Resultado:
    """Qué grado de efecto (o de consecuencia) crean unos puntos."""
    grado = grado_de(puntos)
    if grado is None:
        paso = f"{puntos} puntos no llegan a los {GRADOS[0].puntos} de un efecto menor"
        return Resultado({"grado": None, "modificador": 0}, (paso,))
    paso = f"{puntos} puntos ≥ {grado.puntos}: efecto {grado.nombre} (±{grado.modificador})"
    return Resultado({"grado": grado.nombre, "modificador": grado.modificador}, (paso,))
