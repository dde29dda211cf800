"""Rango y movimiento: visibilidad y cobertura del objetivo."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo
from tapiz_rules.sistemas.tapiz.efectos import NOMBRES_GRADO
from tapiz_rules.sistemas.tapiz.parametros import COBERTURAS, ParametrosTapiz

SECCION = "Rango y Movimiento"


@dataclass(frozen=True)
class Visibilidad:
    nombre: str
    titulo: str
    ejemplos: str


VISIBILIDADES: dict[str, Visibilidad] = {
    v.nombre: v
    for v in (
        Visibilidad("normal", "Normal", "El objetivo se ve con claridad"),
        Visibilidad(
            "parcial",
            "Parcial",
            "Oculto en las sombras, con muy poca iluminación o dentro de una espesa niebla",
        ),
        Visibilidad("nula", "Nula", "Oscuridad total o imposible de distinguir"),
    )
}


def _grado_y_modificador(p: ParametrosTapiz, visibilidad: str) -> tuple[str | None, int]:
    nombre = p.grado_visibilidad[visibilidad]
    if nombre is None:
        return None, 0
    return nombre, -p.grado(nombre).modificador


@tabla("tabla_visibilidad", titulo="Visibilidad del objetivo", seccion=SECCION)
def tabla_visibilidad(p: ParametrosTapiz) -> Tabla:
    """Cómo afecta la visibilidad del objetivo a los ataques contra él."""
    return Tabla(
        titulo="Visibilidad del objetivo",
        columnas=("Visibilidad", "Ejemplos", "Ataques contra el objetivo", "Se comporta como"),
        filas=tuple(
            (
                v.titulo,
                v.ejemplos,
                con_signo(_grado_y_modificador(p, v.nombre)[1]),
                "—"
                if (grado := p.grado_visibilidad[v.nombre]) is None
                else f"Consecuencia del entorno {p.grado(grado).femenino}",
            )
            for v in VISIBILIDADES.values()
        ),
    )


@regla(
    "visibilidad",
    titulo="Visibilidad del objetivo",
    enunciado=(
        "Contra un objetivo con visibilidad parcial, los ataques tienen −2 (una consecuencia "
        "menor del entorno); con visibilidad nula, −4 (una consecuencia mayor)."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "modificador",
            int,
            "Modificador a los ataques contra el objetivo",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "grado",
            str,
            "Consecuencia del entorno",
            ayuda="Grado de la consecuencia del entorno (ninguno si no hay)",
            opciones=tuple(NOMBRES_GRADO.items()),
            admite_nulo=True,
        ),
    ],
)
def visibilidad(
    p: ParametrosTapiz,
    visibilidad: Annotated[
        str,
        Entrada(
            "Visibilidad del objetivo",
            opciones={v.nombre: v.titulo for v in VISIBILIDADES.values()},
        ),
    ],
) -> Resultado:
    """El modificador a los ataques contra un objetivo que no se ve bien.

    La visibilidad parcial es una consecuencia del entorno menor (-2 a los ataques
    contra el objetivo); la nula, una consecuencia mayor (-4).
    """
    grado, modificador = _grado_y_modificador(p, visibilidad)
    if grado is None:
        paso = "Visibilidad normal: sin modificador"
    else:
        paso = (
            f"Visibilidad {visibilidad}: consecuencia del entorno {p.grado(grado).femenino}, "
            f"{con_signo(modificador)} a los ataques contra el objetivo"
        )
    return Resultado({"modificador": modificador, "grado": grado}, (paso,))


@tabla("tabla_cobertura", titulo="Bonificador por tipo de cobertura", seccion=SECCION)
def tabla_cobertura(p: ParametrosTapiz) -> Tabla:
    """El bonificador a la armadura que da cada tipo de cobertura, parcial o total."""
    return Tabla(
        titulo="Bonificador por tipo de cobertura",
        columnas=(
            "Tipo de cobertura",
            "Bonificador por cobertura parcial",
            "Bonificador por cobertura total",
            "Ejemplos",
        ),
        filas=tuple(
            (c.titulo, con_signo(c.parcial), con_signo(c.total), c.ejemplos)
            for c in p.coberturas
            if c.nombre != "ninguna"
        ),
        notas=(
            "Con cobertura parcial se puede seguir atacando a distancia; con cobertura "
            "total no se puede atacar.",
        ),
    )


@regla(
    "cobertura",
    titulo="Cobertura del objetivo",
    enunciado=(
        "La cobertura suma a la CA según su material: ligera, +2 si es parcial y +5 si es "
        "total; media, +5 y +10; pesada, +10 y +20. Tras una cobertura parcial se puede "
        "atacar a distancia; tras una total, no."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "bonificador",
            int,
            "Bonificador a la CA",
            ayuda="Bonificador a la armadura (CA) del objetivo",
            formato=Formato.MODIFICADOR,
        ),
        Campo("puede_atacar", bool, "Puede atacar", ayuda="Si el objetivo cubierto puede atacar"),
    ],
)
def cobertura(
    p: ParametrosTapiz,
    tipo: Annotated[
        str,
        Entrada(
            "Tipo de cobertura",
            ayuda="Tipo de cobertura según su material",
            opciones={c.nombre: c.titulo for c in COBERTURAS},
        ),
    ],
    total: Annotated[
        bool, Entrada("Cobertura total", ayuda="Si la cobertura es total (si no, parcial)")
    ] = False,
) -> Resultado:
    """La cobertura sólida da un bonificador a la armadura según su material y cuánto cubre.

    Con cobertura parcial se puede atacar a distancia; con cobertura total, no.
    """
    c = p.cobertura(tipo)
    if c.nombre == "ninguna":
        return Resultado(
            {"bonificador": 0, "puede_atacar": True}, ("Sin cobertura: sin bonificador",)
        )
    bonificador = c.total if total else c.parcial
    alcance = "total" if total else "parcial"
    ataque = "no puede atacar" if total else "puede seguir atacando a distancia"
    paso = f"{c.titulo} {alcance}: {con_signo(bonificador)} a la CA; {ataque}"
    return Resultado({"bonificador": bonificador, "puede_atacar": not total}, (paso,))


REGLAS = (visibilidad, cobertura)
TABLAS = (tabla_visibilidad, tabla_cobertura)
