"""Lo que ve quien lee: abreviaturas explicadas una vez, globos y páginas dentro del móvil."""

from __future__ import annotations

import pytest

from tests.navegador.conftest import MOVIL

pytestmark = pytest.mark.navegador

# Que cada abreviatura se explique una vez sin repetir lo que dice el texto, y que ninguna
# página sea más ancha que el móvil, se mira en cada página del recorrido de test_sitio.py.


def test_en_ratas_el_dj_es_el_director_de_juego(pestana):
    pestana.ir("sistemas/ratas/")
    significados = pestana.page.evaluate(
        "() => [...document.querySelectorAll('article abbr')]"
        ".filter(a => a.textContent === 'DJ').map(a => a.dataset.significado)"
    )
    assert significados and set(significados) == {"Director de Juego"}
    expansiones = pestana.page.locator("article .tapiz-expansion").all_text_contents()
    assert " (Director de Juego)" in expansiones
    # Escritas al construir, no al cargar: el texto ya pintado no se mueve (Lighthouse, CLS).
    assert pestana.page.evaluate(DESPLAZAMIENTOS) == []


DESPLAZAMIENTOS = """() => {
  const observador = new PerformanceObserver(() => {});
  observador.observe({type: 'layout-shift', buffered: true});
  return observador.takeRecords().filter(e => !e.hadRecentInput)
    .flatMap(e => e.sources.map(s => s.node?.textContent?.slice(0, 60) ?? '?'));
}"""
"""Lo que se movió en la página sin que nadie la tocara (``layout-shift`` de Chromium)."""


@pytest.mark.parametrize(("ruta", "sigla"), [("lenguas/", "TZR0001"), ("introduccion/", "DJ")])
def test_en_el_movil_los_globos_de_las_abreviaturas_caben_en_la_pantalla(pestana, ruta, sigla):
    pestana.page.set_viewport_size(MOVIL)
    pestana.ir(ruta)
    abreviaturas = pestana.page.locator("article abbr", has_text=sigla)
    fuera = []
    for indice in range(abreviaturas.count()):
        abreviatura = abreviaturas.nth(indice)
        if not abreviatura.is_visible():
            continue
        abreviatura.scroll_into_view_if_needed()
        abreviatura.click()
        caja = abreviatura.evaluate(
            """a => {
              const estilo = getComputedStyle(a, '::after');
              const fijo = estilo.position === 'fixed';
              const x = fijo ? 0 : a.getBoundingClientRect().left;
              const izquierda = x + parseFloat(estilo.left);
              return [izquierda, izquierda + parseFloat(estilo.width),
                      document.documentElement.clientWidth,
                      document.documentElement.scrollWidth];
            }"""
        )
        if caja[0] < 0 or caja[1] > caja[2] or caja[3] > caja[2]:
            fuera.append(caja)
        pestana.page.locator("article h1").first.click()
    assert fuera == []


def test_una_abreviatura_que_el_texto_ya_explica_no_se_explica_otra_vez(pestana):
    """«PGF (puntos de golpe físicos)», con un salto de línea en medio, ya está dicho; y una
    fórmula en negrita («[CAR/ATR/HAB]») no se parte con explicaciones."""
    pestana.ir("dano-y-puntos-de-golpe/")
    parrafo = pestana.page.locator("article p", has_text="suelen abreviarse como").first
    assert parrafo.locator(".tapiz-expansion").count() == 0
    assert "físicos) (" not in parrafo.inner_text()
    pestana.ir("hacer-cosas/")
    formula = pestana.page.locator("article strong", has_text="resultado total =").first
    assert formula.locator(".tapiz-expansion").count() == 0
    assert "[CAR/ATR/HAB]" in formula.inner_text()
