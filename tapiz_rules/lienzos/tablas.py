"""Una tabla del libro que un Lienzo sustituye tiene que seguir diciendo lo que dicen sus reglas.

La sustituta cambia los textos (los ejemplos de un mundo, los nombres de sus
cosas), no la forma ni los números: tiene las columnas de la original y, en
cada fila, que nombra como una de la original, los mismos números que la tabla
calculada con los parámetros del Lienzo. Así una fila «Media 10» no puede
quedarse junto a una regla que, en ese Lienzo, da 11, ni escaparse de la
comprobación con otro nombre. Una tabla del libro sin números (solo textos) se
sustituye libremente.
"""

from __future__ import annotations

from typing import Any

from tapiz_rules.modelo import Tabla


def _clave(celda: Any) -> str:
    return " ".join(str(celda).split()).casefold()


def _numero(celda: Any) -> bool:
    return isinstance(celda, int | float) and not isinstance(celda, bool)


def diferencia(nombre: str, sustituta: Tabla, original: Tabla) -> str | None:
    """Qué no cuadra entre la tabla del Lienzo y la que calculan sus reglas (None si nada)."""
    if len(sustituta.columnas) != len(original.columnas):
        return (
            f"la tabla «{nombre}» tiene {len(original.columnas)} columnas "
            f"({', '.join(original.columnas)}) y la del Lienzo {len(sustituta.columnas)}; "
            "una tabla sustituta cambia los textos, no la forma"
        )
    filas = {_clave(fila[0]): fila for fila in original.filas if fila}
    con_numeros = any(_numero(celda) for fila in original.filas for celda in fila)
    for fila in sustituta.filas:
        calculada = filas.get(_clave(fila[0])) if fila else None
        if calculada is None:
            if not con_numeros:
                continue
            nombres = ", ".join(str(f[0]) for f in original.filas if f)
            return (
                f"la fila «{fila[0] if fila else ''}» de «{nombre}» no es ninguna de las del "
                f"libro ({nombres}); una tabla sustituta cambia sus textos, no el nombre de "
                "sus filas, que es lo que permite comprobar sus números"
            )
        for columna, dicha, debida in zip(original.columnas, fila, calculada, strict=True):
            if _numero(debida) and dicha != debida:
                return (
                    f"la fila «{fila[0]}» de «{nombre}» dice {dicha} en «{columna}», pero con "
                    f"las reglas del Lienzo es {debida}"
                )
    return None
