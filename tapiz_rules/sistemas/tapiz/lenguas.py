"""Lenguas: niveles hablado y escrito, avances y la regla opcional TZR0001."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Resultado, Tabla, regla, tabla, unidades
from tapiz_rules.modelo.unidades import RASGOS, SIN_UNIDAD
from tapiz_rules.sistemas.tapiz.accion import Nivel, calcular_bonus_rasgos
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz, exigir_lengua

SECCION = "Lenguas"
ETIQUETAS_NIVEL = {
    "ninguno": "Ninguno",
    "bajo": "Bajo",
    "medio": "Medio",
    "alto": "Alto",
    "erudito": "Erudito",
}
NIVELES: tuple[str, ...] = tuple(ETIQUETAS_NIVEL)
ERUDITO = "erudito"
NIVELES_POR_AVANCE = 2
"""Un punto de avance cubre dos niveles de un tipo o uno de cada tipo."""
REQUISITO_ERUDITO = "solo hablantes nativos o personajes dedicados al estudio de esa lengua"


@tabla("niveles_lengua", titulo="Niveles de una lengua", seccion=SECCION)
def tabla_niveles(p: ParametrosTapiz) -> Tabla:
    """Los niveles de familiaridad con una lengua, que se anotan para lo hablado y lo escrito."""
    filas = tuple(
        (
            ETIQUETAS_NIVEL[nivel],
            escalon,
            REQUISITO_ERUDITO.capitalize() if nivel == ERUDITO else "—",
        )
        for escalon, nivel in enumerate(NIVELES)
        if escalon
    )
    return Tabla(
        titulo="Niveles de una lengua",
        columnas=("Nivel", "Escalón", "Quién puede alcanzarlo"),
        filas=filas,
        notas=(
            "Cada lengua tiene un nivel hablado y otro escrito.",
            f"Un punto de avance sube {NIVELES_POR_AVANCE} niveles de un tipo o uno de cada tipo.",
        ),
    )


def _nivel(tipo: str, cuando: str) -> Entrada:
    return Entrada(
        f"Nivel {tipo} {cuando}",
        ayuda=f"Nivel {tipo} {cuando} del avance",
        opciones=ETIQUETAS_NIVEL,
    )


@regla(
    "avance_lengua",
    titulo="Avance en una lengua",
    enunciado=(
        "Un avance en una lengua sube dos niveles de un mismo medio (hablado o escrito) o un "
        "nivel de cada uno; el nivel erudito solo lo alcanzan los hablantes nativos o quienes"
        " estudian la lengua."
    ),
    seccion=SECCION,
    salidas=[
        Campo("valido", bool, "Avance válido", ayuda="Si un punto de avance permite ese cambio"),
        Campo(
            "niveles",
            int,
            "Niveles que sube",
            unidad=unidades.NIVELES,
            ayuda="Niveles que se suben en total",
        ),
        Campo("motivo", str, "Motivo", ayuda="Por qué es válido o no"),
    ],
)
def avance_lengua(
    p: ParametrosTapiz,
    hablado_antes: Annotated[str, _nivel("hablado", "antes")],
    escrito_antes: Annotated[str, _nivel("escrito", "antes")],
    hablado_despues: Annotated[str, _nivel("hablado", "después")],
    escrito_despues: Annotated[str, _nivel("escrito", "después")],
    erudito_justificado: Annotated[
        bool,
        Entrada(
            "Erudito justificado",
            ayuda="Si el personaje es hablante nativo o se dedica al estudio de la lengua",
        ),
    ] = False,
) -> Resultado:
    """Comprueba lo que compra un punto de avance en una lengua.

    Cubre dos niveles de un tipo (hablado o escrito) o un nivel de cada tipo. El
    nivel erudito solo lo alcanzan hablantes nativos o quienes estudian la lengua.
    """
    subida_hablado = NIVELES.index(hablado_despues) - NIVELES.index(hablado_antes)
    subida_escrito = NIVELES.index(escrito_despues) - NIVELES.index(escrito_antes)
    niveles = max(subida_hablado, 0) + max(subida_escrito, 0)
    pasos = [
        f"Hablado {hablado_antes} → {hablado_despues} ({subida_hablado:+d}), "
        f"escrito {escrito_antes} → {escrito_despues} ({subida_escrito:+d}): {niveles} niveles"
    ]
    nuevo_erudito = (hablado_despues == ERUDITO != hablado_antes) or (
        escrito_despues == ERUDITO != escrito_antes
    )
    if subida_hablado < 0 or subida_escrito < 0:
        valido, motivo = False, "un avance no baja niveles"
    elif niveles == 0:
        valido, motivo = False, "no sube ningún nivel"
    elif niveles > NIVELES_POR_AVANCE:
        valido = False
        motivo = f"un punto de avance cubre como mucho {NIVELES_POR_AVANCE} niveles, no {niveles}"
    elif nuevo_erudito and not erudito_justificado:
        valido = False
        motivo = f"el nivel erudito no está justificado: lo alcanzan {REQUISITO_ERUDITO}"
    else:
        valido = True
        motivo = f"{niveles} de los {NIVELES_POR_AVANCE} niveles que cubre un punto de avance"
    pasos.append(f"{'Válido' if valido else 'No válido'}: {motivo}")
    if valido and NIVELES.index(escrito_despues) > NIVELES.index(hablado_despues):
        pasos.append("Válido, aunque un nivel escrito por encima del hablado rara vez resulta útil")
    return Resultado({"valido": valido, "niveles": niveles, "motivo": motivo}, tuple(pasos))


@regla(
    "bonus_lengua",
    titulo="Bonus de rasgo por lengua (TZR0001)",
    enunciado=(
        "Con esta regla opcional, tener nivel erudito en el medio que se usa da +1 de bonus "
        "de rasgo, y usar con nivel medio o alto una lengua que la audiencia estima y que no "
        "espera que el personaje domine, otro +1;"
        " cuentan para el tope de bonus de rasgos."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "bonus_rasgos",
            int,
            "Bonus de rasgos",
            ayuda="Bonus total de rasgos de la tirada, con el tope de 2 × nivel",
            unidad=SIN_UNIDAD,
        ),
        Campo(
            "rasgos_lengua",
            int,
            "Rasgos por lengua",
            ayuda="Bonus de rasgo +1 que aporta la lengua (0-2)",
            unidad=RASGOS,
        ),
    ],
)
def bonus_lengua(
    p: ParametrosTapiz,
    erudito: Annotated[
        bool,
        Entrada(
            "Nivel erudito",
            ayuda="Se tiene nivel erudito en el medio (hablado o escrito) que se usa",
        ),
    ] = False,
    circunstancia: Annotated[
        bool,
        Entrada(
            "Lengua estimada por la audiencia",
            ayuda="La audiencia estima esa lengua y no espera que el personaje la domine",
        ),
    ] = False,
    nivel: Nivel = 1,
    rasgos: Annotated[
        int,
        Entrada(
            "Otros rasgos", ayuda="Otros rasgos que ayudan en la tirada", minimo=0, unidad=RASGOS
        ),
    ] = 0,
) -> Resultado:
    """Regla opcional TZR0001: la lengua como bonus de rasgo.

    Cada una de estas circunstancias da un bonus de rasgo +1: tener nivel erudito
    en el medio empleado, y usar con nivel medio o alto una lengua que la audiencia
    tiene en gran estima cuando no se espera que el personaje la domine. Cuentan
    para el tope de bonus de rasgos (2 × nivel).
    """
    exigir_lengua(p, "la regla «bonus_lengua»")
    rasgos_lengua = int(erudito) + int(circunstancia)
    pasos = []
    if erudito:
        pasos.append(f"+{p.bonus_lengua} de bonus de rasgo por nivel erudito")
    if circunstancia:
        pasos.append(
            f"+{p.bonus_lengua} de bonus de rasgo por una lengua estimada por la audiencia"
        )
    if not rasgos_lengua:
        pasos.append("Ninguna circunstancia de lengua: sin bonus por lengua")
    total = calcular_bonus_rasgos(p, nivel, rasgos, rasgos_lengua)
    pasos.append(total.paso)
    return Resultado({"bonus_rasgos": total.bonus, "rasgos_lengua": rasgos_lengua}, tuple(pasos))


REGLAS = (avance_lengua, bonus_lengua)
TABLAS = (tabla_niveles,)
