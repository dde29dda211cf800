"""El libro construido una vez por sesión con el mkdocs.yml real, sin navegador."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navegador.conftest import construir_sitio

BASE = "https://tapiz-rpg.github.io/tapiz-srd/"
"""La URL publicada: con su ruta (/tapiz-srd/), que es donde se rompen los enlaces absolutos."""


@pytest.fixture(scope="session")
def libro_construido(tmp_path_factory: pytest.TempPathFactory) -> Path:
    destino = tmp_path_factory.mktemp("libro")
    construir_sitio(destino, BASE)
    return destino
