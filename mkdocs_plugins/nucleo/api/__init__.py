"""La API estática ``api/v1/``: sus ficheros, páginas, esquemas y textos, y los identificadores
estables de secciones y ejemplos que publica.
"""

from mkdocs_plugins.nucleo.api import api, api_esquemas, api_paginas, identificadores

__all__ = ["api", "api_esquemas", "api_paginas", "identificadores"]
