"""Apéndice C en Chromium: las gráficas se ven, contrastan en los dos temas y axe no protesta."""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
import pytest

from tests.navegador.conftest import ESCRITORIO, MOVIL, abrir_pestana

pytestmark = pytest.mark.navegador
AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
RUTA = "sistemas/comparativa/"

# Contraste WCAG de un color de trazo (o de texto) contra el fondo del artículo.
CONTRASTES = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const fondo = lum(rgb(getComputedStyle(document.body).backgroundColor));
  const razon = (c) => { const l = lum(rgb(c));
    return (Math.max(l, fondo) + 0.05) / (Math.min(l, fondo) + 0.05); };
  return {
    series: [...document.querySelectorAll('.tapiz-curvas__serie')]
      .map((g) => razon(getComputedStyle(g).stroke)),
    ejes: [...document.querySelectorAll('.tapiz-curvas__ejes')]
      .map((g) => razon(getComputedStyle(g).fill)),
  };
}"""


@pytest.mark.parametrize("esquema", ["light", "dark"])
@pytest.mark.parametrize("tamano", ["movil", "escritorio"])
def test_las_graficas_se_ven_y_contrastan(navegador, sitio, tamano, esquema):
    pestana = abrir_pestana(navegador, sitio, MOVIL if tamano == "movil" else ESCRITORIO)
    pagina = pestana.page
    pagina.emulate_media(color_scheme=esquema)
    pestana.ir(RUTA)
    graficas = pagina.locator("figure.tapiz-curvas svg[role='img']")
    assert graficas.count() == 7
    for i in range(graficas.count()):
        caja = graficas.nth(i).bounding_box()
        assert caja is not None and caja["width"] > 300 and caja["height"] > 180
        assert caja["x"] >= 0 and caja["x"] + caja["width"] <= pagina.viewport_size["width"]
    medidas = pagina.evaluate(CONTRASTES)
    assert len(medidas["series"]) == 7 + 7 + 7 + 7 + 7 + 3 + 2
    assert min(medidas["series"]) >= 3, medidas
    assert min(medidas["ejes"]) >= 4.5, medidas
    salidos = pagina.evaluate(
        """() => [...document.querySelectorAll('article *')]
            .filter(e => !e.closest('.md-typeset__scrollwrap'))
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
            .map(e => e.tagName + '.' + e.className)"""
    )
    assert salidos == []
    pagina.add_script_tag(content=AXE)
    resultado = pagina.evaluate("axe.run(document, {resultTypes: ['violations']})")
    assert [v["id"] for v in resultado["violations"]] == []
    assert pestana.errores == [] and pestana.externas == []
    pagina.context.close()


def test_las_fracciones_exactas_se_abren(pestana):
    pestana.ir(RUTA)
    detalles = pestana.page.locator(".tapiz-comparativa__fracciones").first
    assert not detalles.locator("table").is_visible()
    detalles.locator("summary").click()
    assert detalles.locator("table").is_visible()
    assert "1/2" in detalles.inner_text()


def test_al_imprimir_las_graficas_se_quedan(pestana):
    pestana.ir(RUTA)
    pestana.page.emulate_media(media="print")
    graficas = pestana.page.locator("figure.tapiz-curvas")
    assert all(graficas.nth(i).is_visible() for i in range(graficas.count()))
    assert pestana.page.pdf(format="A4")[:4] == b"%PDF"
