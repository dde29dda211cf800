"""Resultados recordados, sin ``functools``.

``functools.lru_cache`` haría lo mismo, pero importar ``functools`` arrastra ``collections``
(con ``keyword``, ``operator`` y ``reprlib``): casi un tercio del arranque del motor.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # sin ``typing`` al arrancar: mypy reconoce este nombre
    from collections.abc import Callable, Hashable
    from typing import TypeVar

    Clave = TypeVar("Clave", bound=Hashable)
    Valor = TypeVar("Valor")


def recordado(
    memoria: dict[Clave, Valor], clave: Clave, calcular: Callable[[Clave], Valor], maximo: int
) -> Valor:
    """``calcular(clave)``, guardado en ``memoria`` con los ``maximo`` usados más recientemente
    (el orden del diccionario es el del último uso). Un error no se guarda."""
    if clave in memoria:
        valor = memoria.pop(clave)
    else:
        valor = calcular(clave)
        if len(memoria) >= maximo:
            del memoria[next(iter(memoria))]
    memoria[clave] = valor
    return valor
