"""La cabecera de una página (título y descripción) llega al sitio como texto, no como HTML."""

from __future__ import annotations

from pathlib import Path

from tests.plugin.conftest import construir, sitio

PAGINA = """\
---
title: Dados <img src=x onerror=alert(1)>
description: '"><script>alert(1)</script>'
---

# Dados

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
