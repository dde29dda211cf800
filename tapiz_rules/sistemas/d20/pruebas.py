"""Pruebas del sistema d20: contra una CD, de habilidad o característica, y opuestas."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.formato import operador
from tapiz_rules.modelo.unidades import RANGOS, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_rango
from tapiz_rules.sistemas.d20.parametros import ParametrosD20, tirada_natural

SECCION = "Sistema d20"

ELEGIR = {0: "Tirar el dado", 10: "Elegir 10", 20: "Elegir 20"}

Tirada = Annotated[
    int,
    Entrada(
        "Tirada del d20",
        ayuda="Resultado natural del d20",
        limites=tirada_natural,
        unidad=SIN_UNIDAD,
    ),
]
Modificador = Annotated[
    int,
    Entrada(
        "Modificador",
        ayuda="Suma de modificadores (habilidad, característica…)",
        formato=Formato.MODIFICADOR,
    ),
]


def _exigir_eleccion(p: ParametrosD20, elegir: int, amenazado: bool, perjuicio: bool) -> None:
    """Elegir 10 pide calma; elegir 20, además, que fallar no perjudique."""
    if elegir and amenazado:
        raise ErrorEntrada(
            f"no se puede elegir {elegir} amenazado o distraído: hay que tirar el dado", "elegir"
        )
    if elegir == max(p.elecciones) and perjuicio:
        raise ErrorEntrada(
            f"no se puede elegir {elegir} si fallar tiene un perjuicio: elige 10 o tira",
            "elegir",
        )


@regla(
    "prueba",
    titulo="Prueba d20 contra una CD",
    enunciado=(
        "Resultado = 1d20 (o 10, o 20, si se elige) + modificadores; la prueba sale bien si "
        "iguala o supera la CD. En un ataque, un 20 natural siempre tiene éxito. Se puede "
        "elegir 10 si no hay amenazas ni distracciones, y 20 si además hay tiempo (veinte "
        "veces el normal) y fallar no perjudica."
    ),
    seccion=SECCION,
    salidas=[
        Campo("total", int, "Resultado", ayuda="Resultado modificado", unidad=SIN_UNIDAD),
        Campo(
            "exito",
            bool,
            "Éxito",
            ayuda="Si iguala o supera la CD (o es un ataque con 20 natural)",
            decisiva=True,
        ),
        Campo("natural_20", bool, "20 natural", ayuda="Si el dado sacó un 20 natural"),
    ],
)
def prueba(
    p: ParametrosD20,
    cd: Annotated[int, Entrada("Clase de Dificultad (CD)", unidad=SIN_UNIDAD)],
    tirada: Annotated[
        int | None,
        Entrada(
            "Tirada del d20",
            ayuda="Resultado natural del d20 (no hace falta si se elige 10 o 20)",
            limites=tirada_natural,
            unidad=SIN_UNIDAD,
        ),
    ] = None,
    modificador: Modificador = 0,
    elegir: Annotated[
        int,
        Entrada(
            "Tirar o elegir",
            ayuda="0 para tirar; 10 o 20 para elegir ese resultado sin tirar",
            opciones=ELEGIR,
        ),
    ] = 0,
    ataque: Annotated[
        bool,
        Entrada(
            "Tirada de ataque", ayuda="Si es una tirada de ataque (un 20 natural siempre impacta)"
        ),
    ] = False,
    amenazado: Annotated[
        bool, Entrada("Amenazado o distraído", ayuda="Entonces no se puede elegir 10 ni 20")
    ] = False,
    perjuicio: Annotated[
        bool, Entrada("Fallar perjudica", ayuda="Entonces no se puede elegir 20")
    ] = False,
) -> Resultado:
    """Una prueba del sistema d20: 1d20 + modificadores contra la Clase de Dificultad.

    Se puede elegir 10 (sin amenazas ni distracciones) o 20 (además, con tiempo y sin
    perjuicio por fallar: veinte veces el tiempo normal) en lugar de tirar. En un ataque,
    un 20 natural siempre impacta.
    """
    _exigir_eleccion(p, elegir, amenazado, perjuicio)
    if elegir:
        if tirada is not None:
            raise ErrorEntrada(
                f"al elegir {elegir} no se tira el dado: quita la entrada «tirada»", "tirada"
            )
        dado, origen = elegir, f"elige {elegir}"
    else:
        if tirada is None:
            raise ErrorEntrada("falta la entrada «tirada»: el resultado del d20 (o elige 10 o 20)")
        exigir_rango("tirada", tirada, 1, p.caras)
        dado, origen = tirada, f"d{p.caras} = {tirada}"
    total = dado + modificador
    natural = not elegir and tirada == p.caras
    exito = total >= cd or (ataque and natural)
    pasos = [f"{origen}; {dado} {operador(modificador)} = {total} contra CD {cd}"]
    if elegir == max(p.elecciones):
        pasos.append(f"lleva {p.veces_el_tiempo_al_elegir_20} veces el tiempo normal")
    if ataque and natural and total < cd:
        pasos.append("20 natural en un ataque: impacta siempre")
    pasos.append("Éxito" if exito else "Fallo")
    return Resultado({"total": total, "exito": exito, "natural_20": natural}, tuple(pasos))


@regla(
    "prueba_de_habilidad",
    titulo="Prueba de habilidad o de característica",
    enunciado=(
        "Con rangos en la habilidad se suma su puntuación al d20; sin rangos, el modificador "
        "de la característica. Sale bien si iguala o supera la CD."
    ),
    seccion=SECCION,
    salidas=[
        Campo("tipo", str, "Tipo de prueba"),
        Campo("modificador", int, "Modificador", formato=Formato.MODIFICADOR),
        Campo("total", int, "Resultado", unidad=SIN_UNIDAD),
        Campo("exito", bool, "Éxito", decisiva=True),
    ],
)
def prueba_de_habilidad(
    p: ParametrosD20,
    tirada: Tirada,
    cd: Annotated[int, Entrada("Clase de Dificultad (CD)", unidad=SIN_UNIDAD)],
    rangos: Annotated[
        int,
        Entrada(
            "Rangos en la habilidad",
            ayuda="0 si no la tiene entrenada",
            minimo=0,
            maximo=1000,
            unidad=RANGOS,
        ),
    ] = 0,
    habilidad: Annotated[
        int,
        Entrada(
            "Puntuación de la habilidad", ayuda="Solo cuenta si tiene rangos", unidad=SIN_UNIDAD
        ),
    ] = 0,
    caracteristica: Annotated[
        int,
        Entrada("Modificador de la característica", formato=Formato.MODIFICADOR),
    ] = 0,
) -> Resultado:
    """Sin rangos en la habilidad (o sin habilidad que venga al caso) se usa la característica."""
    exigir_rango("tirada", tirada, 1, p.caras)
    exigir_rango("rangos", rangos, 0, 1000)
    entrenada = rangos > 0
    modificador = habilidad if entrenada else caracteristica
    tipo = "De habilidad" if entrenada else "De característica"
    total = tirada + modificador
    pasos = (
        "con rangos: la puntuación de la habilidad"
        if entrenada
        else "sin rangos: el modificador de la característica",
        f"{tirada} {operador(modificador)} = {total} contra CD {cd}",
    )
    valores = {"tipo": tipo, "modificador": modificador, "total": total, "exito": total >= cd}
    return Resultado(valores, pasos)


GANADORES = {"primero": "El primero", "segundo": "El segundo", "repetir": "Nadie: se repite"}


@regla(
    "prueba_opuesta",
    titulo="Prueba opuesta",
    enunciado=(
        "Cada uno suma su modificador a su d20 y gana el resultado mayor; en un empate gana "
        "la característica más alta, y si también empatan, se vuelve a tirar."
    ),
    seccion=SECCION,
    salidas=[
        Campo("total_a", int, "Resultado del primero", unidad=SIN_UNIDAD),
        Campo("total_b", int, "Resultado del segundo", unidad=SIN_UNIDAD),
        Campo("ganador", str, "Gana", opciones=tuple(GANADORES.items()), decisiva=True),
        Campo("desempate", bool, "Desempata la característica"),
    ],
)
def prueba_opuesta(
    p: ParametrosD20,
    tirada_a: Annotated[
        int, Entrada("Tirada del primero", limites=tirada_natural, unidad=SIN_UNIDAD)
    ],
    tirada_b: Annotated[
        int, Entrada("Tirada del segundo", limites=tirada_natural, unidad=SIN_UNIDAD)
    ],
    modificador_a: Annotated[
        int, Entrada("Modificador del primero", formato=Formato.MODIFICADOR)
    ] = 0,
    modificador_b: Annotated[
        int, Entrada("Modificador del segundo", formato=Formato.MODIFICADOR)
    ] = 0,
    caracteristica_a: Annotated[
        int, Entrada("Característica del primero", ayuda="Para desempatar", unidad=SIN_UNIDAD)
    ] = 10,
    caracteristica_b: Annotated[
        int, Entrada("Característica del segundo", ayuda="Para desempatar", unidad=SIN_UNIDAD)
    ] = 10,
) -> Resultado:
    """Gana el resultado mayor; si empatan, la característica más alta; si sigue, se repite."""
    exigir_rango("tirada_a", tirada_a, 1, p.caras)
    exigir_rango("tirada_b", tirada_b, 1, p.caras)
    a, b = tirada_a + modificador_a, tirada_b + modificador_b
    pasos = [f"{a} contra {b}"]
    desempate = a == b
    if a != b:
        ganador = "primero" if a > b else "segundo"
    elif caracteristica_a != caracteristica_b:
        ganador = "primero" if caracteristica_a > caracteristica_b else "segundo"
        pasos.append(f"empate: característica {caracteristica_a} contra {caracteristica_b}")
    else:
        ganador = "repetir"
        pasos.append("empate también en la característica: se repite la prueba")
    valores = {"total_a": a, "total_b": b, "ganador": ganador, "desempate": desempate}
    return Resultado(valores, tuple(pasos))


REGLAS = (prueba, prueba_de_habilidad, prueba_opuesta)
