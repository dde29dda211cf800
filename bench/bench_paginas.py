"""Banco de pruebas de las páginas publicadas: lo que pesan y lo que tarda un dado en anunciarse.

Se ejecuta a demanda (``uv run python bench/bench_paginas.py``; también lo llama
``bench_plugin.py``) y no afirma nada: construye el sitio, lo sirve en local y mide

- el código del proyecto (JS y CSS, con gzip) que carga la página sin widgets más pesada y
  la página con widgets más pesada, y los datos que carga cada página (el máximo) y los de
  «Repetir» de los ejemplos de una página (el máximo), con ``desarrollo.peso``;
- en Chromium, en la página con más código, del clic en un dado (escuchador en fase de
  captura) a que la región aria-live dice la tirada (MutationObserver): mediana y p95.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from desarrollo.peso import paginas, peso_de_pagina
from mkdocs_plugins.plugin import carga

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
from conftest import ESCRITORIO, construir_sitio, lanzar_chromium, servir  # noqa: E402

CLICS = 60

PREPARAR = """() => {
  const region = document.querySelector("[data-tapiz-anuncio]");
  window.__tiempos = [];
  let inicio = null;
  document.addEventListener("click", () => { inicio = performance.now(); }, { capture: true });
  new MutationObserver(() => {
    if (inicio !== null) { window.__tiempos.push(performance.now() - inicio); inicio = null; }
  }).observe(region, { childList: true, characterData: true, subtree: true });
}"""


def percentil(valores: list[float], p: float) -> float:
    ordenados = sorted(valores)
    return ordenados[min(len(ordenados) - 1, round(p * (len(ordenados) - 1)))]


def medir_pesos(sitio: Path) -> dict[str, tuple[str, int]]:
    """Los máximos, cada uno con la página (o el fichero) que lo alcanza."""
    pesos = {p: peso_de_pagina(sitio, p) for p in paginas(sitio)}
    con = {p for p in pesos if carga.widgets_de((sitio / p).read_text(encoding="utf-8"))}
    sin = max(set(pesos) - con, key=lambda p: pesos[p].total_codigo)
    pesada = max(con, key=lambda p: pesos[p].total_codigo)
    con_datos = max(con, key=lambda p: pesos[p].total_datos)
    repetir = {f: b for peso in pesos.values() for f, b in peso.al_repetir.items()}
    ejemplos = max(repetir, key=repetir.__getitem__)
    diferida = max(con, key=lambda p: sum(pesos[p].al_acercarse.values()))
    return {
        "página sin widgets (código)": (sin, pesos[sin].total_codigo),
        "página con widgets más pesada (código)": (pesada, pesos[pesada].total_codigo),
        "código al acercarse a la calculadora (máximo)": (
            diferida,
            sum(pesos[diferida].al_acercarse.values()),
        ),
        "datos de una página (máximo)": (con_datos, pesos[con_datos].total_datos),
        "datos de «Repetir» de una página (máximo)": (ejemplos, repetir[ejemplos]),
    }


def clic_hasta_anuncio(base: str, pagina_web: str, veces: int = CLICS) -> list[float]:
    """Milisegundos del clic en un dado al anuncio de su tirada, ``veces`` clics reales."""
    with sync_playwright() as playwright:
        navegador = lanzar_chromium(playwright)
        pagina = navegador.new_page(viewport=ESCRITORIO)
        pagina.goto(base + pagina_web.removesuffix("index.html"))
        pagina.wait_for_load_state("networkidle")
        pagina.evaluate(PREPARAR)
        boton = pagina.locator("button.tapiz-dados").first
        boton.scroll_into_view_if_needed()
        for _ in range(veces):
            boton.click()
            pagina.wait_for_timeout(30)
        tiempos: list[float] = pagina.evaluate("window.__tiempos")
        navegador.close()
    return tiempos


def medir(sitio: Path, base: str) -> None:
    pesos = medir_pesos(sitio)
    print("Peso de las páginas publicadas (gzip, código y datos del proyecto)")
    for nombre, (donde, bytes_) in pesos.items():
        print(f"  {nombre:50} {bytes_ / 1024:6.1f} KiB {bytes_:>7} B  ({donde})")
    pesada = pesos["página con widgets más pesada (código)"][0]
    tiempos = clic_hasta_anuncio(base, pesada)
    print(
        f"Clic → anuncio en {pesada} (Chromium, {len(tiempos)} clics): "
        f"mediana {statistics.median(tiempos):.2f} ms, p95 {percentil(tiempos, 0.95):.2f} ms"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as carpeta:
        sitio = Path(carpeta)
        servidor, base = servir(sitio)
        construir_sitio(sitio, base)
        medir(sitio, base)
        servidor.shutdown()


if __name__ == "__main__":
    main()
