"""Sitios pequeños en un directorio temporal, construidos con el MkDocs real."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import precargado

PAGINAS = Path(__file__).parent / "paginas"

AVISO = """\
# Un aviso {#un-aviso}

```tapiz-ejemplo {#un-veinte-natural}
titulo: Un veinte natural
sistema: d20
regla: ataque
entradas:
  tirada: 20
  defensa: 16
  bonus: 5
espera:
  impacta: true
```
"""
"""Una página con un ejemplo correcto y una entrada que no cambia nada (un aviso)."""

MKDOCS_YML = """\
site_name: Prueba Tapiz
docs_dir: srd
theme:
  name: material
  language: es
plugins:
  - tapiz:
      catalogo: false
markdown_extensions:
  - admonition
"""


def paginas_incorrectas() -> list[Path]:
    """Las páginas de muestra que deben fallar: cada una tiene su .txt con el mensaje exacto."""
    return sorted(p for p in PAGINAS.glob("*.md") if p.with_suffix(".txt").exists())


def sitio(destino: Path, paginas: list[Path]) -> Path:
    """Un proyecto MkDocs con las páginas dadas en ``srd/``."""
    (destino / "srd").mkdir(parents=True)
    (destino / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    for pagina in paginas:
        shutil.copy(pagina, destino / "srd" / pagina.name)
    return destino


def construir(proyecto: Path, *argumentos: str) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --clean ARGUMENTOS`` en ``proyecto`` (en un proceso nuevo, precargado)."""
    return precargado.mkdocs(["build", "--clean", *argumentos], cwd=proyecto)


def publicado(proyecto: Path) -> dict[str, str]:
    """Lo que publica una construcción: páginas, datos, módulos y estilos, por ruta."""
    sitio_ = proyecto / "site"
    return {
        str(f.relative_to(sitio_)): f.read_text("utf-8")
        for f in sorted(sitio_.rglob("*"))
        if f.suffix in {".html", ".json", ".js", ".css"}
    }


@pytest.fixture
def sitio_correcto(tmp_path: Path) -> Path:
    return sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"])


def guion(texto: str, *argumentos: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Un guion de Python en un proceso nuevo, en ``cwd``: sin los hilos de pytest, el plugin
    bifurca su auxiliar como en ``mkdocs build``."""
    return subprocess.run(
        [sys.executable, "-c", texto, *argumentos],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
