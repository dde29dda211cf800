"""Las construcciones que comparten las pruebas, empezadas en segundo plano al empezar la sesión.

El libro (``mkdocs build --strict``), la copia construida con Zensical y el sitio del Lienzo
hostil tardan segundos de CPU cada uno. Las pide poca prueba, pero muchas, y con pytest-xdist
varios procesos: aquí se construye cada una **una vez por ejecución**, en un proceso aparte que
empieza en cuanto la sesión sabe que alguna prueba la necesitará, mientras los procesos de
pytest corren las pruebas que no la necesitan. Quien la pide espera a que acabe (``esperar``)
y lee su resultado: el código de salida y lo que escribió, en ``NOMBRE.json`` de la carpeta
común de la ejecución.

    python -m tests.segundo_plano libro COMUN DESTINO   # lo lanza ``empezar``, no una persona
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from filelock import FileLock

from tests import esperas

RAIZ = Path(__file__).resolve().parent.parent
ESPERA_MAXIMA = 900
"""Segundos: un límite contra un cuelgue, no una medida (la construcción tarda unos 10 s)."""

CONSTRUIR_LIBRO = """
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

_ENTORNO = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
_EN_MARCHA: list[subprocess.Popen[bytes]] = []


def configuracion_del_libro() -> Path:
    """El mkdocs.yml del proyecto, u otro con ``TAPIZ_MKDOCS_YML`` (una copia con páginas de
    prueba, por ejemplo)."""
    return Path(os.environ.get("TAPIZ_MKDOCS_YML", str(RAIZ / "mkdocs.yml")))


def construir_libro(
    destino: Path, cache: Path, configuracion: Path | None = None
) -> subprocess.CompletedProcess[str]:
    configuracion = configuracion or configuracion_del_libro()
    return subprocess.run(
        [sys.executable, "-c", CONSTRUIR_LIBRO, str(configuracion), str(destino), str(cache)],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        env=_ENTORNO,
        check=False,
        timeout=600,
    )


def _libro(comun: Path, destino: Path) -> tuple[int, str]:
    proceso = construir_libro(destino, comun / "libro-cache")
    return proceso.returncode, proceso.stdout + proceso.stderr


def copia_del_proyecto(destino: Path) -> Path:
    """Una copia del proyecto para construir sin tocar el árbol de trabajo."""
    for nombre in ("srd", "mkdocs_plugins/tema"):
        shutil.copytree(RAIZ / nombre, destino / nombre)
    for nombre in ("mkdocs.yml", "tapiz.yml"):
        shutil.copy(RAIZ / nombre, destino / nombre)
    return destino


def _zensical(comun: Path, destino: Path) -> tuple[int, str]:
    """``tapiz exportar srd`` (lo que el plugin haría y Zensical no hace) y ``zensical build``,
    en una copia del proyecto; el sitio queda en ``DESTINO/site``. Zensical no ejecuta el
    plugin, que es quien añade el tema del paquete: se le nombra como ``custom_dir``."""
    proyecto = copia_del_proyecto(destino)
    yml = proyecto / "mkdocs.yml"
    texto = yml.read_text(encoding="utf-8")
    yml.write_text(texto.replace("\ntheme:\n", "\ntheme:\n  custom_dir: mkdocs_plugins/tema\n", 1))
    salida = ""
    for orden in (
        [sys.executable, "-m", "mkdocs_plugins.herramientas.cli", "exportar", "srd"],
        [sys.executable, "-m", "zensical", "build", "--clean"],
    ):
        proceso = subprocess.run(
            orden, cwd=proyecto, capture_output=True, text=True, env=_ENTORNO, timeout=600
        )
        salida += proceso.stdout + proceso.stderr
        if proceso.returncode != 0:
            return proceso.returncode, salida
    return 0, salida


HOSTIL = RAIZ / "tests" / "navegador" / "lienzo_hostil"


def proyecto_hostil(destino: Path) -> Path:
    """El proyecto del sitio de ``tests/navegador/test_lienzo_hostil.py``: la configuración del
    libro con otras páginas (una portada y el Lienzo hostil), sin las páginas generadas que
    piden git; da su ``mkdocs.yml``."""
    import yaml

    from mkdocs_plugins.nucleo.vivo import precompilado
    from tests.conftest import mkdocs_yml

    configuracion = mkdocs_yml()
    configuracion.pop("nav", None)
    tema = configuracion["theme"]
    assert isinstance(tema, dict)
    if "custom_dir" in tema:  # relativo al mkdocs.yml del libro
        tema["custom_dir"] = str(RAIZ / tema["custom_dir"])
    plugins = configuracion["plugins"]
    assert isinstance(plugins, list)
    configuracion["plugins"] = [
        p if not (isinstance(p, dict) and "tapiz" in p) else {"tapiz": {}} for p in plugins
    ]
    paginas = destino / "srd"
    shutil.copytree(HOSTIL, paginas / "lienzos" / "hostil")
    (paginas / "index.md").write_text(
        "# Portada {#portada}\n\n[El Lienzo](lienzos/hostil/index.md)\n", encoding="utf-8"
    )
    (paginas / "abreviaturas.txt").write_text("", encoding="utf-8")
    (destino / "mkdocs.yml").write_text(
        yaml.safe_dump(configuracion, allow_unicode=True), encoding="utf-8"
    )
    shutil.copy(RAIZ / "tapiz.yml", destino / "tapiz.yml")
    (destino / "node_modules").symlink_to(RAIZ / "node_modules")
    # Con la misma Pyodide, lo precompilado del libro: el Lienzo hostil no importa de la
    # biblioteca estándar nada que el motor no importe ya (precompilado.clave).
    pyodide = RAIZ / precompilado.CACHE
    pyodide.mkdir(parents=True, exist_ok=True)
    (destino / precompilado.CACHE).parent.mkdir(parents=True)
    (destino / precompilado.CACHE).symlink_to(pyodide, target_is_directory=True)
    return destino / "mkdocs.yml"


def _sitio_hostil(comun: Path, destino: Path) -> tuple[int, str]:
    """Tras el libro, si se está construyendo: así su precompilación ya está en la caché."""
    if (comun / "libro.empezada").exists():
        esperas.hasta_que((comun / "libro.json").exists, "el libro no acaba", ESPERA_MAXIMA)
    proyecto = comun / "hostil"
    shutil.rmtree(proyecto, ignore_errors=True)
    proyecto.mkdir()
    proceso = construir_libro(destino, proyecto / "cache", proyecto_hostil(proyecto))
    return proceso.returncode, proceso.stdout + proceso.stderr


RECETAS = {"libro": _libro, "zensical": _zensical, "sitio_hostil": _sitio_hostil}


def empezar(nombre: str, comun: Path, destino: Path) -> None:
    """Lanza la construcción ``nombre`` en segundo plano, si nadie la lanzó ya en esta ejecución."""
    with FileLock(comun / f"{nombre}.lock"):
        marca = comun / f"{nombre}.empezada"
        if marca.exists():
            return
        marca.write_text(str(destino), encoding="utf-8")
        orden = [sys.executable, "-m", "tests.segundo_plano", nombre, str(comun), str(destino)]
        _EN_MARCHA.append(subprocess.Popen(orden, cwd=RAIZ, env=_ENTORNO))


def esperar(nombre: str, comun: Path, destino: Path) -> Path:
    """La carpeta de la construcción ``nombre``, ya terminada; si falló, falla con su salida."""
    empezar(nombre, comun, destino)
    hecho = comun / f"{nombre}.json"
    esperas.hasta_que(hecho.exists, f"la construcción «{nombre}» no acaba", ESPERA_MAXIMA)
    resultado = json.loads(hecho.read_text(encoding="utf-8"))
    assert resultado["codigo"] == 0, f"la construcción «{nombre}» falló:\n{resultado['salida']}"
    return Path((comun / f"{nombre}.empezada").read_text(encoding="utf-8"))


def recoger() -> None:
    """Espera a los procesos que lanzó este proceso de pytest (al acabar la sesión)."""
    for proceso in _EN_MARCHA:
        proceso.wait()
    _EN_MARCHA.clear()


def main(nombre: str, comun: str, destino: str) -> None:
    try:
        codigo, salida = RECETAS[nombre](Path(comun), Path(destino))
    except Exception as error:  # quien espera debe saberlo, no esperar hasta el límite
        codigo, salida = 1, f"{type(error).__name__}: {error}"
    provisional = Path(comun) / f"{nombre}.json.parcial"
    provisional.write_text(json.dumps({"codigo": codigo, "salida": salida}), encoding="utf-8")
    provisional.replace(Path(comun) / f"{nombre}.json")


if __name__ == "__main__":
    main(*sys.argv[1:])
