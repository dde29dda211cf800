"""Las páginas que genera el plugin: el catálogo y «Estado del SRD»."""

from mkdocs_plugins.nucleo.paginas import catalogo, estado_srd

__all__ = ["catalogo", "estado_srd"]
