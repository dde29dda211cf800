"""El libro en PDF, construido una vez por ejecución (con ``--pdf``) para las pruebas que lo leen.

WeasyPrint tarda cerca de un minuto en paginar el libro: por eso estas pruebas solo se
recogen con ``pytest --pdf`` (``.ci/run`` las ejecuta siempre); su tiempo se mide en
``bench/bench_pdf.py``. Con pytest-xdist, el primer proceso que lo pide lo construye en la
carpeta común de la ejecución y los demás lo esperan y lo leen: el reparto de
``tests/conftest.py`` pone estas pruebas juntas, pero un proceso que robe una ya no construye
otro PDF (~20 s de CPU; pasaba con ``pytest --pdf -m pdf``).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

from mkdocs_plugins.herramientas.pdf import construir
from mkdocs_plugins.herramientas.pdf.libro import Version
from tests.conftest import carpeta_comun, mkdocs_yml
from tests.navegador.conftest import RAIZ

SITIO_PUBLICADO = str(mkdocs_yml()["site_url"])


@dataclass
class Libro:
    sitio: Path
    pdf: Path
    hoja: Path
    html: str
    paginas: list[str]
    """El texto de cada página (pdftotext -layout), la primera en el índice 0."""
    version: Version


def texto(pdf: Path, *opciones: str) -> str:
    return subprocess.run(
        ["pdftotext", *(opciones or ("-layout",)), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def ensamblar(sitio: Path, version: Version) -> str:
    from mkdocs.config import load_config

    nav = load_config(str(RAIZ / "mkdocs.yml"))["nav"]
    html, _, _ = construir.ensamblar(nav, sitio, version, SITIO_PUBLICADO)
    return html


@pytest.fixture(scope="session")
def libro_pdf(libro: Path, tmp_path_factory: pytest.TempPathFactory) -> Libro:
    """El PDF del libro de la ejecución (``libro``: el mismo ``mkdocs.yml``, publicado en
    ``SITIO_PUBLICADO``)."""
    carpeta = carpeta_comun(tmp_path_factory) / "pdf"
    pdf, hoja = carpeta / "libro.pdf", carpeta / "hoja.pdf"
    with FileLock(f"{carpeta}.lock"):
        if not (pdf.exists() and hoja.exists()):
            carpeta.mkdir(exist_ok=True)
            construir.pdf(RAIZ / "mkdocs.yml", pdf, hoja, libro)
    version = construir.version(RAIZ)
    paginas = texto(pdf).split("\f")[:-1]
    return Libro(libro, pdf, hoja, ensamblar(libro, version), paginas, version)
