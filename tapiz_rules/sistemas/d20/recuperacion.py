"""Recuperarse en el sistema d20: Puntos de Resistencia, estados, secuelas y daño no letal."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.formato import con_signo, operador
from tapiz_rules.modelo.unidades import (
    PRUEBAS,
    PUNTOS_DE_ACCION,
    PUNTOS_DE_RESISTENCIA,
    SECUELAS,
    SIN_UNIDAD,
)
from tapiz_rules.modelo.validacion import exigir_minimo, exigir_rango
from tapiz_rules.sistemas.d20.parametros import ParametrosD20, tirada_natural

SECCION = "Sistema d20"

Fortaleza = Annotated[int, Entrada("Bonificación total de Fortaleza", formato=Formato.MODIFICADOR)]
Atendido = Annotated[bool, Entrada("Atención médica", ayuda="Si un médico superó Medicina CD 15")]

SALUD = {"sano": "Sin heridas graves", "malherido": "Malherido", "incapacitado": "Incapacitado"}


@regla(
    "recuperacion_diaria",
    titulo="Recuperación diaria de Puntos de Resistencia",
    enunciado=(
        "Cada día se recuperan tantos Puntos de Resistencia como la bonificación de "
        "Fortaleza; Malherido, la mitad; Incapacitado, ninguno. Con atención médica, el "
        "doble."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "resistencia",
            int,
            "Puntos de Resistencia al día",
            decisiva=True,
            unidad=PUNTOS_DE_RESISTENCIA,
        )
    ],
)
def recuperacion_diaria(
    p: ParametrosD20,
    fortaleza: Fortaleza,
    estado: Annotated[str, Entrada("Estado", opciones=SALUD)] = "sano",
    atendido: Atendido = False,
) -> Resultado:
    """Tanto como la Fortaleza; Malherido, la mitad; Incapacitado, nada. Un médico lo dobla."""
    base = {"sano": fortaleza, "malherido": fortaleza // 2, "incapacitado": 0}[estado]
    total = max(0, base * (2 if atendido else 1))
    pasos = [f"{SALUD[estado]}: {base}"]
    if atendido:
        pasos.append(f"con atención médica, el doble: {total}")
    return Resultado({"resistencia": total}, tuple(pasos))


MOTIVOS = {
    "malherido": "Malherido (una vez al día)",
    "incapacitado": "Incapacitado (una vez a la semana)",
    "inconsciente": "Inconsciente (cada minuto)",
    "leve": "Secuela leve (cada hora)",
    "moderada": "Secuela moderada (cada día)",
    "severa": "Secuela severa (cada semana)",
}
PASA_A = {
    "malherido": "Borra Malherido",
    "incapacitado": "Pasa a Malherido",
    "inconsciente": "Recupera la consciencia",
    "leve": "Supera la secuela",
    "moderada": "Supera la secuela",
    "severa": "Supera la secuela",
}


@regla(
    "prueba_de_recuperacion",
    titulo="Prueba de Fortaleza para recuperarse",
    enunciado=(
        "1d20 + Fortaleza + 1 por cada prueba fallada antes (+ la Medicina de quien atiende, "
        "si superó Medicina CD 15) contra CD 15, o CD 10 para despertar de la inconsciencia, "
        "que se prueba cada minuto con +1 por cada minuto después del primero. En las "
        "secuelas, el +1 por prueba fallada es una lectura de este libro."
    ),
    seccion=SECCION,
    salidas=[
        Campo("cd", int, "CD", unidad=SIN_UNIDAD),
        Campo("total", int, "Resultado", unidad=SIN_UNIDAD),
        Campo("exito", bool, "Se recupera", decisiva=True),
        Campo("efecto", str, "Efecto"),
    ],
)
def prueba_de_recuperacion(
    p: ParametrosD20,
    motivo: Annotated[str, Entrada("De qué se recupera", opciones=MOTIVOS)],
    tirada: Annotated[int, Entrada("Tirada del d20", limites=tirada_natural, unidad=SIN_UNIDAD)],
    fortaleza: Fortaleza = 0,
    fallos: Annotated[
        int,
        Entrada(
            "Pruebas falladas antes",
            ayuda="+1 por cada una; minutos de más si inconsciente",
            minimo=0,
            unidad=PRUEBAS,
        ),
    ] = 0,
    medicina: Annotated[
        int,
        Entrada(
            "Medicina del médico",
            ayuda="Se suma si superó Medicina CD 15; 0 si no",
            minimo=0,
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
) -> Resultado:
    """Fortaleza CD 15 (CD 10 para la inconsciencia), +1 por cada intento fallado antes."""
    exigir_rango("tirada", tirada, 1, p.caras)
    exigir_minimo("fallos", fallos, 0)
    exigir_minimo("medicina", medicina, 0)
    cd = p.cd_inconsciencia if motivo == "inconsciente" else p.cd_recuperacion
    bonus = fallos * p.bonus_por_fallo
    total = tirada + fortaleza + bonus + medicina
    exito = total >= cd
    sumandos = f"{operador(fortaleza)} (Fortaleza) {operador(bonus)} (intentos)"
    if medicina:
        sumandos += f" {operador(medicina)} (Medicina)"
    pasos = [f"{tirada} {sumandos} = {total} contra CD {cd}"]
    efecto = PASA_A[motivo] if exito else "Lo intenta de nuevo, con +1"
    pasos.append(efecto)
    return Resultado({"cd": cd, "total": total, "exito": exito, "efecto": efecto}, tuple(pasos))


GRAVEDADES = {clave: etiqueta for clave, etiqueta, _, _ in ParametrosD20().grados_de_secuela}


@regla(
    "secuela",
    titulo="Secuelas",
    enunciado=(
        "Una secuela se anota en lugar de tachar una casilla del registro de salud "
        "(Malherido, Incapacitado, Moribundo o incluso Muerto); en cada combate se sufre como "
        "mucho una. Se supera con una prueba de Fortaleza CD 15 cada hora (leve), cada día "
        "(moderada) o cada semana (severa), o gastando uno, dos o tres Puntos de Acción. Las "
        "secuelas permanentes no se curan con el tiempo."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "permitida", bool, "Puede sufrirla", ayuda="Solo una secuela por combate", decisiva=True
        ),
        Campo("intervalo", str, "Prueba de Fortaleza CD 15"),
        Campo("puntos_de_accion", int, "Puntos de Acción para superarla", unidad=PUNTOS_DE_ACCION),
    ],
)
def secuela(
    p: ParametrosD20,
    gravedad: Annotated[str, Entrada("Gravedad", opciones=GRAVEDADES)],
    en_este_combate: Annotated[
        int, Entrada("Secuelas ya sufridas en este combate", minimo=0, unidad=SECUELAS)
    ] = 0,
) -> Resultado:
    """Una secuela sustituye a una casilla del registro; se supera con tiempo y Fortaleza CD 15,
    o gastando un Punto de Acción por grado. Las permanentes no se curan con el tiempo."""
    exigir_minimo("en_este_combate", en_este_combate, 0)
    _, etiqueta, grado, intervalo = next(g for g in p.grados_de_secuela if g[0] == gravedad)
    permitida = en_este_combate < p.secuelas_por_combate
    valores = {"permitida": permitida, "intervalo": intervalo, "puntos_de_accion": grado}
    paso = f"{etiqueta}: prueba {intervalo}, o {grado} Puntos de Acción"
    return Resultado(valores, (paso,))


@regla(
    "secuela_deliberada",
    titulo="Buscar una secuela a propósito",
    enunciado=(
        "Quien busca una secuela en lugar del daño ataca con −5 y gasta un Punto de Acción; "
        "si el atacante es un personaje del DJ, no gasta ninguno y el héroe gana uno."
    ),
    seccion=SECCION,
    salidas=[
        Campo("penalizacion", int, "Al Ataque", formato=Formato.MODIFICADOR),
        Campo("gasta", int, "Puntos de Acción que gasta el atacante", unidad=PUNTOS_DE_ACCION),
        Campo(
            "gana_el_blanco", int, "Puntos de Acción que gana el blanco", unidad=PUNTOS_DE_ACCION
        ),
    ],
)
def secuela_deliberada(
    p: ParametrosD20,
    atacante: Annotated[
        str, Entrada("Quién ataca", opciones={"pj": "Un jugador", "dj": "Un personaje del DJ"})
    ] = "pj",
) -> Resultado:
    """En lugar del daño: −5 al Ataque y un Punto de Acción (si es del DJ, lo gana el héroe)."""
    jugador = atacante == "pj"
    valores = {
        "penalizacion": p.penalizacion_secuela_deliberada,
        "gasta": 1 if jugador else 0,
        "gana_el_blanco": 0 if jugador else 1,
    }
    ataque = f"en lugar del daño: {con_signo(p.penalizacion_secuela_deliberada)} al Ataque"
    punto = (
        "el jugador gasta 1 Punto de Acción"
        if jugador
        else "el atacante es del DJ: el héroe gana 1 Punto de Acción"
    )
    return Resultado(valores, (ataque, punto))


@regla(
    "dano_no_letal",
    titulo="Recuperación del daño no letal",
    enunciado=(
        "Magulladuras que quedan = magulladuras − bonificación de Fortaleza × horas, y nunca "
        "menos de 0."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "magulladuras",
            int,
            "Magulladuras que quedan",
            unidad=("magulladura", "magulladuras"),
            decisiva=True,
        )
    ],
)
def dano_no_letal(
    p: ParametrosD20,
    magulladuras: Annotated[
        int, Entrada("Magulladuras", unidad=("magulladura", "magulladuras"), minimo=0)
    ],
    fortaleza: Annotated[
        int,
        Entrada(
            "Bonificación total de Fortaleza",
            ayuda="Con una negativa el texto no dice cuánto se recupera",
            formato=Formato.MODIFICADOR,
            minimo=0,
        ),
    ],
    horas: Annotated[int, Entrada("Horas", unidad=("hora", "horas"), minimo=0)] = 1,
) -> Resultado:
    """Cada hora se recuperan tantas Magulladuras como la bonificación total de Fortaleza."""
    exigir_minimo("magulladuras", magulladuras, 0)
    exigir_minimo("horas", horas, 0)
    if fortaleza < 0:
        raise ErrorEntrada(
            "con una Fortaleza negativa el texto no dice cuánto se recupera", "fortaleza"
        )
    quedan = max(0, magulladuras - fortaleza * horas)
    return Resultado(
        {"magulladuras": quedan}, (f"{magulladuras} − {fortaleza} × {horas} = {quedan}",)
    )


REGLAS = (
    recuperacion_diaria,
    prueba_de_recuperacion,
    secuela,
    secuela_deliberada,
    dano_no_letal,
)
