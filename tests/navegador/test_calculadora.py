"""La calculadora de tiradas de acción y los dados, como los usa quien lee.

La calculadora es una vista sobre el motor: lo que muestra al abrir la página lo escribió la
construcción, y lo que muestra después lo calcula el motor en la página. Aquí se compara cada
cosa con ``tapiz regla … --json``: el primer pintado sin motor (y con el motor bloqueado, que
se queda y lo dice), y varias combinaciones, errores, una tirada y la edición de 2017 en la
pestaña cuyo motor ya arrancó (``viva``), en una sola visita.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from tapiz_rules.sistemas import reglamento
from tapiz_rules.vivo.calculadora import iniciales
from tests.navegador.axe import violaciones
from tests.navegador.conftest import apagar_el_motor, llevar_a_la_calculadora
from tests.navegador.test_widgets import ANUNCIO, anuncio_tras

pytestmark = pytest.mark.navegador
ACTUAL = reglamento()
ETIQUETAS = {c.nombre: c.etiqueta for c in ACTUAL.regla("probabilidades_accion").entradas}
CALCULADORA = ".tapiz-calculadora"
AL_DIA = """c => !c.querySelector('[aria-busy]')"""
"""La tabla (o el error) es la de los últimos datos escritos: la respuesta del motor llegó."""
COMBINACIONES = [
    {"dados": "1d6!", "mod": "2", "nivel": "3", "rasgos": "2", "bonus": "0", "resistencia": "15"},
    {"dados": "2d8!", "mod": "\u22121", "nivel": "5", "rasgos": "4", "bonus": "-2"}
    | {"resistencia": "25"},
    {"dados": "", "mod": "4", "nivel": "1", "rasgos": "1", "bonus": "3", "resistencia": "30"},
]


def _cli(regla: str, entradas: dict[str, Any], edicion: str = "actual") -> dict[str, str]:
    """Lo que da ``tapiz regla REGLA --json``, escrito con la declaración de la regla."""
    orden = [sys.executable, "-m", "tapiz_rules.cli", "regla", regla, "--edicion", edicion]
    orden += ["--entrada", json.dumps(entradas), "--json"]
    salida = subprocess.run(orden, capture_output=True, text=True, check=True).stdout
    valores = json.loads(salida)["valores"]
    declarada = reglamento("tapiz", edicion).regla(regla)
    return {c.nombre: c.mostrar(valores[c.nombre], valores) for c in declarada.salidas}


def _numeros(textos: dict[str, str]) -> dict[str, Any]:
    """Los textos del formulario como los lee el motor: «−1» es −1."""
    return {k: v if k == "dados" else int(v.replace("\u2212", "-")) for k, v in textos.items()}


def _tabla(calculadora) -> dict[str, str]:
    filas = calculadora.locator("tr[data-salida]").all()
    return {f.get_attribute("data-salida"): f.locator("td").inner_text().strip() for f in filas}


def _escribir(pestana, calculadora, textos: dict[str, str]) -> None:
    for nombre, texto in textos.items():
        calculadora.get_by_label(ETIQUETAS[nombre], exact=True).fill(texto)
    pestana.page.wait_for_function(AL_DIA, arg=calculadora.element_handle(), timeout=120_000)


def _como_la_cli(calculadora, entradas: dict[str, Any], edicion: str = "actual") -> None:
    """Cada fila de la tabla es la salida de la regla con ese nombre, escrita como el libro."""
    esperado = _cli("probabilidades_accion", entradas, edicion)
    mostrado = _tabla(calculadora)
    assert len(mostrado) == 10
    assert mostrado == {nombre: esperado[nombre] for nombre in mostrado}, (edicion, entradas)
    dado = reglamento("tapiz", edicion).parametros.dado_base
    dados = f"{dado}+{entradas['dados']}" if entradas.get("dados") else dado
    assert calculadora.locator("caption").inner_text() == (
        f"Probabilidades antes de tirar: {dados} contra resistencia {entradas['resistencia']}"
    )


def test_el_primer_pintado_es_el_del_motor_y_sin_motor_se_queda_y_lo_dice(pestana):
    """Sin el motor en la página (bloqueado): la tabla escrita al construir el libro es la de
    la regla con los valores iniciales; al cambiar un dato, la calculadora lo dice y la deja."""
    apagar_el_motor(pestana)
    pedidas: list[str] = []
    pestana.page.context.on("request", lambda peticion: pedidas.append(peticion.url))
    pestana.ir_a_la_calculadora()
    calculadora = pestana.page.locator(CALCULADORA)
    textos = iniciales(ACTUAL)
    for nombre, texto in textos.items():
        assert calculadora.get_by_label(ETIQUETAS[nombre], exact=True).input_value() == texto
    _como_la_cli(calculadora, _numeros(textos))
    inicial = _tabla(calculadora)
    estado = calculadora.locator("p[role='status']")
    assert estado.inner_text() == (
        "Probabilidades con los valores iniciales. Cambia un dato y el motor de reglas del "
        "libro las recalcula en tu navegador."
    )
    assert calculadora.get_by_role("button", name="Tirar", exact=True).is_visible()
    assert not [u for u in pedidas if "vivo.js" in u or "motor.js" in u], "el motor sin tocar"

    _escribir(pestana, calculadora, {"resistencia": "18"})
    assert "El motor de reglas no se ha podido cargar" in estado.inner_text()
    assert "la tabla sigue siendo la de los valores iniciales" in estado.inner_text()
    assert _tabla(calculadora) == inicial
    calculadora.get_by_role("button", name="Tirar", exact=True).click()
    pestana.page.wait_for_function(AL_DIA, arg=calculadora.element_handle())
    assert calculadora.locator("[data-total]").count() == 0
    assert "no se puede tirar" in estado.inner_text()


def _tirada(pestana, calculadora, entradas: dict[str, Any]) -> None:
    """Una tirada: el total anunciado es el de la regla «accion» con los dados a la vista."""
    tirar = calculadora.get_by_role("button", name="Tirar", exact=True)
    texto = anuncio_tras(pestana, tirar.click)
    resultado = calculadora.locator(".tapiz-calculadora__resultado [data-total]")
    dados = [
        int(d.inner_text().split()[0])
        for d in resultado.locator(".tapiz-dado:not(.tapiz-dado--descartado)").all()
    ]
    accion = {k: v for k, v in entradas.items() if k != "dados"}
    accion |= {"base": dados[0], "dados": sum(dados[1:])}
    esperado = _cli("accion", accion)
    total = esperado["total"]
    assert resultado.get_attribute("data-total") == total.replace(".", "")
    assert texto.startswith(f"Total {total} contra {entradas['resistencia']}. "), texto
    veredicto = "Éxito: " if esperado["exito"] == "sí" else "Fallo: "
    assert veredicto in texto, (texto, esperado)
    assert pestana.page.text_content(ANUNCIO).strip() == texto


def test_con_el_motor_la_calculadora_da_lo_de_la_cli(viva):
    """Varias combinaciones, dos errores, unos dados que no se tabulan pero se tiran, una tirada
    y la edición de 2017 (elegida en la página y al volver a ella), en una visita."""
    pestana = viva
    pestana.navegar("hacer-cosas/")
    llevar_a_la_calculadora(pestana.page)
    calculadora = pestana.page.locator(CALCULADORA)
    estado = calculadora.locator("p[role='status']")
    for textos in COMBINACIONES:
        _escribir(pestana, calculadora, textos)
        _como_la_cli(calculadora, _numeros(textos))
        assert estado.inner_text().startswith("Calculado con tus datos: éxito ")
        pasos = calculadora.locator(".tapiz-calculadora__salida li").all_text_contents()
        assert pasos[0].startswith("Bonus de rasgos: ")
        if textos["dados"]:
            _tirada(pestana, calculadora, _numeros(textos))
    assert violaciones(pestana.page, dentro=CALCULADORA) == []

    # Un dato que no se puede leer: se marca, se dice con su etiqueta y no queda tabla vieja.
    nivel = calculadora.get_by_label(ETIQUETAS["nivel"], exact=True)
    _escribir(pestana, calculadora, {"nivel": "0"})
    assert estado.inner_text() == "Nivel del personaje: no puede ser menor que 1."
    assert nivel.get_attribute("aria-invalid") == "true"
    assert calculadora.locator("tr[data-salida]").count() == 0
    _escribir(pestana, calculadora, {"nivel": "3", "mod": "2,5"})
    assert nivel.get_attribute("aria-invalid") is None
    assert estado.inner_text() == (
        "Modificador de característica: escribe un número entero, como 3."
    )
    # Unos dados demasiado grandes para tabular se dicen, y se pueden tirar.
    _escribir(pestana, calculadora, COMBINACIONES[0] | {"dados": "100d100!"})
    assert "«100d100!» es demasiado grande para calcular probabilidades" in estado.inner_text()
    dados = calculadora.get_by_label(ETIQUETAS["dados"], exact=True)
    assert dados.get_attribute("aria-invalid") == "true"
    texto = anuncio_tras(pestana, calculadora.get_by_role("button", name="Tirar").click)
    assert re.match(r"Total [\d.]+ contra 15\. ", texto), texto
    total = calculadora.locator("[data-total]").get_attribute("data-total")
    assert int(total) >= 1 + 100 + 2 + 4  # 1d20 + 100d100! + mod + rasgos

    # La edición de 2017 (elegida en la caja de las reglas): otro dado, las mismas cuentas.
    _escribir(pestana, calculadora, COMBINACIONES[0])
    caja = pestana.page.locator(".tapiz-reglas-lector")
    caja.get_by_label("Reglas de Tapiz que se muestran:").select_option("2017")
    pestana.page.wait_for_function(
        "c => c.querySelector('caption')?.textContent.includes('3d6+1d6!')",
        arg=calculadora.element_handle(),
        timeout=120_000,
    )
    _como_la_cli(calculadora, _numeros(COMBINACIONES[0]), "2017")
    assert calculadora.locator(".tapiz-calculadora__reglas").inner_text() == (
        "Reglas: Edición de 2017 (3d6)."
    )
    # Al volver a la página, con la edición recordada, la calcula sin que nadie toque nada.
    pestana.navegar("hacer-cosas/")
    llevar_a_la_calculadora(pestana.page)
    calculadora = pestana.page.locator(CALCULADORA)
    pestana.page.wait_for_function(
        "c => c.querySelector('caption')?.textContent.includes('3d6 contra')",
        arg=calculadora.element_handle(),
        timeout=120_000,
    )
    _como_la_cli(calculadora, _numeros(iniciales(ACTUAL)), "2017")


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
