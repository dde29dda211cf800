"""Declara en cada encabezado del libro su ancla de hoy (``## Posturas {#posturas}``).

Se usó una vez para dar a cada sección un identificador estable sin romper ningún enlace:
el identificador es el ancla que ya le daba el índice de contenidos de Python-Markdown.
Después registra los identificadores en ``identificadores.yml``. Se puede volver a
ejecutar: un encabezado que ya declara el suyo no se toca.

    uv run python -m desarrollo.declarar_identificadores
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from markdown import Markdown

from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.fuente import estructura
from mkdocs_plugins.nucleo.fuente.bloques import separar_front_matter

RAIZ = Path(__file__).resolve().parents[1]


def _planos(tokens: list[Any]) -> Iterator[dict[str, Any]]:
    for token in tokens:
        yield token
        yield from _planos(token["children"])


def anclas_de_hoy(texto: str) -> list[str]:
    """Las anclas que el índice de contenidos da hoy a los encabezados, en orden."""
    markdown, _ = separar_front_matter(texto)
    conversor = Markdown(extensions=[*EXTENSIONES, "toc"])
    conversor.convert(markdown)
    return [token["id"] for token in _planos(getattr(conversor, "toc_tokens", []))]


def declarar(texto: str) -> str:
    """El texto con ``{#ancla}`` al final de cada encabezado que no declara la suya."""
    lineas = texto.split("\n")
    secciones = list(estructura.leer(texto).todas())
    anclas = anclas_de_hoy(texto)
    if len(anclas) != len(secciones):
        raise SystemExit(f"{len(anclas)} anclas y {len(secciones)} encabezados: revisa a mano")
    for seccion, ancla in zip(secciones, anclas, strict=True):
        indice = seccion.inicio - 1
        if not lineas[indice].lstrip().startswith("#"):
            raise SystemExit(f"línea {seccion.inicio}: solo se declaran encabezados con «#»")
        if seccion.identificador is None:
            lineas[indice] = f"{lineas[indice].rstrip()} {{#{ancla}}}"
    return "\n".join(lineas)


def main() -> None:
    paginas = RAIZ / "srd"
    leidas = []
    for fichero in sorted(paginas.rglob("*.md")):
        nuevo = declarar(fichero.read_text("utf-8"))
        fichero.write_text(nuevo, "utf-8")
        leidas.append((fichero.relative_to(paginas).as_posix(), estructura.leer(nuevo)))
    registro_fichero = RAIZ / identificadores.FICHERO
    registro = identificadores.leer(registro_fichero) or {}
    nuevos = identificadores.registrar(registro, leidas)
    identificadores.escribir(registro_fichero, registro)
    print(f"{len(nuevos)} identificadores registrados")


if __name__ == "__main__":
    main()
