"""Una construcción a la vez en cada carpeta del sitio.

Dos ``mkdocs build`` en la misma carpeta a la vez se pisaban: una vaciaba la carpeta
mientras la otra escribía, y terminaba con un ``FileNotFoundError`` (una vez de cada tres).
La segunda espera ahora a que termine la primera, y lo dice. El cerrojo es de la carpeta
(``flock`` sobre un fichero del directorio temporal con la huella de su ruta real): no puede
estar dentro, porque MkDocs la vacía, ni al lado, entre los ficheros del proyecto.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import IO

log = logging.getLogger("mkdocs.plugins.tapiz")


class Cerrojo:
    def __init__(self) -> None:
        self._abierto: IO[bytes] | None = None

    def tomar(self, sitio: Path) -> None:
        """Espera, si hace falta, a que otra construcción termine con ``sitio``."""
        if sys.platform == "win32" or self._abierto is not None:
            return
        import fcntl

        huella = hashlib.sha256(os.fsencode(os.path.realpath(sitio))).hexdigest()[:16]
        fichero = Path(tempfile.gettempdir(), f"tapiz-sitio-{huella}.lock")
        try:
            abierto = open(fichero, "ab")  # noqa: SIM115 — abierto hasta soltarlo
        except OSError as error:  # el de otro usuario, o un temporal de solo lectura
            log.debug(f"tapiz: sin cerrojo para {sitio}: {error}")
            return
        try:
            fcntl.flock(abierto, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.info(f"tapiz: otra construcción escribe en {sitio}; se espera a que termine")
            fcntl.flock(abierto, fcntl.LOCK_EX)
        self._abierto = abierto

    def soltar(self) -> None:
        """También para los procesos bifurcados, que heredaron el fichero abierto."""
        if sys.platform == "win32" or self._abierto is None:
            return
        import fcntl

        fcntl.flock(self._abierto, fcntl.LOCK_UN)
        self._abierto.close()
        self._abierto = None
