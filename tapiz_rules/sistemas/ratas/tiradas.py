"""La tirada de atributo y las reglas que leen sus bandas: tareas, persecuciones, vehículos."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo
from tapiz_rules.modelo.unidades import SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_rango
from tapiz_rules.sistemas.ratas.parametros import ParametrosRatas

SECCION = "Ratas en las paredes"
DIFICULTADES = {clave: titulo for clave, titulo, _ in ParametrosRatas().dificultades}

Dados = Annotated[
    int,
    Entrada(
        "Tirada de 2d6",
        ayuda="Suma de los 2d6 tirados (2-12)",
        minimo=2,
        maximo=12,
        unidad=SIN_UNIDAD,
    ),
]
Atributo = Annotated[
    int, Entrada("Atributo", ayuda="Valor del atributo relevante", formato=Formato.MODIFICADOR)
]
Dificultad = Annotated[
    str, Entrada("Dificultad", ayuda="Fácil (+2), normal o difícil (−2)", opciones=DIFICULTADES)
]
Ventaja = Annotated[bool, Entrada("Ventaja", ayuda="Ventaja sobre el oponente en un ataque: +2")]


def _total(
    p: ParametrosRatas, dados: int, atributo: int, dificultad: str, ventaja: bool = False
) -> tuple[int, str]:
    exigir_rango("dados", dados, 2, 12)
    titulo, mod = p.modificador(dificultad)
    extra = p.ventaja if ventaja else 0
    total = dados + atributo + mod + extra
    cuenta = f"2d6 = {dados} + atributo {con_signo(atributo)} + {titulo.lower()} {con_signo(mod)}"
    if ventaja:
        cuenta += f" + ventaja {con_signo(extra)}"
    return total, f"{cuenta} = {total}"


@tabla("bandas", titulo="Bandas de resultado", seccion=SECCION)
def tabla_bandas(p: ParametrosRatas) -> Tabla:
    """Qué significa cada banda de resultado de 2d6 + atributo en combate y en tareas."""
    facil, dificil = p.modificador("facil")[1], p.modificador("dificil")[1]
    return Tabla(
        titulo="Ratas en las paredes: bandas de resultado",
        columnas=("Resultado", "En combate", "En una tarea"),
        filas=tuple((b.nombre, b.combate, b.tarea) for b in p.bandas),
        notas=(
            f"{p.dados} + atributo ≥ {p.exito} es un éxito; una acción fácil suma "
            f"{con_signo(facil)} y una difícil {con_signo(dificil)}.",
        ),
    )


@tabla("consecuencias", titulo="Consecuencias", seccion=SECCION)
def tabla_consecuencias(p: ParametrosRatas) -> Tabla:
    """La lista de consecuencias que eligen el DJ y los jugadores."""
    return Tabla(
        titulo="Ratas en las paredes: consecuencias",
        columnas=("Consecuencia", "Qué supone"),
        filas=(
            ("Bala perdida", "El ataque alcanza a un inocente que está en la escena"),
            ("Estrés", "Se pierden 1d3 puntos de cordura"),
            ("Herir", "El objetivo sufre el daño de un arma (una sola aunque ataquen varios)"),
            ("Ignorar armadura", "No cuenta la protección del objetivo"),
            ("Vulnerable", "Sin bonificación de atributo, o sin alcanzar al atacante"),
        ),
        notas=("Se puede inventar otra que encaje mejor en la escena.",),
    )


@regla(
    "tirada",
    titulo="Tirada de atributo",
    enunciado=(
        "Total = 2d6 + atributo, +2 si es fácil y otros +2 si hay ventaja (se suman), −2 si "
        "es difícil. Con 7 o "
        "menos, el DJ usa dos consecuencias contra el personaje o una muy seria; con 8 o 9, "
        "lo consigue pero sufre una consecuencia; con 10 u 11, lo consigue y elige una "
        "consecuencia para su objetivo; con 12 o más, dos."
    ),
    seccion=SECCION,
    salidas=[
        Campo("total", int, "Total", ayuda="2d6 + atributo + modificadores", unidad=SIN_UNIDAD),
        Campo("exito", bool, "Éxito", ayuda="Si el total es 8 o más", decisiva=True),
        Campo("banda", str, "Banda de resultado", ayuda="Banda de resultado: 7-, 8-9, 10-11 o 12+"),
        Campo("descripcion", str, "Qué ocurre", ayuda="Qué ocurre en combate con esa banda"),
    ],
)
def tirada(
    p: ParametrosRatas,
    dados: Dados,
    atributo: Atributo = 0,
    dificultad: Dificultad = "normal",
    ventaja: Ventaja = False,
) -> Resultado:
    """La tirada de atributo de *Ratas en las paredes*: 2d6 + atributo, éxito con 8 o más."""
    total, cuenta = _total(p, dados, atributo, dificultad, ventaja)
    banda = p.banda(total)
    exito = total >= p.exito
    pasos = (
        cuenta,
        f"{total} {'≥' if exito else '<'} {p.exito}: {'éxito' if exito else 'fallo'}, "
        f"banda {banda.nombre}",
    )
    valores = {"total": total, "exito": exito, "banda": banda.nombre, "descripcion": banda.combate}
    return Resultado(valores, pasos)


@regla(
    "tarea",
    titulo="Regla de tareas",
    enunciado=(
        "Una tarea larga siempre se logra: con 7 o menos lleva 2d6 unidades de tiempo "
        "(turnos, minutos, horas…); con 8 o 9, 1d6; con 10 o más, se logra casi en el acto."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "total",
            int,
            "Total",
            ayuda="2d6 + atributo + modificador por dificultad",
            unidad=SIN_UNIDAD,
        ),
        Campo("tiempo", str, "Cuánto tarda", ayuda="2d6 o 1d6 unidades, o casi en el acto"),
    ],
)
def tarea(
    p: ParametrosRatas, dados: Dados, atributo: Atributo = 0, dificultad: Dificultad = "normal"
) -> Resultado:
    """Una tarea larga siempre se logra: la tirada dice cuánto tiempo lleva."""
    total, cuenta = _total(p, dados, atributo, dificultad)
    banda = p.banda(total)
    return Resultado({"total": total, "tiempo": banda.tarea}, (cuenta, f"banda {banda.nombre}"))


PERSECUCION = (
    "Se estrella",
    "Escapa o alcanza, pero en mala posición",
    "Escapa o atrapa a su presa",
)
VEHICULOS = ("El enemigo le golpea", "Se golpean los dos", "Golpea a su objetivo")


def _tres_tramos(p: ParametrosRatas, total: int, textos: tuple[str, str, str]) -> str:
    """El texto del resultado del total: fracaso, éxito parcial o éxito, según sus bandas."""
    return textos[("fracaso", "parcial", "exito").index(p.banda(total).nivel)]


@regla(
    "persecucion",
    titulo="Persecución",
    enunciado=(
        "2d6 + DESTREZA: con 7 o menos, el personaje se estrella; con 8 o 9, escapa o alcanza,"
        " pero en mala posición; con 10 o más, escapa o atrapa a su presa y la persecución "
        "termina."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "total",
            int,
            "Total",
            ayuda="2d6 + DESTREZA + modificador por dificultad",
            unidad=SIN_UNIDAD,
        ),
        Campo("desenlace", str, "Desenlace", ayuda="Qué pasa con la persecución"),
    ],
)
def persecucion(
    p: ParametrosRatas, dados: Dados, destreza: Atributo = 0, dificultad: Dificultad = "normal"
) -> Resultado:
    """2d6 + DESTREZA: con 7 o menos se estrella; con 10 o más la persecución termina."""
    total, cuenta = _total(p, dados, destreza, dificultad)
    return Resultado({"total": total, "desenlace": _tres_tramos(p, total, PERSECUCION)}, (cuenta,))


@regla(
    "combate_de_vehiculos",
    titulo="Combate de vehículos",
    enunciado=(
        "2d6 + DESTREZA: con 7 o menos golpea el enemigo; con 8 o 9, los dos; con 10 o más, "
        "el personaje."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "total",
            int,
            "Total",
            ayuda="2d6 + DESTREZA (o INGENIO con tripulación)",
            unidad=SIN_UNIDAD,
        ),
        Campo("desenlace", str, "Quién golpea", ayuda="Quién acierta en el intercambio"),
    ],
)
def combate_de_vehiculos(
    p: ParametrosRatas, dados: Dados, atributo: Atributo = 0, dificultad: Dificultad = "normal"
) -> Resultado:
    """2d6 + DESTREZA: 7 o menos, golpea el enemigo; 8-9, ambos; 10 o más, el PJ."""
    total, cuenta = _total(p, dados, atributo, dificultad)
    return Resultado({"total": total, "desenlace": _tres_tramos(p, total, VEHICULOS)}, (cuenta,))


@tabla("vehiculos", titulo="PV de los vehículos", seccion=SECCION)
def tabla_vehiculos(p: ParametrosRatas) -> Tabla:
    """Los PV de referencia de los vehículos; sus armas hacen 3d6."""
    return Tabla(
        titulo="Ratas en las paredes: PV de los vehículos",
        columnas=("Vehículo", "PV"),
        filas=p.vehiculos,
        notas=(
            f"Las armas de vehículo hacen {p.dano_armas_de_vehiculo}; a un vehículo acorazado "
            f"solo le dañan las armas de {p.dano_armas_de_vehiculo}.",
            f"Ningún vehículo debería pasar de {p.pv_maximos_de_vehiculo} PV. A 0 PV queda "
            "destruido o inutilizado, a elección del atacante.",
        ),
    )


REGLAS = (tirada, tarea, persecucion, combate_de_vehiculos)
TABLAS = (tabla_bandas, tabla_consecuencias, tabla_vehiculos)
