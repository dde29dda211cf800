"""Lo que ``pymdownx.snippets`` no puede incluir: un error con ``fichero:línea``, no su traza.

Con ``check_paths``, una inclusión que no encuentra (o que ``restrict_base_path`` deja
fuera, como ``--8<-- "../.git/config"``) para la conversión con ``SnippetMissingError`` y
MkDocs termina con una traza. Antes que ``snippets``, la página se incluye una vez en
seco con su propio analizador; cada inclusión que falla se vuelve un problema en su línea y
esa línea se deja en blanco, así que la inclusión de verdad ya no falla.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

from markdown import Markdown
from markdown.preprocessors import Preprocessor

NOMBRE = "snippet"
"""Como registra ``pymdownx.snippets`` su preprocesador (prioridad 32)."""
PRIORIDAD = 33
_MARCA = "8<"
_CITADO = re.compile(r"'(.*)'")


def fallos(md: Markdown, lineas: list[str]) -> list[tuple[int, str]]:
    """Deja en blanco cada línea que ``snippets`` no puede incluir; su índice y el porqué."""
    if NOMBRE not in md.preprocessors or not any(_MARCA in linea for linea in lineas):
        return []
    snippets: Any = md.preprocessors[NOMBRE]
    encontrados: list[tuple[int, str]] = []
    for _ in range(sum(_MARCA in linea for linea in lineas) + 1):
        error = _en_seco(snippets, lineas)
        if error is None:
            break
        citado = _CITADO.search(str(error)) if _falta(error) else None
        nombre = citado.group(1) if citado else ""
        indice = _linea_de(lineas, nombre)
        encontrados.append((indice or 0, _mensaje(nombre, error, snippets)))
        if indice is None:  # en un fichero incluido: no se incluye nada de esta página
            lineas[:] = ["" if _MARCA in linea else linea for linea in lineas]
            break
        lineas[indice] = ""
    return encontrados


def _linea_de(lineas: list[str], nombre: str) -> int | None:
    """La línea que incluye ``nombre``: con la marca ``--8<--``, o sola (dentro de un bloque)."""
    if not nombre:
        return None
    candidatas = [i for i, linea in enumerate(lineas) if nombre in linea]
    con_marca = [i for i in candidatas if _MARCA in lineas[i]]
    solas = [i for i in candidatas if lineas[i].strip() == nombre]
    return next(iter(con_marca + solas + candidatas), None)


def _en_seco(snippets: Any, lineas: list[str]) -> Exception | None:
    """Lo que falla al incluir, sin tocar las líneas (el estado es el que pone su ``run``)."""
    snippets.seen, snippets.bases, snippets.failed = set(), None, set()
    try:
        snippets.parse_snippets(list(lineas))
    except Exception as error:  # SnippetMissingError, OSError, UnicodeDecodeError…
        return error
    return None


def _falta(error: Exception) -> bool:
    return type(error).__name__ == "SnippetMissingError"


def _mensaje(nombre: str, error: Exception, snippets: Any) -> str:
    carpetas = ", ".join(f"{_relativa(c)}/" for c in getattr(snippets, "base_path", []))
    if _falta(error):
        return (
            f"pymdownx.snippets no incluye «{nombre}»: no existe o queda fuera de {carpetas} "
            "(solo se incluyen ficheros de la carpeta de las páginas)"
        )
    return (
        "pymdownx.snippets no puede leer lo que incluye esta página "
        f"({type(error).__name__}: {error}); no se incluye nada"
    )


def _relativa(carpeta: str) -> str:
    """Como la escribe ``mkdocs.yml`` (``srd``): MkDocs la da absoluta."""
    try:
        return os.path.relpath(carpeta)
    except ValueError:  # otra unidad, en Windows
        return carpeta


class ComprobarSnippets(Preprocessor):
    """Antes que ``snippets``: guarda sus fallos (el índice de la línea y el mensaje)."""

    def __init__(self, md: Markdown, guardar: Callable[[list[tuple[int, str]]], None]) -> None:
        super().__init__(md)
        self.guardar = guardar

    def run(self, lines: list[str]) -> list[str]:
        self.guardar(fallos(self.md, lines))
        return lines
