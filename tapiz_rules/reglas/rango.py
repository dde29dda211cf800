"""Rango y movimiento: visibilidad y cobertura del objetivo."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo
from tapiz_rules.reglas.efectos import Grado, buscar_grado

SECCION = "Rango y Movimiento"


@dataclass(frozen=True)
class Visibilidad:
    nombre: str
    titulo: str
    ejemplos: str
    grado: Grado | None

    @property
    def modificador(self) -> int:
        return 0 if self.grado is None else -self.grado.modificador


VISIBILIDADES: dict[str, Visibilidad] = {
    v.nombre: v
    for v in (
        Visibilidad("normal", "Normal", "El objetivo se ve con claridad", None),
        Visibilidad(
            "parcial",
            "Parcial",
            "Oculto en las sombras, con muy poca iluminación o dentro de una espesa niebla",
            buscar_grado("menor"),
        ),
        Visibilidad(
            "nula", "Nula", "Oscuridad total o imposible de distinguir", buscar_grado("mayor")
        ),
    )
}


@REGISTRO.tabla("tabla_visibilidad", titulo="Visibilidad del objetivo", seccion=SECCION)
def tabla_visibilidad(reglamento: Reglamento) -> Tabla:
    """Cómo afecta la visibilidad del objetivo a los ataques contra él."""
    return Tabla(
        titulo="Visibilidad del objetivo",
        columnas=("Visibilidad", "Ejemplos", "Ataques contra el objetivo", "Se comporta como"),
        filas=tuple(
            (
                v.titulo,
                v.ejemplos,
                con_signo(v.modificador),
                "—" if v.grado is None else f"Consecuencia del entorno {v.grado.femenino}",
            )
            for v in VISIBILIDADES.values()
        ),
    )


@REGISTRO.regla(
    "visibilidad",
    titulo="Visibilidad del objetivo",
    seccion=SECCION,
    entradas=[Campo("visibilidad", str, "Visibilidad del objetivo", opciones=tuple(VISIBILIDADES))],
    salidas=[
        Campo("modificador", int, "Modificador a los ataques contra el objetivo"),
        Campo(
            "grado", str, "Grado de la consecuencia del entorno (nulo si no hay)", admite_nulo=True
        ),
    ],
)
def visibilidad(reglamento: Reglamento, visibilidad: str) -> Resultado:
    """El modificador a los ataques contra un objetivo que no se ve bien.

    La visibilidad parcial es una consecuencia del entorno menor (-2 a los ataques
    contra el objetivo); la nula, una consecuencia mayor (-4).
    """
    v = VISIBILIDADES[visibilidad]
    if v.grado is None:
        paso = "Visibilidad normal: sin modificador"
    else:
        paso = (
            f"Visibilidad {v.nombre}: consecuencia del entorno {v.grado.femenino}, "
            f"{con_signo(v.modificador)} a los ataques contra el objetivo"
        )
    grado = None if v.grado is None else v.grado.nombre
    return Resultado({"modificador": v.modificador, "grado": grado}, (paso,))


@dataclass(frozen=True)
class Cobertura:
    nombre: str
    titulo: str
    parcial: int
    total: int
    ejemplos: str


COBERTURAS: dict[str, Cobertura] = {
    c.nombre: c
    for c in (
        Cobertura("ninguna", "Sin cobertura", 0, 0, "Campo abierto"),
        Cobertura(
            "ligera", "Cobertura ligera", 2, 5, "Capa fina de madera, ramas, escayola, maleza"
        ),
        Cobertura("media", "Cobertura media", 5, 10, "Madera gruesa, ladrillo, piedra"),
        Cobertura("pesada", "Cobertura pesada", 10, 20, "Piedra gruesa, metal"),
    )
}


@REGISTRO.tabla("tabla_cobertura", titulo="Bonificador por tipo de cobertura", seccion=SECCION)
def tabla_cobertura(reglamento: Reglamento) -> Tabla:
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
            for c in COBERTURAS.values()
            if c.nombre != "ninguna"
        ),
        notas=(
            "Con cobertura parcial se puede seguir atacando a distancia; con cobertura "
            "total no se puede atacar.",
        ),
    )


@REGISTRO.regla(
    "cobertura",
    titulo="Cobertura del objetivo",
    seccion=SECCION,
    entradas=[
        Campo("tipo", str, "Tipo de cobertura según su material", opciones=tuple(COBERTURAS)),
        Campo("total", bool, "Si la cobertura es total (si no, parcial)", por_defecto=False),
    ],
    salidas=[
        Campo("bonificador", int, "Bonificador a la armadura (CA) del objetivo"),
        Campo("puede_atacar", bool, "Si el objetivo cubierto puede atacar"),
    ],
)
def cobertura(reglamento: Reglamento, tipo: str, total: bool) -> Resultado:
    """La cobertura sólida da un bonificador a la armadura según su material y cuánto cubre.

    Con cobertura parcial se puede atacar a distancia; con cobertura total, no.
    """
    c = COBERTURAS[tipo]
    if c.nombre == "ninguna":
        return Resultado(
            {"bonificador": 0, "puede_atacar": True}, ("Sin cobertura: sin bonificador",)
        )
    bonificador = c.total if total else c.parcial
    alcance = "total" if total else "parcial"
    ataque = "no puede atacar" if total else "puede seguir atacando a distancia"
    paso = f"{c.titulo} {alcance}: {con_signo(bonificador)} a la CA; {ataque}"
    return Resultado({"bonificador": bonificador, "puede_atacar": not total}, (paso,))
