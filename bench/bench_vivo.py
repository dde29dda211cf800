"""Banco de las reglas en vivo (el motor del libro en Pyodide, en la página de quien lee).

A demanda (``uv run python bench/bench_vivo.py [veces]``); no afirma nada. Construye el sitio,
lo sirve en local y mide en Chromium, con la caché vacía (un contexto nuevo cada vez):

- del clic en el primer «Probar» de «Hacer cosas» al primer resultado en la página;
- después, cada evaluación: de enviar el formulario a que cambia el resultado (mediana, p95);
- los bytes que se descargan para el motor (lo que pide la página, y su tamaño con gzip, que
  es lo que viaja desde un servidor estático que comprime) y, como referencia en la misma
  ejecución, los del resto de la página antes de tocar nada, que no cambian.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from desarrollo.peso import comprimido, peso_de_pagina

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
from conftest import ESCRITORIO, construir_sitio, lanzar_chromium, servir  # noqa: E402

PAGINA = "hacer-cosas/"
MOTOR = "/assets/tapiz/vivo/"
EVALUACIONES = 40

EVALUAR = """async (veces) => {
  const control = document.querySelector('details.tapiz-probar[data-regla="accion"]');
  const form = control.querySelector("form");
  const base = form.elements.namedItem("base");
  const salida = control.querySelector(".tapiz-probar__resultado");
  const tiempos = [];
  for (let i = 0; i < veces; i += 1) {
    const cambio = new Promise((listo) => {
      const vigia = new MutationObserver(() => { vigia.disconnect(); listo(); });
      vigia.observe(salida, { childList: true, subtree: true, characterData: true });
    });
    base.value = String(1 + (i % 20));
    const inicio = performance.now();
    form.requestSubmit();
    await cambio;
    tiempos.push(performance.now() - inicio);
  }
  return tiempos;
}"""


def percentil(valores: list[float], p: float) -> float:
    ordenados = sorted(valores)
    return ordenados[min(len(ordenados) - 1, round(p * (len(ordenados) - 1)))]


def una_visita(navegador, base: str) -> tuple[float, list[float], list[str], list[str]]:
    contexto = navegador.new_context(viewport=ESCRITORIO, service_workers="block")
    pedidas: list[str] = []
    contexto.on("request", lambda peticion: pedidas.append(peticion.url))
    pagina = contexto.new_page()
    pagina.goto(base + PAGINA)
    pagina.wait_for_load_state("networkidle")
    antes = list(pedidas)
    control = pagina.locator('details.tapiz-probar[data-regla="accion"]')
    inicio = time.perf_counter()
    control.locator("summary").click()
    control.locator(".tapiz-probar__valores dd").first.wait_for(timeout=180_000)
    primero = time.perf_counter() - inicio
    tiempos = pagina.evaluate(EVALUAR, EVALUACIONES)
    contexto.close()
    return primero, tiempos, antes, pedidas


def bytes_del_motor(sitio: Path, pedidas: list[str]) -> tuple[int, int]:
    """Lo que se pidió de assets/tapiz/vivo/: bytes tal cual y con gzip."""
    ficheros = {u.split(MOTOR, 1)[1] for u in pedidas if MOTOR in u}
    rutas = [sitio / MOTOR.strip("/") / f for f in sorted(ficheros)]
    return sum(r.stat().st_size for r in rutas), sum(comprimido(r) for r in rutas)


def main(veces: int = 3) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as carpeta:
        sitio = Path(carpeta)
        servidor, base = servir(sitio)
        construir_sitio(sitio, base)
        peso = peso_de_pagina(sitio, PAGINA + "index.html")
        with sync_playwright() as playwright:
            navegador = lanzar_chromium(playwright)
            visitas = [una_visita(navegador, base) for _ in range(veces)]
            navegador.close()
        servidor.shutdown()
        primeros = [v[0] for v in visitas]
        evaluaciones = [t for v in visitas for t in v[1]]
        antes = visitas[0][2]
        crudo, gzip = bytes_del_motor(sitio, visitas[0][3])
        print(f"Reglas en vivo en «{PAGINA}», {veces} visitas con la caché vacía")
        print(f"  peticiones al motor antes de tocar nada: {sum(MOTOR in u for u in antes)}")
        print(f"  código de la página antes de tocar nada (gzip): {peso.total_codigo} B")
        print(f"  motor descargado al pedirlo: {crudo / 1e6:.2f} MB, {gzip / 1e6:.2f} MB con gzip")
        print(f"    razón motor / código de la página: {gzip / peso.total_codigo:.0f}")
        print(
            f"  primer «Probar» → primer resultado: mediana {statistics.median(primeros):.2f} s "
            f"(mín. {min(primeros):.2f}, máx. {max(primeros):.2f})"
        )
        print(
            f"  cada evaluación después ({len(evaluaciones)}): mediana "
            f"{statistics.median(evaluaciones):.1f} ms, p95 {percentil(evaluaciones, 0.95):.1f} ms"
        )
        print(
            f"    razón primer resultado / evaluación: "
            f"{statistics.median(primeros) * 1000 / statistics.median(evaluaciones):.0f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
