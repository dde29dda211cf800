"""Puntos de golpe, defensas e iniciativa del personaje."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo, miles
from tapiz_rules.modelo.unidades import PUNTOS_DE_GOLPE, SIN_UNIDAD
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

SECCION_PG = "Daño y Puntos de Golpe"
SECCION_DEFENSA = "Defensa"


@dataclass(frozen=True)
class Estados:
    """Los nombres de cada estado para un tipo de puntos de golpe."""

    titulo: str
    sigla: str
    cero: str
    negativo: str
    fatal: str
    descripcion_cero: str
    descripcion_negativo: str
    descripcion_fatal: str


ESTADOS: dict[str, Estados] = {
    "fisicos": Estados(
        "Físicos",
        "PGF",
        "inconsciente",
        "desangrandose",
        "muerto",
        "Inconsciente, incapaz de realizar acciones",
        "Desangrándose: pierde {perdida} PGF cada ronda hasta que lo estabilicen",
        "Muerto",
    ),
    "mentales": Estados(
        "Mentales",
        "PGM",
        "incapacitado",
        "inestable",
        "perdido",
        "Incapacitado: solo obedece órdenes o se defiende mientras huye",
        "Inestable: no puede actuar con coherencia y pierde {perdida} PGM cada ronda",
        "Perdido irremediablemente",
    ),
}
ACTIVO = "activo"
ETIQUETAS_ESTADO = {
    ACTIVO: "Activo",
    "inconsciente": "Inconsciente",
    "desangrandose": "Desangrándose",
    "muerto": "Muerto",
    "incapacitado": "Incapacitado",
    "inestable": "Inestable",
    "perdido": "Perdido",
}


def estado_de(p: ParametrosTapiz, tipo: str, puntos: int) -> tuple[str, str]:
    """(estado, descripción) para unos puntos de golpe."""
    e = ESTADOS[tipo]
    if puntos > 0:
        return ACTIVO, "Puede actuar con normalidad"
    if puntos == 0:
        return e.cero, e.descripcion_cero
    if puntos > p.limite_fatal:
        return e.negativo, e.descripcion_negativo.format(perdida=p.perdida_por_ronda)
    return e.fatal, e.descripcion_fatal


@tabla("estados_puntos_golpe", titulo="Estados según los puntos de golpe", seccion=SECCION_PG)
def tabla_estados(p: ParametrosTapiz) -> Tabla:
    """Qué le pasa a un personaje según sus puntos de golpe físicos (PGF) y mentales (PGM)."""
    filas = []
    for rango, puntos in (
        ("Más de 0", 1),
        ("0", 0),
        (f"De {miles(-1)} a {miles(p.limite_fatal + 1)}", -1),
        (f"{miles(p.limite_fatal)} o menos", p.limite_fatal),
    ):
        filas.append((rango, *(estado_de(p, tipo, puntos)[1] for tipo in ESTADOS)))
    return Tabla(
        titulo="Estados según los puntos de golpe",
        columnas=("Puntos de golpe", *(f"{e.titulo} ({e.sigla})" for e in ESTADOS.values())),
        filas=tuple(filas),
        notas=(
            "Al final de cada escena, quien tenga 0 puntos de golpe en una reserva recupera uno.",
        ),
    )


@regla(
    "estado_puntos_golpe",
    titulo="Estado según los puntos de golpe",
    enunciado=(
        "Con puntos de golpe por encima de 0 se actúa con normalidad; a 0, el personaje queda"
        " inconsciente (físicos) o incapacitado (mentales); por debajo de 0 pierde un punto "
        "por ronda hasta que lo estabilicen, y a −10 su aventura termina."
    ),
    seccion=SECCION_PG,
    salidas=[
        Campo(
            "estado",
            str,
            "Estado",
            ayuda="Activo; inconsciente, desangrándose o muerto (físicos); incapacitado, "
            "inestable o perdido (mentales)",
            opciones=tuple(ETIQUETAS_ESTADO.items()),
        ),
        Campo(
            "pierde_por_ronda",
            int,
            "Pérdida por ronda",
            ayuda="Puntos de golpe que pierde cada ronda si no lo estabilizan",
            unidad=("punto de golpe", "puntos de golpe"),
        ),
    ],
)
def estado_puntos_golpe(
    p: ParametrosTapiz,
    tipo: Annotated[
        str,
        Entrada(
            "Puntos de golpe",
            ayuda="Puntos de golpe físicos o mentales",
            opciones={"fisicos": "Físicos (PGF)", "mentales": "Mentales (PGM)"},
        ),
    ],
    puntos: Annotated[
        int,
        Entrada(
            "Puntos de golpe actuales",
            ayuda="Puntos de golpe actuales (pueden ser negativos)",
            unidad=PUNTOS_DE_GOLPE,
        ),
    ],
) -> Resultado:
    """El estado de un personaje según sus puntos de golpe físicos o mentales.

    A 0 queda inconsciente (físicos) o incapacitado (mentales); en negativo pierde
    un punto por ronda hasta que lo estabilicen; con -10 la aventura termina.
    """
    estado, descripcion = estado_de(p, tipo, puntos)
    pierde = p.perdida_por_ronda if p.limite_fatal < puntos < 0 else 0
    paso = f"{miles(puntos)} {ESTADOS[tipo].sigla}: {descripcion}"
    return Resultado({"estado": estado, "pierde_por_ronda": pierde}, (paso,))


@regla(
    "defensa_fisica",
    titulo="Defensa física",
    enunciado=(
        "Defensa física = {p.base_estatica} + nivel de la armadura + bonificador de la armadura."
    ),
    seccion=SECCION_DEFENSA,
    salidas=[
        Campo(
            "defensa",
            int,
            "Defensa física",
            ayuda="Defensa física (clase de armadura)",
            unidad=SIN_UNIDAD,
        )
    ],
)
def defensa_fisica(
    p: ParametrosTapiz,
    nivel_armadura: Annotated[
        int,
        Entrada(
            "Nivel de la armadura",
            ayuda="Nivel equivalente de la armadura",
            minimo=0,
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
    bonus_armadura: Annotated[
        int,
        Entrada(
            "Bonificador de la armadura",
            ayuda="Bonificador de la armadura",
            formato=Formato.MODIFICADOR,
        ),
    ] = 0,
) -> Resultado:
    """La defensa física, una tirada estática: 10 + nivel de armadura + bonus de armadura."""
    defensa = p.base_estatica + nivel_armadura + bonus_armadura
    paso = (
        f"{p.base_estatica} + nivel de armadura {nivel_armadura} + bonus "
        f"{con_signo(bonus_armadura)} = {defensa}"
    )
    return Resultado({"defensa": defensa}, (paso,))


@regla(
    "defensa_mental",
    titulo="Defensa mental",
    enunciado=(
        "Defensa mental = {p.base_estatica} + modificador de Inteligencia + nivel de Voluntad"
        " + bonificador del equipo."
    ),
    seccion=SECCION_DEFENSA,
    salidas=[Campo("defensa", int, "Defensa mental", unidad=SIN_UNIDAD)],
)
def defensa_mental(
    p: ParametrosTapiz,
    mod_int: Annotated[
        int, Entrada("Modificador de Inteligencia", formato=Formato.MODIFICADOR)
    ] = 0,
    nivel_voluntad: Annotated[
        int,
        Entrada(
            "Nivel de Voluntad",
            ayuda="Nivel equivalente del atributo Voluntad",
            minimo=0,
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
    bonus_equipo: Annotated[
        int,
        Entrada(
            "Bonificador del equipo", ayuda="Bonificador del equipo", formato=Formato.MODIFICADOR
        ),
    ] = 0,
) -> Resultado:
    """La defensa mental, una tirada estática: 10 + mod. INT + nivel de Voluntad + equipo."""
    defensa = p.base_estatica + mod_int + nivel_voluntad + bonus_equipo
    paso = (
        f"{p.base_estatica} + INT {con_signo(mod_int)} + Voluntad {nivel_voluntad} "
        f"+ equipo {con_signo(bonus_equipo)} = {defensa}"
    )
    return Resultado({"defensa": defensa}, (paso,))


@regla(
    "modificador_iniciativa",
    titulo="Modificador de iniciativa",
    enunciado="Modificador de iniciativa = modificador de Destreza + modificador de Sabiduría.",
    seccion="Iniciativa",
    salidas=[
        Campo(
            "modificador",
            int,
            "Modificador de iniciativa",
            ayuda="Modificador a la tirada de iniciativa",
            formato=Formato.MODIFICADOR,
        )
    ],
)
def modificador_iniciativa(
    p: ParametrosTapiz,
    mod_des: Annotated[int, Entrada("Modificador de Destreza", formato=Formato.MODIFICADOR)],
    mod_sab: Annotated[int, Entrada("Modificador de Sabiduría", formato=Formato.MODIFICADOR)],
) -> Resultado:
    """El modificador de iniciativa: modificador de Destreza + modificador de Sabiduría."""
    modificador = mod_des + mod_sab
    paso = f"DES {con_signo(mod_des)} + SAB {con_signo(mod_sab)} = {con_signo(modificador)}"
    return Resultado({"modificador": modificador}, (paso,))


REGLAS = (estado_puntos_golpe, defensa_fisica, defensa_mental, modificador_iniciativa)
TABLAS = (tabla_estados,)
