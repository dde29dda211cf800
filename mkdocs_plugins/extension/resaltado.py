"""Las vallas de código que no son de Tapiz, coloreadas una vez: su HTML, en la caché.

SuperFences las colorea con Pygments (``pymdownx.highlight``): en el libro, una décima de segundo
por construcción en el proceso de MkDocs. Con la caché, el auxiliar del adelanto las colorea
antes y MkDocs toma su HTML de ella, también en la construcción siguiente. El HTML depende del
texto y el lenguaje de la valla, de sus opciones y atributos, de cuántas vallas de código van
antes en la página (numeran las anclas de sus líneas), de la configuración del coloreado en
``mkdocs.yml`` y de las versiones de Pygments y de PyMdown Extensions: todo va en la clave.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

from markdown import Markdown
from pymdownx.highlight import HighlightExtension
from pymdownx.superfences import SuperFencesCodeExtension

from mkdocs_plugins.nucleo.datos import Cache, cache


def coloreada(
    md: Markdown,
    guardada: Cache | None,
    colorear: Callable[[], str],
    src: str,
    language: str,
    opciones: dict[str, Any],
) -> str:
    """El HTML de la valla, de la caché o de ``colorear`` (el formateador de SuperFences, que
    recibe también ``opciones``). Tomado de la caché, la valla cuenta igual en la página: el
    contador de ``pymdownx.highlight`` avanza como si se hubiera coloreado."""
    extensiones = md.registeredExtensions
    resaltado = next((e for e in extensiones if isinstance(e, HighlightExtension)), None)
    anteriores = getattr(resaltado, "pygments_code_block", None)
    propias = sorted((nombre, valor) for nombre, valor in opciones.items() if nombre != "md")
    partes = (_configuracion(md), repr(anteriores), language, src, repr(propias))
    codigo = cache.texto_guardado(guardada, colorear, "código", *partes)
    if resaltado is not None and isinstance(anteriores, int):
        resaltado.pygments_code_block = anteriores + 1
    return codigo


def _configuracion(md: Markdown) -> str:
    partes: list[object] = [_versiones(), "attr_list" in md.treeprocessors]
    for extension in md.registeredExtensions:
        if isinstance(extension, HighlightExtension):
            partes.append(sorted(extension.getConfigs().items()))
        elif isinstance(extension, SuperFencesCodeExtension):
            ajustes = extension.getConfigs().items()
            partes.append(sorted((k, v) for k, v in ajustes if k != "custom_fences"))
    return repr(partes)


@functools.cache
def _versiones() -> str:
    return f"Pygments {version('Pygments')}, PyMdown Extensions {version('pymdown-extensions')}"
