"""Pyodide para las reglas en vivo de un libro que no tiene ``node_modules/`` (``tapiz motor``).

Un libro hecho con el paquete instalado (el de quien diseña un Lienzo) no necesita Node ni
npm: ``tapiz motor`` descarga del registro de npm el paquete de Pyodide con la misma
versión que fija ``package-lock.json`` en este repositorio, comprueba su huella
(``integrity`` de npm, SHA-512) y deja en ``.cache/tapiz/`` solo los ficheros que el sitio
publica. La construcción los toma de ahí si no hay ``node_modules/pyodide``
(``motor.carpeta_pyodide``), y el sitio los sirve él mismo: nada se pide a otro servidor
al leerlo, y funciona sin conexión.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import tarfile
import tempfile
import urllib.request
from pathlib import Path

from tapiz_rules.errores import ErrorTapiz

VERSION = "0.29.3"
INTEGRIDAD = (
    "sha512-22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQGgA"
    "=="
)
"""La de ``node_modules/pyodide`` en ``package-lock.json`` (una prueba lo mantiene así)."""
URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
CARPETA = Path(".cache") / "tapiz" / "npm" / f"pyodide-{VERSION}"
"""Relativa a la carpeta de ``mkdocs.yml``."""


class ErrorPyodide(ErrorTapiz):
    """No se pudo traer Pyodide; el mensaje dice por qué y qué hacer."""


def carpeta(raiz: Path) -> Path:
    return raiz / CARPETA


def ficheros() -> tuple[str, ...]:
    """Lo que se guarda del paquete: lo que publica el sitio, y lo que la construcción usa
    para precompilar con Node (``precompilado.py``: el módulo ``pyodide.mjs``, y
    ``package.json``, de cuya huella sale la de la caché)."""
    from mkdocs_plugins.nucleo.vivo.motor import PYODIDE

    return (*PYODIDE, "pyodide.mjs", "package.json")


def integridad(datos: bytes) -> str:
    """Como la escribe npm: ``sha512-`` y la huella en base64."""
    return "sha512-" + base64.b64encode(hashlib.sha512(datos).digest()).decode()


def instalar(raiz: Path, desde: str = URL, esperada: str = INTEGRIDAD) -> Path:
    """Deja Pyodide en ``.cache/tapiz/`` de ``raiz`` y da la carpeta.

    ``desde`` es la dirección del paquete en npm, un ``.tgz`` ya descargado o una carpeta
    con Pyodide instalado (``node_modules/pyodide`` de otro proyecto)."""
    origen = Path(desde)
    if "://" not in desde and origen.is_dir():
        contenidos = _de_carpeta(origen)
    else:
        datos = origen.read_bytes() if "://" not in desde else _descargar(desde)
        if integridad(datos) != esperada:
            raise ErrorPyodide(
                f"{desde}: el paquete descargado no es Pyodide {VERSION} (su huella SHA-512 no "
                "es la de package-lock.json); no se instala"
            )
        contenidos = _del_paquete(datos, desde)
    destino = carpeta(raiz)
    destino.parent.mkdir(parents=True, exist_ok=True)
    temporal = Path(tempfile.mkdtemp(dir=destino.parent, prefix=".pyodide-"))
    try:
        for nombre, contenido in contenidos.items():
            (temporal / nombre).write_bytes(contenido)
        shutil.rmtree(destino, ignore_errors=True)
        temporal.rename(destino)  # completa o ninguna: la construcción no ve una a medias
    finally:
        shutil.rmtree(temporal, ignore_errors=True)
    return destino


def _descargar(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=120) as respuesta:
            datos: bytes = respuesta.read()
            return datos
    except OSError as error:
        raise ErrorPyodide(
            f"no se pudo descargar {url} ({error}); sin conexión, «tapiz motor --desde» acepta "
            "el .tgz ya descargado o una carpeta node_modules/pyodide"
        ) from None


def _del_paquete(datos: bytes, origen: str) -> dict[str, bytes]:
    """Los ficheros necesarios de un ``.tgz`` de npm (todo va bajo ``package/``)."""
    contenidos: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(datos), mode="r:gz") as paquete:
            for nombre in ficheros():
                try:
                    extraido = paquete.extractfile(f"package/{nombre}")
                except KeyError:
                    extraido = None
                if extraido is None:
                    raise ErrorPyodide(f"{origen}: el paquete no trae {nombre} de Pyodide")
                contenidos[nombre] = extraido.read()
    except tarfile.TarError as error:
        raise ErrorPyodide(f"{origen}: no es un paquete .tgz ({error})") from None
    return contenidos


def _de_carpeta(origen: Path) -> dict[str, bytes]:
    faltan = [n for n in ficheros() if not (origen / n).is_file()]
    if faltan:
        raise ErrorPyodide(f"{origen}: no es una carpeta de Pyodide (faltan {', '.join(faltan)})")
    version = json.loads((origen / "package.json").read_text("utf-8")).get("version")
    if version != VERSION:
        raise ErrorPyodide(f"{origen}: es Pyodide {version} y el libro necesita Pyodide {VERSION}")
    return {nombre: (origen / nombre).read_bytes() for nombre in ficheros()}
