"""Cómo se nombran las páginas en los mensajes: como las ve quien edita el libro."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from mkdocs_plugins.nucleo.fuente import carpeta


def ruta_mostrada(src_uri: str, config: MkDocsConfig) -> str:
    """La ruta como la ve quien edita: ``srd/pagina.md``, relativa a mkdocs.yml."""
    return Path(
        _carpeta_mostrada(config.config_file_path or "", config.docs_dir), src_uri
    ).as_posix()


@lru_cache(maxsize=8)
def _carpeta_mostrada(fichero_config: str, docs_dir: str) -> str:
    raiz = os.path.dirname(fichero_config)
    return os.path.relpath(docs_dir, raiz) if raiz else os.path.basename(docs_dir)


def no_publicables(files: Files, config: MkDocsConfig) -> list[File]:
    """Los ficheros de las páginas que ``nucleo/fuente/carpeta.py`` rechaza: los que llegan por un
    enlace que sale de ellas y los que no son UTF-8 (nombre o página).

    Leer la configuración ya los rechaza y para la construcción; con ``mkdocs serve`` se sirve
    con ese error en cada página, y estos no se publican (MkDocs no los sabría leer)."""
    paginas = os.path.realpath(config.docs_dir)
    return [
        f
        for f in files
        if f.abs_src_path
        and f.src_dir is not None
        and os.path.realpath(f.src_dir) == paginas  # no los del tema
        and _no_publicable(f.abs_src_path, paginas)
    ]


def _no_publicable(fichero: str, paginas: str) -> bool:
    if not carpeta.dentro(os.path.realpath(fichero), paginas):
        return True
    if not carpeta.es_utf8(fichero):
        return True
    return fichero.endswith(".md") and carpeta.linea_no_utf8(Path(fichero)) is not None
