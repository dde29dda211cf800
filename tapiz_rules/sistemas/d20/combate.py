"""Combate del sistema d20: iniciativa, acciones del asalto, ataque y críticos."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.formato import con_signo, decimal, enumerar, miles, operador
from tapiz_rules.modelo.unidades import ACCIONES, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_rango
from tapiz_rules.sistemas.d20.parametros import ParametrosD20, tirada_natural

SECCION = "Sistema d20"

Fuerza = Annotated[
    int, Entrada("Fuerza", ayuda="Puntuación de Fuerza del personaje", unidad=SIN_UNIDAD)
]
FuerzaMinima = Annotated[
    int, Entrada("Fuerza mínima del arma", ayuda="0 si no tiene", minimo=0, unidad=SIN_UNIDAD)
]


def penalizacion_por_fuerza(p: ParametrosD20, fuerza: int, minima: int) -> int:
    """−1 a la Iniciativa y al Ataque por cada punto de Fuerza por debajo del mínimo del arma."""
    return max(0, minima - fuerza) * p.penalizacion_por_punto_de_fuerza


@regla(
    "iniciativa",
    titulo="Iniciativa",
    enunciado=(
        "Iniciativa = 1d20 + valor de Iniciativa, con −1 por cada punto de Fuerza por debajo "
        "de la mínima del arma; se tira al empezar el combate y vale para todos los asaltos."
    ),
    seccion=SECCION,
    salidas=[
        Campo("total", int, "Iniciativa para todo el combate", unidad=SIN_UNIDAD),
        Campo("penalizacion", int, "Penalización por Fuerza", formato=Formato.MODIFICADOR),
    ],
)
def iniciativa(
    p: ParametrosD20,
    tirada: Annotated[int, Entrada("Tirada del d20", limites=tirada_natural, unidad=SIN_UNIDAD)],
    valor: Annotated[int, Entrada("Valor de Iniciativa", formato=Formato.MODIFICADOR)] = 0,
    fuerza: Fuerza = 10,
    fuerza_minima: FuerzaMinima = 0,
) -> Resultado:
    """1d20 + Iniciativa al empezar el combate; el total vale para todos los asaltos."""
    exigir_rango("tirada", tirada, 1, p.caras)
    penalizacion = penalizacion_por_fuerza(p, fuerza, fuerza_minima)
    total = tirada + valor + penalizacion
    pasos = [f"{tirada} {operador(valor)} = {tirada + valor}"]
    if penalizacion:
        pasos.append(f"Fuerza {fuerza} bajo la mínima {fuerza_minima}: {operador(penalizacion)}")
    pasos.append("desprevenido hasta que actúe por primera vez")
    return Resultado({"total": total, "penalizacion": penalizacion}, tuple(pasos))


ORDEN = {"primero": "El primero", "segundo": "El segundo", "empate": "Empate sin resolver"}


@regla(
    "orden_de_iniciativa",
    titulo="Orden de iniciativa",
    enunciado=(
        "Actúa antes quien tiene la Iniciativa más alta; si empatan, quien tiene más "
        "Destreza. El texto no dice qué pasa si también empata la Destreza."
    ),
    seccion=SECCION,
    salidas=[Campo("actua_antes", str, "Actúa antes", opciones=tuple(ORDEN.items()))],
)
def orden_de_iniciativa(
    p: ParametrosD20,
    total_a: Annotated[int, Entrada("Iniciativa del primero", unidad=SIN_UNIDAD)],
    total_b: Annotated[int, Entrada("Iniciativa del segundo", unidad=SIN_UNIDAD)],
    destreza_a: Annotated[int, Entrada("Destreza del primero", unidad=SIN_UNIDAD)] = 10,
    destreza_b: Annotated[int, Entrada("Destreza del segundo", unidad=SIN_UNIDAD)] = 10,
) -> Resultado:
    """Actúa antes la Iniciativa más alta; si empatan, la Destreza mayor (el texto no dice más)."""
    if total_a != total_b:
        antes = "primero" if total_a > total_b else "segundo"
        paso = f"Iniciativa {miles(total_a)} contra {miles(total_b)}: actúa antes el {antes}"
        return Resultado({"actua_antes": antes}, (paso,))
    if destreza_a != destreza_b:
        paso = f"empate: Destreza {destreza_a} contra {destreza_b}"
        return Resultado(
            {"actua_antes": "primero" if destreza_a > destreza_b else "segundo"}, (paso,)
        )
    return Resultado({"actua_antes": "empate"}, ("empate también en Destreza: lo decide el DJ",))


@regla(
    "asalto",
    titulo="Acciones de un asalto",
    enunciado=(
        "En un asalto caben una acción estándar y una de movimiento, dos de movimiento o una "
        "de asalto completo; quien no se desplaza de otro modo puede dar además un paso de "
        "1,5 m."
    ),
    seccion=SECCION,
    salidas=[
        Campo("valido", bool, "Cabe en un asalto", decisiva=True),
        Campo("paso", float, "Paso gratuito", unidad="m", ayuda="Si no se desplaza en el asalto"),
    ],
)
def asalto(
    p: ParametrosD20,
    estandar: Annotated[
        int, Entrada("Acciones estándar", unidad=ACCIONES, minimo=0, maximo=10)
    ] = 0,
    movimiento: Annotated[
        int, Entrada("Acciones de movimiento", unidad=ACCIONES, minimo=0, maximo=10)
    ] = 0,
    completo: Annotated[
        int, Entrada("Acciones de asalto completo", unidad=ACCIONES, minimo=0, maximo=10)
    ] = 0,
    se_desplaza: Annotated[
        bool, Entrada("Se desplaza", ayuda="Si alguna de sus acciones lo mueve de sitio")
    ] = False,
) -> Resultado:
    """Una estándar y una de movimiento, dos de movimiento o una de asalto completo."""
    for nombre, valor in (
        ("estandar", estandar),
        ("movimiento", movimiento),
        ("completo", completo),
    ):
        exigir_rango(nombre, valor, 0, 10)
    valido = (completo == 0 and estandar + movimiento <= 2 and estandar <= 1) or (
        completo == 1 and estandar == movimiento == 0
    )
    paso = 0.0 if se_desplaza else p.paso_gratuito_m
    acciones = enumerar(
        [
            f"{miles(n)} {nombre}"
            for n, nombre in (
                (estandar, "estándar"),
                (movimiento, "de movimiento"),
                (completo, "de asalto completo"),
            )
            if n
        ]
        or ["ninguna acción"]
    )
    pasos = (
        f"{acciones}: {'cabe' if valido else 'no cabe'} en un asalto",
        "se desplaza: sin paso gratuito"
        if se_desplaza
        else f"no se desplaza de otro modo: paso gratuito de {decimal(paso)} m",
    )
    return Resultado({"valido": valido, "paso": paso}, pasos)


TIPOS_DE_ARMA = {
    "cuerpo": "Cuerpo a cuerpo",
    "arco": "Arco o ballesta",
    "arrojadiza": "Arma arrojadiza",
    "distancia": "Otra arma a distancia",
}


def penalizacion_por_distancia(p: ParametrosD20, tipo: str, incrementos: int) -> int:
    """−2 por cada incremento de distancia más allá del primero, hasta el alcance máximo."""
    if tipo == "cuerpo":
        if incrementos > 1:
            raise ErrorEntrada("un ataque cuerpo a cuerpo no tiene incrementos de distancia")
        return 0
    exigir_rango("incrementos", incrementos, 1, 1000)
    maximos = {clave: maximo for clave, _, maximo in p.incrementos_maximos}
    if tipo in maximos and incrementos > maximos[tipo]:
        raise ErrorEntrada(
            f"fuera de alcance: un {TIPOS_DE_ARMA[tipo].lower()} llega a {maximos[tipo]} "
            f"incrementos como mucho; se recibió {incrementos}",
            "incrementos",
        )
    return (incrementos - 1) * p.penalizacion_por_incremento


@regla(
    "ataque",
    titulo="Tirada de ataque",
    enunciado=(
        "Resultado = 1d20 + Total de Ataque, con −4 sin competencia con el arma, −1 por cada "
        "punto de Fuerza por debajo de la mínima y −2 por cada incremento de distancia más "
        "allá del primero. "
        "Impacta si iguala o supera la Defensa del blanco; un 20 natural impacta siempre y es"
        " un crítico."
    ),
    seccion=SECCION,
    salidas=[
        Campo("modificador", int, "Modificador total", formato=Formato.MODIFICADOR),
        Campo("total", int, "Resultado", unidad=SIN_UNIDAD),
        Campo("impacta", bool, "Impacta", decisiva=True),
        Campo("critico", bool, "Crítico por 20 natural"),
    ],
)
def ataque(
    p: ParametrosD20,
    tirada: Annotated[int, Entrada("Tirada del d20", limites=tirada_natural, unidad=SIN_UNIDAD)],
    defensa: Annotated[int, Entrada("Defensa del blanco", unidad=SIN_UNIDAD)],
    bonus: Annotated[int, Entrada("Total de Ataque", formato=Formato.MODIFICADOR)] = 0,
    competente: Annotated[bool, Entrada("Competente con el arma")] = True,
    fuerza: Fuerza = 10,
    fuerza_minima: FuerzaMinima = 0,
    arma: Annotated[str, Entrada("Tipo de arma", opciones=TIPOS_DE_ARMA)] = "cuerpo",
    incrementos: Annotated[
        int,
        Entrada(
            "Incrementos de distancia",
            unidad=("incremento", "incrementos"),
            ayuda="1 si está dentro del primero",
            minimo=1,
            maximo=1000,
        ),
    ] = 1,
) -> Resultado:
    """Ataque contra la Defensa; un 20 natural impacta siempre y es un crítico."""
    exigir_rango("tirada", tirada, 1, p.caras)
    partes = [("Ataque", bonus)]
    if not competente:
        partes.append(("sin competencia", p.penalizacion_sin_competencia))
    if fuerza_pen := penalizacion_por_fuerza(p, fuerza, fuerza_minima):
        partes.append(("Fuerza bajo la mínima", fuerza_pen))
    if distancia := penalizacion_por_distancia(p, arma, incrementos):
        partes.append((f"{incrementos} incrementos", distancia))
    modificador = sum(valor for _, valor in partes)
    total = tirada + modificador
    natural = tirada == p.caras
    impacta = total >= defensa or natural
    detalle = ", ".join(f"{nombre} {con_signo(valor)}" for nombre, valor in partes)
    pasos = [
        f"{detalle}: {con_signo(modificador)}",
        f"{tirada} {operador(modificador)} = {total} contra Defensa {defensa}",
    ]
    if natural:
        pasos.append("20 natural: impacta y es un crítico")
    valores = {"modificador": modificador, "total": total, "impacta": impacta, "critico": natural}
    return Resultado(valores, tuple(pasos))


@regla(
    "margen_de_critico",
    titulo="Margen de crítico contra una armadura",
    enunciado=(
        "El margen sobre la Defensa que hace falta para un crítico es el margen sin armadura "
        "más la RD de la armadura."
    ),
    seccion=SECCION,
    salidas=[Campo("margen", int, "Margen que hace falta", unidad=SIN_UNIDAD)],
)
def margen_de_critico(
    p: ParametrosD20,
    margen: Annotated[
        int,
        Entrada(
            "Margen sin armadura",
            ayuda="Lo que hay que superar la Defensa (no está en el texto)",
            minimo=0,
            maximo=1000,
            unidad=SIN_UNIDAD,
        ),
    ],
    rd: Annotated[int, Entrada("RD de la armadura", minimo=0, maximo=1000, unidad=SIN_UNIDAD)] = 0,
) -> Resultado:
    """La armadura protege de los críticos: su RD se suma al margen sobre la Defensa."""
    exigir_rango("margen", margen, 0, 1000)
    exigir_rango("rd", rd, 0, 1000)
    return Resultado({"margen": margen + rd}, (f"{margen} + RD {rd} = {margen + rd}",))


REGLAS = (iniciativa, orden_de_iniciativa, asalto, ataque, margen_de_critico)
