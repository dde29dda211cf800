"""Lo que el JavaScript ya no calcula ni escribe: las probabilidades de una expresión que escribe
quien lee (el tirador libre) las calcula el motor del libro en la página (Pyodide), y sin el
motor se dice; el texto de los límites de un formulario llega escrito por el motor."""

from __future__ import annotations

import json
from urllib.request import urlopen

import pytest
from playwright.sync_api import Browser

from tapiz_rules.dados import analizar, distribucion
from tapiz_rules.modelo.formato import decimal, porcentaje
from tapiz_rules.sistemas import reglamento
from tests.navegador.conftest import ESCRITORIO, abrir_pestana

pytestmark = pytest.mark.navegador

ESCRITA = "3d4 + 1d6 - 2"
"""Ningún dado del texto la lleva: sus probabilidades no están en los datos de la página."""
SIN_MOTOR = "Las probabilidades de una expresión escrita las calcula el motor de reglas del libro"
CARGANDO = "Cargando las reglas del libro"
DICHOS = """(zona) => {
  window.__dichos = [];
  new MutationObserver(() => window.__dichos.push(zona.textContent))
    .observe(zona, {childList: true, characterData: true, subtree: true});
}"""
"""Apunta cada texto que escribe el tirador (``window.__dichos``)."""


def _tirar_y_abrir_la_grafica(pestana, expresion: str):
    tirador = pestana.page.locator(".tapiz-tirador")
    tirador.get_by_label("Expresión de dados").fill(expresion)
    tirador.get_by_role("button", name="Tirar").click()
    tirador.evaluate(DICHOS)
    conmutador = tirador.get_by_role("button", name="Probabilidades")
    conmutador.click()
    assert conmutador.get_attribute("aria-expanded") == "true"
    return tirador


def test_el_tirador_pide_las_probabilidades_al_motor_en_la_pagina(viva):
    pedidas: list[str] = []

    def pedida(peticion) -> None:
        pedidas.append(peticion.url)

    viva.page.context.on("request", pedida)
    try:
        _comprobar_el_tirador(viva)
    finally:
        viva.page.context.remove_listener("request", pedida)
    assert pedidas and not [u for u in pedidas if "probabilidad.js" in u]


def _comprobar_el_tirador(viva) -> None:
    viva.navegar("dados/")
    with urlopen(f"{viva.base}assets/tapiz/datos/dados.json") as respuesta:
        guardadas = json.load(respuesta)["distribuciones"]
    canonica = str(analizar(ESCRITA))
    assert ESCRITA not in guardadas and canonica not in guardadas
    tirador = _tirar_y_abrir_la_grafica(viva, ESCRITA)
    grafica = tirador.locator(".tapiz-grafica")
    grafica.wait_for(timeout=60_000)
    exacta = distribucion(ESCRITA)
    # Cada barra, con el porcentaje de la probabilidad exacta de Python (ninguna recortada).
    barras = grafica.locator(".tapiz-grafica__barra")
    titulos = [b.get_attribute("title") for b in barras.all()]
    assert titulos == [f"{v}: {porcentaje(p)}" for v, p in exacta.items()]
    resumen = grafica.locator(".tapiz-grafica__resumen").inner_text()
    inicio = f"{canonica}: de {exacta.minimo} a {exacta.maximo}, media {decimal(exacta.media)}; "
    assert resumen.startswith(inicio), resumen
    # Lo que respondió el motor de la página: la distribución exacta, sin redondear.
    respuesta = viva.page.evaluate(
        """async ([modulo, expresion]) => (await import(modulo))
             .preguntar({tipo: "probabilidades", expresion})""",
        [viva.base + "tapiz/vivo.js", ESCRITA],
    )
    assert respuesta == {
        "expresion": canonica,
        "puntos": [[v, float(p)] for v, p in exacta.items()],
    }
    error = viva.page.evaluate(
        """async (modulo) => (await import(modulo))
             .preguntar({tipo: "probabilidades", expresion: "2d6+"})""",
        viva.base + "tapiz/vivo.js",
    )
    assert error["error"].startswith("notación de dados «2d6+» (columna 5): ")


def test_un_dado_del_texto_no_necesita_el_motor_y_el_tirador_dice_que_falta(pestana):
    """La pestaña sin motor (su Worker no se puede crear, como sin WebAssembly)."""
    pestana.ir("dados/")
    boton = pestana.page.locator("button.tapiz-dados").first
    boton.click()
    pestana.page.locator(".tapiz-tirada-zona button[aria-expanded]").first.click()
    pestana.page.locator(".tapiz-grafica").first.wait_for()
    tirador = _tirar_y_abrir_la_grafica(pestana, ESCRITA)
    error = tirador.locator(".tapiz-error")
    error.wait_for()
    assert error.inner_text().startswith(SIN_MOTOR)
    assert tirador.locator(".tapiz-grafica").count() == 0


def test_sin_los_ficheros_del_motor_el_tirador_dice_que_carga_y_luego_que_falta(
    navegador: Browser, sitio: str
):
    """Como un libro publicado sin Pyodide: el Worker arranca, pero no encuentra el motor."""
    pestana = abrir_pestana(navegador, sitio, ESCRITORIO)
    pestana.page.context.route("**/assets/tapiz/vivo/**", lambda ruta: ruta.fulfill(status=404))
    try:
        pestana.ir("dados/")
        tirador = _tirar_y_abrir_la_grafica(pestana, ESCRITA)
        error = tirador.locator(".tapiz-error")
        error.wait_for(timeout=60_000)
        assert error.inner_text().startswith(SIN_MOTOR)
        dichos = pestana.page.evaluate("() => window.__dichos")
        assert any(CARGANDO in d for d in dichos), dichos
    finally:
        pestana.page.context.close()


def test_probar_muestra_los_limites_que_escribe_el_motor(viva):
    """El texto de los límites llega escrito con la declaración del formulario."""
    viva.navegar("hacer-cosas/")
    control = viva.page.locator('details.tapiz-probar[data-regla="accion"]').first
    control.locator("summary").click()
    control.locator("form").wait_for(timeout=60_000)
    elegido = reglamento()
    entradas = elegido.regla("accion").entradas
    limites = {c.nombre: c.ayuda_de_limites(elegido.parametros, entradas) for c in entradas}
    assert limites["base"] == "De 1 a 20."  # con los parámetros: el dado base
    for nombre, esperado in limites.items():
        if esperado:
            ayuda = control.locator(f"[name='{nombre}']").get_attribute("aria-describedby")
            texto = control.locator(f"[id='{ayuda}']").inner_text()
            assert texto.endswith(esperado), (nombre, texto)
