"""Ajustes comunes de las pruebas.

Hypothesis corta por defecto cada ejemplo a los 200 ms: un límite de tiempo que en una
máquina compartida y ocupada falla sin que falle nada del motor. Aquí no hay límites de
tiempo en las pruebas (la velocidad se mide en ``bench/``).
"""

import pytest
from hypothesis import settings

settings.register_profile("tapiz", deadline=None)
settings.load_profile("tapiz")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--pdf",
        action="store_true",
        help="también las pruebas del libro en PDF (lo construye una vez, cerca de un minuto)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Sin ``--pdf``, las pruebas del PDF quedan fuera (deseleccionadas, no saltadas)."""
    if config.getoption("--pdf"):
        return
    fuera = [i for i in items if i.get_closest_marker("pdf")]
    if fuera:
        config.hook.pytest_deselected(items=fuera)
        items[:] = [i for i in items if not i.get_closest_marker("pdf")]
