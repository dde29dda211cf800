"""Los widgets de dados en Chromium, contra el sitio real construido con mkdocs build."""

from __future__ import annotations

import itertools
import json
import re
from urllib.request import urlopen

import pytest

from tapiz_rules.dados import analizar, distribucion
from tapiz_rules.sistemas import reglamento
from tests.navegador.conftest import apagar_el_motor, llevar_a_la_calculadora, tarjeta_a_la_vista

TAPIZ = reglamento()
GRADOS = TAPIZ.parametros.grados

pytestmark = pytest.mark.navegador

ANUNCIO = "[data-tapiz-anuncio]"
TOTAL = re.compile(r"Total (-?\d+)\.")


def anuncio_tras(pestana, accion) -> str:
    """Ejecuta ``accion`` y devuelve el siguiente texto de la región aria-live."""
    pagina = pestana.page
    antes = pagina.text_content(ANUNCIO) or ""
    accion()
    pagina.wait_for_function(
        "([sel, antes]) => document.querySelector(sel).textContent !== antes",
        arg=[ANUNCIO, antes],
    )
    return (pagina.text_content(ANUNCIO) or "").strip()


def test_un_dado_del_texto_tira_y_anuncia_un_total_posible(pestana):
    pestana.ir("hacer-cosas/")
    boton = pestana.page.locator("button.tapiz-dados").first
    expresion = boton.get_attribute("data-expr")
    arbol = analizar(expresion)
    frase = boton.evaluate(_FRASE)
    for accion in (boton.click, lambda: boton.press("Enter"), lambda: boton.press(" ")):
        texto = anuncio_tras(pestana, accion)
        total = int(TOTAL.search(texto).group(1))
        assert arbol.minimo <= total <= arbol.maximo, texto
        assert texto.startswith(str(arbol)), texto
    fichas = pestana.page.locator(".tapiz-tirada-zona .tapiz-dado")
    assert fichas.count() >= 1
    assert boton.evaluate(_FRASE_ENTERA, frase) == []


_FRASE = "b => b.closest('p, li').innerText"
_FRASE_ENTERA = """(boton, antes) => {
  const bloque = boton.closest('p, li');
  const zona = boton.nextElementSibling;
  const fallos = [];
  const ahora = bloque.innerText;
  if (ahora.replace(zona.innerText, '') !== antes) fallos.push(`la frase cambia: ${ahora}`);
  if (/\\n|\\s[.,;:]/.test(ahora)) fallos.push(`salto o espacio ante puntuación: ${ahora}`);
  for (const e of bloque.querySelectorAll('*')) {
    const d = getComputedStyle(e).display;
    if (!['inline', 'inline-block', 'none'].includes(d)) fallos.push(`${e.className}: ${d}`);
  }
  // Cada pieza en la línea de la anterior, salvo que empiece otra (más a la izquierda).
  const despues = document.createRange();
  despues.setStart(zona.nextSibling, 0);
  despues.setEnd(zona.nextSibling, 1);
  const piezas = [boton, zona.querySelector('.tapiz-dado'), zona.querySelector('button')]
    .map(e => e.getBoundingClientRect()).concat([despues.getBoundingClientRect()]);
  piezas.slice(1).forEach((r, i) => {
    const a = piezas[i];
    const misma = r.top < a.bottom && a.top < r.bottom;
    if (!misma && r.left >= a.left) fallos.push(`pieza ${i + 1} fuera de la línea`);
  });
  const [control, signo] = piezas.slice(-2);
  if (/^[.,;:]/.test(zona.nextSibling.textContent) && signo.left - control.right > 2)
    fallos.push(`espacio de ${signo.left - control.right} px ante la puntuación`);
  if (boton.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(bloque).lineHeight))
    fallos.push('el botón ocupa más de una línea');
  return fallos;
}"""
"""Un dado del texto tirado no parte su frase: el texto sigue siendo la frase con el resultado
en su sitio, nada es un bloque y cada pieza sigue en la línea de la anterior."""


def test_la_grafica_de_probabilidades_sale_de_datos_json(pestana):
    pestana.ir("hacer-cosas/")
    boton = pestana.page.locator("button.tapiz-dados").first
    expresion = str(analizar(boton.get_attribute("data-expr")))
    boton.click()
    conmutador = pestana.page.locator(".tapiz-tirada-zona button[aria-expanded]").first
    conmutador.click()
    assert conmutador.get_attribute("aria-expanded") == "true"
    resumen = pestana.page.locator(".tapiz-grafica__resumen").first.text_content()
    dist = distribucion(expresion)
    assert resumen.startswith(f"{expresion}: de {dist.minimo} a {dist.maximo}, media "), resumen


def test_la_navegacion_instantanea_mantiene_vivos_los_widgets(pestana):
    pagina = pestana.page
    pestana.ir("")
    pagina.evaluate("window.__sinRecargar = true")
    pagina.locator("nav.md-nav--primary a[href$='hacer-cosas/']").first.click()
    pagina.wait_for_url("**/hacer-cosas/")
    llevar_a_la_calculadora(pagina)
    assert pagina.evaluate("window.__sinRecargar") is True, "la página se recargó entera"
    texto = anuncio_tras(pestana, pagina.locator("button.tapiz-dados").first.click)
    assert TOTAL.search(texto), texto
    pagina.go_back()
    pagina.wait_for_url(pestana.base)
    texto = anuncio_tras(pestana, pagina.locator("button.tapiz-dados").first.click)
    assert TOTAL.search(texto), texto
    assert pagina.evaluate("window.__sinRecargar") is True
    assert pagina.locator(".tapiz-calculadora").count() == 0


def test_repetir_redibuja_la_tarjeta_con_lo_que_calculo_el_motor(pestana):
    """Lo precalculado en la construcción, sin el motor en la página (el que lee sin
    WebAssembly, o antes de que llegue): test_vivo_tarjetas.py mira lo que dibuja el motor."""
    apagar_el_motor(pestana)
    pestana.ir("hacer-cosas/")
    marca = pestana.page.locator("[data-tapiz-repetir]").get_attribute("data-tapiz-repetir")
    with urlopen(f"{pestana.base}assets/tapiz/datos/{marca}") as respuesta:
        ejemplos = json.load(respuesta)
    botones = pestana.page.locator("button.tapiz-repetir")
    assert sorted(b.get_attribute("data-ejemplo") for b in botones.all()) == sorted(ejemplos)
    # Uno con pocas tiradas posibles, cuyos pasos se guardan (una sola tirada de 1d20).
    ident = next(i for i, e in ejemplos.items() if len(e["resultados"]["indices"]) <= 20)
    ejemplo = ejemplos[ident]
    tarjeta = tarjeta_a_la_vista(pestana.page.locator(f"[id='{ident}']"))
    pasos_del_libro = tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents()
    tarjeta.locator("button.tapiz-repetir").click()
    tarjeta.locator(".tapiz-ejemplo__resumen").wait_for()
    totales = [
        tarjeta.locator(f"[data-entrada='{entrada}'] .tapiz-total").inner_text()
        for entrada in ejemplo["dados"]
    ]
    resultados = ejemplo["resultados"]
    combinaciones = list(itertools.product(*resultados["soportes"]))
    posicion = combinaciones.index(tuple(int(t) for t in totales))
    esperado = resultados["unicos"][resultados["indices"][posicion]]
    # El cálculo y el resultado son los de la tirada nueva, escritos como en el libro.
    assert tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents() == esperado["pasos"]
    for salida, _etiqueta in ejemplo["salidas"]:
        assert (
            tarjeta.locator(f"[data-salida='{salida}']").inner_text() == esperado["valores"][salida]
        )
    resumen = tarjeta.locator(".tapiz-ejemplo__resumen").inner_text()
    assert resumen.startswith("Con dados nuevos: ")
    assert "Éxito: " in resumen  # el resultado que decide siempre se dice
    assert "_" not in resumen
    # Y se puede volver al ejemplo del libro.
    tarjeta.get_by_role("button", name="Volver al ejemplo del libro").click()
    assert tarjeta.locator(".tapiz-ejemplo__pasos li").all_text_contents() == pasos_del_libro
    assert "tapiz-ejemplo--repetido" not in (tarjeta.get_attribute("class") or "")


def test_en_el_libro_repetir_pide_solo_los_datos_del_capitulo_del_ejemplo(pestana_nueva):
    """En una pestaña nueva, que aún no ha pedido los datos de ningún capítulo."""
    pestana = pestana_nueva
    apagar_el_motor(pestana)
    pestana.ir("libro/")
    pedidos = []
    pestana.page.on("request", lambda pedido: pedidos.append(pedido.url))
    for boton in (pestana.page.locator("button.tapiz-repetir").last,) * 2:
        boton.scroll_into_view_if_needed()
        boton.click()
        clase = "contains(concat(' ', @class, ' '), ' tapiz-ejemplo ')"
        tarjeta = boton.locator(f"xpath=ancestor::*[{clase}][1]")
        tarjeta.locator(".tapiz-ejemplo__resumen").wait_for()
        assert "tapiz-ejemplo--repetido" in (tarjeta.get_attribute("class") or "")
    capitulo = boton.evaluate(
        "b => b.closest('.tapiz-libro__capitulo').querySelector('[data-tapiz-repetir]')"
        ".dataset.tapizRepetir"
    )
    repetir = [p for p in pedidos if "/assets/tapiz/datos/ejemplos/" in p]
    assert repetir == [f"{pestana.base}assets/tapiz/datos/{capitulo}"]


ANUNCIO_EN_LA_MISMA_TAREA = """async () => {
  const region = document.querySelector("[data-tapiz-anuncio]");
  const boton = document.querySelector("button.tapiz-dados");
  let tareaTerminada = false;
  const escritoAntes = new Promise((escrito) => {
    const observador = new MutationObserver(() => {
      observador.disconnect();
      escrito(!tareaTerminada);
    });
    observador.observe(region, { childList: true, characterData: true, subtree: true });
  });
  setTimeout(() => { tareaTerminada = true; }, 0);
  boton.click();
  return [await escritoAntes, region.textContent];
}"""


@pytest.mark.parametrize("ruta", ["libro/", "hacer-cosas/"])
def test_la_tirada_se_anuncia_en_la_misma_tarea_que_el_clic(pestana, ruta):
    """Con los módulos y los datos ya cargados, el anuncio no espera a otra tarea (ni a la red):
    se escribe durante el clic o en sus microtareas, antes de cualquier temporizador."""
    pestana.ir(ruta)
    anuncio_tras(pestana, pestana.page.locator("button.tapiz-dados").first.click)  # ya cargado
    escrito_antes, texto = pestana.page.evaluate(ANUNCIO_EN_LA_MISMA_TAREA)
    assert escrito_antes is True
    assert TOTAL.search(texto), texto
