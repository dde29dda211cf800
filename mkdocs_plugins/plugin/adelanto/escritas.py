"""Las páginas que MkDocs ya escribió, anotadas para el auxiliar mientras escribe las demás.

El último encargo del auxiliar resume el sitio (la huella de cada fichero, para la lista sin
conexión) cuando MkDocs avisa de que escribió todas las páginas, y MkDocs lo espera. Mientras
MkDocs las escribe, el auxiliar ya no tiene nada que hacer: calcula la huella de cada página en
cuanto está escrita, y al final solo le quedan las de lo demás (en el libro diez veces mayor,
MkDocs esperaba unos 150 ms). Una huella calculada antes solo vale si el fichero conserva su
tamaño y su fecha al final: si otro plugin lo reescribe después, se calcula otra vez.
"""

from __future__ import annotations

import contextlib
import os
import select
from pathlib import Path

from mkdocs_plugins.nucleo.sin_conexion import sin_conexion

Anticipadas = dict[str, tuple[int, int, str]]
"""Ruta relativa al sitio → tamaño, fecha (ns) y huella del fichero cuando se calculó."""


class Escritas:
    """Un tubo de MkDocs al auxiliar con la ruta de cada página escrita. MkDocs no espera a
    escribir en él: si está lleno (el auxiliar aún hace otro encargo), esa página se resume al
    final como lo demás. Se crea antes de bifurcar el auxiliar."""

    def __init__(self) -> None:
        self._lector, self._escritor = os.pipe()
        os.set_blocking(self._escritor, False)
        self._mkdocs = os.getpid()
        self._anterior: str | None = None

    def bifurcado(self) -> None:
        """En MkDocs, tras bifurcar el auxiliar."""
        os.close(self._lector)

    def anotar(self, fichero: str) -> None:
        """En MkDocs, en ``on_post_page``, antes de que escriba esta página: anota la anterior,
        que ya está escrita."""
        anterior, self._anterior = self._anterior, fichero
        if anterior is not None:
            with contextlib.suppress(OSError):  # lleno, o sin auxiliar que lea
                os.write(self._escritor, os.fsencode(anterior) + b"\0")

    def cerrar(self) -> None:
        """En MkDocs, al terminar el auxiliar."""
        os.close(self._escritor)

    def huellas_hasta(self, aviso: int, sitio: Path) -> sin_conexion.Conocidas | None:
        """En el auxiliar: la huella de cada página anotada, hasta que se pueda leer ``aviso``
        (el de que MkDocs escribió todas), de las que no han cambiado desde entonces; None si
        MkDocs ya no está."""
        anticipadas: Anticipadas = {}
        pendiente = b""
        while True:
            listos = select.select([self._lector, aviso], [], [], 1)[0]
            if self._lector in listos:
                pendiente += os.read(self._lector, 1 << 16)
                *rutas, pendiente = pendiente.split(b"\0")
                for ruta in rutas:
                    anticipadas.update(_anticipada(Path(os.fsdecode(ruta)), sitio))
            elif aviso in listos:
                return _vigentes(anticipadas, sitio)
            elif os.getppid() != self._mkdocs:
                return None


def _anticipada(fichero: Path, sitio: Path) -> Anticipadas:
    try:
        estado = fichero.stat()
        huella = sin_conexion.huella(fichero)
        ruta = fichero.relative_to(sitio).as_posix()
    except (OSError, ValueError):  # ya no está, o no es del sitio: se resume al final
        return {}
    return {ruta: (estado.st_size, estado.st_mtime_ns, huella)}


def _vigentes(anticipadas: Anticipadas, sitio: Path) -> sin_conexion.Conocidas:
    vigentes: sin_conexion.Conocidas = {}
    for ruta, (tamano, fecha, huella) in anticipadas.items():
        with contextlib.suppress(OSError):
            estado = (sitio / ruta).stat()
            if (estado.st_size, estado.st_mtime_ns) == (tamano, fecha):
                vigentes[ruta] = (tamano, huella)
    return vigentes
