"""Puntos de cordura: con cuántos se empieza, qué pasa al perderlos y cómo se recuperan."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.unidades import PUNTOS_DE_CORDURA, SESIONES, SIN_UNIDAD, TURNOS
from tapiz_rules.modelo.validacion import exigir_minimo, exigir_rango
from tapiz_rules.sistemas.ratas.parametros import ParametrosRatas, limites

SECCION = "Ratas en las paredes"


@regla(
    "cordura_inicial",
    titulo="Puntos de cordura iniciales",
    enunciado="Puntos de cordura iniciales = VOLUNTAD + 10.",
    seccion=SECCION,
    salidas=[Campo("cordura", int, "Puntos de cordura", unidad=PUNTOS_DE_CORDURA)],
)
def cordura_inicial(
    p: ParametrosRatas,
    voluntad: Annotated[int, Entrada("VOLUNTAD", formato=Formato.MODIFICADOR)] = 0,
) -> Resultado:
    """Se empieza con VOLUNTAD + 10 puntos de cordura."""
    cordura = voluntad + p.cordura_base
    return Resultado({"cordura": cordura}, (f"{voluntad} + {p.cordura_base} = {cordura}",))


@regla(
    "perder_cordura",
    titulo="Perder cordura",
    enunciado=(
        "Cordura que queda = cordura actual − pérdida, y nunca menos de 0; a 0 hay que elegir"
        " qué hace el personaje."
    ),
    seccion=SECCION,
    salidas=[
        Campo("cordura", int, "Cordura que queda", unidad=PUNTOS_DE_CORDURA),
        Campo("a_cero", bool, "Llega a 0", ayuda="Elige: algo estúpido, desmayo o una cicatriz"),
    ],
)
def perder_cordura(
    p: ParametrosRatas,
    cordura: Annotated[int, Entrada("Cordura actual", minimo=0, unidad=PUNTOS_DE_CORDURA)],
    perdida: Annotated[
        int,
        Entrada(
            "Pérdida",
            ayuda="Lo que sacan los dados (1d3 por estrés)",
            minimo=0,
            unidad=PUNTOS_DE_CORDURA,
        ),
    ],
) -> Resultado:
    """Los horrores sobrenaturales restan cordura; a 0 hay que elegir qué hace el personaje."""
    exigir_minimo("perdida", perdida, 0)
    queda = max(0, cordura - perdida)
    return Resultado(
        {"cordura": queda, "a_cero": queda == 0}, (f"{cordura} − {perdida} = {queda}",)
    )


ELECCIONES = {
    "estupidez": "Hacer una estupidez",
    "desmayo": "Desmayarse",
    "seguir": "Seguir actuando",
}


@regla(
    "cero_cordura",
    titulo="A 0 de cordura",
    enunciado=(
        "A 0 de cordura el jugador elige: hacer una estupidez (un turno), desmayarse 1d6 turnos "
        "(indefenso) o seguir actuando y tirar en la tabla de la locura; después recupera 1d6"
        " de cordura."
    ),
    seccion=SECCION,
    salidas=[
        Campo("turnos", int, "Turnos afectado", unidad="turnos"),
        Campo("indefenso", bool, "Queda indefenso"),
        Campo("cicatriz", bool, "Tira en la tabla de la locura"),
        Campo("cordura", int, "Cordura recuperada", unidad=PUNTOS_DE_CORDURA),
    ],
)
def cero_cordura(
    p: ParametrosRatas,
    eleccion: Annotated[str, Entrada("Elección", opciones=ELECCIONES)],
    recupera: Annotated[
        int,
        Entrada(
            "Cordura recuperada (1d6)",
            ayuda="Se tira al elegir",
            limites=lambda p: limites(p.cordura_recuperada),
            unidad=SIN_UNIDAD,
        ),
    ],
    desmayo: Annotated[
        int,
        Entrada(
            "Turnos desmayado (1d6)",
            unidad=TURNOS,
            ayuda="Solo si se desmaya",
            limites=lambda p: limites(p.desmayo_en_turnos),
            solo_con=("eleccion", "desmayo"),
        ),
    ] = 0,
) -> Resultado:
    """A 0 de cordura el jugador elige qué le pasa al personaje y luego recupera 1d6."""
    exigir_rango("recupera", recupera, *limites(p.cordura_recuperada))
    if eleccion == "desmayo":
        if not desmayo:
            raise ErrorEntrada(
                f"falta la entrada «desmayo»: los turnos ({p.desmayo_en_turnos}) que pasa "
                "desmayado",
                "desmayo",
            )
        exigir_rango("desmayo", desmayo, *limites(p.desmayo_en_turnos))
    elif desmayo:
        raise ErrorEntrada(
            f"la entrada «desmayo» solo vale si se desmaya; la elección es «{eleccion}»",
            "desmayo",
        )
    turnos = {"estupidez": p.turnos_de_estupidez, "desmayo": desmayo, "seguir": 0}[eleccion]
    valores = {
        "turnos": turnos,
        "indefenso": eleccion == "desmayo",
        "cicatriz": eleccion == "seguir",
        "cordura": recupera,
    }
    return Resultado(valores, (ELECCIONES[eleccion], f"recupera {recupera} de cordura"))


@regla(
    "recuperar_cordura",
    titulo="Recuperar cordura",
    enunciado=(
        "Una afición devuelve 1d6 de cordura y cada dos sesiones se recupera entera, sin "
        "pasar del máximo."
    ),
    seccion=SECCION,
    salidas=[Campo("cordura", int, "Cordura tras recuperarse", unidad=PUNTOS_DE_CORDURA)],
)
def recuperar_cordura(
    p: ParametrosRatas,
    cordura: Annotated[int, Entrada("Cordura actual", minimo=0, unidad=PUNTOS_DE_CORDURA)],
    maximo: Annotated[
        int,
        Entrada(
            "Cordura máxima",
            ayuda="VOLUNTAD + 10, menos lo perdido para siempre",
            minimo=0,
            unidad=PUNTOS_DE_CORDURA,
        ),
    ],
    aficion: Annotated[
        int,
        Entrada(
            "Afición (1d6)",
            ayuda="Lo que saca el 1d6 al disfrutar de su afición; 0 si no",
            limites=lambda p: (0, limites(p.cordura_por_aficion)[1]),
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
    sesiones: Annotated[
        int,
        Entrada(
            "Sesiones",
            ayuda="Sesiones desde la última vez que la recuperó entera",
            minimo=0,
            unidad=SESIONES,
        ),
    ] = 0,
) -> Resultado:
    """Una afición devuelve 1d6; cada dos sesiones se recupera entera, si la historia lo permite."""
    if aficion:
        exigir_rango("aficion", aficion, *limites(p.cordura_por_aficion))
    exigir_minimo("sesiones", sesiones, 0)
    if sesiones >= p.sesiones_para_recuperar_cordura:
        return Resultado({"cordura": maximo}, (f"{sesiones} sesiones: la recupera entera",))
    nueva = min(maximo, cordura + aficion)
    return Resultado({"cordura": nueva}, (f"{cordura} + {aficion} = {nueva} (máximo {maximo})",))


@regla(
    "cordura_permanente",
    titulo="Perder cordura para siempre",
    enunciado=(
        "La cordura perdida para siempre se resta del máximo; si el máximo llega a 0, el "
        "personaje pasa a ser un personaje no jugador."
    ),
    seccion=SECCION,
    salidas=[
        Campo("maximo", int, "Cordura máxima que queda", unidad=PUNTOS_DE_CORDURA),
        Campo("pnj", bool, "Pasa a ser un PNJ", decisiva=True),
    ],
)
def cordura_permanente(
    p: ParametrosRatas,
    maximo: Annotated[int, Entrada("Cordura máxima", minimo=0, unidad=PUNTOS_DE_CORDURA)],
    perdida: Annotated[
        int,
        Entrada(
            "Pérdida permanente",
            ayuda="Por un hechizo, un trauma…",
            minimo=0,
            unidad=PUNTOS_DE_CORDURA,
        ),
    ] = 1,
) -> Resultado:
    """Lo perdido para siempre baja el máximo; quien se queda sin nada pasa a ser un PNJ."""
    exigir_minimo("perdida", perdida, 0)
    queda = max(0, maximo - perdida)
    return Resultado({"maximo": queda, "pnj": queda == 0}, (f"{maximo} − {perdida} = {queda}",))


REGLAS = (cordura_inicial, perder_cordura, cero_cordura, recuperar_cordura, cordura_permanente)
TABLAS = ()
