"""Cómo sale un auxiliar del adelanto cuando MkDocs lo termina (``SIGTERM``, una construcción
que falla): ordenadamente, para que se cumpla lo que sus encargos dejaron para el final
(``multiprocessing.util.Finalize``: parar el Node de la precompilación).

Entre lanzar un proceso y apuntar quién lo para hay un instante en que salir lo dejaría
huérfano: ahí (``sin_cortar``) la salida espera a que acabe ese trozo. Bloquear la señal no
serviría: el proceso lanzado heredaría la máscara y no se le podría terminar con ella.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from typing import Any

_DENTRO = [0]
"""Cuántos ``sin_cortar`` están abiertos."""
_PEDIDA = [False]
"""Si llegó la señal mientras tanto."""


def al_terminar(antes: Callable[[], None]) -> None:
    """En el auxiliar: con ``SIGTERM``, ``antes()`` y salir (``SystemExit``), o al acabar el
    ``sin_cortar`` abierto."""

    def terminado(_senal: int, _marco: Any) -> None:
        antes()
        if _DENTRO[0]:
            _PEDIDA[0] = True
            return
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, terminado)


@contextlib.contextmanager
def sin_cortar() -> Iterator[None]:
    """Lo de dentro acaba aunque MkDocs termine el auxiliar entretanto; después, sale."""
    _DENTRO[0] += 1
    try:
        yield
    finally:
        _DENTRO[0] -= 1
        if not _DENTRO[0] and _PEDIDA[0]:
            _PEDIDA[0] = False
            raise SystemExit(0)
