"""El libro de la sesión (``libro``, en ``tests/conftest.py``), sin navegador."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import mkdocs_yml

BASE = str(mkdocs_yml()["site_url"])
"""La URL publicada: con su ruta (/tapiz-srd/), que es donde se rompen los enlaces absolutos."""


@pytest.fixture(scope="session")
def libro_construido(libro: Path) -> Path:
    """El libro construido con el ``mkdocs.yml`` del proyecto, publicado en ``BASE``."""
    return libro
