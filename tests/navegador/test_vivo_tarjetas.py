"""Las tarjetas de ejemplo con el motor en la página: «Repetir» da siempre los pasos de la
tirada nueva, sea cual sea la combinación, y «Cambiar datos» recalcula con otros datos."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento
from tests.navegador.conftest import Pestana
from tests.navegador.test_sitio import lenguaje_del_motor

pytestmark = pytest.mark.navegador
REPETICIONES = 40


def _reglamento(clave: str) -> Reglamento:
    sistema, edicion, *opcionales = clave.split("/")
    return reglamento(sistema, edicion, opcionales)


def _esperado(tarjeta: Any) -> dict[str, str]:
    """Lo que da el motor (en CPython) con los datos de la tarjeta y los dados que muestra."""
    cuerpo = tarjeta.locator(".tapiz-ejemplo__cuerpo")
    elegido = _reglamento(cuerpo.get_attribute("data-reglamento") or "")
    regla = elegido.regla(cuerpo.get_attribute("data-regla") or "")
    entradas: dict[str, Any] = {}
    for dd in cuerpo.locator("[data-entrada]").all():
        nombre = dd.get_attribute("data-entrada") or ""
        total = dd.locator(".tapiz-total")
        entradas[nombre] = (
            int(total.inner_text())
            if total.count()
            else json.loads(dd.get_attribute("data-valor") or "")
        )
    valores = elegido.calcular(regla.nombre, entradas).valores
    return {c.nombre: c.mostrar(valores[c.nombre], valores) for c in regla.salidas}


def _repetir_con_pasos(pestana: Pestana, tarjeta: Any) -> None:
    for vez in range(1, REPETICIONES + 1):
        tarjeta.locator("button.tapiz-repetir").click()
        pestana.page.wait_for_function(
            "t => t.dataset.tapizVivo && t.dataset.tapizVivo === t.dataset.tapizTirada",
            arg=tarjeta.element_handle(),
            timeout=120_000,
        )
        pasos = tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents()
        assert pasos and not any("no se guardan" in p or "precalculada" in p for p in pasos), (
            vez,
            pasos,
        )
        assert tarjeta.locator(".tapiz-ejemplo__pasos .tapiz-error").count() == 0, pasos
        esperado = _esperado(tarjeta)
        for salida in tarjeta.locator("[data-salida]").all():
            nombre = salida.get_attribute("data-salida") or ""
            assert salida.inner_text() == esperado[nombre], (vez, nombre)


def test_un_mechon_blanco_se_repite_40_veces_con_sus_pasos(viva):
    viva.navegar("sistemas/ratas/")
    tarjeta = viva.page.locator(".tapiz-ejemplo", has_text="Un mechón blanco").first
    _repetir_con_pasos(viva, tarjeta)


def test_las_tarjetas_de_sharra_se_repiten_40_veces_con_sus_pasos(viva):
    """Las dos de «Hacer cosas», la de hoy y la de la edición de 2017, en una sola visita (el
    motor arranca una vez)."""
    viva.navegar("hacer-cosas/")
    for titulo in ["Sharra trepa la empalizada", "Sharra trepa la empalizada (edición 2017)"]:
        cabecera = viva.page.locator(".tapiz-ejemplo__cabecera strong", has_text=titulo)
        tarjetas = viva.page.locator(".tapiz-ejemplo").filter(has=cabecera)
        tarjeta = next(
            t
            for t in tarjetas.all()
            if t.locator(".tapiz-ejemplo__cabecera strong").inner_text() == titulo
        )
        _repetir_con_pasos(viva, tarjeta)


def test_lo_que_escribe_el_motor_en_cada_tarjeta_no_habla_su_lenguaje(viva):
    """Cada tarjeta del libro completo (reúne las de todos los capítulos de Tapiz), de d20, de
    Ratas y del Lienzo, repetida y redibujada por el motor en la página: ni identificadores, ni
    números en coma flotante, ni literales de programa. Se pasa de una página a otra por sus
    enlaces, como quien lee, y el motor, ya cargado, sigue ahí (no se vuelve a pedir)."""
    pedidos: list[str] = []

    def apuntar(pedido: Any) -> None:
        pedidos.append(pedido.url)

    viva.page.on("request", apuntar)
    for ruta in ["libro/", "sistemas/d20/", "sistemas/ratas/", "lienzos/puertos-de-bruma/"]:
        viva.navegar(ruta)
        tarjetas = viva.page.locator(".tapiz-ejemplo:has(button.tapiz-repetir)").all()
        assert len(tarjetas) >= 2, ruta
        for tarjeta in tarjetas:
            tarjeta.locator("button.tapiz-repetir").click()
            viva.page.wait_for_function(
                "t => t.dataset.tapizVivo && t.dataset.tapizVivo === t.dataset.tapizTirada",
                arg=tarjeta.element_handle(),
                timeout=120_000,
            )
        texto = viva.page.locator("article").inner_text()
        assert lenguaje_del_motor(texto) == [], ruta
    viva.page.remove_listener("request", apuntar)
    assert [p for p in pedidos if "/tapiz/vivo/" in p or p.endswith("/tapiz/motor.js")] == []


def test_cambiar_datos_recalcula_y_se_vuelve_al_libro(viva):
    viva.navegar("hacer-cosas/")
    tarjeta = viva.page.locator(".tapiz-ejemplo", has_text="Sharra esquiva la estocada").first
    pasos_del_libro = tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents()
    tarjeta.get_by_role("button", name="Cambiar datos").click()
    formulario = tarjeta.locator("form.tapiz-ejemplo__cambiar")
    formulario.wait_for(timeout=120_000)
    primero = formulario.locator("input[type=text]").first
    primero.fill("1")
    formulario.get_by_role("button", name="Calcular con estos datos").click()
    viva.page.wait_for_function(
        "t => t.dataset.tapizVivo && t.dataset.tapizVivo === t.dataset.tapizTirada",
        arg=tarjeta.element_handle(),
    )
    assert tarjeta.locator(".tapiz-ejemplo__resumen").inner_text().startswith("Con tus datos: ")
    assert tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents() != pasos_del_libro
    tarjeta.get_by_role("button", name="Volver al ejemplo del libro").click()
    assert tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents() == pasos_del_libro
