"""Banco del motor de un Lienzo en la página: del clic en «Probar» al primer resultado.

A demanda (``uv run python bench/bench_lienzo.py [veces] [--antes REV]``); no afirma nada.
Construye el libro de ahora y el de ``REV`` (por omisión ``main``), los sirve en local y, en
Chromium con la caché vacía (un contexto nuevo cada vez), alterna visitas a la página de
Puertos de Bruma: del clic en «Probar» del regateo (su ``reglas.py``) al primer resultado.
Con el motor del Lienzo aparte (``tapiz/caja.js``) es un segundo Pyodide, en un marco aislado,
con los ficheros que le entrega la página; antes, el Lienzo corría en el motor del libro.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
from conftest import ESCRITORIO, lanzar_chromium, servir, site_url  # noqa: E402

PAGINA = "lienzos/puertos-de-bruma/"
CONTROL = 'details.tapiz-probar[data-regla="regateo"]'


def construir(proyecto: Path, destino: Path) -> None:
    """``mkdocs build`` del proyecto en ``proyecto`` (con su propio código: se ejecuta allí)."""
    orden = [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(destino)]
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run(orden, cwd=proyecto, env=entorno, check=True, capture_output=True)


def revision(revision_: str, carpeta: Path) -> Path:
    """El proyecto en ``revision_`` (git archive), con el ``node_modules`` de ahora."""
    archivo = subprocess.run(
        ["git", "archive", "--format=tar", revision_], cwd=RAIZ, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(carpeta)], input=archivo, check=True)
    (carpeta / "node_modules").symlink_to(RAIZ / "node_modules")
    precompilado = RAIZ / ".cache" / "tapiz" / "pyodide"
    if precompilado.is_dir():
        shutil.copytree(precompilado, carpeta / ".cache" / "tapiz" / "pyodide")
    return carpeta


def una_visita(navegador, base: str) -> float:
    contexto = navegador.new_context(viewport=ESCRITORIO, service_workers="block")
    pagina = contexto.new_page()
    pagina.goto(base + PAGINA)
    pagina.wait_for_load_state("networkidle")
    control = pagina.locator(CONTROL)
    inicio = time.perf_counter()
    control.locator("summary").click()
    control.locator(".tapiz-probar__valores dd").first.wait_for(timeout=180_000)
    segundos = time.perf_counter() - inicio
    contexto.close()
    return segundos


def main(veces: int, antes: str) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as carpeta:
        temporal = Path(carpeta)
        (temporal / "antes").mkdir()
        sitios = {"ahora": temporal / "sitio-ahora", antes: temporal / "sitio-antes"}
        construir(RAIZ, sitios["ahora"])
        construir(revision(antes, temporal / "antes"), sitios[antes])
        servidores = {n: servir(s, publicado_en=site_url()) for n, s in sitios.items()}
        medidas: dict[str, list[float]] = {n: [] for n in sitios}
        with sync_playwright() as playwright:
            navegador = lanzar_chromium(playwright)
            for _ in range(veces):
                for nombre, (_, base) in servidores.items():
                    medidas[nombre].append(una_visita(navegador, base))
            navegador.close()
        for servidor, _ in servidores.values():
            servidor.shutdown()
    print(f"«Probar» del regateo de Puertos de Bruma, {veces} visitas alternas, caché vacía")
    print(
        f"  carga de la máquina (1, 5 y 15 min): {', '.join(f'{c:.1f}' for c in os.getloadavg())}"
    )
    for nombre, segundos in medidas.items():
        print(
            f"  {nombre}: mediana {statistics.median(segundos):.2f} s "
            f"(mín. {min(segundos):.2f}, máx. {max(segundos):.2f})"
        )
    razon = statistics.median(medidas["ahora"]) / statistics.median(medidas[antes])
    print(f"  razón ahora / {antes}: {razon:.2f}")


if __name__ == "__main__":
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("veces", nargs="?", type=int, default=5)
    argumentos.add_argument("--antes", default="main", help="revisión de git con que se compara")
    leidos = argumentos.parse_args()
    main(leidos.veces, leidos.antes)
