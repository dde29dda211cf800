"""Apéndice C en Chromium: las gráficas se ven, contrastan en los dos temas y axe no protesta."""

from __future__ import annotations

import pytest

from tests.navegador.axe import REGLAS_DEL_COLOR, violaciones
from tests.navegador.conftest import ESCRITORIO, MOVIL, cambiar_esquema

pytestmark = pytest.mark.navegador
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


PASADAS = [("light", ESCRITORIO), ("light", MOVIL), ("dark", MOVIL), ("dark", ESCRITORIO)]
"""Los dos tamaños con los dos temas, en la misma página: se cambia de tamaño y de tema sin
volver a cargarla (el botón del tema, como quien lee)."""
CON_AXE = [("light", MOVIL), ("dark", ESCRITORIO)]
"""Donde se pasa axe: en las otras dos, claro en el escritorio y oscuro en el móvil, ya lo pasa
en esta página el recorrido (test_sitio.py), y es lo más caro de la prueba."""


def test_las_graficas_se_ven_y_contrastan_en_el_movil_y_el_escritorio_claro_y_oscuro(pestana):
    pagina = pestana.page
    # Por la navegación instantánea de Material: la página nueva llega leída sin guiones (cada
    # <noscript> trae ya sus elementos), el caso difícil de graficas.js.
    pestana.ir("sistemas/")
    pestana.navegar(RUTA)
    # Al cargar, las gráficas lejos de la vista no están en la página (un <noscript> cada una);
    # cada una se escribe al acercarse a ella.
    graficas = pagina.locator("figure.tapiz-curvas")
    assert pagina.locator(".tapiz-curvas__lienzo noscript").count() >= 6
    for i in range(graficas.count()):
        graficas.nth(i).scroll_into_view_if_needed()
        graficas.nth(i).locator("svg[role='img']").wait_for()
    fallos = {}
    for esquema, tamano in PASADAS:
        cambiar_esquema(pagina, esquema, tamano)
        axe = (esquema, tamano) in CON_AXE
        if problemas := _problemas_de_las_graficas(pagina, esquema == "dark", axe):
            fallos[f"{esquema} a {tamano['width']} px"] = problemas
    assert fallos == {}


def _problemas_de_las_graficas(pagina, solo_color: bool, con_axe: bool) -> list[str]:
    """Las siete gráficas caben y se ven, sus trazos y ejes contrastan, nada se sale de la
    pantalla y, ``con_axe``, axe no protesta (con el tema oscuro, sus reglas del color: las
    demás no cambian con el tema)."""
    problemas = []
    graficas = pagina.locator("figure.tapiz-curvas svg[role='img']")
    if graficas.count() != 7:
        problemas.append(f"{graficas.count()} gráficas, no 7")
    for i in range(graficas.count()):
        caja = graficas.nth(i).bounding_box()
        if not (caja and caja["width"] > 300 and caja["height"] > 180):
            problemas.append(f"la gráfica {i + 1} mide {caja}")
        elif caja["x"] < 0 or caja["x"] + caja["width"] > pagina.viewport_size["width"]:
            problemas.append(f"la gráfica {i + 1} se sale de la pantalla: {caja}")
    medidas = pagina.evaluate(CONTRASTES)
    if len(medidas["series"]) != 7 + 7 + 7 + 7 + 7 + 3 + 2:
        problemas.append(f"{len(medidas['series'])} series")
    if min(medidas["series"]) < 3 or min(medidas["ejes"]) < 4.5:
        problemas.append(f"contraste: {medidas}")
    salidos = pagina.evaluate(
        """() => [...document.querySelectorAll('article *')]
            .filter(e => !e.closest('.md-typeset__scrollwrap'))
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
            .map(e => e.tagName + '.' + e.className)"""
    )
    problemas += [f"se sale de la pantalla: {s}" for s in salidos]
    if not con_axe:
        return problemas
    axe = violaciones(pagina, REGLAS_DEL_COLOR if solo_color else None)
    return problemas + [f"axe: {v}" for v in axe]


def test_las_fracciones_exactas_se_abren(pestana):
    pestana.ir(RUTA)
    detalles = pestana.page.locator(".tapiz-comparativa__fracciones").first
    assert not detalles.locator("table").is_visible()
    detalles.locator("summary").click()
    assert detalles.locator("table").is_visible()
    assert "1/2" in detalles.inner_text()


def test_al_imprimir_las_graficas_se_quedan(pestana):
    """Al imprimir se escriben todas, también las que aún no se habían visto."""
    pestana.ir(RUTA)
    pestana.page.emulate_media(media="print")
    graficas = pestana.page.locator("figure.tapiz-curvas")
    assert all(graficas.nth(i).is_visible() for i in range(graficas.count()))
    assert pestana.page.pdf(format="A4")[:4] == b"%PDF"
    assert pestana.page.locator("figure.tapiz-curvas svg.tapiz-curvas__svg").count() == 7


def test_sin_javascript_las_graficas_se_ven(navegador, sitio):
    """Sin JavaScript, cada gráfica se ve desde su <noscript>, en su sitio y a su tamaño."""
    contexto = navegador.new_context(java_script_enabled=False, viewport=MOVIL)
    try:
        pagina = contexto.new_page()
        pagina.goto(sitio + RUTA)
        graficas = pagina.locator("figure.tapiz-curvas svg.tapiz-curvas__svg")
        assert graficas.count() == 7
        cajas = [graficas.nth(i).bounding_box() for i in range(7)]
        assert all(c and c["width"] > 300 and c["height"] > 180 for c in cajas), cajas
    finally:
        contexto.close()


def test_las_tablas_lejos_de_la_vista_se_alcanzan_con_el_teclado_y_avisan_al_llegar(pestana):
    """Las tablas de la comparativa no se pintan hasta acercarse (``content-visibility``): ni el
    tema ni tablas.js pueden medirlas al cargar. Mientras, son regiones con nombre en el orden
    del teclado; al llegar a una en el móvil, dice que se desliza si no cabe, y si cabe deja de
    ser una parada del teclado."""
    pagina = pestana.page
    pagina.set_viewport_size(MOVIL)
    try:
        pestana.ir(RUTA)
        envoltorios = pagina.locator(".tapiz-comparativa > .md-typeset__scrollwrap")
        ancha, estrecha = envoltorios.nth(-2), envoltorios.last
        for envoltorio in (ancha, estrecha):
            assert envoltorio.evaluate(
                "e => !e.firstElementChild.checkVisibility({contentVisibilityAuto: true})"
            ), "ya estaba pintada al cargar"
        regiones = envoltorios.evaluate_all(
            "es => es.map(e => [e.tabIndex, e.getAttribute('role'), e.getAttribute('aria-label')])"
        )
        assert all(t == 0 and r == "region" and n for t, r, n in regiones), regiones
        assert ancha.get_attribute("aria-label") == (
            "Ratas en las paredes (2d6), cada banda según el objetivo"
        )
        ancha.scroll_into_view_if_needed()
        pagina.wait_for_function(
            "e => e.classList.contains('tapiz-desborda')", arg=ancha.element_handle()
        )
        aviso = ancha.evaluate("e => e.previousElementSibling.textContent")
        assert aviso == "Desliza la tabla a los lados para verla entera →"
        estrecha.scroll_into_view_if_needed()
        pagina.wait_for_function("e => !e.hasAttribute('tabindex')", arg=estrecha.element_handle())
        assert estrecha.get_attribute("role") is None
        assert not estrecha.evaluate("e => e.previousElementSibling.matches('.tapiz-desliza')")
    finally:
        pagina.set_viewport_size(ESCRITORIO)
