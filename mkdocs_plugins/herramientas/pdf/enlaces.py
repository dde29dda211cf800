"""Un solo documento: ids únicos por capítulo y enlaces entre páginas convertidos en internos.

Es lo que ``libro.js`` hace en el navegador con la página del libro completo, aquí en Python
porque WeasyPrint no ejecuta JavaScript.
"""

from __future__ import annotations

from urllib.parse import unquote, urljoin, urlsplit

from mkdocs_plugins.herramientas.pdf.fuente import Capitulo

BASE = "http://libro.invalid/"


def prefijar_ids(capitulo: Capitulo) -> None:
    for elemento in capitulo.cuerpo.iter():
        if elemento.get("id"):
            elemento.set("id", f"{capitulo.ancla}--{elemento.get('id')}")
        if elemento.get("aria-labelledby"):
            ids = elemento.get("aria-labelledby", "").split()
            elemento.set("aria-labelledby", " ".join(f"{capitulo.ancla}--{i}" for i in ids))


def _ruta(url: str) -> str:
    return urlsplit(url).path.removesuffix("index.html")


def reescribir(capitulos: list[Capitulo], sitio_publicado: str) -> None:
    """Cada enlace a una página del libro apunta a su capítulo (y a su ancla, si sigue en él);
    uno a una página que no está en el libro, a la edición en línea."""
    por_ruta = {_ruta(urljoin(BASE, c.url)): c for c in capitulos}
    ids = {e.get("id") for c in capitulos for e in c.cuerpo.iter() if e.get("id")}
    for capitulo in capitulos:
        for enlace in capitulo.cuerpo.iter("a"):
            href = enlace.get("href")
            if href is None:
                continue
            destino = urljoin(urljoin(BASE, capitulo.url), href)
            if not destino.startswith(BASE):
                continue
            objetivo = por_ruta.get(_ruta(destino))
            if objetivo is None:
                enlace.set("href", sitio_publicado + destino.removeprefix(BASE))
                continue
            ancla = unquote(urlsplit(destino).fragment)
            interno = f"{objetivo.ancla}--{ancla}"
            enlace.set("href", f"#{interno}" if ancla and interno in ids else f"#{objetivo.ancla}")
