"""Tamaño: modificadores al ataque y al daño entre criaturas de distinto tamaño."""

from __future__ import annotations

from collections.abc import Callable

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo

SECCION = "Tamaño"
TAMANOS: tuple[str, ...] = ("pequeno", "mediano", "grande")
TITULOS = {"pequeno": "Pequeño", "mediano": "Mediano", "grande": "Grande"}
PASO_TAMANO = 2
"""Cada escalón de tamaño entre atacante y objetivo mueve la defensa y el efecto 2 puntos."""


def diferencia(atacante: str, objetivo: str) -> int:
    """Escalones que el atacante es mayor que el objetivo (negativo si es menor)."""
    return TAMANOS.index(atacante) - TAMANOS.index(objetivo)


def mods_fisicos(atacante: str, objetivo: str) -> tuple[int, int]:
    """(a la CA del objetivo, a los puntos de efecto del atacante) en un ataque físico."""
    d = diferencia(atacante, objetivo) * PASO_TAMANO
    return d, d


def mods_mentales(atacante: str, objetivo: str) -> tuple[int, int]:
    """(a la resistencia del objetivo, a los puntos de efecto del atacante) en un ataque mental."""
    d = diferencia(atacante, objetivo) * PASO_TAMANO
    return -d, d


def _celda(defensa: int, efecto: int, que: str) -> str:
    if defensa == efecto == 0:
        return "Sin cambios"
    return (
        f"{con_signo(defensa)} a {que} del objetivo, {con_signo(efecto)} puntos de "
        "efecto al atacante"
    )


def _tabla(titulo: str, que: str, mods: Callable[[str, str], tuple[int, int]]) -> Tabla:
    filas = tuple((TITULOS[a], *(_celda(*mods(a, o), que) for o in TAMANOS)) for a in TAMANOS)
    return Tabla(
        titulo=titulo,
        columnas=("Tamaño del atacante", *(f"Objetivo {TITULOS[o]}" for o in TAMANOS)),
        filas=filas,
    )


TITULO_FISICO = "Modificador al ataque y daño físicos según el tamaño"
TITULO_MENTAL = "Modificador al ataque y daño mentales según el tamaño"


@REGISTRO.tabla("tabla_tamano_fisico", titulo=TITULO_FISICO, seccion=SECCION)
def tabla_fisico(reglamento: Reglamento) -> Tabla:
    """Modificadores de un ataque físico entre criaturas pequeñas, medianas y grandes."""
    return _tabla(TITULO_FISICO, "la CA", mods_fisicos)


@REGISTRO.tabla("tabla_tamano_mental", titulo=TITULO_MENTAL, seccion=SECCION)
def tabla_mental(reglamento: Reglamento) -> Tabla:
    """Modificadores de un ataque mental entre criaturas pequeñas, medianas y grandes."""
    return _tabla(TITULO_MENTAL, "la resistencia", mods_mentales)


ENTRADAS = [
    Campo("atacante", str, "Tamaño del atacante", opciones=TAMANOS),
    Campo("objetivo", str, "Tamaño del objetivo", opciones=TAMANOS),
]


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


@REGISTRO.regla(
    "tamano_fisico",
    titulo="Tamaño en un ataque físico",
    seccion=SECCION,
    entradas=ENTRADAS,
    salidas=[
        Campo("mod_defensa", int, "Modificador a la CA del objetivo"),
        Campo("mod_efecto", int, "Modificador a los puntos de efecto del atacante"),
    ],
)
def tamano_fisico(reglamento: Reglamento, atacante: str, objetivo: str) -> Resultado:
    """Los modificadores de un ataque físico entre criaturas de distinto tamaño.

    Un atacante mayor que su objetivo sube la CA del objetivo y sus propios puntos
    de efecto (+2 por escalón); uno menor los baja.
    """
    return _resultado(atacante, objetivo, *mods_fisicos(atacante, objetivo), "la CA")


@REGISTRO.regla(
    "tamano_mental",
    titulo="Tamaño en un ataque mental",
    seccion=SECCION,
    entradas=ENTRADAS,
    salidas=[
        Campo("mod_defensa", int, "Modificador a la resistencia del objetivo"),
        Campo("mod_efecto", int, "Modificador a los puntos de efecto del atacante"),
    ],
)
def tamano_mental(reglamento: Reglamento, atacante: str, objetivo: str) -> Resultado:
    """Los modificadores de un ataque mental entre criaturas de distinto tamaño.

    Un atacante mayor baja la resistencia del objetivo y sube sus puntos de efecto
    (2 por escalón); uno menor, al revés.
    """
    return _resultado(atacante, objetivo, *mods_mentales(atacante, objetivo), "la resistencia")
