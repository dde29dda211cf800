"""Los encargos del plugin al adelanto: lo que solo depende de la fuente y MkDocs necesita
más tarde, hecho en el proceso auxiliar tras sus páginas (``adelanto.Encargo``)."""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from mkdocs_plugins.extension import api as api_estatica
from mkdocs_plugins.nucleo.configuracion import Configuracion
from mkdocs_plugins.plugin import estado
from mkdocs_plugins.plugin.adelanto import Encargo


def del_plugin(
    configuracion: Configuracion,
    ficheros: Files,
    config: MkDocsConfig,
    *,
    con_estado: bool,
    con_api: bool,
) -> list[Encargo]:
    """En el orden en que MkDocs los necesita: los capítulos de «Estado del SRD» (la última
    página que lee) y la API (en ``on_post_build``). ``motor.zip`` no: lleva el Python que
    precompila Node mientras se construye (``nucleo/precompilado.py``), y lo escribe MkDocs."""
    encargos: list[Encargo] = []
    if con_estado:
        capitulos = estado.capitulos_del_libro(ficheros, config)

        def leer_capitulos() -> estado.Leidos:
            return estado.leer([(r, f.content_string, t) for r, f, t in capitulos])

        encargos.append(("estado", leer_capitulos))
    if con_api:
        encargos.append(("api", lambda: api_estatica.ficheros(configuracion)))
    return encargos
