"""Esperar a un estado, nunca a un reloj.

Las pruebas esperan a lo que necesitan (un fichero, una página servida, un proceso que sale);
el plazo solo impide que una prueba rota cuelgue la suite, y nunca decide si algo fue rápido.
"""

from __future__ import annotations

import os
import select
import threading
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PLAZO = 120.0
"""Tras tanto sin llegar al estado, la prueba falla en lugar de colgar la suite."""

_ENTRE_MIRADAS = 0.01


def hasta_que(
    condicion: Callable[[], T | None], que: str | Callable[[], str], plazo: float = PLAZO
) -> T:
    """El primer valor verdadero de ``condicion()``; falla con ``que`` si no llega en ``plazo``.

    Para lo que no avisa (un fichero que escribe otro proceso, un servidor que aún no escucha):
    se vuelve a mirar sin ocupar la CPU. ``que`` puede ser una función: el mensaje se escribe
    con el estado del momento en que falla."""
    limite = time.monotonic() + plazo
    nada = threading.Event()
    while not (valor := condicion()):
        assert time.monotonic() < limite, que if isinstance(que, str) else que()
        nada.wait(_ENTRE_MIRADAS)
    return valor


def a_que_salga(pid: int, plazo: float = PLAZO) -> bool:
    """Si el proceso ``pid`` (hijo o no) sale antes de ``plazo``: lo avisa el núcleo
    (``pidfd``), sin mirar cada poco."""
    try:
        descriptor = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        listos, _, _ = select.select([descriptor], [], [], plazo)
        return bool(listos)
    finally:
        os.close(descriptor)
