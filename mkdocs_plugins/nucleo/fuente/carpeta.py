"""Lo que no puede haber en la carpeta de las páginas: enlaces que salen y lo que no es UTF-8.

MkDocs sigue los enlaces simbólicos al recorrer las páginas, y ``pymdownx.snippets``
también (su ``restrict_base_path`` mira la ruta escrita, no adónde lleva): un
``srd/fuga.md → /tmp/x`` o un ``srd/gitlink → ../.git`` publicaban ficheros de fuera en el
sitio, la API y el PDF. Un enlace a un fichero de dentro se sigue; uno que sale, roto, en
bucle o a una carpeta (MkDocs la recorrería otra vez, y dos que se enlazan, sin fin) es un
error que lo nombra. Un nombre que no es UTF-8 (MkDocs no sabe escribir su dirección), una
página o un YAML que no es UTF-8 y una carpeta que se llama como una página (``*.md``, que
quien las busca con ``rglob`` abría como fichero) también: antes, trazas.

La construcción, pytest, ``tapiz comprobar``, la API y ``exportar`` lo comprueban aquí, al
leer la configuración; la función recibe la carpeta, la diga quien la diga.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from mkdocs_plugins.nucleo.fuente.problemas import Problema

Nombrar = Callable[[Path], str]


def problemas(carpeta: Path, nombrar: Nombrar) -> list[Problema]:
    """Los de ``carpeta``: uno por enlace, nombre o página; ``nombrar`` dice cómo se llama un
    fichero en los mensajes."""
    real, mostrada = os.path.realpath(carpeta), legible(nombrar(carpeta))
    hallados: list[Problema] = []
    for actual, carpetas, ficheros in os.walk(carpeta):  # sin entrar en carpetas enlazadas
        for nombre in sorted(carpetas + ficheros):
            ruta = os.path.join(actual, nombre)
            if encontrado := _problema(ruta, real, mostrada):
                hallados.append(Problema(legible(nombrar(Path(ruta))), *encontrado))
    return hallados


def _problema(ruta: str, carpeta: str, mostrada: str) -> tuple[int, str] | None:
    if motivo := rechazado(ruta, carpeta):
        destino, por_que = legible(os.readlink(ruta)), _MOTIVOS[motivo].format(carpeta=mostrada)
        return 1, f"es un enlace simbólico a «{destino}», {por_que}"
    if not es_utf8(os.path.basename(ruta)):
        return 1, "su nombre no es UTF-8 (MkDocs no puede publicarlo): renómbralo"
    if ruta.endswith(".md") and os.path.isdir(ruta):
        return 1, "es una carpeta con nombre de página (.md): renómbrala"
    if ruta.endswith(LEIDOS) and os.path.isfile(ruta):
        return linea_no_utf8(Path(ruta))
    return None


LEIDOS = (".md", ".yml", ".yaml")
"""Los ficheros de texto que se leen de la carpeta: páginas y declaraciones de Lienzos."""


_MOTIVOS = {
    "roto": "que no existe (o es un bucle): quítalo o haz que lleve a un fichero de {carpeta}/",
    "fuera": "fuera de {carpeta}/: no se publica nada de fuera de la carpeta de las páginas; "
    "copia ahí el fichero o haz que el enlace lleve dentro",
    "carpeta": "una carpeta: MkDocs la recorrería otra vez (y dos carpetas que se enlazan, "
    "sin fin); enlaza los ficheros uno a uno o mueve la carpeta",
}


def rechazado(enlace: str, carpeta: str) -> str | None:
    """Por qué no vale ``enlace`` si es un enlace simbólico que no lleva a un fichero de
    ``carpeta`` (real, sin enlaces): «roto», «fuera» o «carpeta»."""
    if not os.path.islink(enlace):
        return None
    if not os.path.exists(enlace):
        return "roto"
    if not dentro(os.path.realpath(enlace), carpeta):
        return "fuera"
    return "carpeta" if os.path.isdir(enlace) else None


def dentro(ruta: str, carpeta: str) -> bool:
    """Si ``ruta`` (real, sin enlaces) es ``carpeta`` o está bajo ella."""
    return ruta == carpeta or ruta.startswith(carpeta.rstrip(os.sep) + os.sep)


def linea_no_utf8(fichero: Path) -> tuple[int, str] | None:
    """La línea del primer byte que no es UTF-8 de ``fichero`` y el mensaje, o None."""
    try:
        datos = fichero.read_bytes()
    except OSError as error:
        return 1, f"no se puede leer: {error.strerror}"
    try:
        datos.decode("utf-8")
    except UnicodeDecodeError as error:
        linea = datos.count(b"\n", 0, error.start) + 1
        return linea, (
            f"no es texto UTF-8 (el byte 0x{datos[error.start]:02x} de la línea {linea}); "
            "guárdalo como UTF-8"
        )
    return None


def es_utf8(nombre: str) -> bool:
    try:
        nombre.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def legible(texto: str) -> str:
    """Un nombre que se puede escribir aunque no sea UTF-8 (``\\xff``)."""
    try:
        return texto.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return texto.encode("utf-8", "backslashreplace").decode("utf-8")


def nombrar_desde(raiz: Path) -> Nombrar:
    """Cómo se nombra un fichero en los mensajes: relativo a ``raiz`` sin seguir enlaces."""

    def nombrar(ruta: Path) -> str:
        try:
            return Path(ruta).absolute().relative_to(raiz).as_posix()
        except ValueError:
            return Path(ruta).as_posix()

    return nombrar
