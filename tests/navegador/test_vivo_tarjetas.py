"""Las tarjetas de ejemplo con el motor en la página: «Repetir» da siempre los pasos de la
tirada nueva, sea cual sea la combinación, y «Cambiar datos» recalcula con otros datos."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mkdocs_plugins.nucleo.vivo import motor
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento
from tests.navegador.conftest import Pestana, tarjeta_a_la_vista, texto_entero
from tests.navegador.test_sitio import lenguaje_del_motor

pytestmark = pytest.mark.navegador
REPETICIONES = 40


def _reglamento(clave: str) -> Reglamento:
    sistema, edicion, *opcionales = clave.split("/")
    return reglamento(sistema, edicion, opcionales)


REPETIR = """async (tarjeta) => {
  tarjeta.querySelector('button.tapiz-repetir').click();
  const limite = Date.now() + 120_000;
  const {dataset} = tarjeta;
  const listo = () => dataset.tapizResuelta && dataset.tapizResuelta === dataset.tapizTirada;
  while (!listo() && Date.now() < limite) await new Promise((r) => setTimeout(r, 10));
  const cuerpo = tarjeta.querySelector('.tapiz-ejemplo__cuerpo');
  return {
    listo: listo(),
    reglamento: cuerpo.dataset.reglamento ?? '',
    regla: cuerpo.dataset.regla ?? '',
    pasos: [...tarjeta.querySelectorAll('.tapiz-ejemplo__pasos li')].map((li) => li.textContent),
    errores: tarjeta.querySelectorAll('.tapiz-ejemplo__pasos .tapiz-error').length,
    entradas: [...cuerpo.querySelectorAll('[data-entrada]')].map((dd) => [
      dd.dataset.entrada,
      dd.querySelector('.tapiz-total')?.innerText ?? null,
      dd.dataset.valor ?? null,
    ]),
    salidas: [...tarjeta.querySelectorAll('[data-salida]')]
      .map((dd) => [dd.dataset.salida, dd.innerText]),
  };
}"""
"""Pulsa «Repetir», espera a que la tarjeta tenga el resultado de esa tirada con sus pasos (el
guardado en sus datos o, si no lo está, el del motor en la página) y lee la tarjeta
de una vez (una ida y vuelta por tirada, no una por dato)."""


REPETIR_TODAS = """async () => {
  const tarjetas = [...document.querySelectorAll('.tapiz-ejemplo:has(button.tapiz-repetir)')];
  for (const tarjeta of tarjetas) tarjeta.querySelector('button.tapiz-repetir').click();
  const limite = Date.now() + 120_000;
  const faltan = () => tarjetas.filter(({dataset}) =>
    !dataset.tapizResuelta || dataset.tapizResuelta !== dataset.tapizTirada);
  while (faltan().length && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
  const titulo = (t) => t.querySelector('.tapiz-ejemplo__cabecera strong')?.textContent ?? t.id;
  const estado = ({dataset}) => `tirada ${dataset.tapizTirada}, resuelta ${dataset.tapizResuelta}`;
  return [tarjetas.length, faltan().map((t) =>
    `${titulo(t)} (${estado(t)}): ${t.querySelector('.tapiz-ejemplo__pasos')?.textContent ?? ''}`)];
}"""
"""Pulsa cada «Repetir» de la página y espera a que el motor responda a cada una: cuántas
tarjetas se repitieron y cuáles se quedaron sin respuesta (su título, su estado y sus pasos)."""


def _esperado(leida: dict[str, Any]) -> dict[str, str]:
    """Lo que da el motor (en CPython) con los datos de la tarjeta y los dados que muestra."""
    elegido = _reglamento(leida["reglamento"])
    regla = elegido.regla(leida["regla"])
    entradas = {
        nombre: int(total) if total is not None else json.loads(valor)
        for nombre, total, valor in leida["entradas"]
    }
    valores = elegido.calcular(regla.nombre, entradas).valores
    return {c.nombre: c.mostrar(valores[c.nombre], valores) for c in regla.salidas}


def _repetir_con_pasos(pestana: Pestana, tarjeta: Any) -> None:
    tarjeta_a_la_vista(tarjeta)  # lejos de la vista, innerText no da nada
    for vez in range(1, REPETICIONES + 1):
        leida = tarjeta.evaluate(REPETIR)
        assert leida["listo"], (vez, "el motor no respondió a la tirada")
        pasos = leida["pasos"]
        assert pasos and not any("no se guardan" in p or "precalculada" in p for p in pasos), (
            vez,
            pasos,
        )
        assert leida["errores"] == 0, pasos
        esperado = _esperado(leida)
        assert dict(leida["salidas"]) == {
            nombre: esperado[nombre] for nombre, _ in leida["salidas"]
        }, vez


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
            if t.locator(".tapiz-ejemplo__cabecera strong").text_content() == titulo
        )
        _repetir_con_pasos(viva, tarjeta)


def test_lo_que_escribe_el_motor_en_cada_tarjeta_no_habla_su_lenguaje(viva):
    """Cada tarjeta del libro completo (reúne las de todos los capítulos de Tapiz), de d20, de
    Ratas y del Lienzo, repetida y redibujada por el motor en la página: ni identificadores, ni
    números en coma flotante, ni literales de programa. Se pasa de una página a otra por sus
    enlaces, como quien lee, y el motor del libro, ya cargado, sigue ahí (no se vuelve a pedir);
    el Lienzo, que tiene Python, tiene su motor aparte: se carga una vez como mucho (lo pide ya
    el libro completo, que reúne sus tarjetas) y sigue ahí en la página del Lienzo."""
    pedidos: list[str] = []

    def apuntar(pedido: Any) -> None:
        pedidos.append(pedido.url)

    viva.page.on("request", apuntar)
    for ruta in ["libro/", "sistemas/d20/", "sistemas/ratas/", "lienzos/puertos-de-bruma/"]:
        viva.navegar(ruta)
        repetidas, sin_respuesta = viva.page.evaluate(REPETIR_TODAS)
        assert repetidas >= 2 and sin_respuesta == [], (ruta, repetidas, sin_respuesta)
        texto = texto_entero(viva.page, "article")
        assert lenguaje_del_motor(texto) == [], ruta
    viva.page.remove_listener("request", apuntar)
    del_motor = [
        u.split("/tapiz/", 1)[1]
        for u in pedidos
        if "/tapiz/vivo/" in u or u.endswith("/tapiz/motor.js")
    ]
    pyodide = [f"vivo/pyodide/{n}" for n in motor.PYODIDE]
    del_lienzo = ["motor.js", "vivo/lienzos.json", "vivo/lienzos/0.zip", *pyodide]
    # Nada si otra prueba de esta pestaña ya lo cargó (el motor del Lienzo sigue ahí).
    assert sorted(del_motor) in ([], sorted(del_lienzo))


def test_cambiar_datos_recalcula_y_se_vuelve_al_libro(viva):
    viva.navegar("hacer-cosas/")
    tarjeta = viva.page.locator(".tapiz-ejemplo", has_text="Sharra esquiva la estocada").first
    tarjeta_a_la_vista(tarjeta)
    pasos_del_libro = tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents()
    tarjeta.get_by_role("button", name="Cambiar datos").click()
    formulario = tarjeta.locator("form.tapiz-ejemplo__cambiar")
    formulario.wait_for(timeout=120_000)
    assert formulario.locator("input[name=mod]").input_value() == "+2"
    primero = formulario.locator("input[type=text]").first
    primero.fill("1")
    formulario.get_by_role("button", name="Calcular con estos datos").click()
    viva.page.wait_for_function(
        "t => t.dataset.tapizResuelta && t.dataset.tapizResuelta === t.dataset.tapizTirada",
        arg=tarjeta.element_handle(),
    )
    assert tarjeta.locator(".tapiz-ejemplo__resumen").inner_text().startswith("Con tus datos: ")
    assert tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents() != pasos_del_libro
    tarjeta.get_by_role("button", name="Volver al ejemplo del libro").click()
    assert tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents() == pasos_del_libro


def test_los_datos_cambiados_vuelven_escritos_como_en_el_libro(viva):
    """Quien teclea «5400» lee «5.400 PX» en la tarjeta y en el resumen, como en los pasos."""
    viva.navegar("niveles-y-avances/")
    tarjeta = viva.page.locator(".tapiz-ejemplo", has_text="Elythlian con 20.000 PX").first
    tarjeta_a_la_vista(tarjeta)
    tarjeta.get_by_role("button", name="Cambiar datos").click()
    formulario = tarjeta.locator("form.tapiz-ejemplo__cambiar")
    formulario.wait_for(timeout=120_000)
    # El formulario trae el dato de la tarjeta escrito como en el libro, sin la unidad.
    assert formulario.locator("input[name=px]").input_value() == "20.000"
    formulario.locator("input[name=px]").fill("5400")
    formulario.get_by_role("button", name="Calcular con estos datos").click()
    viva.page.wait_for_function(
        "t => t.dataset.tapizResuelta && t.dataset.tapizResuelta === t.dataset.tapizTirada",
        arg=tarjeta.element_handle(),
    )
    campo = reglamento("tapiz").regla("nivel_por_experiencia").entrada("px")
    escrito = campo.mostrar(5400)
    assert escrito == "5.400 PX"
    assert tarjeta.locator("[data-entrada=px]").inner_text() == escrito
    assert f"{campo.etiqueta} {escrito}" in tarjeta.locator(".tapiz-ejemplo__resumen").inner_text()
    cabecera = tarjeta.locator(".tapiz-ejemplo__cabecera")
    despues = cabecera.evaluate("c => getComputedStyle(c, '::after').content")
    assert despues == '"· con tus datos"', "con otros datos no se ha tirado nada"
