"""Los zips del motor en vivo, comprimidos una vez.

Comprimir ``tapiz_rules`` con lo precompilado (deflate 9) cuesta más que leer sus ficheros, y
el resultado solo cambia con ellos: se guarda en ``.cache/tapiz/zips/`` bajo la huella de lo
que lleva. Al terminar una construcción quedan solo los que usó.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import tempfile
import zipfile
from pathlib import Path

CARPETA = Path(".cache") / "tapiz" / "zips"
"""Relativa a la raíz del proyecto."""
FECHA_FIJA = (1980, 1, 1, 0, 0, 0)
"""Las entradas del zip llevan esta fecha: dos construcciones iguales dan el mismo fichero."""

log = logging.getLogger("mkdocs.plugins.tapiz")


def comprimir(ficheros: dict[str, bytes]) -> bytes:
    """``ficheros`` en un zip, siempre con los mismos bytes."""
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archivo:
        for nombre in sorted(ficheros):
            entrada = zipfile.ZipInfo(nombre, FECHA_FIJA)
            entrada.compress_type = zipfile.ZIP_DEFLATED
            archivo.writestr(entrada, ficheros[nombre])
    return salida.getvalue()


class Guardados:
    """Los zips de un proyecto ya comprimidos, y los que ha usado esta construcción."""

    def __init__(self, raiz: Path) -> None:
        self.carpeta = raiz / CARPETA
        self.usados: set[Path] = set()

    def zip(self, ficheros: dict[str, bytes]) -> bytes:
        """El de :func:`comprimir`: el guardado con la misma huella, si está."""
        resumen = hashlib.sha256()
        for nombre in sorted(ficheros):
            resumen.update(f"{nombre}\0{len(ficheros[nombre])}\0".encode())
            resumen.update(ficheros[nombre])
        guardado = self.carpeta / f"{resumen.hexdigest()}.zip"
        self.usados.add(guardado)
        try:
            return guardado.read_bytes()
        except OSError:  # no está, u otra construcción a la vez acaba de quitarlo
            datos = comprimir(ficheros)
        try:
            self.carpeta.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=self.carpeta, suffix=".tmp", delete=False) as f:
                f.write(datos)
            os.replace(f.name, guardado)  # quien lo lea a la vez lo lee entero
        except OSError as error:  # sin sitio para guardarlo: se comprime cada vez
            log.debug(f"tapiz: no se guarda {guardado}: {error}")
        return datos

    def quitar_los_demas(self) -> None:
        for viejo in self.carpeta.glob("*.zip"):
            if viejo not in self.usados:
                viejo.unlink(missing_ok=True)
