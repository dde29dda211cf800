"""Medidas de los widgets (no es una prueba): peso de JS y CSS y tiempo de respuesta.

    uv run python tests/navegador/medidas.py

Construye el sitio, abre «Hacer cosas» en Chromium y muestra:
- los bytes de JavaScript, CSS y datos que añade el proyecto, en bruto y con gzip,
  junto a lo que carga mkdocs-material;
- la mediana de 20 clics desde el clic en un dado hasta que la región aria-live
  anuncia el resultado, y la de 20 cambios en la calculadora hasta la tabla nueva (que
  calcula el motor en la página, ya arrancado).
"""

from __future__ import annotations

import gzip
import statistics
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from conftest import ESCRITORIO, construir_sitio, lanzar_chromium, llevar_a_la_calculadora, servir
from playwright.sync_api import sync_playwright

CLIC_HASTA_ANUNCIO = """async (veces) => {
  const region = document.querySelector("[data-tapiz-anuncio]");
  const boton = document.querySelector("button.tapiz-dados");
  const tiempos = [];
  for (let i = 0; i < veces; i += 1) {
    const anunciado = new Promise((listo) => {
      const observador = new MutationObserver(() => { observador.disconnect(); listo(); });
      observador.observe(region, { childList: true, characterData: true, subtree: true });
    });
    const inicio = performance.now();
    boton.click();
    await anunciado;
    tiempos.push(performance.now() - inicio);
    await new Promise((r) => setTimeout(r, 20));
  }
  return tiempos;
}"""

CAMBIO_HASTA_TABLA = """async (veces) => {
  const calculadora = document.querySelector(".tapiz-calculadora");
  const campo = calculadora.querySelector("input[name=resistencia]");
  const form = calculadora.querySelector("form");
  const calculada = () => new Promise((listo) => {
    const antes = calculadora.dataset.tapizCalculada;
    const observador = new MutationObserver(() => {
      if (calculadora.dataset.tapizCalculada !== antes) { observador.disconnect(); listo(); }
    });
    observador.observe(calculadora, { attributes: true });
  });
  let espera = calculada();
  form.requestSubmit();  // el primer cálculo arranca el motor: no se cuenta
  await espera;
  const tiempos = [];
  for (let i = 0; i < veces; i += 1) {
    const inicio = performance.now();
    campo.value = String(10 + i);
    espera = calculada();
    form.requestSubmit();
    await espera;
    tiempos.push(performance.now() - inicio);
  }
  return tiempos;
}"""
"""Del cambio (enviado con Intro, sin la espera de lo que se escribe) a la tabla del motor."""


def pesos(sitio: Path, rutas: list[str]) -> tuple[int, int]:
    crudo = sum((sitio / r).stat().st_size for r in rutas)
    comprimido = sum(len(gzip.compress((sitio / r).read_bytes(), 9)) for r in rutas)
    return crudo, comprimido


def main() -> None:
    with tempfile.TemporaryDirectory() as carpeta, sync_playwright() as playwright:
        sitio = Path(carpeta)
        servidor, base = servir(sitio)
        construir_sitio(sitio, base)
        navegador = lanzar_chromium(playwright)
        pagina = navegador.new_page(viewport=ESCRITORIO)
        cargados: list[tuple[str, str]] = []
        pagina.on(
            "requestfinished",
            lambda r: cargados.append((r.resource_type, urlsplit(r.url).path.lstrip("/"))),
        )
        pagina.goto(base + "hacer-cosas/")
        pagina.wait_for_load_state("networkidle")
        llevar_a_la_calculadora(pagina)

        grupos: dict[str, list[str]] = {}
        for tipo, ruta in cargados:
            if tipo not in ("script", "stylesheet", "fetch"):
                continue
            propio = ruta.startswith("tapiz/") or ruta.startswith("assets/tapiz/")
            clave = f"{'proyecto' if propio else 'material'} {tipo}"
            grupos.setdefault(clave, []).append(ruta)
        for clave in sorted(grupos):
            crudo, comprimido = pesos(sitio, grupos[clave])
            print(f"{clave:22} {len(grupos[clave]):2} ficheros {crudo:8} B  gzip {comprimido:7} B")

        clics = pagina.evaluate(CLIC_HASTA_ANUNCIO, 20)
        print(f"clic → anuncio: mediana {statistics.median(clics):.2f} ms (máx {max(clics):.2f})")
        cambios = pagina.evaluate(CAMBIO_HASTA_TABLA, 20)
        print(f"calculadora: mediana {statistics.median(cambios):.2f} ms (máx {max(cambios):.2f})")
        navegador.close()
        servidor.shutdown()


if __name__ == "__main__":
    main()
