"""La página «Estado del SRD» en el sitio (opción ``estado`` del plugin)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from mkdocs_plugins.nucleo import estado_srd

FUERA = ("colaborar/", "libro.md", "cambios.md", "catalogo.md")
"""Lo que no es parte del libro del lector: las páginas para quien colabora y las generadas."""


def anadir_pagina(files: Files, config: MkDocsConfig) -> None:
    """Lee las páginas del libro en el orden de la navegación y añade ``colaborar/estado.md``."""
    anterior = files.get_file_from_path(estado_srd.RUTA)
    if anterior is not None:
        files.remove(anterior)
    titulos = dict(_de_la_navegacion(config.nav or []))
    paginas = {
        f.src_uri: f
        for f in files.documentation_pages()
        if not f.generated_by and not f.src_uri.startswith(FUERA)
    }
    orden = [r for r in titulos if r in paginas] + sorted(set(paginas) - set(titulos))
    capitulos = [
        estado_srd.capitulo(ruta, paginas[ruta].content_string, titulos.get(ruta)) for ruta in orden
    ]
    contenido = estado_srd.markdown(capitulos, direccion_de_edicion(config))
    files.append(File.generated(config, estado_srd.RUTA, content=contenido))


def direccion_de_edicion(config: MkDocsConfig) -> str | None:
    """``repo_url`` + ``edit_uri``: la dirección a la que se añade el fichero para editarlo."""
    edicion = config.edit_uri or ""
    if not config.repo_url and "://" not in edicion:
        return None
    if "://" not in edicion:
        edicion = f"{str(config.repo_url).rstrip('/')}/{edicion.lstrip('/')}"
    return edicion if edicion.endswith("/") else edicion + "/"


def _de_la_navegacion(nav: Any) -> Iterator[tuple[str, str | None]]:
    """Cada fichero de ``nav`` (la de mkdocs.yml, sin resolver) con su título, en orden."""
    if isinstance(nav, str):
        yield nav, None
    elif isinstance(nav, list):
        for entrada in nav:
            yield from _de_la_navegacion(entrada)
    elif isinstance(nav, dict):
        for titulo, valor in nav.items():
            if isinstance(valor, str):
                yield valor, str(titulo)
            else:
                yield from _de_la_navegacion(valor)
