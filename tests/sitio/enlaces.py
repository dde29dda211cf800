"""Comprobador de enlaces del sitio construido: cada ``href`` y cada ``#ancla``.

Lee los ficheros HTML de la carpeta construida con ``html.parser`` (sin navegador).
Un enlace se resuelve como lo resolvería el navegador desde la URL publicada de su
página (``site_url`` + ruta); si apunta al propio sitio, la página de destino tiene
que existir y, si lleva ancla, tener un elemento con ese ``id`` (o un ``<a name>``).
Los enlaces a otros servidores no se siguen.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit


@dataclass(frozen=True)
class EnlaceRoto:
    pagina: str
    href: str
    motivo: str

    def __str__(self) -> str:
        return f"{self.pagina}: «{self.href}» {self.motivo}"


class _Lector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        atributos = dict(attrs)
        if atributos.get("id"):
            self.ids.add(str(atributos["id"]))
        if tag == "a" and atributos.get("name"):
            self.ids.add(str(atributos["name"]))
        if tag in ("a", "link", "area") and atributos.get("href") is not None:
            if tag == "link" and atributos.get("rel") not in ("stylesheet", "icon", "prev", "next"):
                return
            self.hrefs.append(str(atributos["href"]))


@dataclass
class _Pagina:
    hrefs: list[str]
    ids: set[str]


def _leer(fichero: Path) -> _Pagina:
    lector = _Lector()
    lector.feed(fichero.read_text(encoding="utf-8"))
    return _Pagina(lector.hrefs, lector.ids)


def _url_de(fichero: Path, raiz: Path, base: str) -> str:
    relativa = fichero.relative_to(raiz).as_posix()
    if relativa.endswith("index.html"):
        relativa = relativa[: -len("index.html")]
    return urljoin(base, relativa)


def _fichero_de(ruta: str, raiz: Path) -> Path | None:
    """El fichero que el servidor devolvería para ``ruta`` (relativa a la base), o None."""
    candidato = raiz / unquote(ruta)
    if ruta == "" or ruta.endswith("/"):
        candidato = candidato / "index.html"
    return candidato if candidato.is_file() else None


def comprobar_sitio(raiz: Path, base: str) -> tuple[list[EnlaceRoto], int]:
    """Enlaces rotos del sitio en ``raiz`` publicado en ``base`` y cuántos se comprobaron."""
    paginas = {f: _leer(f) for f in sorted(raiz.rglob("*.html"))}
    rotos: list[EnlaceRoto] = []
    comprobados = 0
    prefijo = urlsplit(base)
    for fichero, pagina in paginas.items():
        nombre = fichero.relative_to(raiz).as_posix()
        url = _url_de(fichero, raiz, base)
        for href in pagina.hrefs:
            destino = urlsplit(urljoin(url, href))
            if destino.scheme not in ("http", "https") or destino.netloc != prefijo.netloc:
                continue
            comprobados += 1
            if not destino.path.startswith(prefijo.path):
                rotos.append(EnlaceRoto(nombre, href, "sale de la ruta del sitio"))
                continue
            objetivo = _fichero_de(destino.path[len(prefijo.path) :], raiz)
            if objetivo is None:
                rotos.append(EnlaceRoto(nombre, href, "lleva a una página que no existe"))
                continue
            ancla = unquote(destino.fragment)
            if ancla and objetivo.suffix == ".html":
                ids = paginas[objetivo].ids if objetivo in paginas else _leer(objetivo).ids
                if ancla not in ids:
                    motivo = f"lleva a un ancla que no existe: #{ancla}"
                    rotos.append(EnlaceRoto(nombre, href, motivo))
    return rotos, comprobados
