"""Cada estado de cada control de los widgets (reposo, encima, foco, pulsado) se lee: ≥ 4,5:1."""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
import pytest

from tests.navegador.conftest import (
    ESCRITORIO,
    MOVIL,
    abrir_pestana,
    apagar_el_motor,
    llevar_a_la_calculadora,
)

pytestmark = pytest.mark.navegador
AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
CONTROLES = [
    "button.tapiz-dados",
    ".tapiz-tirada-zona button[aria-expanded]",
    ".tapiz-calculadora button",
    "button.tapiz-volver",
    "button.tapiz-repetir",
]
"""«Volver» antes que «Repetir»: pulsar «Repetir» redibuja la tarjeta (y, cuando responde el
motor de reglas, otra vez), y con ella su «Volver»."""


FIN_DE_LAS_TRANSICIONES = """() => Promise.all(document.getAnimations()
    .filter((animacion) => animacion instanceof CSSTransition)
    .map((transicion) => transicion.finished.catch(() => null)))"""
"""Espera a que acaben las transiciones de CSS en curso (una cancelada también acaba)."""


def _contraste(pagina, elemento) -> list[str]:
    resultado = pagina.evaluate(
        """async (e) => (await axe.run(e, {runOnly: ['color-contrast']})).violations
              .flatMap(v => v.nodes.map(n => n.failureSummary))""",
        elemento.element_handle(),
    )
    return list(resultado)


def test_cada_estado_de_cada_control_tiene_contraste_en_los_dos_esquemas(pestana):
    """Claro y oscuro en la misma página, con la tarjeta ya redibujada por el motor (arranca
    una vez)."""
    pagina = pestana.page
    pagina.emulate_media(color_scheme="light")
    pestana.ir("hacer-cosas/")
    pagina.locator("button.tapiz-dados").first.click()
    llevar_a_la_calculadora(pagina)
    pagina.locator("button.tapiz-repetir").first.click()
    # La tarjeta se redibuja dos veces: con lo precalculado y, cuando llega, con el motor.
    pagina.locator(".tapiz-ejemplo[data-tapiz-vivo] button.tapiz-volver").first.wait_for()
    pagina.add_script_tag(content=AXE)
    fallos = {}
    for esquema in ("light", "dark"):
        if esquema == "dark":  # el botón del tema, como quien lee
            pagina.locator("label[title='Cambiar a modo oscuro']").click()
        esperado = "slate" if esquema == "dark" else "default"
        assert pagina.get_attribute("body", "data-md-color-scheme") == esperado
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


@pytest.mark.parametrize("esquema", ["light", "dark"])
@pytest.mark.parametrize("tamano", ["movil", "escritorio"])
def test_el_libro_se_usa_igual_en_el_movil_y_el_escritorio_claro_y_oscuro(
    navegador, sitio, tamano, esquema
):
    pestana = abrir_pestana(navegador, sitio, MOVIL if tamano == "movil" else ESCRITORIO)
    apagar_el_motor(pestana)  # lo que se mira es lo precalculado que pinta «Repetir»
    pagina = pestana.page
    pagina.emulate_media(color_scheme=esquema)
    pestana.ir("hacer-cosas/")
    # Repetir redibuja la tarjeta; la calculadora no deja nada viejo a la vista.
    tarjeta = pagina.locator(".tapiz-ejemplo:has(button.tapiz-repetir)").first
    tarjeta.locator("button.tapiz-repetir").click()
    assert tarjeta.locator(".tapiz-ejemplo__resumen").inner_text().startswith("Con dados nuevos")
    calculadora = pagina.locator(".tapiz-calculadora")
    llevar_a_la_calculadora(pagina)
    calculadora.locator("input[name='mod']").fill("")
    assert calculadora.locator("table tbody tr").count() == 0
    assert calculadora.locator("[role='alert']").count() == 0
    # Nada se sale de la pantalla fuera de una caja que se desplaza.
    salidos = pagina.evaluate(
        """() => [...document.querySelectorAll('article *')]
            .filter(e => !e.closest('.md-typeset__scrollwrap, pre'))
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1).length"""
    )
    assert salidos == 0
    pagina.add_script_tag(content=AXE)
    violaciones = pagina.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id)"
    )
    assert violaciones == []
    assert pestana.errores == [] and pestana.externas == []
    pagina.context.close()
