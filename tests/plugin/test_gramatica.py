"""Las etiquetas de los controles y enlaces del libro, leídas como frases: sin «a el» ni «de el»
(se contraen: «al», «del») y sin un número pegado a su palabra («2datos»)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ATRIBUTOS = ("aria-label", "title", "alt", "placeholder")
SIN_CONTRAER = re.compile(r"\b(?:a|de) el\b")
PEGADO = re.compile(r"\b\d+[a-záéíóúñ]{3,}\b")


class _Etiquetas(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.textos: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.textos += [v for k, v in attrs if k in ATRIBUTOS and v]


def _etiquetas(pagina: Path) -> list[str]:
    lector = _Etiquetas()
    lector.feed(pagina.read_text(encoding="utf-8"))
    return lector.textos


def test_las_etiquetas_del_libro_se_leen_como_frases(libro: Path) -> None:
    malas = []
    vistas = 0
    for pagina in sorted(libro.rglob("*.html")):
        for texto in _etiquetas(pagina):
            vistas += 1
            if SIN_CONTRAER.search(texto) or PEGADO.search(texto):
                malas.append(f"{pagina.relative_to(libro)}: {texto}")
    assert vistas > 1000
    assert malas == []
