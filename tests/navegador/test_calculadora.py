"""La calculadora y los dados, como los usa quien lee: nada viejo a la vista, nada que grite."""

from __future__ import annotations

import pytest

from tapiz_rules.sistemas import reglamento
from tests.navegador.test_widgets import ANUNCIO, anuncio_tras

pytestmark = pytest.mark.navegador
ETIQUETAS = {c.nombre: c.etiqueta for c in reglamento().regla("probabilidades_accion").entradas}


def _campo(pestana, nombre):
    return pestana.page.get_by_label(ETIQUETAS[nombre], exact=True)


def _calculadora(pestana):
    pestana.ir_a_la_calculadora()
    calculadora = pestana.page.locator(".tapiz-calculadora")
    calculadora.locator("table tbody tr").first.wait_for()
    return calculadora


def test_una_tirada_no_sobrevive_a_otros_datos(pestana):
    calculadora = _calculadora(pestana)
    pestana.page.get_by_role("button", name="Tirar", exact=True).click()
    resultado = calculadora.locator(".tapiz-calculadora__resultado [data-total]")
    resultado.wait_for()
    _campo(pestana, "resistencia").fill("18")
    assert resultado.count() == 0
    assert calculadora.locator("table caption").inner_text().endswith("resistencia 18")


def test_un_valor_a_medio_escribir_no_es_un_error_ni_una_alerta(pestana):
    calculadora = _calculadora(pestana)
    campo = _campo(pestana, "mod")
    campo.fill("")
    campo.type("-")
    mensaje = calculadora.locator("p[role='status']")
    assert mensaje.is_visible()
    assert "Completa «Modificador de característica»" in mensaje.inner_text()
    assert "tapiz-error" not in (mensaje.get_attribute("class") or "")
    assert calculadora.locator("[role='alert']").count() == 0
    assert campo.get_attribute("aria-invalid") is None
    assert calculadora.locator("table tbody tr").count() == 0  # ninguna probabilidad vieja
    campo.type("2")
    calculadora.locator("table tbody tr").first.wait_for()
    assert not mensaje.is_visible()


def test_un_valor_no_valido_se_marca_y_se_nombra(pestana):
    calculadora = _calculadora(pestana)
    campo = _campo(pestana, "nivel")
    campo.fill("0")
    assert campo.get_attribute("aria-invalid") == "true"
    texto = calculadora.locator("p[role='status']").inner_text()
    assert texto == "«Nivel del personaje» tiene que ser un número entero mayor o igual que 1."


def test_el_nivel_y_los_dados_no_se_contradicen(pestana):
    calculadora = _calculadora(pestana)
    nivel = pestana.page.get_by_label("Nivel de los dados de atributo")
    dados = calculadora.locator("input[name='dados']")
    dados.fill("1d8!")
    assert nivel.input_value() == "3"
    dados.fill("2d6")  # sin explosión: no es ningún nivel
    assert nivel.input_value() == "otros"
    nivel.select_option("5")
    assert dados.input_value() == "2d6!"


def test_los_dados_que_explotan_no_tienen_maximo(pestana):
    pestana.ir("hacer-cosas/")
    boton = pestana.page.locator("button.tapiz-dados[data-expr$='!']").first
    boton.click()
    pestana.page.locator(".tapiz-tirada-zona button[aria-expanded]").first.click()
    resumen = pestana.page.locator(".tapiz-grafica").first
    resumen.wait_for()
    assert "sin máximo (los dados explotan)" in resumen.inner_text()


def test_muchos_dados_se_resumen_para_un_lector_de_pantalla(pestana):
    pestana.ir("dados/")
    tirador = pestana.page.locator(".tapiz-tirador")
    tirador.get_by_label("Expresión de dados").fill("1000d6")
    texto = anuncio_tras(pestana, tirador.get_by_role("button", name="Tirar").click)
    assert texto.startswith("1000d6: 1000 dados. Total ")
    assert len(texto) < 60
    assert tirador.locator(".tapiz-tirada [aria-hidden='true'] .tapiz-dado").count() == 1000
    assert pestana.page.text_content(ANUNCIO)


def test_los_dados_ya_tirados_de_una_narracion_no_son_botones(pestana):
    pestana.ir("hacer-cosas/")
    narrados = pestana.page.locator("data.tapiz-narrado")
    assert narrados.count() >= 3
    parrafo = pestana.page.locator("p", has_text="Sharra saca un 9 en el d20").first
    assert parrafo.locator("data.tapiz-narrado").all_text_contents() == ["d20", "d6"]
    assert parrafo.locator("button.tapiz-dados[data-expr='d20']").count() == 0


def test_una_coma_decimal_se_dice_en_palabras_de_quien_juega(pestana):
    calculadora = _calculadora(pestana)
    campo = _campo(pestana, "mod")
    campo.fill("2,5")
    mensaje = calculadora.locator("p[role='status']")
    assert mensaje.inner_text() == (
        "«Modificador de característica» es un número entero: escríbelo sin decimales ni "
        "letras, como 2 o \u22121."
    )
    assert campo.get_attribute("aria-invalid") == "true"


def test_unos_dados_demasiado_grandes_para_tabular_se_tiran(pestana):
    calculadora = _calculadora(pestana)
    pestana.page.get_by_label("Nivel de los dados de atributo").select_option("otros")
    pestana.page.get_by_label("Dados de atributo (se pueden escribir)").fill("100d100!")
    mensaje = calculadora.locator("p[role='status']")
    assert "demasiado grande para calcular probabilidades" in mensaje.inner_text()
    pestana.page.get_by_role("button", name="Tirar", exact=True).click()
    resultado = calculadora.locator(".tapiz-calculadora__resultado [data-total]")
    resultado.wait_for()
    assert int(resultado.get_attribute("data-total") or "0") >= 100
