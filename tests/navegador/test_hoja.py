"""La hoja de personaje como la usa quien juega: la rellena, la comparte, la recupera y la imprime.

Cada número que muestra la página se compara con lo que da el motor en Python para los mismos
datos, regla a regla (como ``tapiz regla NOMBRE --json``) y escrito con ``Campo.mostrar``:
ningún número esperado está escrito aquí. La pestaña es la del motor ya arrancado
(``con_motor``, en conftest.py).
"""

from __future__ import annotations

import contextlib
import re
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento
from tests.navegador.conftest import ESCRITORIO, Pestana

pytestmark = pytest.mark.navegador
PAGINA = "hoja-de-personaje/"
LEER = (
    "() => Object.fromEntries([...document.querySelectorAll('[data-numero]')]"
    ".map((e) => [e.dataset.numero, e.textContent]))"
)
DIFICULTADES = (
    "trivial",
    "muy_facil",
    "facil",
    "media",
    "dificil",
    "muy_dificil",
    "extremadamente_dificil",
    "locura",
    "casi_imposible",
    "imposible",
)

SHARRA = {  # característica principal (DES), cargada
    "nombre": "Sharra", "fue": "14", "des": "15", "con": "12", "int": "10", "sab": "13",
    "car": "8", "pri": "des", "niv": "3", "peso": "30", "mov": "30", "arm": "1",
    "at1": "Agilidad", "na1": "2", "ca1": "des", "ra1": "2", "pgf": "-2",
}  # fmt: skip
SADDIN = {  # principal FUE, extenuado, armadura con bonus, Voluntad
    "nombre": "Saddin", "fue": "16", "des": "10", "con": "14", "int": "8", "sab": "11",
    "car": "13", "pri": "fue", "niv": "10", "px": "20000", "peso": "90", "mov": "20",
    "arm": "3", "barm": "1", "vol": "2", "beq": "1", "at1": "Fortaleza", "na1": "3",
    "ca1": "fue", "ra1": "1", "at2": "Voluntad", "na2": "2", "ca2": "int", "pgm": "0",
}  # fmt: skip
DEBIL = {  # características bajas, sin principal, sin peso: carga normal
    "fue": "3", "des": "5", "con": "4", "int": "6", "sab": "3", "car": "18", "niv": "1",
    "mov": "10", "at1": "Presencia", "na1": "0", "ca1": "car", "at2": "Lógica", "na2": "10",
    "ca2": "int", "ra2": "3",
}  # fmt: skip


def _texto(r: Reglamento, regla: str, entradas: dict[str, Any], salida: str) -> str:
    resultado = r.calcular(regla, entradas)
    campo = r.regla(regla).salida(salida)
    assert campo is not None
    return campo.mostrar(resultado.valores[salida], resultado.valores)


def esperados(datos: dict[str, str], r: Reglamento) -> dict[str, str]:
    """Los números de la hoja para esos datos, pedidos al motor regla a regla."""
    numero = {k: int(v) for k, v in datos.items() if re.fullmatch(r"-?\d+", v)}
    fuera: dict[str, str] = {}
    mods: dict[str, int] = {}
    for c in ("fue", "des", "con", "int", "sab", "car"):
        entradas = {"valor": numero[c], "principal": datos.get("pri") == c}
        mods[c] = r.calcular("modificador_caracteristica", entradas).valores["modificador"]
        fuera[f"mod_{c}.modificador"] = _texto(
            r, "modificador_caracteristica", entradas, "modificador"
        )
    nivel = {"nivel": numero["niv"]}
    fuera["heroicidad.puntos"] = _texto(r, "puntos_heroicidad", nivel, "puntos")
    fuera["mejoras.mejoras"] = _texto(r, "mejoras_caracteristica", nivel, "mejoras")
    fuera["tope.tope"] = _texto(r, "bonus_rasgos", nivel, "tope")
    if "px" in numero:
        for salida in ("nivel", "px_siguiente"):
            px = {"px": numero["px"]}
            fuera[f"experiencia.{salida}"] = _texto(r, "nivel_por_experiencia", px, salida)
    armadura = {"nivel_armadura": numero.get("arm", 0), "bonus_armadura": numero.get("barm", 0)}
    fuera["defensa_fisica.defensa"] = _texto(r, "defensa_fisica", armadura, "defensa")
    mental = {
        "mod_int": mods["int"],
        "nivel_voluntad": numero.get("vol", 0),
        "bonus_equipo": numero.get("beq", 0),
    }
    fuera["defensa_mental.defensa"] = _texto(r, "defensa_mental", mental, "defensa")
    iniciativa = {"mod_des": mods["des"], "mod_sab": mods["sab"]}
    fuera["iniciativa.modificador"] = _texto(r, "modificador_iniciativa", iniciativa, "modificador")
    for clave, tipo in (("pgf", "fisicos"), ("pgm", "mentales")):
        if clave in numero:
            for salida in ("estado", "pierde_por_ronda"):
                pg = {"tipo": tipo, "puntos": numero[clave]}
                fuera[f"pg_{tipo}.{salida}"] = _texto(r, "estado_puntos_golpe", pg, salida)
    carga = {c: numero[c] for c in ("fue", "des", "con")} | {"peso": numero.get("peso", 0)}
    for salida in ("carga", "impedimento", "consecuencia_combate", "fraccion_fuera_combate"):
        fuera[f"carga.{salida}"] = _texto(r, "impedimento", carga, salida)
    impedimento = r.calcular("impedimento", carga).valores["impedimento"]
    for tipo in ("normal", "correr", "esprint"):
        for salida in ("metros", "modificador_total"):
            movimiento = {"mov": numero["mov"], "tipo": tipo, "impedimento": impedimento}
            fuera[f"mov_{tipo}.{salida}"] = _texto(r, "movimiento_combate", movimiento, salida)
    resistencias = {}
    for d in DIFICULTADES:
        resistencias[d] = r.calcular("dificultad", {"nombre": d}).valores["resistencia"]
        fuera[f"resistencia_{d}.resistencia"] = _texto(
            r, "dificultad", {"nombre": d}, "resistencia"
        )
    for fila in range(1, 8):
        if f"na{fila}" not in numero:
            continue
        dados = r.calcular("dados_atributo", {"nivel": numero[f"na{fila}"]}).valores["expresion"]
        fuera[f"dados{fila}.expresion"] = _texto(
            r, "dados_atributo", {"nivel": numero[f"na{fila}"]}, "expresion"
        )
        for d in DIFICULTADES:
            tirada = {
                "resistencia": resistencias[d],
                "mod": mods[datos[f"ca{fila}"]],
                "nivel": numero["niv"],
                "rasgos": numero.get(f"ra{fila}", 0),
            } | ({"dados": dados} if dados else {})
            fuera[f"exito{fila}_{d}.p_exito"] = _texto(
                r, "probabilidades_accion", tirada, "p_exito"
            )
    return fuera


def _mostrados(pagina: Page, esperado: dict[str, str]) -> dict[str, str]:
    """Los números de la página cuando coinciden con lo esperado (o, tras esperar, como estén)."""
    completos = {k: esperado.get(k, "—") for k in pagina.evaluate(LEER)}
    with contextlib.suppress(PlaywrightError):  # la comparación de abajo dice qué no coincide
        pagina.wait_for_function(
            f"(e) => JSON.stringify(({LEER})()) === JSON.stringify(e)",
            arg=completos,
            timeout=90_000,
        )
    return pagina.evaluate(LEER)


def _comparar(pagina: Page, datos: dict[str, str]) -> None:
    esperado = esperados(datos, reglamento())
    mostrados = _mostrados(pagina, esperado)
    sin_guion = {k: v for k, v in esperado.items() if v != "—"}
    assert {k: v for k, v in mostrados.items() if v != "—"} == sin_guion
    assert len(esperado) > 40  # cada número que depende de los datos, no solo la escala


DESBORDES = """() => [...document.querySelectorAll(
    '.tapiz-hoja table:not(.tapiz-hoja__probabilidades)')].flatMap((tabla) => {
  const apartado = tabla.closest('fieldset');
  const caja = apartado.getBoundingClientRect().right
    - parseFloat(getComputedStyle(apartado).paddingRight);
  const sobra = tabla.getBoundingClientRect().right - caja;
  return sobra > 0.5 ? [`${apartado.querySelector('legend').textContent}: ${sobra} px`] : [];
})"""
"""Las tablas de la hoja que se salen de su apartado (la de probabilidades, de once columnas,
se desplaza de lado en el móvil a propósito)."""
A4 = {"width": 794, "height": 1123}
"""Una página A4 en píxeles CSS (210 × 297 mm a 96 ppp): lo que mide la hoja al imprimirse."""


def _paginas_del_pdf(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_nada_del_motor_hasta_escribir_en_la_hoja(pestana_nueva: Pestana) -> None:
    """Una pestaña nueva: la hoja dice que el motor la calculará y aún no lo ha pedido."""
    pestana = pestana_nueva
    pedidas: list[str] = []
    pestana.page.context.on("request", lambda peticion: pedidas.append(peticion.url))
    pestana.ir(PAGINA)
    assert "motor de reglas" in pestana.page.locator(".tapiz-hoja__estado").inner_text()
    # Otra edición con la hoja en blanco: sus números ya valen (tests/test_hoja.py), sin motor.
    caja = pestana.page.locator(".tapiz-reglas-lector")
    caja.get_by_label("Reglas de Tapiz que se muestran:").select_option("2017")
    caja.locator(".tapiz-reglas-lector__nota", has_text="2017").wait_for()
    pestana.esperar_a_la_red()
    assert not [u for u in pedidas if "/assets/tapiz/vivo/" in u], "el motor antes de escribir"


def test_la_hoja_calcula_cada_numero_como_el_motor_y_se_comparte(viva: Pestana) -> None:
    """En la pestaña cuyo motor ya arrancó (se llega a la hoja por un enlace, como quien lee)."""
    pagina = viva.page
    pedidas: list[str] = []

    def apuntar(peticion: Any) -> None:
        pedidas.append(peticion.url)

    pagina.on("request", apuntar)
    viva.navegar(PAGINA)
    for clave, valor in SHARRA.items():
        control = pagina.locator(f'.tapiz-hoja [name="{clave}"]')
        if control.evaluate("(e) => e.tagName") == "SELECT":
            control.select_option(valor)
        else:
            control.fill(valor)
    _comparar(pagina, SHARRA)
    enlace = pagina.url
    assert urlsplit(enlace).fragment and "fue=14" in urlsplit(enlace).fragment

    viva.navegar(PAGINA)  # sin el estado en el enlace: lo recupera del navegador
    _comparar(pagina, SHARRA)
    assert pagina.locator('[name="nombre"]').input_value() == "Sharra"

    for personaje in (SADDIN, DEBIL):
        viva.navegar(f"{PAGINA}#{urlencode(personaje)}")
        _comparar(pagina, personaje)

    # El primer número enlaza con la regla que lo da, en la página del libro que la muestra.
    enlaces = pagina.locator(".tapiz-hoja a[href*='#regla-']")
    assert enlaces.count() >= 20
    assert "creacion-de-personajes/#regla-modificador-caracteristica" in (
        enlaces.first.get_attribute("href") or ""
    )

    assert pagina.evaluate(DESBORDES) == [], "en el escritorio"
    pagina.emulate_media(media="print")
    pagina.set_viewport_size(A4)
    assert pagina.locator(".tapiz-hoja__acciones").is_hidden()
    assert pagina.evaluate(DESBORDES) == [], "al imprimir"
    assert _paginas_del_pdf(pagina.pdf(format="A4")) == 1
    pagina.emulate_media(media="screen")

    # El enlace, abierto en un móvil que nunca vio la hoja (nada guardado en el navegador).
    pagina.evaluate("() => localStorage.clear()")
    pagina.set_viewport_size({"width": 390, "height": 844})
    try:
        viva.navegar(enlace.removeprefix(viva.base))
        _comparar(pagina, SHARRA)
        ancho = pagina.evaluate("document.documentElement.scrollWidth")
        assert ancho <= 390, "la hoja se sale de la pantalla del móvil"
        assert pagina.evaluate(DESBORDES) == [], "en el móvil"
    finally:
        pagina.set_viewport_size(ESCRITORIO)
        pagina.remove_listener("request", apuntar)
    local = urlsplit(viva.base).netloc
    assert all(urlsplit(u).netloc == local for u in pedidas if u.startswith("http"))
