"""Enlaces relativos de un contenido que se muestra en otra página (el libro completo).

Cada página se convierte con sus enlaces relativos a su propia URL («licencia/» desde la
portada). El libro completo reúne ese contenido en ``libro/``, donde los mismos enlaces
llevarían a otro sitio («libro/licencia/»). Aquí se reescriben para que lleven al mismo
destino desde la página que los muestra.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import urlsplit

_ENLACE = re.compile(r'(\s(?:href|src)=")([^"]*)(")')


def _carpeta(url: str) -> str:
    """La carpeta desde la que el navegador resuelve los enlaces de la página ``url``."""
    return posixpath.dirname("/" + url + "x")


def _reubicar(href: str, origen: str, destino: str) -> str:
    partes = urlsplit(href)
    if partes.scheme or partes.netloc or href.startswith(("/", "#")) or not partes.path:
        return href
    absoluta = posixpath.normpath(posixpath.join(_carpeta(origen), partes.path))
    relativa = posixpath.relpath(absoluta, _carpeta(destino))
    if partes.path.endswith("/"):
        relativa += "/"
    return relativa + href[len(partes.path) :]


def reubicar_enlaces(html: str, origen: str, destino: str) -> str:
    """``html`` de la página con URL ``origen``, con sus enlaces relativos válidos en ``destino``.

    Las URL son las de MkDocs, relativas a la raíz del sitio («», «licencia/», «libro/»).
    Los enlaces absolutos, a otros servidores o solo con ancla no cambian.
    """
    if origen == destino:
        return html
    return _ENLACE.sub(lambda m: m[1] + _reubicar(m[2], origen, destino) + m[3], html)
