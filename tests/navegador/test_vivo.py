"""Las reglas en vivo, como las usa quien lee: el motor del libro (Pyodide) en la página.

Una pestaña nueva comprueba que nada se descarga sin pedirlo; lo demás, en la pestaña cuyo motor
ya arrancó (``con_motor``, en conftest.py: Pyodide arranca una vez por proceso).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from tapiz_rules.sistemas import reglamento
from tests.navegador.conftest import ESCRITORIO, abrir_pestana
from tests.reglas_al_azar import casos

pytestmark = pytest.mark.navegador
MOTOR = "/assets/tapiz/vivo/"
RAIZ = Path(__file__).resolve().parents[2]
VALORES = ".tapiz-probar__valores dd"


def _del_motor(pedidas: list[str]) -> list[str]:
    return [u for u in pedidas if MOTOR in u]


def _resultado(control: Any) -> dict[str, str]:
    control.locator(VALORES).first.wait_for(timeout=120_000)
    return {
        dd.get_attribute("data-salida"): dd.inner_text() for dd in control.locator(VALORES).all()
    }


def _cli(regla: str, entradas: dict[str, Any], sistema: str = "tapiz") -> dict[str, str]:
    """Lo que da ``tapiz regla --json``, escrito con la declaración de la regla."""
    orden = [sys.executable, "-m", "tapiz_rules.cli", "regla", regla, "--sistema", sistema]
    orden += ["--entrada", json.dumps(entradas), "--json"]
    valores = json.loads(subprocess.run(orden, capture_output=True, text=True, check=True).stdout)
    declarada = reglamento(sistema).regla(regla)
    return {
        c.nombre: c.mostrar(valores["valores"][c.nombre], valores["valores"])
        for c in declarada.salidas
    }


DICHOS = """(estado) => {
  window.__dichos = [];
  new MutationObserver(() => window.__dichos.push(estado.textContent))
    .observe(estado, {childList: true, characterData: true, subtree: true});
}"""
"""Apunta cada texto que escribe un elemento (``window.__dichos``)."""


def test_nada_del_motor_se_descarga_hasta_que_quien_lee_lo_pide(pestana_nueva):
    """Una pestaña nueva: nada del motor hasta pulsar «Probar» (aunque la calculadora pase por
    la vista y un «Repetir» dé una tirada nueva con lo guardado), y entonces dice que lo carga,
    cuánto lleva (en su role="status", de diez en diez por ciento) y lo descarga, cada fichero
    una vez; la calculadora también lo dice (lo que calcula ya arrancado lo miran las pruebas
    siguientes)."""
    pestana = pestana_nueva
    pedidas: list[str] = []
    pestana.page.context.on("request", lambda peticion: pedidas.append(peticion.url))
    pestana.ir("hacer-cosas/")
    pestana.page.mouse.wheel(0, 20_000)
    pestana.page.wait_for_load_state("networkidle")
    assert pestana.page.locator("details.tapiz-probar").count() >= 3
    assert _del_motor(pedidas) == []
    assert not any("probar.js" in u or "motor.js" in u for u in pedidas)
    # «Repetir» pinta el resultado guardado en los datos de su tarjeta: no hace falta el motor.
    repetir = pestana.page.locator('[data-ejemplo="la-estocada-del-guardia"]')
    repetir.click()
    tarjeta = repetir.locator(
        "xpath=ancestor::*[contains(concat(' ', @class, ' '), ' tapiz-ejemplo ')][1]"
    )
    pestana.page.wait_for_function(
        "t => t.dataset.tapizResuelta === t.dataset.tapizTirada", arg=tarjeta.element_handle()
    )
    assert _del_motor(pedidas) == []
    motor = "() => document.documentElement.dataset.tapizMotor"  # lo mira registro.js
    assert pestana.page.evaluate(motor) is None
    control = pestana.page.locator('details.tapiz-probar[data-regla="accion"]').first
    control.locator(".tapiz-probar__cuerpo").evaluate(DICHOS.replace("__dichos", "__carga"))
    with pestana.page.expect_request(lambda p: p.url.endswith("pyodide.asm.wasm"), timeout=120_000):
        control.locator("summary").click()
        estado = control.locator(".tapiz-probar__estado[role='status']")
        assert "Cargando las reglas del libro" in estado.inner_text()
    assert pestana.page.evaluate(motor) == "cargando"
    # La calculadora, con el motor aún cargando, dice que lo carga.
    calculadora = pestana.page.locator(".tapiz-calculadora")
    calculadora.locator("p[role='status']").evaluate(DICHOS)
    calculadora.get_by_label("Resistencia", exact=True).fill("14")
    dichos = pestana.page.wait_for_function("() => window.__dichos.length && window.__dichos")
    assert dichos.json_value()[0].startswith("Cargando las reglas del libro")
    pestana.page.wait_for_function(
        "() => window.__carga.some((d) => /Cargando las reglas del libro: \\d+\u00a0%/.test(d))"
    )
    partes = [
        int(m.group(1))
        for d in pestana.page.evaluate("() => window.__carga")
        if (m := re.search(r"Cargando las reglas del libro: (\d+)\u00a0%", d))
    ]
    assert partes and partes == sorted(partes) and all(p % 10 == 0 and p < 100 for p in partes)
    del_motor = _del_motor(pedidas)
    assert len(del_motor) == len(set(del_motor)) and any(u.endswith(".wasm") for u in del_motor)
    pestana.page.wait_for_function(f"() => ({motor})() === 'listo'")


def test_probar_la_tirada_de_accion_da_lo_mismo_que_la_cli(viva):
    # El motor arrancó en otra página; al llegar por la navegación instantánea (que quita de la
    # cabecera lo que no trae la página nueva), el formulario tiene sus estilos (vivo.css).
    viva.navegar("hacer-cosas/")
    control = viva.page.locator('details.tapiz-probar[data-regla="accion"]').first
    control.locator("summary").click()
    _resultado(control)
    formulario = control.locator(".tapiz-probar__formulario")
    assert formulario.evaluate("f => getComputedStyle(f).display") == "grid"
    pagina = viva.page
    control.get_by_label("Tirada del dado base", exact=True).fill("15")
    control.get_by_label("Resistencia", exact=True).fill("12")
    control.get_by_label("Modificador de característica", exact=True).fill("\u22122")
    control.get_by_label("Rasgos que ayudan", exact=True).fill("2")
    esperado = _cli("accion", {"base": 15, "resistencia": 12, "mod": -2, "rasgos": 2})
    control.get_by_role("button", name="Calcular").click()
    _esperar_total(pagina, control, esperado["total"])
    assert _resultado(control) == esperado
    assert control.locator("[aria-live='polite']").count() == 1


def _esperar_total(pagina: Any, control: Any, total: str) -> None:
    pagina.wait_for_function(
        "([c, t]) => c.querySelector('[data-salida=\"total\"]')?.textContent === t",
        arg=[control.element_handle(), total],
    )


def test_un_dato_que_no_se_lee_se_marca_y_se_dice_en_palabras(viva):
    pestana = viva
    pestana.navegar("hacer-cosas/")
    pestana.page.locator('details.tapiz-probar[data-regla="accion"] summary').first.click()
    control = pestana.page.locator('details.tapiz-probar[data-regla="accion"]').first
    campo = control.get_by_label("Nivel del personaje", exact=True)
    campo.fill("2,5")
    control.get_by_role("button", name="Calcular").click()
    error = control.locator(".tapiz-probar__resultado .tapiz-error")
    error.wait_for()
    assert error.inner_text() == "Nivel del personaje: escribe un número entero, como 3."
    assert campo.get_attribute("aria-invalid") == "true"
    campo.fill("1")
    control.get_by_role("button", name="Calcular").click()
    control.locator(VALORES).first.wait_for()
    assert campo.get_attribute("aria-invalid") is None


def test_240_entradas_al_azar_de_los_tres_sistemas_dan_lo_que_da_el_motor(viva):
    """Por el mismo Worker que los formularios, en una sola ida y vuelta."""
    pestana = viva
    lote = casos(240)
    assert {c.sistema for c in lote} == {"tapiz", "d20", "ratas"}
    peticiones = [
        {"tipo": "regla", "sistema": c.sistema, "regla": c.regla, "entradas": c.textos}
        for c in lote
    ]
    respuestas = pestana.page.evaluate(
        "async ([modulo, peticiones]) => (await import(modulo)).preguntar(peticiones)",
        [pestana.base + "tapiz/vivo.js", peticiones],
    )
    assert len(respuestas) == len(lote)
    for caso, respuesta in zip(lote, respuestas, strict=True):
        elegido = reglamento(caso.sistema)
        valores = elegido.calcular(caso.regla, caso.valores).valores
        esperado = {
            c.nombre: c.mostrar(valores[c.nombre], valores)
            for c in elegido.regla(caso.regla).salidas
        }
        assert "error" not in respuesta, (caso, respuesta)
        assert {s["nombre"]: s["texto"] for s in respuesta["salidas"]} == esperado, caso


def test_sin_red_despues_de_cargar_sigue_calculando(viva):
    pestana = viva
    pestana.navegar("hacer-cosas/")
    pestana.page.locator('details.tapiz-probar[data-regla="accion"] summary').first.click()
    contexto = pestana.page.context
    control = pestana.page.locator('details.tapiz-probar[data-regla="accion"]').first
    base = control.get_by_label("Tirada del dado base", exact=True)
    base.wait_for(timeout=120_000)  # cargado: el formulario lo escribe el motor
    contexto.set_offline(True)
    try:
        base.fill("20")
        control.get_by_role("button", name="Calcular").click()
        _esperar_total(pestana.page, control, "20")
    finally:
        contexto.set_offline(False)


def test_si_el_motor_no_carga_la_pagina_sigue_igual_y_lo_dice(navegador: Browser, sitio: str):
    """Sus ficheros no llegan por la red (la petición falla, como sin conexión): lo dice
    nombrando la conexión, no el navegador."""
    pestana = abrir_pestana(navegador, sitio, ESCRITORIO)
    pestana.page.context.route(f"**{MOTOR}**", lambda ruta: ruta.abort())
    try:
        pestana.ir("hacer-cosas/")
        regla = pestana.page.locator('.tapiz-regla[data-regla="accion"]').first.inner_text()
        control = pestana.page.locator('details.tapiz-probar[data-regla="accion"]').first
        control.locator("summary").click()
        estado = control.locator(".tapiz-probar__estado")
        pestana.page.wait_for_function(
            "e => e.textContent.startsWith('Sin conexión: las reglas del libro no se han')",
            arg=estado.element_handle(),
            timeout=60_000,
        )
        assert pestana.page.locator('.tapiz-regla[data-regla="accion"]').first.inner_text() == regla
    finally:
        pestana.page.context.close()


def test_probar_una_regla_en_python_de_un_lienzo_da_lo_que_da_su_reglamento(viva):
    """El regateo de Puertos de Bruma (su reglas.py), calculado en el motor aparte del Lienzo:
    el mismo resultado que su reglamento aquí, y el motor en un marco aislado."""
    viva.navegar("lienzos/puertos-de-bruma/")
    control = viva.page.locator('details.tapiz-probar[data-regla="regateo"]').first
    control.locator("summary").click()
    _resultado(control)
    control.get_by_label("Precio pedido (monedas)", exact=True).fill("200")
    control.get_by_label("Puntos de efecto del regateo", exact=True).fill("3")
    control.get_by_role("button", name="Calcular").click()
    lienzos = {lienzo.nombre: lienzo for _, lienzo in configuracion_desde(RAIZ).lienzos}
    bruma = lienzos["Puertos de Bruma"].reglamento()
    valores = bruma.calcular("regateo", {"precio": 200, "puntos_de_efecto": 3}).valores
    esperado = {
        c.nombre: c.mostrar(valores[c.nombre], valores) for c in bruma.regla("regateo").salidas
    }
    viva.page.wait_for_function(
        "([c, t]) => c.querySelector('[data-salida=\"precio\"]')?.textContent === t",
        arg=[control.element_handle(), esperado["precio"]],
    )
    assert _resultado(control) == esperado == {"rebaja": "15 %", "precio": "170 monedas"}
    marcos = viva.page.locator("iframe")
    assert marcos.count() == 1 and marcos.get_attribute("sandbox") == "allow-scripts"
