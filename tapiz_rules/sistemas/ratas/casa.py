"""Las reglas de la casa de un director de juego que siguen a *Ratas en las paredes* en 004."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import miles
from tapiz_rules.modelo.unidades import EXITOS, FRACASOS, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_rango
from tapiz_rules.sistemas.ratas.parametros import Banda, ParametrosRatas

SECCION = "Ratas en las paredes: reglas de la casa"
NIVELES = {"fracaso": "Fracaso", "parcial": "Éxito parcial", "exito": "Éxito"}

DANO = {
    ("fracaso", "fracaso"): ("Daño grave", "Daño grave"),
    ("parcial", "parcial"): ("Daño menor", "Daño menor"),
    ("exito", "exito"): ("Ninguno", "Ninguno"),
    ("exito", "parcial"): ("Ninguno", "Parte del castigo"),
    ("exito", "fracaso"): ("Ninguno", "Todo el castigo"),
    ("parcial", "fracaso"): ("Daño menor", "Todo el castigo"),
}

Total = Annotated[int, Entrada("Total", ayuda="2d6 + atributo + modificadores", unidad=SIN_UNIDAD)]


def nivel(p: ParametrosRatas, total: int) -> str:
    return p.banda(total).nivel


def _dano(a: str, b: str) -> tuple[str, str]:
    if (a, b) in DANO:
        return DANO[(a, b)]
    segundo, primero = DANO[(b, a)]
    return primero, segundo


@tabla("matriz_enfrentamiento", titulo="Enfrentamiento entre PJ", seccion=SECCION)
def tabla_enfrentamiento(p: ParametrosRatas) -> Tabla:
    """Qué recibe cada uno cuando dos PJ se enfrentan con tiradas opuestas."""
    return Tabla(
        titulo="Reglas de la casa: enfrentamiento entre PJ",
        columnas=("Uno saca", "El otro saca", "El primero recibe", "El segundo recibe"),
        filas=tuple((NIVELES[a], NIVELES[b], *DANO[(a, b)]) for a, b in DANO),
        notas=(
            "Los tres resultados, en las bandas del juego (lectura de este libro): fracaso, "
            "7 o menos; éxito parcial, 8-9; éxito, 10 o más.",
            f"Para vencer a un PJ hacen falta {p.exitos_para_vencer_a_un_pj} éxitos frente a "
            f"{p.exitos_para_vencer_a_un_pj} fracasos.",
        ),
    )


@regla(
    "enfrentamiento",
    titulo="Enfrentamiento entre PJ",
    enunciado=(
        "Cuando dos personajes jugadores se enfrentan, los dos tiran y cada total se lee por "
        "separado con los tres resultados de la mesa (fracaso, éxito parcial o éxito): si los "
        "dos fracasan, los dos salen dañados; si los dos tienen éxito, ninguno."
    ),
    seccion=SECCION,
    salidas=[
        Campo("nivel_a", str, "Resultado del primero", opciones=tuple(NIVELES.items())),
        Campo("nivel_b", str, "Resultado del segundo", opciones=tuple(NIVELES.items())),
        Campo("dano_a", str, "Lo que recibe el primero"),
        Campo("dano_b", str, "Lo que recibe el segundo"),
    ],
)
def enfrentamiento(p: ParametrosRatas, total_a: Total, total_b: Total) -> Resultado:
    """Dos PJ siempre tiran enfrentados; cada uno cae en fracaso, éxito parcial o éxito."""
    a, b = nivel(p, total_a), nivel(p, total_b)
    dano_a, dano_b = _dano(a, b)
    pasos = (f"{total_a}: {NIVELES[a].lower()}; {total_b}: {NIVELES[b].lower()}",)
    return Resultado({"nivel_a": a, "nivel_b": b, "dano_a": dano_a, "dano_b": dano_b}, pasos)


@regla(
    "peligro_mortal",
    titulo="Peligro mortal",
    enunciado=(
        "Ante una amenaza mortal, dos tiradas seguidas de 7 o menos pueden acarrear la muerte "
        "del personaje, salvo que un compañero saque 8 o más en su rescate."
    ),
    seccion=SECCION,
    salidas=[
        Campo("muere", bool, "Puede morir", decisiva=True),
        Campo("nivel", str, "Resultado de la última tirada", opciones=tuple(NIVELES.items())),
    ],
)
def peligro_mortal(
    p: ParametrosRatas,
    primera: Annotated[
        int, Entrada("Primera tirada", ayuda="Total del primer turno", unidad=SIN_UNIDAD)
    ],
    segunda: Annotated[
        int, Entrada("Segunda tirada", ayuda="Total del segundo turno", unidad=SIN_UNIDAD)
    ],
    rescate: Annotated[
        int,
        Entrada(
            "Rescate",
            ayuda="Total de un compañero que ayuda (0 si nadie ayuda)",
            minimo=0,
            maximo=100,
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
) -> Resultado:
    """Dos 7 o menos seguidos en peligro mortal pueden matar, salvo un rescate de 8 o más."""
    exigir_rango("rescate", rescate, 0, 100)
    fracasos = sum(nivel(p, t) == "fracaso" for t in (primera, segunda))
    rescatado = rescate >= p.exito
    muere = fracasos >= p.fracasos_mortales and not rescatado
    pasos = (
        f"{fracasos} fracasos seguidos",
        "un compañero lo rescata" if rescatado else "nadie lo rescata",
    )
    return Resultado({"muere": muere, "nivel": nivel(p, segunda)}, pasos)


@regla(
    "tres_resultados",
    titulo="Los tres resultados",
    enunciado=(
        "La mesa lee cada tirada con tres resultados: fracaso (la cosa se complica), éxito "
        "parcial (se complica, pero no tanto) y éxito (lo has hecho). Este libro los pone en "
        "las bandas del juego: 7 o menos, 8 o 9, y 10 o más."
    ),
    seccion=SECCION,
    salidas=[Campo("nivel", str, "Resultado", opciones=tuple(NIVELES.items()))],
)
def tres_resultados(p: ParametrosRatas, total: Total) -> Resultado:
    """7 o menos, la cosa se complica; 8-9, se complica pero no tanto; 10 o más, lo has hecho."""
    banda = p.banda(total)
    paso = f"{miles(total)}: {_tramo(p, banda)}, {NIVELES[banda.nivel].lower()}"
    return Resultado({"nivel": banda.nivel}, (paso,))


def _tramo(p: ParametrosRatas, banda: Banda) -> str:
    """La banda en palabras: «7 o menos», «8 o 9», «10 a 11», «12 o más»."""
    posicion = p.bandas.index(banda)
    if posicion + 1 == len(p.bandas):
        return f"{miles(banda.desde)} o más"
    hasta = p.bandas[posicion + 1].desde - 1
    if posicion == 0:
        return f"{miles(hasta)} o menos"
    return f"{miles(banda.desde)} {'o' if hasta == banda.desde + 1 else 'a'} {miles(hasta)}"


@regla(
    "vencer_a_un_pj",
    titulo="Vencer a un PJ",
    enunciado=(
        "Para tumbar, apresar o matar a un personaje jugador hacen falta dos éxitos del "
        "atacante frente a dos fracasos del otro."
    ),
    seccion=SECCION,
    salidas=[Campo("vencido", bool, "Queda vencido", decisiva=True)],
)
def vencer_a_un_pj(
    p: ParametrosRatas,
    exitos: Annotated[int, Entrada("Éxitos del atacante", minimo=0, maximo=100, unidad=EXITOS)],
    fracasos: Annotated[
        int, Entrada("Fracasos del otro PJ", minimo=0, maximo=100, unidad=FRACASOS)
    ],
) -> Resultado:
    """Para tumbar, apresar o matar a un PJ hacen falta dos éxitos frente a dos fracasos suyos."""
    exigir_rango("exitos", exitos, 0, 100)
    exigir_rango("fracasos", fracasos, 0, 100)
    necesarios = p.exitos_para_vencer_a_un_pj
    vencido = exitos >= necesarios and fracasos >= necesarios
    paso = f"{exitos} éxitos y {fracasos} fracasos; hacen falta {necesarios} de cada"
    return Resultado({"vencido": vencido}, (paso,))


REGLAS = (enfrentamiento, peligro_mortal, tres_resultados, vencer_a_un_pj)
TABLAS = (tabla_enfrentamiento,)
