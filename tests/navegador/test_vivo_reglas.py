"""Las reglas de quien lee: elegir la edición de 2017 cambia las tablas, también en otra página
(la calculadora de tiradas de acción la sigue: test_calculadora.py)."""

from __future__ import annotations

import pytest

from tapiz_rules.sistemas import reglamento
from tapiz_rules.vivo import celda

pytestmark = pytest.mark.navegador
TABLA = ".tapiz-tabla[data-tabla='parametros_lienzo']"


def _filas(pestana) -> list[list[str]]:
    filas = pestana.page.locator(f"{TABLA} tbody tr").all()
    return [fila.locator("td").all_inner_texts() for fila in filas]


def _del_motor(edicion: str) -> list[list[str]]:
    tabla = reglamento("tapiz", edicion).tabla("parametros_lienzo")
    return [[celda(v) for v in fila] for fila in tabla.filas]


def test_la_edicion_de_2017_se_recuerda_y_cambia_una_tabla(viva):
    pestana = viva
    pestana.navegar("colaborar/lienzos/")
    assert _filas(pestana) == _del_motor("actual")
    pestana.navegar("hacer-cosas/")
    control = pestana.page.locator('details.tapiz-probar[data-regla="accion"]').first
    control.locator("summary").click()
    control.locator(".tapiz-probar__valores dd").first.wait_for(timeout=120_000)
    caja = pestana.page.locator(".tapiz-reglas-lector")
    caja.get_by_label("Reglas de Tapiz que se muestran:").select_option("2017")
    pestana.page.wait_for_function(
        "c => c.textContent.includes('Edición de 2017')",
        arg=control.locator(".tapiz-probar__reglas").element_handle(),
    )
    # Se recuerda en el navegador, y la página siguiente la aplica.
    recordada = pestana.page.evaluate("() => localStorage.getItem('tapiz-reglas')")
    assert "2017" in recordada, recordada
    pestana.navegar("colaborar/lienzos/")
    nota = pestana.page.locator(f"{TABLA} .tapiz-tabla__vivo")
    nota.wait_for(timeout=120_000)
    assert nota.inner_text() == "Con las reglas elegidas: Edición de 2017 (3d6)."
    assert _del_motor("2017") != _del_motor("actual")
    assert _filas(pestana) == _del_motor("2017")
    # Y se vuelve a las del libro.
    pestana.page.locator(".tapiz-reglas-lector select").select_option("actual")
    nota.wait_for(state="detached")
    assert _filas(pestana) == _del_motor("actual")
