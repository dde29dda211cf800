"""Cálculos del motor que se repiten en una construcción, hechos una vez.

Un libro repite ejemplos: el mismo ``tapiz-ejemplo`` en dos páginas (o en diez
copias del libro) precalcula las mismas tiradas de «Repetir» y prueba las mismas
variantes de sus entradas. Aquí se guardan por su contenido: la regla, sus entradas,
sus dados y las reglas en vigor. Lo que decide un veredicto (ejecutar el ejemplo y
comparar con lo que afirma la página) no pasa por aquí: se hace en cada bloque, con
su fichero y su línea.

Las reglas en vigor son su firma (sistema, edición, opcionales y el nombre del
Lienzo) más la identidad del Lienzo: dos Lienzos con el mismo nombre y otro
``reglas.py`` no comparten nada. Cada entrada guarda su Lienzo, así su identidad no
puede pasar a otro objeto mientras la entrada exista.

Solo recuerda durante una construcción del plugin de MkDocs (``empezar`` en su
``on_config``, antes de bifurcar el adelanto, y ``terminar`` al acabar): pytest y
``tapiz comprobar`` calculan siempre, y una prueba que cambie el motor no ve nada
de antes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from tapiz_rules.modelo import Reglamento

T = TypeVar("T")

_GUARDADO: dict[Hashable, tuple[object, Any]] = {}
_activa = False


def reglas_en_vigor(reglamento: Reglamento) -> tuple[Hashable, ...]:
    """Lo que identifica las reglas de un reglamento dentro de este proceso."""
    return (*reglamento.firma(), id(reglamento.lienzo))


def recordar(reglamento: Reglamento, clave: tuple[Hashable, ...], calcular: Callable[[], T]) -> T:
    """El valor de ``calcular()`` para ``clave`` con esas reglas: calculado la primera vez."""
    if not _activa:
        return calcular()
    completa = (reglas_en_vigor(reglamento), clave)
    if completa in _GUARDADO:
        valor: T = _GUARDADO[completa][1]
        return valor
    calculado = calcular()
    _GUARDADO[completa] = (reglamento.lienzo, calculado)
    return calculado


def empezar() -> None:
    """Una construcción nueva: nada de la anterior (con ``mkdocs serve``, quizá otro motor)."""
    global _activa
    _GUARDADO.clear()
    _activa = True


def terminar() -> None:
    global _activa
    _GUARDADO.clear()
    _activa = False


def tamano() -> int:
    return len(_GUARDADO)
