"""Daño del sistema d20: Fuerza al daño, reducción de daño, armaduras y Puntos de Resistencia."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.formato import miles, operador
from tapiz_rules.modelo.unidades import PUNTOS_DE_RESISTENCIA, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_minimo, exigir_rango
from tapiz_rules.sistemas.d20.parametros import ParametrosD20

SECCION = "Sistema d20"

EMPUNADURAS = {
    "una_mano": "Cuerpo a cuerpo, a una mano",
    "dos_manos": "Cuerpo a cuerpo, a dos manos",
    "secundaria": "Arma secundaria (con dos armas)",
    "arrojadiza": "Arma arrojadiza",
    "distancia": "Otra arma a distancia",
}

Fue = Annotated[int, Entrada("Modificador de Fuerza", formato=Formato.MODIFICADOR)]


def fuerza_al_dano(p: ParametrosD20, empunadura: str, fuerza: int) -> int:
    """+FUE cuerpo a cuerpo, ×1,5 a dos manos, la mitad arrojadiza o secundaria."""
    factores = {
        "una_mano": (1, 1),
        "dos_manos": p.fuerza_a_dos_manos,
        "secundaria": p.fuerza_secundaria,
        "arrojadiza": p.fuerza_secundaria,
        "distancia": (0, 1),
    }
    return p.fraccion(fuerza, factores[empunadura])


@regla(
    "dano",
    titulo="Daño de un impacto",
    enunciado=(
        "Daño = dados del arma + modificador de Fuerza cuerpo a cuerpo a una mano (vez y "
        "media a dos manos, la mitad con un arma secundaria o arrojadiza, nada con otras "
        "armas a distancia). El blanco recibe ese daño menos su RD."
    ),
    seccion=SECCION,
    salidas=[
        Campo("fuerza", int, "Fuerza al daño", formato=Formato.MODIFICADOR),
        Campo("dano", int, "Daño del ataque", unidad=PUNTOS_DE_RESISTENCIA),
        Campo(
            "recibido",
            int,
            "Daño recibido",
            ayuda="Tras restar la RD",
            decisiva=True,
            unidad=PUNTOS_DE_RESISTENCIA,
        ),
    ],
)
def dano(
    p: ParametrosD20,
    dados: Annotated[
        int,
        Entrada(
            "Dados de daño", ayuda="Lo que sacan los dados del arma", minimo=0, unidad=SIN_UNIDAD
        ),
    ],
    fuerza: Fue = 0,
    empunadura: Annotated[str, Entrada("Cómo se usa el arma", opciones=EMPUNADURAS)] = "una_mano",
    rd: Annotated[int, Entrada("RD del blanco", minimo=0, maximo=10**6, unidad=SIN_UNIDAD)] = 0,
) -> Resultado:
    """Los dados del arma más la Fuerza que corresponda; la RD del blanco se resta."""
    exigir_minimo("dados", dados, 0)
    exigir_rango("rd", rd, 0, 10**6)
    suma = fuerza_al_dano(p, empunadura, fuerza)
    total = max(0, dados + suma)
    recibido = max(0, total - rd)
    pasos = [f"{dados} {operador(suma)} = {total}", f"{total} − RD {rd} = {recibido}"]
    if rd and recibido == 0:
        pasos.append("La RD absorbe todo el daño")
    return Resultado({"fuerza": suma, "dano": total, "recibido": recibido}, tuple(pasos))


@regla(
    "reduccion_dano",
    titulo="Reducción de daño (RD)",
    enunciado="Daño recibido = daño del ataque − RD, y nunca menos de 0.",
    seccion=SECCION,
    salidas=[
        Campo(
            "dano",
            int,
            "Daño recibido",
            ayuda="Daño tras restar la RD",
            decisiva=True,
            unidad=PUNTOS_DE_RESISTENCIA,
        )
    ],
)
def reduccion_dano(
    p: ParametrosD20,
    dano: Annotated[int, Entrada("Daño del ataque", unidad=PUNTOS_DE_RESISTENCIA)],
    rd: Annotated[
        int, Entrada("Reducción de daño (RD)", minimo=0, maximo=10**6, unidad=SIN_UNIDAD)
    ] = 0,
) -> Resultado:
    """La RD se resta al daño de cada ataque; si queda en 0 o menos, la absorbe entera."""
    exigir_rango("rd", rd, 0, 10**6)
    recibido = max(0, dano - rd)
    pasos = [f"{dano} − {rd} = {dano - rd}"]
    if dano - rd <= 0:
        pasos.append("La RD absorbe todo el daño")
    return Resultado({"dano": recibido}, tuple(pasos))


@regla(
    "penalizacion_armadura",
    titulo="Penalización por armadura",
    enunciado=(
        "La penalización de la armadura se dobla sin competencia y se le resta el modificador"
        " de Fuerza; lo que queda, nunca menos de 0, se resta al modificador de Destreza."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "penalizacion",
            int,
            "Penalización a la Destreza",
            ayuda="Afecta a habilidades, Ataque, Reflejos, Defensa e Iniciativa",
            formato=Formato.MODIFICADOR,
            decisiva=True,
        )
    ],
)
def penalizacion_armadura(
    p: ParametrosD20,
    penalizacion: Annotated[
        int,
        Entrada(
            "Penalización de la armadura",
            ayuda="Sin signo: 3 para un −3",
            minimo=0,
            maximo=1000,
            unidad=SIN_UNIDAD,
        ),
    ],
    competente: Annotated[bool, Entrada("Competente con la armadura")] = True,
    fuerza: Fue = 0,
) -> Resultado:
    """Doble sin competencia; se le resta el modificador de Fuerza (si es negativo, crece)."""
    exigir_rango("penalizacion", penalizacion, 0, 1000)
    base = penalizacion * (1 if competente else p.armadura_sin_competencia)
    total = max(0, base - fuerza)
    pasos = []
    if not competente:
        pasos.append(f"sin competencia: {penalizacion} × {p.armadura_sin_competencia} = {base}")
    pasos.append(f"{base} {operador(-fuerza)} (Fuerza) = {total}")
    return Resultado({"penalizacion": -total}, tuple(pasos))


@regla(
    "velocidad",
    titulo="Penalización a la velocidad",
    enunciado="Velocidad con la armadura = velocidad − penalización de la armadura.",
    seccion=SECCION,
    salidas=[Campo("velocidad", int, "Velocidad con la armadura", unidad="m")],
)
def velocidad(
    p: ParametrosD20,
    base: Annotated[int, Entrada("Velocidad", unidad="m", minimo=0)],
    penalizacion: Annotated[int, Entrada("Penalización a la velocidad", unidad="m", minimo=0)] = 0,
) -> Resultado:
    """Algunas armaduras reducen la velocidad en lo que indican."""
    exigir_minimo("base", base, 0)
    exigir_minimo("penalizacion", penalizacion, 0)
    queda = max(0, base - penalizacion)
    paso = f"{miles(base)} m − {miles(penalizacion)} m = {miles(base - penalizacion)} m"
    pasos = (paso,) if queda == base - penalizacion else (paso, "nunca menos de 0 m")
    return Resultado({"velocidad": queda}, pasos)


@regla(
    "puntos_de_resistencia",
    titulo="Puntos de Resistencia",
    enunciado=(
        "El daño recibido se resta de los Puntos de Resistencia; con 0 o menos, el personaje "
        "queda Moribundo."
    ),
    seccion=SECCION,
    salidas=[
        Campo("resistencia", int, "Puntos de Resistencia que quedan", unidad=PUNTOS_DE_RESISTENCIA),
        Campo("moribundo", bool, "Queda Moribundo", ayuda="A 0 o menos", decisiva=True),
    ],
)
def puntos_de_resistencia(
    p: ParametrosD20,
    resistencia: Annotated[int, Entrada("Puntos de Resistencia", unidad=PUNTOS_DE_RESISTENCIA)],
    recibido: Annotated[int, Entrada("Daño recibido", minimo=0, unidad=PUNTOS_DE_RESISTENCIA)],
) -> Resultado:
    """El daño se resta de los Puntos de Resistencia; a 0 o menos, el personaje queda Moribundo."""
    exigir_minimo("recibido", recibido, 0)
    quedan = resistencia - recibido
    return Resultado(
        {"resistencia": quedan, "moribundo": quedan <= 0},
        (f"{resistencia} − {recibido} = {quedan}",),
    )


REGLAS = (dano, reduccion_dano, penalizacion_armadura, velocidad, puntos_de_resistencia)
