"""Banco del bucle de quien escribe: de guardar una página a verla cambiada en el navegador.

A demanda (``uv run python bench/bench_serve.py``); no afirma nada. Lanza ``mkdocs serve``
con el plugin y sin él (una copia de ``mkdocs.yml`` con ``enabled: false``, junto a él, que
se borra al terminar), abre la página en Chromium y, en cada edición, añade un párrafo con una
marca nueva a la página y mide hasta que la página recargada la muestra (MkDocs reconstruye y
avisa al navegador, que recarga). Rondas alternas (con plugin, sin plugin…) para que la carga
de la máquina caiga igual sobre los dos; la página vuelve a su texto al terminar.

MkDocs mira los ficheros cada medio segundo (``PollingObserver``): lo que tarda en ver el
cambio depende de en qué momento de ese medio segundo se guarda. Guardando en cuanto se ve la
edición anterior, ese momento quedaba fijado por lo que tarda cada reconstrucción, y un modo
podía caer siempre justo después de mirar (medio segundo más en cada edición) y el otro justo
antes. Por eso, antes de cada edición se espera un tiempo al azar de hasta medio segundo, la
misma serie en cada modo.

También con ``--dirty``, con el plugin y sin él: MkDocs solo convierte la página guardada (y,
con el plugin, la hoja de personaje, que enlaza reglas de todas). Con el plugin, el sitio queda
como el de una construcción entera, salvo el libro completo, que reúne las demás páginas y
espera a la siguiente (``plugin/sucio.py``, ``tests/plugin/test_sucio.py``).
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from entorno import con_bytecode
from playwright.sync_api import Page, sync_playwright

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
from conftest import lanzar_chromium  # noqa: E402

PAGINA = "tiradas.md"
SONDEO = 0.5
"""Cada cuánto mira MkDocs los ficheros (``polling_interval`` de ``LiveReloadServer``)."""
SIN_PLUGIN = RAIZ / ".mkdocs-bench-sin-plugin.yml"
ESPERA = 300_000
"""Milisegundos que se espera a ver la marca (una reconstrucción en una máquina muy cargada)."""


def _puerto_libre() -> int:
    with socket.socket() as enchufe:
        enchufe.bind(("127.0.0.1", 0))
        puerto: int = enchufe.getsockname()[1]
        return puerto


def configuracion_sin_plugin() -> Path:
    texto = (RAIZ / "mkdocs.yml").read_text("utf-8")
    SIN_PLUGIN.write_text(texto.replace("  - tapiz:\n", "  - tapiz:\n      enabled: false\n", 1))
    return SIN_PLUGIN


def lanzar(configuracion: Path, *opciones: str) -> tuple[subprocess.Popen[bytes], str]:
    """``mkdocs serve`` en un puerto libre, cuando ya responde (tras la primera construcción)."""
    puerto = _puerto_libre()
    orden = [sys.executable, "-m", "mkdocs", "serve", "-f", str(configuracion), *opciones]
    proceso = subprocess.Popen(
        [*orden, "-a", f"127.0.0.1:{puerto}"],
        cwd=RAIZ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=con_bytecode(NO_MKDOCS_2_WARNING="1"),
    )
    base = f"http://127.0.0.1:{puerto}/tapiz-srd/"
    while True:
        if proceso.poll() is not None:
            raise SystemExit(f"mkdocs serve -f {configuracion.name} terminó con {proceso.poll()}")
        try:
            with urllib.request.urlopen(base, timeout=5):
                return proceso, base
        except OSError:
            time.sleep(0.2)  # un banco, no una prueba: sondea hasta que sirve


def ediciones(pagina: Page, url: str, fuente: Path, original: str, veces: int, ronda: str) -> list:
    """Segundos de guardar la página a ver su marca en la página recargada, ``veces``."""
    pagina.goto(url)
    medidas = []
    azar = random.Random(veces)  # la misma serie en cada modo
    for vez in range(veces):
        time.sleep(azar.uniform(0, SONDEO))
        marca = f"Marca del banco {ronda}-{vez}-{time.monotonic_ns()}"
        inicio = time.perf_counter()
        fuente.write_text(f"{original}\n\n{marca}\n", "utf-8")
        pagina.wait_for_function(
            "(marca) => document.body && document.body.textContent.includes(marca)",
            arg=marca,
            timeout=ESPERA,
            polling=20,
        )
        medidas.append(time.perf_counter() - inicio)
    return medidas


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rondas", type=int, default=2)
    argumentos.add_argument("--ediciones", type=int, default=4, help="por ronda")
    opciones = argumentos.parse_args()
    fuente = RAIZ / "srd" / PAGINA
    original = fuente.read_text("utf-8")
    modos = {
        "con plugin": (RAIZ / "mkdocs.yml",),
        "sin plugin": (configuracion_sin_plugin(),),
        "con plugin y --dirty": (RAIZ / "mkdocs.yml", "--dirty"),
        "sin plugin y --dirty": (SIN_PLUGIN, "--dirty"),
    }
    medidas: dict[str, list[float]] = {modo: [] for modo in modos}
    pareadas: list[float] = []
    sucias: list[float] = []
    try:
        with sync_playwright() as playwright:
            navegador = lanzar_chromium(playwright)
            pagina = navegador.new_page()
            for ronda in range(opciones.rondas):
                de_la_ronda = {}
                for modo, orden in modos.items():
                    proceso, base = lanzar(*orden)
                    try:
                        url = base + PAGINA.removesuffix(".md") + "/"
                        hechas = ediciones(
                            pagina, url, fuente, original, opciones.ediciones, f"{ronda}{modo}"
                        )
                    finally:
                        proceso.terminate()
                        proceso.wait()
                        fuente.write_text(original, "utf-8")
                    medidas[modo] += hechas
                    de_la_ronda[modo] = statistics.median(hechas)
                pareadas.append(de_la_ronda["con plugin"] / de_la_ronda["sin plugin"])
                sucias.append(de_la_ronda["con plugin y --dirty"] / de_la_ronda["sin plugin"])
            navegador.close()
    finally:
        fuente.write_text(original, "utf-8")
        SIN_PLUGIN.unlink(missing_ok=True)
    print(f"De guardar srd/{PAGINA} a verla recargada en Chromium, con «mkdocs serve»")
    for modo, lista in medidas.items():
        texto = ", ".join(f"{m:.2f}" for m in lista)
        print(f"  {modo}: mediana {statistics.median(lista):.2f} s ({texto})")
    print(f"  razón con/sin plugin, mediana de las rondas: {statistics.median(pareadas):.3f}")
    print(f"  razón con plugin y --dirty/sin plugin: {statistics.median(sucias):.3f}")


if __name__ == "__main__":
    main()
