"""Lo que WeasyPrint puede leer al escribir el PDF: solo ficheros del sitio construido.

WeasyPrint lee las imágenes, las hojas de estilos y los adjuntos del documento por su URL, y
un enlace ``<a rel="attachment" href="file:///…">`` incrusta el fichero en el PDF. Aquí solo
se atiende una URL ``file:`` cuya ruta, resuelta (sin ``..`` ni enlaces simbólicos que
salgan), queda dentro del sitio; cualquier otra (otro fichero, ``https:``, ``data:``…) para el
PDF con un mensaje que la nombra, en lugar de quedar en él o de fallar en silencio.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from weasyprint.urls import FatalURLFetchingError, URLFetcher


class FueraDelSitio(FatalURLFetchingError):  # type: ignore[misc]
    """Una URL que el PDF no puede leer: WeasyPrint deja pasar esta excepción y no otras."""


class Recursos(URLFetcher):  # type: ignore[misc]
    """El ``url_fetcher`` del PDF: los ficheros de ``sitio`` y nada más."""

    def __init__(self, sitio: Path) -> None:
        super().__init__(allowed_protocols={"file"}, allow_redirects=False)
        self.sitio = sitio.resolve()

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
        return super().fetch(self.ruta(url).as_uri(), headers)

    def ruta(self, url: str) -> Path:
        """El fichero del sitio al que lleva ``url``; si no lleva a uno, ``FueraDelSitio``."""
        partes = urlsplit(url)
        if partes.scheme.lower() != "file" or partes.netloc not in ("", "localhost"):
            raise FueraDelSitio(
                f"el PDF no puede leer «{_corto(url)}»: solo lee ficheros del sitio construido "
                f"({self.sitio}), nunca de la red ni de otro esquema"
            )
        ruta = Path(url2pathname(unquote(partes.path))).resolve()
        if not ruta.is_relative_to(self.sitio):
            raise FueraDelSitio(
                f"el PDF no puede leer «{_corto(url)}»: está fuera del sitio construido "
                f"({self.sitio}; las rutas se resuelven con sus «..» y enlaces simbólicos)"
            )
        return ruta


def _corto(url: str, largo: int = 100) -> str:
    """La URL entera o, si es larga, su principio y su final (el nombre del fichero)."""
    if len(url) <= largo:
        return url
    mitad = (largo - 1) // 2
    return url[:mitad] + "…" + url[-(largo - 1 - mitad) :]
