"""Los ficheros de la construcción anterior que el plugin vuelve a escribir iguales.

En muchos discos crear un fichero cuesta mucho más que renombrarlo (``bench/plugin.md``), y
el plugin escribe unos 540 en cada construcción (la API, los datos de los widgets y el motor
en vivo), cuatro veces los de MkDocs con el libro.
MkDocs vacía la carpeta del sitio antes de cada construcción, pero deja lo que empieza por
punto (no publica nada así). Antes de que la vacíe, el plugin aparta ahí sus carpetas; al
escribir un fichero igual al apartado, lo devuelve a su sitio con un renombrado; al terminar,
borra lo que quede aparte. El sitio publicado no cambia: cada fichero tiene los bytes que se
escribirían.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

APARTE = ".tapiz-anterior"
"""La carpeta, dentro del sitio, donde espera lo de la construcción anterior."""


class Anteriores:
    """Lo que escribió el plugin en la construcción anterior, apartado mientras MkDocs vacía el
    sitio (:meth:`apartar`). Varios hilos o procesos pueden escribir a la vez, cada uno en sus
    carpetas: el auxiliar del adelanto usa lo que apartó MkDocs (``Anteriores(sitio)``)."""

    def __init__(self, sitio: Path) -> None:
        self.sitio = sitio
        self.aparte = sitio / APARTE

    @classmethod
    def apartar(cls, sitio: Path, carpetas: Iterable[str]) -> Anteriores:
        """Aparta esas carpetas del sitio, antes de que MkDocs lo vacíe."""
        apartados = cls(sitio)
        shutil.rmtree(apartados.aparte, ignore_errors=True)  # de una construcción que se cortó
        for carpeta in carpetas:
            if not (sitio / carpeta).exists():  # la primera construcción
                continue
            try:
                (apartados.aparte / carpeta).parent.mkdir(parents=True, exist_ok=True)
                os.rename(sitio / carpeta, apartados.aparte / carpeta)
            except OSError:  # no se puede mover: se escribirá otra vez
                continue
        return apartados

    def _anterior(self, destino: Path) -> Path | None:
        try:
            return self.aparte / destino.relative_to(self.sitio)
        except ValueError:
            return None

    def escribir(self, destino: Path, datos: bytes) -> None:
        """Escribe ``datos`` en ``destino``, o devuelve ahí el apartado si tiene esos bytes."""
        anterior = self._anterior(destino)
        try:
            if anterior is not None and _tiene(anterior, datos):
                os.replace(anterior, destino)
                return
        except OSError:  # no estaba aparte
            pass
        destino.write_bytes(datos)

    def copiar(self, origen: Path, destino: Path) -> None:
        """Copia ``origen`` (con su fecha), o devuelve a ``destino`` el apartado si es una copia
        suya: el mismo tamaño y la misma fecha."""
        anterior = self._anterior(destino)
        try:
            if anterior is not None:
                antes, ahora = anterior.stat(), origen.stat()
                if (antes.st_size, antes.st_mtime_ns) == (ahora.st_size, ahora.st_mtime_ns):
                    os.replace(anterior, destino)
                    return
        except OSError:
            pass
        shutil.copy2(origen, destino)

    def terminar(self) -> None:
        """Borra lo que no se volvió a escribir igual."""
        shutil.rmtree(self.aparte, ignore_errors=True)


def _tiene(fichero: Path, datos: bytes) -> bool:
    return fichero.stat().st_size == len(datos) and fichero.read_bytes() == datos


def escribir(destino: Path, datos: bytes, anteriores: Anteriores | None) -> None:
    """:meth:`Anteriores.escribir`, o escribir sin más si no hay nada apartado."""
    if anteriores is None:
        destino.write_bytes(datos)
    else:
        anteriores.escribir(destino, datos)
