"""El HTML que escribe quien contribuye, juzgado por un sanitizador de lista blanca (nh3).

Lo que juzga es lo que Python-Markdown publica de la página (el HTML escrito a mano, los
``<div markdown>``, los atributos de ``{ … }`` y los enlaces de Markdown), sin lo que
escriben los bloques Tapiz. nh3 (el enlace de Python de ``ammonia``) lo limpia con la lista de
abajo; si la limpieza cambia algo, la página se rechaza y se dice qué quitaría. Para saber qué
cambió se comparan el original y lo limpio leídos con el mismo lector (``html.parser``): las
etiquetas, sus atributos, los comentarios y el texto, en orden. Quien decide qué es peligroso
es el sanitizador; el lector solo encuentra la diferencia, y si lee algo de otra forma que un
navegador, la diferencia aparece igual y la página se rechaza.

También es un error un enlace con un ancla que no se puede decodificar (``#%E0%A4%A``): el
navegador no encontraría el id, y ``decodeURIComponent`` lanzaría «URI malformed».
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher
from html.parser import HTMLParser
from urllib.parse import unquote_to_bytes, urlsplit

import nh3

# fmt: off
ETIQUETAS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "data", "dd",
    "del", "details", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4",
    "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s", "small",
    "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
    "tr", "ul",
})
# fmt: on
"""Lo que escribe Markdown con las extensiones del libro, y lo poco que el libro escribe a mano
(``<abbr>``, ``<kbd>``, ``<div markdown>``, ``<p class>``, ``<details>``)."""
ATRIBUTOS: dict[str, set[str]] = {
    "*": {"class", "id", "title", "lang", "data-search-exclude"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "ol": {"start"},
    "td": {"colspan", "rowspan", "style"},
    "th": {"colspan", "rowspan", "style"},
    "details": {"open"},
    "data": {"value"},
    "span": {"data-dado"},
    **{f"h{nivel}": {"define"} for nivel in range(1, 7)},
}
"""Además de los de siempre, los términos que define un encabezado (``{ define="…" }``, véase
``nucleo.definiciones``), lo que aparta un texto de la búsqueda de mkdocs-material y el dado de
la tirada que escribe ``{{dado}}`` (``extension.valores.DadoDeLaTirada``), un dato sin efecto."""
ESQUEMAS = frozenset({"http", "https", "mailto"})
_ALINEACION = re.compile(r"text-align: (?:left|center|right);")
"""El único estilo: el que escriben las tablas de Markdown alineadas (``|:--:|``)."""


def _filtrar(etiqueta: str, atributo: str, valor: str) -> str | None:
    """Lo que la lista de atributos no sabe decir: el estilo de las celdas y que las imágenes
    salgan del propio sitio (nada se carga de otro servidor)."""
    if atributo == "style":
        return valor if _ALINEACION.fullmatch(valor) else None
    if etiqueta == "img" and atributo == "src":
        # Como la lee el navegador: sin tabuladores ni saltos, «\» como «/» («\\x.example»).
        url = re.sub(r"[\t\n\r]", "", valor).strip().replace("\\", "/")
        partes = urlsplit(url)
        return None if partes.scheme or partes.netloc else valor
    return valor


def limpiar(html: str) -> str:
    """``html`` tal como lo deja el sanitizador con la lista del libro."""
    return nh3.clean(
        html,
        tags=set(ETIQUETAS),
        attributes=ATRIBUTOS,
        attribute_filter=_filtrar,
        strip_comments=False,
        link_rel=None,
        url_schemes=set(ESQUEMAS),
    )


Pieza = tuple[str, str, tuple[tuple[str, str], ...]]
"""(clase, etiqueta o texto, atributos): «etiqueta», «texto», «comentario» u «otra»."""


class _Lector(HTMLParser):
    """Las piezas de un HTML en orden; sin cierres (el sanitizador cierra lo que queda abierto)
    y con los espacios del texto reducidos a uno (no cambian lo que hace la página)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.piezas: list[Pieza] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        atributos = tuple(sorted((nombre, valor or "") for nombre, valor in attrs))
        self.piezas.append(("etiqueta", tag, atributos))

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        texto = " ".join(data.split())
        if not texto:
            return
        if self.piezas and self.piezas[-1][0] == "texto":
            texto = f"{self.piezas.pop()[1]} {texto}"
        self.piezas.append(("texto", texto, ()))

    def handle_comment(self, data: str) -> None:
        self.piezas.append(("comentario", f"<!--{data}-->", ()))

    def handle_decl(self, decl: str) -> None:
        self.piezas.append(("otra", f"<!{decl}>", ()))

    def handle_pi(self, data: str) -> None:
        self.piezas.append(("otra", f"<?{data}>", ()))

    def unknown_decl(self, data: str) -> None:
        self.handle_decl(data)


def piezas(html: str) -> list[Pieza]:
    lector = _Lector()
    lector.feed(html)
    lector.close()
    return lector.piezas


@dataclass(frozen=True)
class Rechazo:
    """Algo que el sanitizador quitaría: qué decir y qué buscar en la página para su línea."""

    mensaje: str
    buscar: tuple[tuple[str, ...], ...]
    """Grupos de textos, de más a menos preciso: la línea es la primera que los tiene todos."""


def rechazos(html: str) -> list[Rechazo]:
    """Lo que el sanitizador cambiaría en ``html`` y las anclas mal escritas, una vez cada
    cosa y en orden."""
    return _sanitizado(html) + _anclas_mal_escritas(html)


def _sanitizado(html: str) -> list[Rechazo]:
    limpiado = limpiar(html)
    if limpiado == html:  # lo más común: Markdown escribe el HTML como lo deja nh3
        return []
    original, limpio = piezas(html), piezas(limpiado)
    if original == limpio:
        return []
    vistos: dict[str, Rechazo] = {}
    comparacion = SequenceMatcher(None, original, limpio, autojunk=False)
    for operacion, i1, i2, j1, j2 in comparacion.get_opcodes():
        if operacion in ("replace", "delete"):
            for rechazo in _quitado(original[i1:i2], limpio[j1:j2]):
                vistos.setdefault(rechazo.mensaje, rechazo)
    return list(vistos.values())


_ESCAPE_ROTO = re.compile(r"%(?![0-9A-Fa-f]{2})")
_ANCLA_CON_ESCAPE = re.compile(r"#[^\s\"'<>#]*%")
"""Un «#» seguido de un «%» en la misma palabra: sin él, ningún enlace tiene esa ancla."""


def _anclas_mal_escritas(html: str) -> list[Rechazo]:
    """Los enlaces cuyo ancla (``#…``) no se puede decodificar: un «%» sin dos cifras
    hexadecimales o unos bytes que no son UTF-8 (``#%E0%A4%A``). El navegador no encuentra
    ese id y ``decodeURIComponent`` lanza «URI malformed»."""
    if not _ANCLA_CON_ESCAPE.search(html):
        return []
    vistos: dict[str, Rechazo] = {}
    for clase, _, atributos in piezas(html):
        for nombre, valor in atributos if clase == "etiqueta" else ():
            ancla = valor.partition("#")[2] if nombre in ("href", "src") else ""
            if "%" in ancla and not _decodificable(ancla):
                mensaje = (
                    f"el ancla «#{_corto(ancla)}» está mal escrita: cada «%» debe ir seguido de "
                    "dos cifras hexadecimales que formen UTF-8 (por ejemplo «%C3%B3» para «ó»), "
                    "o escribe el carácter tal cual"
                )
                vistos.setdefault(mensaje, Rechazo(mensaje, ((f"#{ancla[:40]}",), (ancla[:40],))))
    return list(vistos.values())


def _decodificable(texto: str) -> bool:
    if _ESCAPE_ROTO.search(texto):
        return False
    try:
        unquote_to_bytes(texto).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _quitado(antes: list[Pieza], despues: list[Pieza]) -> Iterator[Rechazo]:
    """Lo que falta de ``antes`` en ``despues``: etiquetas enteras o algunos de sus atributos.
    El texto que solo cambia de sitio (lo que el HTML5 saca de una tabla) no se rechaza."""
    quedan = [p for p in despues if p[0] == "etiqueta"]
    for clase, nombre, atributos in antes:
        if clase == "texto":
            continue
        if clase != "etiqueta":
            yield Rechazo(
                f"el sanitizador de HTML quitaría «{_corto(nombre)}»: los comentarios "
                "deben abrirse con «<!--» y cerrarse con «-->», sin otro «<!» ni «-->» dentro",
                ((nombre.removeprefix("<!--")[:40],), ("<!",), ("<?",)),
            )
            continue
        igual = next((p for p in quedan if p[1] == nombre), None)
        if igual is None:
            yield _etiqueta(nombre, atributos)
            continue
        quedan.remove(igual)
        for atributo, valor in sorted(set(atributos) - set(igual[2])):
            yield _atributo(nombre, atributo, valor)


def _etiqueta(nombre: str, atributos: tuple[tuple[str, str], ...]) -> Rechazo:
    # Una etiqueta permitida que se quita está fuera de su sitio (una celda sin tabla).
    que = f"«<{nombre}>» fuera de su sitio" if nombre in ETIQUETAS else f"la etiqueta «<{nombre}>»"
    return Rechazo(
        f"el sanitizador de HTML quitaría {que}: el HTML de las páginas solo puede usar "
        "texto, enlaces, tablas, listas, abreviaturas, imágenes del sitio y bloques "
        "(véase CONTRIBUTING, «HTML en las páginas»)",
        (
            (f"<{nombre}", *(valor[:40] for _, valor in atributos)),
            (f"<{nombre}",),
            *((valor[:40],) for _, valor in atributos),
        ),
    )


def _atributo(etiqueta: str, atributo: str, valor: str) -> Rechazo:
    if atributo.startswith("on"):
        por_que = "un atributo de evento ejecuta JavaScript"
    elif atributo in ATRIBUTOS["*"] | ATRIBUTOS.get(etiqueta, set()):
        por_que = "solo se permiten enlaces http:, https:, mailto: o del propio sitio"
        if etiqueta == "img":
            por_que = "las imágenes deben estar en el propio sitio"
        elif atributo == "style":
            por_que = "el único estilo permitido es la alineación de las tablas"
    else:
        por_que = "no está en la lista de atributos permitidos"
    return Rechazo(
        f'el sanitizador de HTML quitaría «{atributo}="{_corto(valor)}"» de «<{etiqueta}>»: '
        f"{por_que} (véase CONTRIBUTING, «HTML en las páginas»)",
        ((atributo, valor[:40]), (valor[:40],), (f"{atributo}=",), (f"<{etiqueta}",)),
    )


def _corto(texto: str, largo: int = 60) -> str:
    texto = " ".join(texto.split())
    return texto if len(texto) <= largo else texto[: largo - 1] + "…"
