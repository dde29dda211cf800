"""Ajustes comunes de las pruebas.

Hypothesis corta por defecto cada ejemplo a los 200 ms: un límite de tiempo que en una
máquina compartida y ocupada falla sin que falle nada del motor. Aquí no hay límites de
tiempo en las pruebas (la velocidad se mide en ``bench/``).

El libro entero se construye una sola vez por ejecución (``libro``), como
``mkdocs build --strict`` con el ``mkdocs.yml`` del proyecto, aunque pytest-xdist reparta
las pruebas entre varios procesos: el primero que lo pide lo construye en una carpeta
temporal común, con un cerrojo de fichero, y los demás esperan y reutilizan lo construido.
Con ``--sitio CARPETA`` se construye ahí y se queda (es el artefacto de ``.ci/run``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from filelock import FileLock
from hypothesis import settings

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


CONSTRUIR = """
import logging
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

logging.basicConfig(format="%(levelname)s - %(message)s")  # los avisos, como «mkdocs build»
configuracion, destino, cache = sys.argv[1:]
config = load_config(configuracion, site_dir=destino, strict=True)
config.plugins["tapiz"].config.cache_dir = cache
try:
    build(config)
except Abort as error:
    sys.exit(str(error))
"""
"""``mkdocs build --strict --site-dir DESTINO`` con la caché del plugin en otra carpeta: la
del repositorio (``.cache/``) es de quien trabaja en él, y así se construye desde cero."""


def configuracion_del_libro() -> Path:
    """El mkdocs.yml del proyecto, u otro con ``TAPIZ_MKDOCS_YML`` (una copia con páginas de
    prueba, por ejemplo)."""
    return Path(os.environ.get("TAPIZ_MKDOCS_YML", str(RAIZ / "mkdocs.yml")))


def construir_libro(
    destino: Path, cache: Path, configuracion: Path | None = None
) -> subprocess.CompletedProcess[str]:
    configuracion = configuracion or configuracion_del_libro()
    return subprocess.run(
        [sys.executable, "-c", CONSTRUIR, str(configuracion), str(destino), str(cache)],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
        timeout=600,
    )


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


def _comun(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """La carpeta temporal de esta ejecución, la misma en todos los procesos de xdist."""
    propia = tmp_path_factory.getbasetemp()
    return propia.parent if os.environ.get("PYTEST_XDIST_WORKER") else propia


@pytest.fixture(scope="session")
def libro(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """La carpeta del libro construido con ``mkdocs build --strict`` (una vez por ejecución)."""
    comun = _comun(tmp_path_factory)
    destino = _destino_pedido(request.config) or comun / "libro"
    hecho = comun / "libro.json"
    with FileLock(comun / "libro.lock"):
        if not hecho.exists():
            proceso = construir_libro(destino, comun / "libro-cache")
            resultado = {"codigo": proceso.returncode, "salida": proceso.stdout + proceso.stderr}
            hecho.write_text(json.dumps(resultado), encoding="utf-8")
        resultado = json.loads(hecho.read_text(encoding="utf-8"))
    assert resultado["codigo"] == 0, f"mkdocs build --strict falló:\n{resultado['salida']}"
    return destino


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Sin ``--pdf``, las pruebas del PDF quedan fuera (deseleccionadas, no saltadas). Las más
    largas (PDF y navegador) primero: con pytest-xdist empiezan enseguida en todos los procesos
    en lugar de quedarse para el final en uno mientras los demás esperan."""
    if not config.getoption("--pdf"):
        fuera = [i for i in items if i.get_closest_marker("pdf")]
        if fuera:
            config.hook.pytest_deselected(items=fuera)
            items[:] = [i for i in items if not i.get_closest_marker("pdf")]
    items.sort(
        key=lambda i: (
            i.get_closest_marker("pdf") is None,
            i.get_closest_marker("navegador") is None,
        )
    )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Con ``--sitio``, el libro se deja construido aunque ninguna prueba lo haya pedido."""
    destino = _destino_pedido(session.config)
    if destino is None or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    indice = destino / "index.html"
    if indice.exists() and indice.stat().st_mtime >= session.config.stash[_INICIO]:
        return
    with tempfile.TemporaryDirectory() as cache:
        proceso = construir_libro(destino, Path(cache))
    if proceso.returncode != 0:
        print(f"\nmkdocs build --strict falló:\n{proceso.stdout}{proceso.stderr}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
