"""Ajustes comunes de las pruebas.

Hypothesis corta por defecto cada ejemplo a los 200 ms: un límite de tiempo que en una
máquina compartida y ocupada falla sin que falle nada del motor. Aquí no hay límites de
tiempo en las pruebas (la velocidad se mide en ``bench/``).

El libro entero se construye una sola vez por ejecución (``libro``), como
``mkdocs build --strict`` con el ``mkdocs.yml`` del proyecto, aunque pytest-xdist reparta
las pruebas entre varios procesos: en segundo plano desde el comienzo de la sesión
(``tests/segundo_plano.py``), en una carpeta temporal común, y quien lo pide espera a que
acabe. Con ``--sitio CARPETA`` se construye ahí y se queda (es el artefacto de ``.ci/run``).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import settings

from tests import segundo_plano

settings.register_profile("tapiz", deadline=None)
settings.load_profile("tapiz")

RAIZ = Path(__file__).resolve().parent.parent


class _CargadorMkdocs(yaml.SafeLoader):
    """YAML de mkdocs.yml con su etiqueta ``!ENV [VARIABLE, por defecto]``."""


def _env(cargador: yaml.SafeLoader, nodo: yaml.Node) -> object:
    variable, *por_defecto = cargador.construct_sequence(nodo)  # type: ignore[arg-type]
    return os.environ.get(str(variable), por_defecto[0] if por_defecto else None)


_CargadorMkdocs.add_constructor("!ENV", _env)


def mkdocs_yml() -> dict[str, object]:
    """La configuración de MkDocs del proyecto, leída como la lee MkDocs."""
    texto = (RAIZ / "mkdocs.yml").read_text(encoding="utf-8")
    return yaml.load(texto, Loader=_CargadorMkdocs)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--pdf",
        action="store_true",
        help="también las pruebas del libro en PDF (lo construye una vez, cerca de un minuto)",
    )
    parser.addoption(
        "--sitio",
        metavar="CARPETA",
        help="construir ahí el libro (mkdocs build --strict) y dejarlo al acabar",
    )


_INICIO = pytest.StashKey[float]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_INICIO] = time.time()


def _destino_pedido(config: pytest.Config) -> Path | None:
    carpeta = config.getoption("sitio")
    return None if carpeta is None else config.invocation_params.dir / carpeta


def carpeta_comun(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """La carpeta temporal de esta ejecución, la misma en todos los procesos de xdist."""
    propia = tmp_path_factory.getbasetemp()
    return propia.parent if os.environ.get("PYTEST_XDIST_WORKER") else propia


@pytest.fixture(scope="session")
def libro(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """La carpeta del libro construido con ``mkdocs build --strict`` (una vez por ejecución)."""
    comun = carpeta_comun(tmp_path_factory)
    return segundo_plano.esperar("libro", comun, _destino_del_libro(request.config, comun))


def _destino_del_libro(config: pytest.Config, comun: Path) -> Path:
    return _destino_pedido(config) or comun / "libro"


@pytest.fixture(scope="session", autouse=True)
def _construcciones_en_segundo_plano(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Empieza, antes de la primera prueba, las construcciones que pedirá alguna de las pruebas
    de esta ejecución (el libro, la copia de Zensical): así se hacen mientras corren las que no
    las piden, en lugar de parar a un proceso de pytest mientras otro construye."""
    comun = carpeta_comun(tmp_path_factory)
    pedidas = {nombre for item in request.session.items for nombre in _fixtures(item)}
    if "libro" in pedidas:
        segundo_plano.empezar("libro", comun, _destino_del_libro(request.config, comun))
    if "zensical" in pedidas:
        segundo_plano.empezar("zensical", comun, comun / "zensical")
    if "sitio_hostil" in pedidas:
        segundo_plano.empezar("sitio_hostil", comun, comun / "hostil-sitio")
    yield
    segundo_plano.recoger()


CONSTRUCCIONES = {"libro", "zensical", "sitio_hostil"}
"""Las fixtures que esperan a una construcción de ``tests/segundo_plano.py``."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Sin ``--pdf``, las pruebas del PDF quedan fuera (deseleccionadas, no saltadas). Las demás,
    en el orden que mejor reparte pytest-xdist (``_repartir``)."""
    if not config.getoption("--pdf"):
        fuera = [i for i in items if i.get_closest_marker("pdf")]
        if fuera:
            config.hook.pytest_deselected(items=fuera)
            items[:] = [i for i in items if not i.get_closest_marker("pdf")]
    procesos = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = _repartir(items, procesos)


def _fixtures(item: pytest.Item) -> set[str]:
    """Las fixtures que pide ``item`` (ninguna, los ejemplos del libro de ``srd/``)."""
    return set(getattr(item, "fixturenames", ()))


def _repartir(items: list[pytest.Item], procesos: int) -> list[pytest.Item]:
    """Un tramo por proceso, del tamaño que le da al principio el reparto «worksteal» de
    pytest-xdist: en cada tramo, primero las pruebas que no esperan a una construcción y
    después las que sí (las del navegador), para que los procesos trabajen mientras el libro
    se construye en segundo plano. Las del PDF y las del motor en la página, juntas al
    principio de eso en el primer tramo: el libro en PDF y el arranque de Pyodide
    (``con_motor``) se hacen una vez por proceso que las ejecuta. Las largas (:data:`LARGAS`),
    repartidas al principio de cada tramo."""
    pdf = [i for i in items if i.get_closest_marker("pdf")]
    motor = [i for i in items if "con_motor" in _fixtures(i) and i not in pdf]
    juntas = pdf + motor
    largas = [i for i in items if _larga(i) and i not in juntas]
    esperan = [i for i in items if CONSTRUCCIONES & _fixtures(i) and i not in juntas + largas]
    libres = [i for i in items if i not in juntas and i not in esperan and i not in largas]
    pesadas = [juntas + esperan[0::procesos]] + [esperan[k::procesos] for k in range(1, procesos)]
    # Las que tardan un minuto, al principio de cada tramo: al final alargarían la ejecución.
    primero = [largas[k::procesos] for k in range(procesos)]
    orden: list[pytest.Item] = []
    quedan, usadas = len(items), 0
    for k in range(procesos):
        tramo = quedan // (procesos - k)
        quedan -= tramo
        cuantas = max(0, tramo - len(pesadas[k]) - len(primero[k]))
        orden += primero[k] + libres[usadas : usadas + cuantas] + pesadas[k]
        usadas += cuantas
    return orden + libres[usadas:]


LARGAS = ("tests/paquete/", "tests/test_guia_lienzos.py")
"""Las que tardan de medio minuto a un minuto: instalan la rueda, construyen libros enteros en
otra carpeta o siguen la guía de Lienzos paso a paso."""


def _larga(item: pytest.Item) -> bool:
    return str(item.path.relative_to(item.config.rootpath)).startswith(LARGAS)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Con ``--sitio``, el libro se deja construido aunque ninguna prueba lo haya pedido."""
    destino = _destino_pedido(session.config)
    if destino is None or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    indice = destino / "index.html"
    if indice.exists() and indice.stat().st_mtime >= session.config.stash[_INICIO]:
        return
    with tempfile.TemporaryDirectory() as cache:
        proceso = segundo_plano.construir_libro(destino, Path(cache))
    if proceso.returncode != 0:
        print(f"\nmkdocs build --strict falló:\n{proceso.stdout}{proceso.stderr}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def navegador() -> Iterator[Any]:
    """Un Chromium por proceso de pytest, para todas las pruebas que lo usan (Playwright no
    admite dos ``sync_playwright`` a la vez en un hilo)."""
    from playwright.sync_api import sync_playwright

    from tests.navegador.conftest import lanzar_chromium

    with sync_playwright() as playwright:
        chromium = lanzar_chromium(playwright)
        yield chromium
        chromium.close()
