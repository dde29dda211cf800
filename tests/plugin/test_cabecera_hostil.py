"""La cabecera de una página (título y descripción) llega al sitio como texto, no como HTML."""

from __future__ import annotations

from pathlib import Path

from mkdocs_plugins.nucleo.fuente.bloques import error_front_matter
from tests.plugin.conftest import construir, sitio

PAGINA = """\
---
title: Dados <img src=x onerror=alert(1)>
description: '"><script>alert(1)</script>'
---

# Dados {#dados}

Texto.
"""


def test_titulo_y_descripcion_escapados(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [])
    (proyecto / "srd" / "index.md").write_text(PAGINA, encoding="utf-8")
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    html = (proyecto / "site" / "index.html").read_text("utf-8")
    assert "<script>alert(1)" not in html
    assert "<img src=x" not in html
    assert 'content="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in html


def test_un_caracter_de_control_en_la_cabecera_es_un_error_en_su_linea() -> None:
    """YAML no lee un NUL: antes era una excepción de PyYAML (``ReaderError``) sin línea."""
    texto = "---\ntitle: Dados\ndescription: a\x00b\n---\n\n# Dados {#dados}\n"
    assert error_front_matter(texto) == (
        3,
        "la cabecera de la página (entre las líneas ---) lleva el carácter de control U+0000, "
        "que YAML no admite; quítalo",
    )
