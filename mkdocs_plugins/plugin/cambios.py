"""La página «Cambios» y ``cambios.xml`` en el sitio (opción ``cambios`` del plugin)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from mkdocs_plugins.herramientas import publicar_cambios
from mkdocs_plugins.herramientas.historial import Historial, historial
from mkdocs_plugins.nucleo.fuente import Configuracion
from mkdocs_plugins.plugin import generadas
from tapiz_rules.errores import ErrorTapiz


def anadir_pagina(
    files: Files,
    config: MkDocsConfig,
    configuracion: Configuracion,
    cache: Path | None,
    calculado: Historial | None = None,
) -> Historial:
    """Calcula el historial (una vez por construcción, si no viene ``calculado`` de otro
    proceso) y añade la página ``cambios.md``."""
    try:
        calculado = calculado or historial(configuracion, cache)
    except ErrorTapiz as error:
        raise PluginError(f"tapiz: {error}") from None
    contenido = publicar_cambios.markdown(calculado)
    generadas.sustituir(files, File.generated(config, publicar_cambios.RUTA, content=contenido))
    return calculado


def escribir_feed(config: MkDocsConfig, calculado: Historial) -> None:
    feed = Path(config.site_dir) / publicar_cambios.FEED
    feed.write_text(publicar_cambios.atom(calculado, config.site_url or ""), "utf-8")
