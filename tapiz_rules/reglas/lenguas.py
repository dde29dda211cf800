"""Lenguas: niveles hablado y escrito, avances y la regla opcional TZR0001."""

from __future__ import annotations

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import exigir_opcional
from tapiz_rules.reglas.accion import BONUS_LENGUA, CAMPO_NIVEL, calcular_bonus_rasgos

SECCION = "Lenguas"
NIVELES: tuple[str, ...] = ("ninguno", "bajo", "medio", "alto", "erudito")
ERUDITO = "erudito"
NIVELES_POR_AVANCE = 2
"""Un punto de avance cubre dos niveles de un tipo o uno de cada tipo."""
REQUISITO_ERUDITO = "solo hablantes nativos o personajes dedicados al estudio de esa lengua"
CIRCUNSTANCIAS: tuple[str, ...] = (
    "Para el medio (hablado o escrito) empleado se tiene nivel erudito en esa lengua.",
    "Para el medio empleado se tiene nivel medio o alto cuando la audiencia tiene en gran estima "
    "esa lengua (es su lengua nativa o se reverencia) y no se espera que el hablante la domine.",
)


@REGISTRO.tabla("niveles_lengua", titulo="Niveles de una lengua", seccion=SECCION)
def tabla_niveles(reglamento: Reglamento) -> Tabla:
    """Los niveles de familiaridad con una lengua, que se anotan para lo hablado y lo escrito."""
    filas = tuple(
        (nivel, escalon, REQUISITO_ERUDITO.capitalize() if nivel == ERUDITO else "—")
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


CAMPOS_AVANCE = [
    Campo(nombre, str, f"Nivel {tipo} {cuando} del avance", opciones=NIVELES)
    for nombre, tipo, cuando in (
        ("hablado_antes", "hablado", "antes"),
        ("escrito_antes", "escrito", "antes"),
        ("hablado_despues", "hablado", "después"),
        ("escrito_despues", "escrito", "después"),
    )
]


@REGISTRO.regla(
    "avance_lengua",
    titulo="Avance en una lengua",
    seccion=SECCION,
    entradas=[
        *CAMPOS_AVANCE,
        Campo(
            "erudito_justificado",
            bool,
            "Si el personaje es hablante nativo o se dedica al estudio de la lengua",
            por_defecto=False,
        ),
    ],
    salidas=[
        Campo("valido", bool, "Si un punto de avance permite ese cambio"),
        Campo("niveles", int, "Niveles que se suben en total"),
        Campo("motivo", str, "Por qué es válido o no"),
    ],
)
def avance_lengua(
    reglamento: Reglamento,
    hablado_antes: str,
    escrito_antes: str,
    hablado_despues: str,
    escrito_despues: str,
    erudito_justificado: bool,
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


@REGISTRO.regla(
    "bonus_lengua",
    titulo="Bonus de rasgo por lengua (TZR0001)",
    seccion=SECCION,
    entradas=[
        Campo(
            "erudito",
            bool,
            "Se tiene nivel erudito en el medio (hablado o escrito) que se usa",
            por_defecto=False,
        ),
        Campo(
            "circunstancia",
            bool,
            "La audiencia estima esa lengua y no espera que el personaje la domine",
            por_defecto=False,
        ),
        CAMPO_NIVEL,
        Campo("rasgos", int, "Otros rasgos que ayudan en la tirada", por_defecto=0),
    ],
    salidas=[
        Campo("bonus_rasgos", int, "Bonus total de rasgos de la tirada, con el tope de 2 × nivel"),
        Campo("rasgos_lengua", int, "Bonus de rasgo +1 que aporta la lengua (0-2)"),
    ],
)
def bonus_lengua(
    reglamento: Reglamento, erudito: bool, circunstancia: bool, nivel: int, rasgos: int
) -> Resultado:
    """Regla opcional TZR0001: la lengua como bonus de rasgo.

    Cada una de estas circunstancias da un bonus de rasgo +1: tener nivel erudito
    en el medio empleado, y usar con nivel medio o alto una lengua que la audiencia
    tiene en gran estima cuando no se espera que el personaje la domine. Cuentan
    para el tope de bonus de rasgos (2 × nivel).
    """
    exigir_opcional(reglamento, "TZR0001", "la regla «bonus_lengua»")
    rasgos_lengua = int(erudito) + int(circunstancia)
    pasos = []
    if erudito:
        pasos.append(f"+{BONUS_LENGUA} de bonus de rasgo por nivel erudito")
    if circunstancia:
        pasos.append(f"+{BONUS_LENGUA} de bonus de rasgo por una lengua estimada por la audiencia")
    if not rasgos_lengua:
        pasos.append("Ninguna circunstancia de lengua: sin bonus por lengua")
    total = calcular_bonus_rasgos(reglamento, nivel, rasgos, rasgos_lengua)
    pasos.append(total.paso)
    return Resultado({"bonus_rasgos": total.bonus, "rasgos_lengua": rasgos_lengua}, tuple(pasos))
