"""Otros sistemas de las semillas, expresados con el mismo motor.

Un sistema d20 (1d20 + modificadores contra una Clase de Dificultad) y *Ratas en
las paredes* (2d6 + atributo, éxito con 8 o más y bandas de resultado).
"""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo, exigir_rango, operador

SECCION_D20 = "Otros sistemas: d20"
SECCION_RATAS = "Otros sistemas: Ratas en las paredes"
CARAS_D20 = 20
ELECCIONES = (0, 10, 20)


@REGISTRO.regla(
    "prueba_d20",
    titulo="Prueba d20 contra una CD",
    seccion=SECCION_D20,
    entradas=[
        Campo(
            "tirada",
            int,
            "Resultado natural del d20 (no hace falta si se elige 10 o 20)",
            por_defecto=None,
            admite_nulo=True,
        ),
        Campo(
            "modificador", int, "Suma de modificadores (habilidad, característica…)", por_defecto=0
        ),
        Campo("cd", int, "Clase de Dificultad"),
        Campo(
            "elegir",
            int,
            "0 para tirar; 10 o 20 para elegir ese resultado sin tirar",
            por_defecto=0,
            opciones=ELECCIONES,
        ),
        Campo(
            "ataque",
            bool,
            "Si es una tirada de ataque (un 20 natural siempre impacta)",
            por_defecto=False,
        ),
    ],
    salidas=[
        Campo("total", int, "Resultado modificado"),
        Campo("exito", bool, "Si iguala o supera la CD (o es un ataque con 20 natural)"),
        Campo("natural_20", bool, "Si el dado sacó un 20 natural"),
    ],
)
def prueba_d20(
    reglamento: Reglamento, tirada: int | None, modificador: int, cd: int, elegir: int, ataque: bool
) -> Resultado:
    """Una prueba del sistema d20: 1d20 + modificadores contra la Clase de Dificultad.

    Se puede elegir 10 (sin amenazas ni distracciones) o 20 (con tiempo y sin
    perjuicio por fallar) en lugar de tirar. En un ataque, un 20 natural siempre
    impacta.
    """
    if elegir:
        if tirada is not None:
            raise ErrorEntrada(f"al elegir {elegir} no se tira el dado: quita la entrada «tirada»")
        dado, origen = elegir, f"elige {elegir}"
    else:
        if tirada is None:
            raise ErrorEntrada("falta la entrada «tirada»: el resultado del d20 (o elige 10 o 20)")
        exigir_rango("tirada", tirada, 1, CARAS_D20)
        dado, origen = tirada, f"d20 = {tirada}"
    total = dado + modificador
    natural = not elegir and tirada == CARAS_D20
    exito = total >= cd or (ataque and natural)
    pasos = [f"{origen}; {dado} {operador(modificador)} = {total} contra CD {cd}"]
    if ataque and natural and total < cd:
        pasos.append("20 natural en un ataque: impacta siempre")
    pasos.append("Éxito" if exito else "Fallo")
    return Resultado({"total": total, "exito": exito, "natural_20": natural}, tuple(pasos))


@dataclass(frozen=True)
class Banda:
    nombre: str
    desde: int
    combate: str
    tarea: str


BANDAS: tuple[Banda, ...] = (
    Banda(
        "7-",
        -1000,
        "El DJ puede usar dos consecuencias contra él o una muy seria",
        "Lo consigue en 2d6 (turnos, minutos, horas…)",
    ),
    Banda(
        "8-9",
        8,
        "Tiene éxito, pero sufre una consecuencia",
        "Lo hace en 1d6 (turnos, minutos, horas…)",
    ),
    Banda(
        "10-11",
        10,
        "Tiene éxito y elige una consecuencia para su objetivo",
        "Lo consigue casi inmediatamente",
    ),
    Banda(
        "12+",
        12,
        "Tiene éxito y escoge dos consecuencias para su objetivo",
        "Lo consigue casi inmediatamente",
    ),
)
EXITO_RATAS = 8
DIFICULTADES_RATAS = {"facil": 2, "normal": 0, "dificil": -2}
TITULOS_DIFICULTAD = {"facil": "fácil", "normal": "normal", "dificil": "difícil"}


def banda_de(total: int) -> Banda:
    return [b for b in BANDAS if total >= b.desde][-1]


@REGISTRO.tabla(
    "bandas_ratas", titulo="Ratas en las paredes: bandas de resultado", seccion=SECCION_RATAS
)
def tabla_bandas(reglamento: Reglamento) -> Tabla:
    """Qué significa cada banda de resultado de 2d6 + atributo en combate y en tareas."""
    return Tabla(
        titulo="Ratas en las paredes: bandas de resultado",
        columnas=("Resultado", "En combate", "En una tarea"),
        filas=tuple((b.nombre, b.combate, b.tarea) for b in BANDAS),
        notas=(
            f"2d6 + atributo ≥ {EXITO_RATAS} es un éxito; una acción fácil suma "
            f"{con_signo(DIFICULTADES_RATAS['facil'])} y una difícil "
            f"{con_signo(DIFICULTADES_RATAS['dificil'])}.",
        ),
    )


@REGISTRO.regla(
    "tirada_ratas",
    titulo="Tirada de atributo de Ratas en las paredes",
    seccion=SECCION_RATAS,
    entradas=[
        Campo("dados", int, "Suma de los 2d6 tirados (2-12)"),
        Campo("atributo", int, "Valor del atributo relevante", por_defecto=0),
        Campo(
            "dificultad",
            str,
            "Fácil (+2), normal o difícil (-2)",
            por_defecto="normal",
            opciones=tuple(DIFICULTADES_RATAS),
        ),
    ],
    salidas=[
        Campo("total", int, "2d6 + atributo + modificador por dificultad"),
        Campo("exito", bool, f"Si el total es {EXITO_RATAS} o más"),
        Campo("banda", str, "Banda de resultado: 7-, 8-9, 10-11 o 12+"),
        Campo("descripcion", str, "Qué ocurre en combate con esa banda"),
    ],
)
def tirada_ratas(reglamento: Reglamento, dados: int, atributo: int, dificultad: str) -> Resultado:
    """La tirada de atributo de *Ratas en las paredes*: 2d6 + atributo, éxito con 8 o más."""
    exigir_rango("dados", dados, 2, 12)
    mod = DIFICULTADES_RATAS[dificultad]
    total = dados + atributo + mod
    banda = banda_de(total)
    exito = total >= EXITO_RATAS
    pasos = (
        f"2d6 = {dados} + atributo {con_signo(atributo)} "
        f"+ {TITULOS_DIFICULTAD[dificultad]} {con_signo(mod)} = {total}",
        f"{total} {'≥' if exito else '<'} {EXITO_RATAS}: {'éxito' if exito else 'fallo'}, "
        f"banda {banda.nombre}",
    )
    valores = {"total": total, "exito": exito, "banda": banda.nombre, "descripcion": banda.combate}
    return Resultado(valores, pasos)
