"""El HTML escrito a mano en srd/: sin <script> ni atributos de evento (véase CONTRIBUTING)."""

from __future__ import annotations

import re
from pathlib import Path

SRD = Path(__file__).resolve().parents[1] / "srd"
PROHIBIDO = re.compile(r"<\s*script\b|<[^>]*\son[a-z]+\s*=", re.IGNORECASE)


def prohibidos(texto: str) -> list[int]:
    """Las líneas (desde 1) con un <script> o un atributo on…= dentro de una etiqueta."""
    return [texto.count("\n", 0, m.start()) + 1 for m in PROHIBIDO.finditer(texto)]


def test_el_libro_no_tiene_scripts_ni_eventos() -> None:
    encontrados = [
        f"{fichero.relative_to(SRD.parent)}:{linea}"
        for fichero in sorted(SRD.rglob("*"))
        if fichero.suffix in {".md", ".txt", ".html"}
        for linea in prohibidos(fichero.read_text("utf-8"))
    ]
    assert encontrados == []


def test_la_comprobacion_los_ve() -> None:
    texto = 'Texto\n<img src="x" onerror="alert(1)">\n<SCRIPT>x</SCRIPT>\n<a on="x">no</a>\n'
    assert prohibidos(texto) == [2, 3]
