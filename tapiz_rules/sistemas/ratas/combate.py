"""Daño, protección, fuego automático, morir a 0 PV, otros peligros, huir y recuperarse."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Resultado, Segun, Tabla, regla, tabla
from tapiz_rules.modelo.unidades import SIN_UNIDAD, TURNOS
from tapiz_rules.modelo.validacion import exigir_minimo, exigir_rango
from tapiz_rules.sistemas.ratas.parametros import ParametrosRatas, limites

SECCION = "Ratas en las paredes"

PV = Annotated[
    int, Entrada("PV actuales", ayuda="Puntos de vida antes del golpe", unidad="PV", minimo=0)
]
Dano = Annotated[
    int, Entrada("Daño", ayuda="Lo que sacan los dados de daño del arma", unidad="PV", minimo=0)
]
Proteccion = Annotated[
    int,
    Entrada(
        "Protección", ayuda="Protección de la armadura (0, 1 o 2)", minimo=0, unidad=SIN_UNIDAD
    ),
]
Enemigo = Annotated[
    bool, Entrada("Es un enemigo", ayuda="Los enemigos huyen o se rinden con 2 PV o menos")
]
Dado = Annotated[int, Entrada("Dado", ayuda="Un d6 (1-6)", minimo=1, maximo=6, unidad=SIN_UNIDAD)]


@tabla("armaduras", titulo="Armaduras", seccion=SECCION)
def tabla_armaduras(p: ParametrosRatas) -> Tabla:
    """La protección se resta del daño; en los años 20 no hay armaduras."""
    return Tabla(
        titulo="Ratas en las paredes: armaduras",
        columnas=("Época", "Armadura", "Protección"),
        filas=p.armaduras,
        notas=("La consecuencia «ignorar armadura» anula la protección.",),
    )


@regla(
    "herida",
    titulo="Daño y protección",
    enunciado=(
        "Se pierden tantos PV como el daño menos la protección; a 0 PV el personaje empieza a"
        " morir. La mayoría de los enemigos que se quedan con 2 PV o menos huyen o se rinden."
    ),
    seccion=SECCION,
    salidas=[
        Campo("dano", int, "Daño sufrido", unidad="PV"),
        Campo("pv", int, "PV que quedan", unidad="PV"),
        Campo("muriendo", bool, "Cae a 0 PV", ayuda="Muere en 1d6 turnos si nadie le ayuda"),
        Campo(
            "huye",
            bool,
            "Lo normal es que huya o se rinda",
            ayuda="Un enemigo con 2 PV o menos: la mayoría huyen o se rinden",
        ),
    ],
)
def herida(
    p: ParametrosRatas, pv: PV, dano: Dano, proteccion: Proteccion = 0, enemigo: Enemigo = False
) -> Resultado:
    """El daño menos la protección se resta de los PV; a 0 PV se empieza a morir."""
    exigir_minimo("dano", dano, 0)
    sufrido = max(0, dano - proteccion)
    quedan = max(0, pv - sufrido)
    muriendo = quedan == 0
    huye = enemigo and not muriendo and quedan <= p.huye_con_pv
    pasos = (
        f"{dano} de daño − {proteccion} de protección = {sufrido}",
        f"{pv} − {sufrido} = {quedan} PV",
    )
    return Resultado({"dano": sufrido, "pv": quedan, "muriendo": muriendo, "huye": huye}, pasos)


@regla(
    "fuego_automatico",
    titulo="Fuego automático",
    enunciado=(
        "Se tiran 3d6 en lugar de 2d6, sin sumar atributo ni bonificaciones, y el total se "
        "lee como una tirada normal; si algún dado saca un 1, el arma se queda sin munición."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "total", int, "Total", ayuda="La suma de los 3d6, sin bonificaciones", unidad=SIN_UNIDAD
        ),
        Campo("exito", bool, "Éxito", ayuda="Si el total es 8 o más", decisiva=True),
        Campo("banda", str, "Banda de resultado"),
        Campo("sin_municion", bool, "Se queda sin munición", ayuda="Si algún dado sacó un 1"),
    ],
)
def fuego_automatico(p: ParametrosRatas, dado_1: Dado, dado_2: Dado, dado_3: Dado) -> Resultado:
    """3d6 en vez de 2d6 y sin bonificaciones; un 1 en cualquier dado vacía el arma."""
    dados = (dado_1, dado_2, dado_3)
    for i, d in enumerate(dados, 1):
        exigir_rango(f"dado_{i}", d, 1, 6)
    total = sum(dados)
    vacia = p.vacia_el_arma in dados
    valores = {
        "total": total,
        "exito": total >= p.exito,
        "banda": p.banda(total).nombre,
        "sin_municion": vacia,
    }
    paso = f"3d6 = {' + '.join(map(str, dados))} = {total}"
    return Resultado(
        valores, (paso, "un 1: el arma se vacía tras este turno" if vacia else "sin unos")
    )


@regla(
    "alcance",
    titulo="Alcance",
    enunciado=(
        "Hay tres distancias: próximo, cerca y lejos. Desde lejos solo disparan las armas de "
        "2d6, y la tirada es difícil."
    ),
    seccion=SECCION,
    salidas=[
        Campo("posible", bool, "Se puede disparar", decisiva=True),
        Campo("dificultad", str, "Dificultad", ayuda="Lejos es difícil"),
    ],
)
def alcance(
    p: ParametrosRatas,
    distancia: Annotated[
        str,
        Entrada(
            "Distancia",
            ayuda="Próximo, cerca o lejos",
            opciones={"proximo": "Próximo", "cerca": "Cerca", "lejos": "Lejos"},
        ),
    ],
    arma_2d6: Annotated[bool, Entrada("Arma de 2d6", ayuda="Si el arma hace 2d6 de daño")] = False,
) -> Resultado:
    """Solo hay tres distancias; desde lejos solo disparan las armas de 2d6, y es difícil."""
    lejos = distancia == "lejos"
    posible = arma_2d6 or not lejos
    if not lejos:
        paso = "a esa distancia dispara cualquier arma, con la tirada normal"
    elif arma_2d6:
        paso = "desde lejos dispara un arma de 2d6, y la tirada es difícil"
    else:
        paso = "desde lejos solo disparan las armas de 2d6: esta no llega"
    return Resultado({"posible": posible, "dificultad": "dificil" if lejos else "normal"}, (paso,))


@regla(
    "recuperacion",
    titulo="Recuperación de PV",
    enunciado=(
        "No hay curación natural: una cura médica devuelve 1d6 PV y entre sesiones se "
        "recuperan todos, sin pasar del máximo."
    ),
    seccion=SECCION,
    salidas=[Campo("pv", int, "PV tras la cura", unidad="PV")],
)
def recuperacion(
    p: ParametrosRatas,
    pv: PV,
    maximo: Annotated[int, Entrada("PV máximos", unidad="PV", minimo=1)] = 10,
    cura: Annotated[
        int,
        Entrada(
            "Cura médica (1d6)",
            ayuda="Lo que saca el 1d6 del médico",
            minimo=0,
            maximo=6,
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
    entre_sesiones: Annotated[bool, Entrada("Entre sesiones", ayuda="Se recupera todo")] = False,
) -> Resultado:
    """Sin curación natural: un médico devuelve 1d6 PV y entre sesiones se recupera todo."""
    exigir_rango("cura", cura, 0, 6)
    nuevos = maximo if entre_sesiones else min(maximo, pv + cura)
    return Resultado({"pv": nuevos}, (f"{pv} + {cura} = {nuevos} PV (máximo {maximo})",))


@regla(
    "a_cero_pv",
    titulo="A 0 PV",
    enunciado=(
        "A 0 PV el personaje muere al cabo de 1d6 turnos (1d3 con el corazón débil), salvo "
        "que alguien pase un turno a su lado antes: entonces se levanta con 1 PV y tira en la"
        " tabla de cicatrices."
    ),
    seccion=SECCION,
    salidas=[
        Campo("plazo", str, "Dado del plazo", ayuda="1d6, o 1d3 con «Corazón débil»"),
        Campo("turnos", int, "Turnos de vida", unidad="turnos"),
        Campo("sobrevive", bool, "Sobrevive", decisiva=True),
        Campo("pv", int, "PV al acabar", unidad="PV"),
        Campo("cicatriz", bool, "Tira en la tabla de cicatrices"),
    ],
)
def a_cero_pv(
    p: ParametrosRatas,
    turnos: Annotated[
        int,
        Entrada(
            "Turnos de vida",
            unidad=TURNOS,
            ayuda="1d6 (1d3 con «Corazón débil»)",
            segun=Segun("corazon_debil", lambda p, debil: limites(p.plazo_de_muerte(debil))),
        ),
    ],
    ayuda: Annotated[
        int,
        Entrada(
            "Turno de la ayuda",
            ayuda="En qué turno alguien pasa un turno a su lado (0 si nadie)",
            minimo=0,
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
    corazon_debil: Annotated[
        bool, Entrada("Corazón débil", ayuda="La cicatriz de la locura que acorta el plazo")
    ] = False,
) -> Resultado:
    """A 0 PV se muere al cabo de 1d6 turnos, salvo que alguien pase un turno ayudando."""
    plazo = p.plazo_de_muerte(corazon_debil)
    exigir_rango("turnos", turnos, *limites(plazo))
    exigir_minimo("ayuda", ayuda, 0)
    sobrevive = 0 < ayuda <= turnos
    valores = {
        "plazo": plazo,
        "turnos": turnos,
        "sobrevive": sobrevive,
        "pv": p.pv_al_sobrevivir if sobrevive else 0,
        "cicatriz": sobrevive,
    }
    pasos = (
        f"{plazo} = {turnos} turnos",
        f"le ayudan en el turno {ayuda}: se levanta con {p.pv_al_sobrevivir} PV y una cicatriz"
        if sobrevive
        else "nadie le ayuda a tiempo: muere",
    )
    return Resultado(valores, pasos)


@regla(
    "peligro",
    titulo="Otros peligros",
    enunciado=(
        "Un peligro hace 1d6, 2d6 o 3d6 de daño, según lo grave que sea, y ese daño se resta "
        "de los PV."
    ),
    seccion=SECCION,
    salidas=[
        Campo("dano", int, "Daño", unidad="PV"),
        Campo("pv", int, "PV que quedan", unidad="PV"),
        Campo("muriendo", bool, "Cae a 0 PV"),
    ],
)
def peligro(
    p: ParametrosRatas,
    pv: PV,
    gravedad: Annotated[
        str,
        Entrada(
            "Dados del peligro",
            ayuda="Los elige el DJ según lo grave que sea",
            opciones={d: d for d in ParametrosRatas().peligros},
        ),
    ],
    tirada: Annotated[
        int,
        Entrada(
            "Tirada",
            ayuda="Lo que sacan esos dados",
            segun=Segun("gravedad", lambda p, gravedad: limites(gravedad)),
            unidad=SIN_UNIDAD,
        ),
    ],
) -> Resultado:
    """Explosiones, venenos, caídas o ácidos hacen de 1d6 a 3d6; el DJ elige cuántos dados."""
    exigir_rango("tirada", tirada, *limites(gravedad))
    quedan = max(0, pv - tirada)
    pasos = (f"{gravedad} = {tirada}", f"{pv} − {tirada} = {quedan} PV")
    return Resultado({"dano": tirada, "pv": quedan, "muriendo": quedan == 0}, pasos)


REGLAS = (herida, fuego_automatico, alcance, recuperacion, a_cero_pv, peligro)
TABLAS = (tabla_armaduras,)
