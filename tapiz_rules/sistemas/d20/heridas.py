"""Heridas graves del sistema d20: el umbral, la prueba de Fortaleza y el registro de salud."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.formato import operador
from tapiz_rules.modelo.unidades import PUNTOS_DE_RESISTENCIA, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_minimo, exigir_rango
from tapiz_rules.sistemas.d20.parametros import (
    ESTADOS,
    ETIQUETAS_ESTADO,
    ParametrosD20,
    tirada_natural,
)

SECCION = "Sistema d20"


@regla(
    "herida_grave",
    titulo="Umbral de herida grave",
    enunciado=(
        "Si el daño de un solo ataque iguala o supera el umbral de herida grave, hay que "
        "superar una prueba de Fortaleza contra 10 + el daño. Lo que pasa al fallarla lo dice"
        " una tabla que el texto no incluye."
    ),
    seccion=SECCION,
    salidas=[
        Campo("masivo", bool, "Daño masivo", ayuda="Si el daño llega al umbral"),
        Campo("cd", int, "CD de Fortaleza", ayuda="10 + el daño del ataque", unidad=SIN_UNIDAD),
        Campo("total", int, "Resultado de Fortaleza", unidad=SIN_UNIDAD),
        Campo("resiste", bool, "Resiste el shock", decisiva=True),
    ],
)
def herida_grave(
    p: ParametrosD20,
    dano: Annotated[int, Entrada("Daño del ataque", minimo=0, unidad=PUNTOS_DE_RESISTENCIA)],
    umbral: Annotated[
        int, Entrada("Umbral de herida grave", minimo=0, unidad=PUNTOS_DE_RESISTENCIA)
    ],
    tirada: Annotated[
        int,
        Entrada(
            "Tirada del d20",
            ayuda="La de la prueba de Fortaleza",
            limites=tirada_natural,
            unidad=SIN_UNIDAD,
        ),
    ] = 10,
    fortaleza: Annotated[
        int, Entrada("Bonificación de Fortaleza", formato=Formato.MODIFICADOR)
    ] = 0,
) -> Resultado:
    """Un daño de un solo ataque igual o mayor que el umbral pide Fortaleza contra 10 + daño.

    Qué pasa al fallarla lo dice una tabla que el texto no incluye.
    """
    exigir_minimo("dano", dano, 0)
    exigir_rango("tirada", tirada, 1, p.caras)
    if dano < umbral:
        return Resultado(
            {"masivo": False, "cd": 0, "total": 0, "resiste": True},
            (f"{dano} no llega al umbral {umbral}: no hay prueba",),
        )
    cd = p.cd_base_herida_grave + dano
    total = tirada + fortaleza
    resiste = total >= cd
    pasos = (
        f"{dano} ≥ {umbral}: daño masivo, CD {p.cd_base_herida_grave} + {dano} = {cd}",
        f"{tirada} {operador(fortaleza)} = {total}: " + ("resiste" if resiste else "no resiste"),
    )
    return Resultado({"masivo": True, "cd": cd, "total": total, "resiste": resiste}, pasos)


@regla(
    "registro_de_salud",
    titulo="Registro de salud",
    enunciado=(
        "Se marca la casilla del estado sufrido; si ya estaba marcada, la siguiente libre "
        "más grave (Malherido, Incapacitado, Moribundo, Muerto), y si todas las más graves "
        "están marcadas, se marca Muerto y el personaje muere. La casilla Muerto no se marca "
        "directamente por el daño de un ataque."
    ),
    seccion=SECCION,
    salidas=[
        Campo("marca", str, "Casilla que se marca", opciones=tuple(ETIQUETAS_ESTADO.items())),
        Campo("muere", bool, "Muere", decisiva=True),
    ],
)
def registro_de_salud(
    p: ParametrosD20,
    estado: Annotated[
        str,
        Entrada(
            "Estado que sufre",
            opciones={k: v for k, v in ETIQUETAS_ESTADO.items() if k != "muerto"},
        ),
    ],
    malherido: Annotated[bool, Entrada("Malherido ya marcado")] = False,
    incapacitado: Annotated[bool, Entrada("Incapacitado ya marcado")] = False,
    moribundo: Annotated[bool, Entrada("Moribundo ya marcado")] = False,
) -> Resultado:
    """Un estado que ya se tiene marca el siguiente libre; si solo queda Muerto, muere.

    La casilla Muerto no se marca directamente por el daño de un ataque.
    """
    marcadas = {"malherido": malherido, "incapacitado": incapacitado, "moribundo": moribundo}
    indice = ESTADOS.index(estado)
    pasos = []
    while ESTADOS[indice] != "muerto" and marcadas[ESTADOS[indice]]:
        pasos.append(f"{ETIQUETAS_ESTADO[ESTADOS[indice]]} ya está marcada: la siguiente")
        indice += 1
    marca = ESTADOS[indice]
    pasos.append(f"marca {ETIQUETAS_ESTADO[marca]}")
    return Resultado({"marca": marca, "muere": marca == "muerto"}, tuple(pasos))


REGLAS = (herida_grave, registro_de_salud)
