"""Las reglas de quien lee sin el motor: la caja de la edición y las reglas opcionales está en
la página desde que llega, y cada combinación cambia las tablas, las tarjetas (con el dado de
su edición) y el dado de la tirada escrito en el texto, sin descargar el motor. Lo que se lee
en la página se compara con el motor en CPython."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from mkdocs_plugins.nucleo.widgets.reglas_lector import combinaciones
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento
from tapiz_rules.vivo import celda
from tests.navegador.conftest import MOVIL, Pestana, llevar_a_la_calculadora
from tests.navegador.test_vivo_tarjetas import REPETIR

pytestmark = pytest.mark.navegador
PAGINA = "rango-y-movimiento/"
"""La página con más tablas y tarjetas que cambian con la edición y con TZR0002."""
DEL_LIBRO = '[data-reglamento="tapiz/actual"]'

LEER = f"""() => {{
  const delLibro = '{DEL_LIBRO}';
  const caja = document.querySelector('.tapiz-reglas-lector');
  return {{
    nota: caja.querySelector('.tapiz-reglas-lector__nota').textContent,
    edicion: caja.querySelector('select').value,
    marcadas: [...caja.querySelectorAll('input:checked')].map((c) => c.value),
    dados: [...document.querySelectorAll('button.tapiz-dados[data-dado-base]')].map((b) =>
      [b.textContent, b.dataset.expr]),
    tablas: [...document.querySelectorAll('.tapiz-tabla' + delLibro)].map((t) => ({{
      tabla: t.dataset.tabla,
      filas: [...t.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    }})),
    tarjetas: [...document.querySelectorAll('.tapiz-ejemplo')]
      .filter((t) => t.querySelector('.tapiz-ejemplo__cuerpo' + delLibro))
      .map((t) => {{
        const cuerpo = t.querySelector('.tapiz-ejemplo__cuerpo');
        return {{
          id: t.id,
          regla: cuerpo.dataset.regla,
          entradas: [...cuerpo.querySelectorAll('[data-entrada][data-valor]')].map((dd) =>
            [dd.dataset.entrada, JSON.parse(dd.dataset.valor),
             dd.querySelector('.tapiz-ejemplo__dados')?.textContent ?? null]),
          salidas: [...cuerpo.querySelectorAll('[data-salida]')].map((dd) =>
            [dd.dataset.salida, dd.textContent]),
        }};
      }}),
  }};
}}"""


def _elegido(edicion: str, opcionales: tuple[str, ...]) -> Reglamento:
    return reglamento("tapiz", edicion, opcionales)


def _salidas(elegido: Reglamento, tarjeta: dict[str, Any]) -> dict[str, str]:
    """Lo que el motor en CPython da con los datos de la tarjeta ("—" si no se puede)."""
    regla = elegido.regla(tarjeta["regla"])
    entradas = {nombre: valor for nombre, valor, _ in tarjeta["entradas"]}
    try:
        valores = elegido.calcular(regla.nombre, entradas).valores
    except ErrorTapiz:
        return {nombre: "—" for nombre, _ in tarjeta["salidas"]}
    return {c.nombre: c.mostrar(valores[c.nombre], valores) for c in regla.salidas}


def _comprobar(
    leido: dict[str, Any], libro: dict[str, Any], edicion: str, opcionales: tuple[str, ...]
) -> None:
    elegido = _elegido(edicion, opcionales)
    dado = elegido.parametros.dado_base
    esperado = (_nota(edicion, opcionales), edicion, list(opcionales))
    assert (leido["nota"], leido["edicion"], leido["marcadas"]) == esperado
    assert leido["dados"] == [[dado, dado]] * len(leido["dados"])
    for tabla in leido["tablas"]:
        esperada = [[celda(v) for v in fila] for fila in elegido.tabla(tabla["tabla"]).filas]
        assert tabla["filas"] == esperada, (edicion, opcionales, tabla["tabla"])
    dados_del_libro = {
        (t["id"], nombre): dados for t in libro["tarjetas"] for nombre, _, dados in t["entradas"]
    }
    for tarjeta in leido["tarjetas"]:
        esperadas = _salidas(elegido, tarjeta)
        assert dict(tarjeta["salidas"]) == {n: esperadas[n] for n, _ in tarjeta["salidas"]}, (
            edicion,
            opcionales,
            tarjeta["id"],
        )
        for nombre, _, dados in tarjeta["entradas"]:
            del_libro = dados_del_libro[(tarjeta["id"], nombre)]
            assert dados == (f"({dado})" if del_libro == "(1d20)" else del_libro), tarjeta["id"]


def _nota(edicion: str, opcionales: tuple[str, ...]) -> str:
    if (edicion, opcionales) == ("actual", ()):
        return "Se muestran las reglas del libro."
    return (
        f"Se muestran las tablas y los ejemplos con: {_elegido(edicion, opcionales).describir()}."
    )


def _elegir(pestana: Pestana, edicion: str, opcionales: tuple[str, ...]) -> None:
    """Como quien lee: la edición en el desplegable y cada opcional en su casilla; se espera a
    que la nota de la caja diga la elección (la escribe lo último, con la página ya cambiada)."""
    caja = pestana.page.locator(".tapiz-reglas-lector")
    caja.get_by_label("Reglas de Tapiz que se muestran:").select_option(edicion)
    for casilla in caja.locator("input[type=checkbox]").all():
        casilla.set_checked(casilla.get_attribute("value") in opcionales)
    pestana.page.wait_for_function(
        "(n) => document.querySelector('.tapiz-reglas-lector__nota').textContent === n",
        arg=_nota(edicion, opcionales),
    )


def _recorrer(pestana: Pestana, libro: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """Cada elección distinta de la del libro, una tras otra en la caja de la misma página,
    comparada con el motor; devuelve la última, que queda recordada."""
    otras = [c for c in combinaciones() if c != ("actual", ())]
    assert len(otras) == 7
    for edicion, opcionales in otras:
        _elegir(pestana, edicion, opcionales)
        _comprobar(pestana.page.evaluate(LEER), libro, edicion, opcionales)
        recordada = json.loads(pestana.page.evaluate("() => localStorage.getItem('tapiz-reglas')"))
        assert recordada == {"edicion": edicion, "opcionales": list(opcionales)}
    return otras[-1]


def test_cada_edicion_y_opcional_cambia_tablas_y_tarjetas_sin_el_motor(
    pestana_nueva: Pestana,
) -> None:
    """Todas las tablas y tarjetas de una página con cada elección, en una sola visita."""
    pestana = pestana_nueva
    pedidas: list[str] = []
    pestana.page.on("request", lambda peticion: pedidas.append(peticion.url))
    # La caja viene en el HTML de la página: está en el primer pintado, sin JavaScript.
    with urllib.request.urlopen(pestana.base + PAGINA) as respuesta:
        html = respuesta.read().decode()
    assert 'class="tapiz-reglas-lector"' in html and "Edición de 2017 (3d6)</option>" in html
    pestana.ir(PAGINA)
    libro = pestana.page.evaluate(LEER)
    assert len(libro["tablas"]) >= 5 and len(libro["tarjetas"]) >= 15
    # Sin elección guardada, reglas.js no se descarga hasta que quien lee se acerca a la caja.
    assert not [u for u in pedidas if u.endswith("/reglas.js")]
    edicion, opcionales = _recorrer(pestana, libro)
    # La elección recordada se aplica al volver a abrir la página, sin tocar la caja.
    pestana.ir(PAGINA)
    pestana.page.wait_for_function(
        "(n) => document.querySelector('.tapiz-reglas-lector__nota').textContent === n",
        arg=_nota(edicion, opcionales),
    )
    _comprobar(pestana.page.evaluate(LEER), libro, edicion, opcionales)
    assert _motor(pedidas) == [], "el motor no se carga para mostrar otras reglas"
    assert pestana.errores == []


def test_la_caja_cambia_el_dado_del_texto_y_vuelve_a_la_del_libro(pestana: Pestana) -> None:
    pestana.ir("hacer-cosas/")
    libro = pestana.page.evaluate(LEER)
    assert len(libro["dados"]) == 2, "el dado de la tirada, dos veces en el texto"
    _recorrer(pestana, libro)
    _elegir(pestana, "actual", ())
    assert pestana.page.evaluate(LEER) == libro | {"nota": "Se muestran las reglas del libro."}
    assert pestana.page.evaluate("() => localStorage.getItem('tapiz-reglas')") is None


def _motor(pedidas: list[str]) -> list[str]:
    return [u for u in pedidas if "/vivo/" in u or "motor.js" in u or "pyodide" in u]


def test_la_calculadora_con_la_edicion_recordada_sin_el_motor(pestana_nueva: Pestana) -> None:
    pestana = pestana_nueva
    pedidas: list[str] = []
    pestana.page.on("request", lambda peticion: pedidas.append(peticion.url))
    pestana.ir("dados/")
    pestana.page.evaluate(
        '() => localStorage.setItem(\'tapiz-reglas\', \'{"edicion":"2017","opcionales":[]}\')'
    )
    pestana.ir("hacer-cosas/")
    llevar_a_la_calculadora(pestana.page)
    calculadora = pestana.page.locator(".tapiz-calculadora")
    pestana.page.wait_for_function(
        "c => c.querySelector('caption')?.textContent.includes('3d6 contra')",
        arg=calculadora.element_handle(),
    )
    assert calculadora.locator(".tapiz-calculadora__reglas").inner_text() == (
        "Reglas: Edición de 2017 (3d6)."
    )
    pestana.esperar_a_la_red()
    assert _motor(pedidas) == [], "el motor no se carga hasta que quien lee cambia un dato"


def test_repetir_con_la_edicion_de_2017_tira_3d6(viva: Pestana) -> None:
    pestana = viva
    pestana.navegar("hacer-cosas/")
    caja = pestana.page.locator(".tapiz-reglas-lector")
    caja.get_by_label("Reglas de Tapiz que se muestran:").select_option("2017")
    pestana.page.wait_for_function(
        "() => document.querySelector('.tapiz-reglas-lector__nota').textContent.includes('2017')"
    )
    tarjeta = pestana.page.locator("#sharra-trepa-la-empalizada")
    assert tarjeta.locator("[data-entrada='base'] .tapiz-ejemplo__dados").inner_text() == "(3d6)"
    elegido = _elegido("2017", ())
    regla = elegido.regla("accion")
    for vez in range(12):
        leida = tarjeta.evaluate(REPETIR)
        assert leida["listo"] and leida["errores"] == 0, (vez, leida["pasos"])
        entradas = {
            nombre: int(total.replace(".", "")) if total is not None else json.loads(valor)
            for nombre, total, valor in leida["entradas"]
        }
        assert 3 <= entradas["base"] <= 18, entradas
        base = tarjeta.locator("[data-entrada='base'] .tapiz-ejemplo__dados").inner_text()
        assert base == " (3d6)", base
        valores = elegido.calcular(regla.nombre, entradas).valores
        esperadas = {c.nombre: c.mostrar(valores[c.nombre], valores) for c in regla.salidas}
        assert {n: t for n, t in leida["salidas"]} == {n: esperadas[n] for n, _ in leida["salidas"]}


def test_en_el_movil_el_resultado_de_probar_se_ve_junto_al_primer_campo(viva: Pestana) -> None:
    """Con el motor ya en marcha (lo que se mira es dónde queda el resultado)."""
    pestana = viva
    pestana.page.set_viewport_size(MOVIL)
    pestana.navegar("hacer-cosas/")
    control = pestana.page.locator('details.tapiz-probar[data-regla="accion"]').first
    control.locator("summary").click()
    control.locator(".tapiz-probar__valores dd").first.wait_for(timeout=120_000)
    primero = control.locator("form input").first.bounding_box()
    resultado = control.locator(".tapiz-probar__resultado").bounding_box()
    assert primero is not None and resultado is not None
    # El resultado acaba antes del primer campo: a menos de una pantalla de él.
    assert resultado["y"] + resultado["height"] <= primero["y"]
    assert primero["y"] - resultado["y"] < MOVIL["height"]
