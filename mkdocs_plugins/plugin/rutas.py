"""Cómo se nombran las páginas en los mensajes: como las ve quien edita el libro."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig


def ruta_mostrada(src_uri: str, config: MkDocsConfig) -> str:
    """La ruta como la ve quien edita: ``srd/pagina.md``, relativa a mkdocs.yml."""
    return Path(
        _carpeta_mostrada(config.config_file_path or "", config.docs_dir), src_uri
    ).as_posix()


@lru_cache(maxsize=8)
def _carpeta_mostrada(fichero_config: str, docs_dir: str) -> str:
    raiz = os.path.dirname(fichero_config)
    return os.path.relpath(docs_dir, raiz) if raiz else os.path.basename(docs_dir)
