"""Tamaño: modificadores al ataque y al daño entre criaturas de distinto tamaño."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

SECCION = "Tamaño"
TITULOS = {"pequeno": "Pequeño", "mediano": "Mediano", "grande": "Grande"}
TAMANOS: tuple[str, ...] = tuple(TITULOS)


def diferencia(atacante: str, objetivo: str) -> int:
    """Escalones que el atacante es mayor que el objetivo (negativo si es menor)."""
    return TAMANOS.index(atacante) - TAMANOS.index(objetivo)


def mods_fisicos(p: ParametrosTapiz, atacante: str, objetivo: str) -> tuple[int, int]:
    """(a la CA del objetivo, a los puntos de efecto del atacante) en un ataque físico."""
    d = diferencia(atacante, objetivo) * p.paso_tamano
    return d, d


def mods_mentales(p: ParametrosTapiz, atacante: str, objetivo: str) -> tuple[int, int]:
    """(a la resistencia del objetivo, a los puntos de efecto del atacante) en un ataque mental."""
    d = diferencia(atacante, objetivo) * p.paso_tamano
    return -d, d


def _celda(defensa: int, efecto: int, que: str) -> str:
    if defensa == efecto == 0:
        return "Sin cambios"
    return (
        f"{con_signo(defensa)} a {que} del objetivo, {con_signo(efecto)} puntos de "
        "efecto al atacante"
    )


Mods = Callable[[ParametrosTapiz, str, str], tuple[int, int]]


def _tabla(p: ParametrosTapiz, titulo: str, que: str, mods: Mods) -> Tabla:
    filas = tuple((TITULOS[a], *(_celda(*mods(p, a, o), que) for o in TAMANOS)) for a in TAMANOS)
    return Tabla(
        titulo=titulo,
        columnas=("Tamaño del atacante", *(f"Objetivo {TITULOS[o]}" for o in TAMANOS)),
        filas=filas,
    )


TITULO_FISICO = "Modificador al ataque y daño físicos según el tamaño"
TITULO_MENTAL = "Modificador al ataque y daño mentales según el tamaño"


@tabla("tabla_tamano_fisico", titulo=TITULO_FISICO, seccion=SECCION)
def tabla_fisico(p: ParametrosTapiz) -> Tabla:
    """Modificadores de un ataque físico entre criaturas pequeñas, medianas y grandes."""
    return _tabla(p, TITULO_FISICO, "la CA", mods_fisicos)


@tabla("tabla_tamano_mental", titulo=TITULO_MENTAL, seccion=SECCION)
def tabla_mental(p: ParametrosTapiz) -> Tabla:
    """Modificadores de un ataque mental entre criaturas pequeñas, medianas y grandes."""
    return _tabla(p, TITULO_MENTAL, "la resistencia", mods_mentales)


Atacante = Annotated[str, Entrada("Tamaño del atacante", opciones=TITULOS)]
Objetivo = Annotated[str, Entrada("Tamaño del objetivo", opciones=TITULOS)]
MOD_EFECTO = Campo(
    "mod_efecto",
    int,
    "Modificador a los puntos de efecto",
    ayuda="Modificador a los puntos de efecto del atacante",
    formato=Formato.MODIFICADOR,
)


def _resultado(atacante: str, objetivo: str, defensa: int, efecto: int, que: str) -> Resultado:
    d = diferencia(atacante, objetivo)
    if d == 0:
        paso = "Mismo tamaño: sin cambios"
    else:
        comparacion = "mayor" if d > 0 else "menor"
        paso = (
            f"Atacante {TITULOS[atacante].lower()} contra objetivo {TITULOS[objetivo].lower()} "
            f"({abs(d)} {'escalones' if abs(d) > 1 else 'escalón'} {comparacion}): "
            f"{con_signo(defensa)} a {que} del objetivo, {con_signo(efecto)} puntos de efecto"
        )
    return Resultado({"mod_defensa": defensa, "mod_efecto": efecto}, (paso,))


@regla(
    "tamano_fisico",
    titulo="Tamaño en un ataque físico",
    enunciado=(
        "Por cada escalón de tamaño que el atacante supera a su objetivo, la CA del objetivo "
        "sube {p.paso_tamano} y los puntos de efecto del atacante suben {p.paso_tamano}; si "
        "el atacante es menor, los dos bajan lo mismo."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "mod_defensa",
            int,
            "Modificador a la CA del objetivo",
            formato=Formato.MODIFICADOR,
        ),
        MOD_EFECTO,
    ],
)
def tamano_fisico(p: ParametrosTapiz, atacante: Atacante, objetivo: Objetivo) -> Resultado:
    """Los modificadores de un ataque físico entre criaturas de distinto tamaño.

    Un atacante mayor que su objetivo sube la CA del objetivo y sus propios puntos
    de efecto (+2 por escalón); uno menor los baja.
    """
    return _resultado(atacante, objetivo, *mods_fisicos(p, atacante, objetivo), "la CA")


@regla(
    "tamano_mental",
    titulo="Tamaño en un ataque mental",
    enunciado=(
        "Por cada escalón de tamaño que el atacante supera a su objetivo, la resistencia del "
        "objetivo baja {p.paso_tamano} y los puntos de efecto del atacante suben "
        "{p.paso_tamano}; si el atacante es menor, al revés."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "mod_defensa",
            int,
            "Modificador a la resistencia del objetivo",
            formato=Formato.MODIFICADOR,
        ),
        MOD_EFECTO,
    ],
)
def tamano_mental(p: ParametrosTapiz, atacante: Atacante, objetivo: Objetivo) -> Resultado:
    """Los modificadores de un ataque mental entre criaturas de distinto tamaño.

    Un atacante mayor baja la resistencia del objetivo y sube sus puntos de efecto
    (2 por escalón); uno menor, al revés.
    """
    return _resultado(atacante, objetivo, *mods_mentales(p, atacante, objetivo), "la resistencia")


REGLAS = (tamano_fisico, tamano_mental)
TABLAS = (tabla_fisico, tabla_mental)
