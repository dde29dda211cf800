"""El sistema d20 de las fuentes (003): 1d20 + modificadores contra una Clase de Dificultad."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Sistema, regla
from tapiz_rules.reglas._formato import exigir_rango, operador

SECCION = "Sistema d20"


@dataclass(frozen=True)
class ParametrosD20:
    caras: int = 20
    """El dado de las pruebas."""
    elecciones: tuple[int, ...] = (10, 20)
    """Los resultados que se pueden elegir sin tirar (elegir 10, elegir 20)."""


ELEGIR = {0: "Tirar el dado", 10: "Elegir 10", 20: "Elegir 20"}


@regla(
    "prueba",
    titulo="Prueba d20 contra una CD",
    seccion=SECCION,
    salidas=[
        Campo("total", int, "Resultado", ayuda="Resultado modificado"),
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
    cd: Annotated[int, Entrada("Clase de Dificultad (CD)")],
    tirada: Annotated[
        int | None,
        Entrada(
            "Tirada del d20", ayuda="Resultado natural del d20 (no hace falta si se elige 10 o 20)"
        ),
    ] = None,
    modificador: Annotated[
        int,
        Entrada(
            "Modificador",
            ayuda="Suma de modificadores (habilidad, característica…)",
            formato=Formato.MODIFICADOR,
        ),
    ] = 0,
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
) -> Resultado:
    """Una prueba del sistema d20: 1d20 + modificadores contra la Clase de Dificultad.

    Se puede elegir 10 (sin amenazas ni distracciones) o 20 (con tiempo y sin
    perjuicio por fallar) en lugar de tirar. En un ataque, un 20 natural siempre
    impacta.
    """
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
    if ataque and natural and total < cd:
        pasos.append("20 natural en un ataque: impacta siempre")
    pasos.append("Éxito" if exito else "Fallo")
    return Resultado({"total": total, "exito": exito, "natural_20": natural}, tuple(pasos))


@regla(
    "reduccion_dano",
    titulo="Reducción de daño (RD)",
    seccion=SECCION,
    salidas=[Campo("dano", int, "Daño recibido", ayuda="Daño tras restar la RD", decisiva=True)],
)
def reduccion_dano(
    p: ParametrosD20,
    dano: Annotated[int, Entrada("Daño del ataque")],
    rd: Annotated[int, Entrada("Reducción de daño (RD)")] = 0,
) -> Resultado:
    """La RD se resta al daño de cada ataque; si queda en 0 o menos, la absorbe entera."""
    exigir_rango("rd", rd, 0, 10**6)
    recibido = max(0, dano - rd)
    pasos = [f"{dano} − {rd} = {dano - rd}"]
    if dano - rd <= 0:
        pasos.append("La RD absorbe todo el daño")
    return Resultado({"dano": recibido}, tuple(pasos))


REGLAS = (prueba, reduccion_dano)


def crear_d20() -> Sistema:
    return Sistema.crear("d20", "Sistema d20", ParametrosD20(), REGLAS)


D20 = crear_d20()
