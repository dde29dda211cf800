"""La primera visita a la portada con el trabajador de servicio: qué llega al servidor y qué se
guarda para leer sin conexión, de dos sitios construidos en la misma ejecución.

A demanda; no afirma nada (lo afirma ``tests/navegador/test_sin_conexion.py``). Uso::

    uv run python bench/bench_primera_visita.py SITIO_BASE SITIO_NUEVO

Con el servidor de las pruebas (``max-age=600``, como GitHub Pages) y el motor apagado: las
peticiones que llegan al servidor hasta que el trabajador controla la página, las rutas que
llegan más de una vez y los bytes con gzip (el de Chromium) de lo guardado, en total y además
de lo que descargó la página.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from playwright.sync_api import Browser

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))
from tests.navegador.conftest import (  # noqa: E402
    ESCRITORIO,
    SIN_MOTOR,
    lanzar_chromium,
    servir,
    site_url,
)
from tests.navegador.test_sin_conexion import DE_LA_PAGINA, GZIP_DE_LO_GUARDADO  # noqa: E402


def medir(navegador: Browser, carpeta: Path) -> str:
    pedidas: list[str] = []
    servidor, base = servir(carpeta, site_url(), pedidas)
    try:
        contexto = navegador.new_context(
            viewport={"width": ESCRITORIO["width"], "height": ESCRITORIO["height"]},
            service_workers="allow",
        )
        contexto.add_init_script(SIN_MOTOR)
        pagina = contexto.new_page()
        pagina.goto(base)
        pagina.wait_for_function("() => navigator.serviceWorker.controller", timeout=180_000)
        ademas = pagina.evaluate(GZIP_DE_LO_GUARDADO, pagina.evaluate(DE_LA_PAGINA))
        todo = pagina.evaluate(GZIP_DE_LO_GUARDADO, [])
        contexto.close()
    finally:
        servidor.shutdown()
    repetidas = [r for r, n in Counter(pedidas).items() if n > 1]
    return (
        f"{len(pedidas)} peticiones, {len(repetidas)} rutas repetidas {repetidas[:6]}; "
        f"guardado {sum(todo.values()):,} B con gzip, además de la página "
        f"{sum(ademas.values()):,} B ({len(ademas)} ficheros)"
    )


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("base", type=Path)
    argumentos.add_argument("nuevo", type=Path)
    opciones = argumentos.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        navegador = lanzar_chromium(playwright)
        for nombre in ("base", "nuevo"):
            print(f"{nombre:6} {medir(navegador, getattr(opciones, nombre))}")
        navegador.close()


if __name__ == "__main__":
    main()
