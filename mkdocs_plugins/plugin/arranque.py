"""Lo que el plugin prepara en ``on_config``: su extensión entre las de MkDocs, la huella de
la caché de los bloques y la carpeta de los módulos de los widgets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

from mkdocs_plugins.extension import TapizExtension
from mkdocs_plugins.nucleo.datos import cache
from mkdocs_plugins.nucleo.fuente import Configuracion
from mkdocs_plugins.plugin import servidor

TEMA = Path(__file__).parents[1] / "tema"
"""Las plantillas, los widgets y los estilos del paquete (los que MkDocs lee de ``theme.dirs``)."""
NOMBRE_EXTENSION = "mkdocs_plugins.extension"
SUPERFENCES = "pymdownx.superfences"


def quitar_extension(config: MkDocsConfig) -> dict[str, Any]:
    """Quita la extensión de las de MkDocs (la de mkdocs.yml, o la instancia de una
    construcción anterior) y da sus ajustes: sin el plugin activo, las vallas quedan como
    código."""
    # MkDocs admite también instancias de Extension, aunque lo declare como list[str].
    extensiones: list[Any] = [
        e
        for e in config.markdown_extensions
        if e != NOMBRE_EXTENSION and not isinstance(e, TapizExtension)
    ]
    config.markdown_extensions = extensiones
    return dict(config.mdx_configs.pop(NOMBRE_EXTENSION, {}))


def instalar_extension(config: MkDocsConfig) -> TapizExtension:
    """La extensión de mkdocs.yml pasa a ser una instancia del plugin, justo tras SuperFences,
    para que el plugin sepa qué página se convierte y recoja sus problemas."""
    extension = TapizExtension(**quitar_extension(config))
    extensiones: list[Any] = config.markdown_extensions
    if SUPERFENCES not in extensiones:
        extensiones.append(SUPERFENCES)
    extensiones.insert(extensiones.index(SUPERFENCES) + 1, extension)
    return extension


def huella_de_la_cache(configuracion: Configuracion, fichero_reglas: Path) -> str:
    """La de todo lo que decide el resultado de un bloque: el código (del motor y del plugin),
    las reglas del proyecto y lo de cada Lienzo que no es una página
    (``cache.ficheros_de_lienzo``)."""
    ficheros = [
        f
        for carpeta in servidor.CARPETAS_DEL_CODIGO
        for f in cache.ficheros_bajo(carpeta, lambda nombre: nombre.endswith(".py"))
    ]
    ficheros += [str(fichero_reglas)] + [
        f for carpeta, _ in configuracion.lienzos for f in cache.ficheros_de_lienzo(carpeta)
    ]
    return cache.huella(ficheros)


def anadir_tema(config: MkDocsConfig) -> None:
    """El tema del paquete entre las carpetas de plantillas de MkDocs, como un ``custom_dir``
    que nadie escribe en ``mkdocs.yml``: tras el ``custom_dir`` de quien construye (el suyo
    sigue mandando) y antes de las de mkdocs-material."""
    carpetas = config.theme.dirs
    if any(Path(c).resolve() == TEMA.resolve() for c in carpetas):
        return
    carpetas.insert(1 if config.theme.custom_dir else 0, str(TEMA))


def carpeta_modulos(config: MkDocsConfig) -> Path | None:
    """La carpeta ``tapiz/`` de los módulos de los widgets, en las plantillas del tema; None
    en un sitio que no usa las plantillas del SRD (sus widgets quedan como texto)."""
    for carpeta in config.theme.dirs:
        if (Path(carpeta) / "tapiz" / "dados.js").is_file():
            return Path(carpeta) / "tapiz"
    return None
