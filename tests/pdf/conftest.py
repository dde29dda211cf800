"""El libro en PDF, construido una vez por sesión (con ``--pdf``) para las pruebas que lo leen.

WeasyPrint tarda cerca de un minuto en paginar el libro: por eso estas pruebas solo se
recogen con ``pytest --pdf`` (``.ci/run`` las ejecuta siempre); su tiempo se mide en
``bench/bench_pdf.py``.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.pdf import construir
from mkdocs_plugins.herramientas.pdf.libro import Version
from tests.conftest import mkdocs_yml
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
    segundos: float
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
    """El PDF del libro de la sesión (``libro``: el mismo ``mkdocs.yml``, publicado en
    ``SITIO_PUBLICADO``)."""
    carpeta = tmp_path_factory.mktemp("pdf")
    sitio = libro
    version = construir.version(RAIZ)
    inicio = time.perf_counter()
    hecho = construir.pdf(RAIZ / "mkdocs.yml", carpeta / "libro.pdf", carpeta / "hoja.pdf", sitio)
    segundos = time.perf_counter() - inicio
    paginas = texto(hecho.libro).split("\f")[:-1]
    html = ensamblar(sitio, version)
    return Libro(sitio, hecho.libro, hecho.hoja, html, paginas, segundos, version)
