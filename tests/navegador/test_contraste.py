"""Cada estado de cada control de los widgets (reposo, encima, foco, pulsado) se lee: ≥ 4,5:1."""

from __future__ import annotations

import pytest

from tests.navegador.axe import REGLAS_DEL_COLOR, cargar_axe, violaciones
from tests.navegador.conftest import (
    ESCRITORIO,
    FIN_DE_LAS_TRANSICIONES,
    MOVIL,
    apagar_el_motor,
    cambiar_esquema,
    llevar_a_la_calculadora,
    tarjeta_a_la_vista,
)

pytestmark = pytest.mark.navegador
CONTROLES = [
    "button.tapiz-dados",
    ".tapiz-tirada-zona button[aria-expanded]",
    ".tapiz-calculadora button",
    "button.tapiz-volver",
    "button.tapiz-repetir",
]
"""«Volver» antes que «Repetir»: pulsar «Repetir» redibuja la tarjeta (y, cuando responde el
motor de reglas, otra vez), y con ella su «Volver»."""


SOLO_LOS_CONTROLES = """(selectores) => {
  const articulo = document.querySelector('.md-content article');
  for (const hijo of [...articulo.children]) {
    if (!selectores.some((s) => hijo.matches(s) || hijo.querySelector(s))) hijo.remove();
  }
}"""
"""Quita del artículo lo que no tiene ninguno de los controles. axe rehace el árbol de toda la
página en cada pasada (aquí, 40): en una página más corta cada una cuesta menos, y cada control
sigue con sus estilos y sus antepasados, que es de lo que depende su contraste."""


def _contraste(pagina, elemento) -> list[str]:
    resultado = pagina.evaluate(
        """async (e) => (await axe.run(e, {runOnly: ['color-contrast']})).violations
              .flatMap(v => v.nodes.map(n => n.failureSummary))""",
        elemento.element_handle(),
    )
    return list(resultado)


def test_cada_estado_de_cada_control_tiene_contraste_en_los_dos_esquemas(pestana):
    """Claro y oscuro en la misma página, con la tarjeta redibujada por «Repetir» (con lo
    precalculado: el motor en la página pinta los mismos controles, y no se arranca aquí)."""
    apagar_el_motor(pestana)
    pagina = pestana.page
    pestana.ir("hacer-cosas/")
    cambiar_esquema(pagina, "light")
    pagina.locator("button.tapiz-dados").first.click()
    llevar_a_la_calculadora(pagina)
    pagina.locator("button.tapiz-repetir").first.click()
    pagina.locator("button.tapiz-volver").first.wait_for()
    pagina.evaluate(SOLO_LOS_CONTROLES, CONTROLES)
    assert all(pagina.locator(control).count() for control in CONTROLES)
    cargar_axe(pagina)
    fallos = {}
    for esquema in ("light", "dark"):
        cambiar_esquema(pagina, esquema)  # el botón del tema, como quien lee
        for selector in CONTROLES:
            control = pagina.locator(selector).first
            control.scroll_into_view_if_needed()
            for estado in ("reposo", "encima", "foco", "pulsado"):
                pagina.mouse.move(0, 0)
                pagina.evaluate("() => document.activeElement?.blur()")
                if estado == "encima":
                    control.hover()
                elif estado == "foco":
                    control.focus()
                elif estado == "pulsado":
                    caja = control.bounding_box()
                    pagina.mouse.move(caja["x"] + 2, caja["y"] + 2)
                    pagina.mouse.down()
                pagina.evaluate(FIN_DE_LAS_TRANSICIONES)  # las del tema duran 125-250 ms
                if problemas := _contraste(pagina, control):
                    fallos[f"{selector} ({estado}, {esquema})"] = problemas
                if estado == "pulsado":
                    pagina.mouse.up()
    assert fallos == {}


PASADAS = [("light", MOVIL), ("light", ESCRITORIO), ("dark", ESCRITORIO), ("dark", MOVIL)]


def test_el_libro_se_usa_igual_en_el_movil_y_el_escritorio_claro_y_oscuro(pestana):
    """Tras «Repetir» y con la calculadora diciendo que no tiene el motor, en los dos tamaños y
    los dos temas (en la misma página: se cambia de tamaño y de tema sin volver a cargarla)."""
    apagar_el_motor(pestana)  # lo que se mira es lo precalculado que pinta «Repetir»
    pagina = pestana.page
    pestana.ir("hacer-cosas/")
    cambiar_esquema(pagina, "light", MOVIL)
    # Repetir redibuja la tarjeta; la calculadora, sin motor, se queda con lo precalculado.
    tarjeta = tarjeta_a_la_vista(pagina.locator(".tapiz-ejemplo:has(button.tapiz-repetir)").first)
    tarjeta.locator("button.tapiz-repetir").click()
    assert tarjeta.locator(".tapiz-ejemplo__resumen").inner_text().startswith("Con dados nuevos")
    calculadora = pagina.locator(".tapiz-calculadora")
    llevar_a_la_calculadora(pagina)
    calculadora.locator("input[name='mod']").fill("2")
    estado = calculadora.locator("p[role='status']")
    pagina.wait_for_function(
        "e => e.textContent.includes('no se ha podido cargar')", arg=estado.element_handle()
    )
    assert calculadora.locator("table tbody tr").count() == 10
    assert calculadora.locator("[role='alert']").count() == 0
    fallos = {}
    for esquema, tamano in [
        ("light", MOVIL),
        ("light", ESCRITORIO),
        ("dark", ESCRITORIO),
        ("dark", MOVIL),
    ]:
        cambiar_esquema(pagina, esquema, tamano)
        # Nada se sale de la pantalla fuera de una caja que se desplaza.
        salidos = pagina.evaluate(
            """() => [...document.querySelectorAll('article *')]
                .filter(e => !e.closest('.md-typeset__scrollwrap, pre'))
                .filter(e => e.getBoundingClientRect().right > innerWidth + 1).length"""
        )
        # Con el tema oscuro, las reglas de axe del color: las demás no cambian con el tema.
        axe = violaciones(pagina, REGLAS_DEL_COLOR if esquema == "dark" else None)
        if salidos or axe:
            fallos[f"{esquema} a {tamano['width']} px"] = (salidos, axe)
    assert fallos == {}
