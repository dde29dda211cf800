"""Una construcción a la vez en cada carpeta del sitio.

Dos ``mkdocs build`` en la misma carpeta a la vez se pisaban: una vaciaba la carpeta
mientras la otra escribía, y terminaba con un ``FileNotFoundError`` (una vez de cada tres).
La segunda espera ahora a que termine la primera, y lo dice. El cerrojo es un ``flock`` de
la propia carpeta del sitio (MkDocs vacía lo que tiene dentro, pero no la borra), así que no
deja ficheros en ninguna parte; si aún no existe, se crea, como la crearía MkDocs.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.tapiz")


class Cerrojo:
    def __init__(self) -> None:
        self._carpeta: int | None = None
        """El descriptor de la carpeta del sitio mientras se tiene el cerrojo."""

    def tomar(self, sitio: Path) -> None:
        """Espera, si hace falta, a que otra construcción termine con ``sitio``."""
        if sys.platform == "win32" or self._carpeta is not None:
            return
        import fcntl

        try:
            os.makedirs(sitio, exist_ok=True)
            carpeta = os.open(sitio, os.O_RDONLY)
        except OSError as error:  # MkDocs dirá lo suyo al escribir en ella
            log.debug(f"tapiz: sin cerrojo para {sitio}: {error}")
            return
        try:
            fcntl.flock(carpeta, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.info(f"tapiz: otra construcción escribe en {sitio}; se espera a que termine")
            fcntl.flock(carpeta, fcntl.LOCK_EX)
        self._carpeta = carpeta

    def soltar(self) -> None:
        """También para los procesos bifurcados, que heredaron el descriptor."""
        if sys.platform == "win32" or self._carpeta is None:
            return
        import fcntl

        fcntl.flock(self._carpeta, fcntl.LOCK_UN)
        os.close(self._carpeta)
        self._carpeta = None
