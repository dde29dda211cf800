"""Los enlaces simbólicos de la carpeta de las páginas: solo valen los que no salen de ella.

MkDocs sigue los enlaces al recorrer las páginas, y ``pymdownx.snippets`` también (su
``restrict_base_path`` mira la ruta escrita, no adónde lleva): un ``srd/fuga.md → /tmp/x`` o
un ``srd/gitlink → ../.git`` publicaban ficheros de fuera en el sitio, la API y el PDF. Un
enlace a un fichero de dentro de la carpeta se sigue; uno que sale de ella, roto, en bucle o
a una carpeta (MkDocs la recorrería otra vez, y dos que se enlazan entre sí, sin fin) es un
error que nombra el enlace. La construcción, pytest, ``tapiz comprobar``, la API y
``exportar`` lo comprueban aquí, al leer la configuración.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from mkdocs_plugins.nucleo.problemas import Problema


def dentro(ruta: str, carpeta: str) -> bool:
    """Si ``ruta`` (real, sin enlaces) es ``carpeta`` o está bajo ella."""
    return ruta == carpeta or ruta.startswith(carpeta.rstrip(os.sep) + os.sep)


def enlaces_rechazados(carpeta: Path) -> list[tuple[Path, str, str]]:
    """Cada enlace bajo ``carpeta`` que no lleva a un fichero de dentro: el enlace, su destino
    escrito y por qué no vale («roto», «fuera» o «carpeta»)."""
    real = os.path.realpath(carpeta)
    encontrados: list[tuple[Path, str, str]] = []
    for actual, carpetas, ficheros in os.walk(carpeta):  # sin entrar en carpetas enlazadas
        for nombre in sorted(carpetas + ficheros):
            enlace = os.path.join(actual, nombre)
            if motivo := rechazado(enlace, real):
                encontrados.append((Path(enlace), os.readlink(enlace), motivo))
    return encontrados


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


def problemas(carpeta: Path, nombrar: Callable[[Path], str]) -> list[Problema]:
    """Un error por enlace rechazado; ``nombrar`` dice cómo se llama un fichero."""
    paginas = legible(nombrar(carpeta))
    motivos = {
        "roto": "que no existe (o es un bucle): quítalo o haz que lleve a un fichero de "
        f"{paginas}/",
        "fuera": f"fuera de {paginas}/: no se publica nada de fuera de la carpeta de las "
        "páginas; copia ahí el fichero o haz que el enlace lleve dentro",
        "carpeta": "una carpeta: MkDocs la recorrería otra vez (y dos carpetas que se enlazan, "
        "sin fin); enlaza los ficheros uno a uno o mueve la carpeta",
    }
    return [
        Problema(
            legible(nombrar(enlace)),
            1,
            f"es un enlace simbólico a «{legible(destino)}», {motivos[motivo]}",
        )
        for enlace, destino, motivo in enlaces_rechazados(carpeta)
    ]


def legible(texto: str) -> str:
    """Un nombre de fichero que se puede escribir aunque no sea UTF-8 (``\\xff``)."""
    try:
        return texto.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return texto.encode("utf-8", "backslashreplace").decode("utf-8")


def nombrar_desde(raiz: Path) -> Callable[[Path], str]:
    """Cómo se nombra un fichero en los mensajes: relativo a ``raiz`` sin seguir enlaces."""

    def nombrar(ruta: Path) -> str:
        try:
            return Path(ruta).absolute().relative_to(raiz).as_posix()
        except ValueError:
            return Path(ruta).as_posix()

    return nombrar
