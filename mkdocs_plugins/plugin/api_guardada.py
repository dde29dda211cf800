"""La API estática de una construcción a la siguiente.

La API (``extension/api.py``) lee cada página con markdown-it-py y convierte cada sección a
HTML: cientos de milisegundos en cada construcción, aunque nada haya cambiado. Su resultado
solo depende del código y de las reglas (la huella de la caché), del texto de cada página, de
``mkdocs.yml``, de la versión publicada y de si el sitio lleva el motor: con todo eso igual,
se toma de la caché (en memoria con ``mkdocs serve``, en su fichero entre procesos). Si
cambia una página, solo se rehace lo suyo: las secciones y los ejemplos de las demás y el
HTML de cada texto se recuerdan en memoria mientras no cambie la huella (``Cache.memoria``,
``api_estatica.Recordadas``). Leer las páginas y preguntar a git la versión se hace en cada
construcción: es lo barato.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs_plugins.extension import api as api_estatica
from mkdocs_plugins.nucleo.api import api
from mkdocs_plugins.nucleo.datos import Anteriores, cache
from mkdocs_plugins.nucleo.fuente import Configuracion, version
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.nucleo.vivo import motor

CONVERSIONES = "api: html de cada texto"
"""Dónde recuerda ``Cache.memoria`` el HTML de cada texto convertido para la API."""
PAGINAS = "api: cada página"
"""Dónde recuerda las secciones y los ejemplos de cada página (``api_estatica.Recordadas``)."""


def escribir(
    sitio: Path,
    configuracion: Configuracion,
    guardada: cache.Cache | None,
    apartados: Anteriores | None = None,
) -> sin_conexion.Conocidas:
    """Escribe la API en el sitio y da la huella de cada fichero, de sus textos (la lista sin
    conexión no vuelve a leer del disco cientos de ficheros recién escritos)."""
    textos = ficheros(configuracion, guardada)
    api_estatica.escribir(sitio, configuracion, textos, apartados=apartados)
    carpeta = sitio / api.CARPETA
    return sin_conexion.huellas_de(sitio, {carpeta / ruta: texto for ruta, texto in textos.items()})


def ficheros(configuracion: Configuracion, guardada: cache.Cache | None) -> dict[str, str]:
    """Los ficheros de ``api/v1/`` (los de ``api_estatica.ficheros``), de la caché si nada
    de lo que los decide ha cambiado."""
    con_motor = motor.carpeta_pyodide(configuracion.raiz) is not None
    if guardada is None:
        return api_estatica.ficheros(configuracion, con_motor=con_motor)
    entrada = cache.clave(*_lo_que_decide(configuracion, con_motor))
    anterior = guardada.obtener(entrada)
    if isinstance(anterior, dict):
        return anterior
    memoria = guardada.memoria
    recordadas = api_estatica.Recordadas(
        html=memoria.setdefault(CONVERSIONES, {}), paginas=memoria.setdefault(PAGINAS, {})
    )
    calculados = api_estatica.ficheros(configuracion, con_motor=con_motor, recordadas=recordadas)
    guardada.guardar(entrada, calculados)
    return calculados


def _lo_que_decide(configuracion: Configuracion, con_motor: bool) -> list[str]:
    raiz, paginas = configuracion.raiz, configuracion.paginas
    mkdocs_yml = raiz / "mkdocs.yml"
    partes = [
        "api",
        str(con_motor),
        str(paginas),
        mkdocs_yml.read_text("utf-8") if mkdocs_yml.is_file() else "",
        repr(version.leer(raiz)),
        repr(version.publicada(raiz)),
    ]
    for fichero in sorted(paginas.rglob("*.md")):
        if fichero != paginas / catalogo.RUTA:
            partes += [fichero.relative_to(paginas).as_posix(), fichero.read_text("utf-8")]
    return partes
