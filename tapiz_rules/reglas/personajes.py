"""Puntos de golpe, defensas e iniciativa del personaje."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo, exigir_minimo
from tapiz_rules.reglas.accion import BASE_ESTATICA

SECCION_PG = "Daño y Puntos de Golpe"
SECCION_DEFENSA = "Defensa"
LIMITE_FATAL = -10
"""Con -10 puntos de golpe (o menos), la vida de aventura ha terminado."""
PERDIDA_POR_RONDA = 1


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
        f"Desangrándose: pierde {PERDIDA_POR_RONDA} PGF cada ronda hasta que lo estabilicen",
        "Muerto",
    ),
    "mentales": Estados(
        "Mentales",
        "PGM",
        "incapacitado",
        "inestable",
        "perdido",
        "Incapacitado: solo obedece órdenes o se defiende mientras huye",
        f"Inestable: no puede actuar con coherencia y pierde {PERDIDA_POR_RONDA} PGM cada ronda",
        "Perdido irremediablemente",
    ),
}
ACTIVO = "activo"


def estado_de(tipo: str, puntos: int) -> tuple[str, str]:
    """(estado, descripción) para unos puntos de golpe."""
    e = ESTADOS[tipo]
    if puntos > 0:
        return ACTIVO, "Puede actuar con normalidad"
    if puntos == 0:
        return e.cero, e.descripcion_cero
    if puntos > LIMITE_FATAL:
        return e.negativo, e.descripcion_negativo
    return e.fatal, e.descripcion_fatal


@REGISTRO.tabla(
    "estados_puntos_golpe", titulo="Estados según los puntos de golpe", seccion=SECCION_PG
)
def tabla_estados(reglamento: Reglamento) -> Tabla:
    """Qué le pasa a un personaje según sus puntos de golpe físicos (PGF) y mentales (PGM)."""
    filas = []
    for rango, puntos in (
        ("Más de 0", 1),
        ("0", 0),
        (f"De -1 a {LIMITE_FATAL + 1}", -1),
        (f"{LIMITE_FATAL} o menos", LIMITE_FATAL),
    ):
        filas.append((rango, *(estado_de(tipo, puntos)[1] for tipo in ESTADOS)))
    return Tabla(
        titulo="Estados según los puntos de golpe",
        columnas=("Puntos de golpe", *(f"{e.titulo} ({e.sigla})" for e in ESTADOS.values())),
        filas=tuple(filas),
        notas=(
            "Al final de cada escena, quien tenga 0 puntos de golpe en una reserva recupera uno.",
        ),
    )


@REGISTRO.regla(
    "estado_puntos_golpe",
    titulo="Estado según los puntos de golpe",
    seccion=SECCION_PG,
    entradas=[
        Campo("tipo", str, "Puntos de golpe físicos o mentales", opciones=tuple(ESTADOS)),
        Campo("puntos", int, "Puntos de golpe actuales (pueden ser negativos)"),
    ],
    salidas=[
        Campo(
            "estado",
            str,
            "activo, inconsciente, desangrandose, muerto, incapacitado, inestable o perdido",
        ),
        Campo(
            "pierde_por_ronda", int, "Puntos de golpe que pierde cada ronda si no lo estabilizan"
        ),
    ],
)
def estado_puntos_golpe(reglamento: Reglamento, tipo: str, puntos: int) -> Resultado:
    """El estado de un personaje según sus puntos de golpe físicos o mentales.

    A 0 queda inconsciente (físicos) o incapacitado (mentales); en negativo pierde
    un punto por ronda hasta que lo estabilicen; con -10 la aventura termina.
    """
    estado, descripcion = estado_de(tipo, puntos)
    pierde = PERDIDA_POR_RONDA if LIMITE_FATAL < puntos < 0 else 0
    paso = f"{puntos} {ESTADOS[tipo].sigla}: {descripcion}"
    return Resultado({"estado": estado, "pierde_por_ronda": pierde}, (paso,))


@REGISTRO.regla(
    "defensa_fisica",
    titulo="Defensa física",
    seccion=SECCION_DEFENSA,
    entradas=[
        Campo("nivel_armadura", int, "Nivel equivalente de la armadura", por_defecto=0),
        Campo("bonus_armadura", int, "Bonificador de la armadura", por_defecto=0),
    ],
    salidas=[Campo("defensa", int, "Defensa física (clase de armadura)")],
)
def defensa_fisica(reglamento: Reglamento, nivel_armadura: int, bonus_armadura: int) -> Resultado:
    """La defensa física, una tirada estática: 10 + nivel de armadura + bonus de armadura."""
    exigir_minimo("nivel_armadura", nivel_armadura, 0)
    defensa = BASE_ESTATICA + nivel_armadura + bonus_armadura
    paso = (
        f"{BASE_ESTATICA} + nivel de armadura {nivel_armadura} + bonus "
        f"{con_signo(bonus_armadura)} = {defensa}"
    )
    return Resultado({"defensa": defensa}, (paso,))


@REGISTRO.regla(
    "defensa_mental",
    titulo="Defensa mental",
    seccion=SECCION_DEFENSA,
    entradas=[
        Campo("mod_int", int, "Modificador de Inteligencia", por_defecto=0),
        Campo("nivel_voluntad", int, "Nivel equivalente del atributo Voluntad", por_defecto=0),
        Campo("bonus_equipo", int, "Bonificador del equipo", por_defecto=0),
    ],
    salidas=[Campo("defensa", int, "Defensa mental")],
)
def defensa_mental(
    reglamento: Reglamento, mod_int: int, nivel_voluntad: int, bonus_equipo: int
) -> Resultado:
    """La defensa mental, una tirada estática: 10 + mod. INT + nivel de Voluntad + equipo."""
    exigir_minimo("nivel_voluntad", nivel_voluntad, 0)
    defensa = BASE_ESTATICA + mod_int + nivel_voluntad + bonus_equipo
    paso = (
        f"{BASE_ESTATICA} + INT {con_signo(mod_int)} + Voluntad {nivel_voluntad} "
        f"+ equipo {con_signo(bonus_equipo)} = {defensa}"
    )
    return Resultado({"defensa": defensa}, (paso,))


@REGISTRO.regla(
    "modificador_iniciativa",
    titulo="Modificador de iniciativa",
    seccion="Iniciativa",
    entradas=[
        Campo("mod_des", int, "Modificador de Destreza"),
        Campo("mod_sab", int, "Modificador de Sabiduría"),
    ],
    salidas=[Campo("modificador", int, "Modificador a la tirada de iniciativa")],
)
def modificador_iniciativa(reglamento: Reglamento, mod_des: int, mod_sab: int) -> Resultado:
    """El modificador de iniciativa: modificador de Destreza + modificador de Sabiduría."""
    modificador = mod_des + mod_sab
    paso = f"DES {con_signo(mod_des)} + SAB {con_signo(mod_sab)} = {con_signo(modificador)}"
    return Resultado({"modificador": modificador}, (paso,))
