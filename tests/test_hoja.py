"""La declaración de la hoja de personaje: sale del motor y cada número enlaza con su regla."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from markdown import Markdown

from mkdocs_plugins.extension import Pagina, TapizExtension
from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.nucleo.widgets import hoja as hoja_html
from mkdocs_plugins.nucleo.widgets.reglas_lector import combinaciones
from tapiz_rules.modelo.hoja import De, Salida, SalidaSegun, campo_de, evaluar
from tapiz_rules.sistemas import reglamento
from tapiz_rules.sistemas.tapiz.hoja import HOJA
from tapiz_rules.vivo import responder
from tapiz_rules.vivo.lectura import leer_campo

SRD = Path(__file__).resolve().parent.parent / "srd"


def test_cada_dato_es_la_entrada_de_una_regla_del_motor() -> None:
    r = reglamento()
    for dato in HOJA.datos:
        if dato.regla is not None:
            assert campo_de(dato, r) is not None, dato.clave
    claves = [d.clave for d in HOJA.datos]
    assert len(claves) == len(set(claves))


def test_cada_calculo_nombra_entradas_y_salidas_que_existen() -> None:
    r = reglamento()
    calculos = {c.clave for c in HOJA.calculos}
    datos = {d.clave for d in HOJA.datos}
    for calculo in HOJA.calculos:
        regla = r.regla(calculo.regla)
        for nombre, fuente in calculo.entradas.items():
            assert regla.entrada(nombre) is not None, (calculo.clave, nombre)
            if isinstance(fuente, De | SalidaSegun):
                assert fuente.clave in datos, (calculo.clave, fuente)
            if isinstance(fuente, Salida):
                assert fuente.calculo in calculos, (calculo.clave, fuente)
        for salida in calculo.salidas:
            assert regla.salida(salida) is not None, (calculo.clave, salida)


def test_cada_numero_enlaza_con_la_pagina_que_muestra_su_regla() -> None:
    donde = hoja_html.donde_se_muestran(SRD)
    for calculo in HOJA.calculos:
        assert calculo.regla in donde, calculo.regla
    html = hoja_html.enlazar(
        hoja_html.html(reglamento(), "tapiz/actual"), "hoja-de-personaje.md", donde
    )
    assert hoja_html.ENLACE not in html
    for calculo in HOJA.calculos:
        ancla = f"#regla-{calculo.regla.replace('_', '-')}"
        assert ancla in html, calculo.regla
        pagina = (SRD / donde[calculo.regla]).read_text(encoding="utf-8")
        assert f"regla: {calculo.regla}\n" in pagina


def test_una_regla_que_ninguna_pagina_muestra_es_un_error() -> None:
    with pytest.raises(KeyError, match="accion_inventada"):
        donde = hoja_html.donde_se_muestran(SRD)
        hoja_html.enlazar('<a href="tapiz-regla:accion_inventada">', "x.md", donde)


def test_la_extension_mira_donde_se_muestran_las_reglas_una_vez_por_construccion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mirarlo es leer la fecha de cada página del libro: en el libro diez veces mayor, diez
    páginas con la hoja lo miraban diez veces."""
    vistas: list[Path] = []
    original = hoja_html.donde_se_muestran

    def contar(paginas: Path) -> dict[str, str]:
        vistas.append(paginas)
        return original(paginas)

    monkeypatch.setattr(hoja_html, "donde_se_muestran", contar)
    extension = TapizExtension()
    for uri in ("hoja-de-personaje.md", "copia/hoja-de-personaje.md"):
        extension.pagina = Pagina(f"srd/{uri}", reglamento(), 0, SRD, uri)
        hoja = "```tapiz-regla\nwidget: hoja\n```\n"
        html = Markdown(extensions=[*EXTENSIONES, extension]).convert(hoja)
        assert hoja_html.ENLACE not in html and "#regla-" in html
    assert vistas == [SRD]


def test_el_formulario_lleva_las_etiquetas_y_limites_del_motor() -> None:
    html = hoja_html.html(reglamento(), "tapiz/actual")
    r = reglamento()
    assert r.regla("impedimento").entrada("peso").etiqueta in html
    p = r.parametros
    assert f"(de {p.caracteristica_minima} a {p.caracteristica_maxima})" in html
    for dato in HOJA.datos:  # cada ayuda a la que remite un control existe
        if f'aria-describedby="hoja-{dato.clave}-ayuda"' in html:
            assert f'id="hoja-{dato.clave}-ayuda"' in html, dato.clave
    # La hoja vacía ya trae las resistencias de la escala, calculadas al construir.
    assert 'data-numero="resistencia_imposible.resistencia">40<' in html


def test_la_hoja_vacia_sirve_con_cada_edicion_y_opcional() -> None:
    """La hoja vacía se escribe al construir, con las reglas del libro, y la página no la
    calcula otra vez (ni carga el motor) si quien lee elige otras: con cada elección, el motor
    da en blanco los mismos números."""
    escritos = dict(
        re.findall(
            r'data-numero="([^"]+)"[^>]*>([^<]*)<', hoja_html.html(reglamento(), "tapiz/actual")
        )
    )
    assert escritos["resistencia_imposible.resistencia"] == "40"
    for edicion, opcionales in combinaciones():
        pedida = {"tipo": "hoja", "datos": {}, "edicion": edicion, "opcionales": list(opcionales)}
        numeros = json.loads(responder(pedida))["numeros"]
        assert {k: numeros.get(k, "—") for k in escritos} == escritos, (edicion, opcionales)


def test_evaluar_da_lo_mismo_que_cada_regla_y_dice_el_dato_que_no_se_lee() -> None:
    r = reglamento()
    datos = {"fue": "14", "des": "15", "con": "12", "peso": "30", "int": "25", "sab": "x"}
    hecho = evaluar(HOJA, r, datos, leer_campo)
    esperado = r.calcular("impedimento", {"fue": 14, "des": 15, "con": 12, "peso": 30})
    assert hecho.valores["carga"] == esperado.valores
    assert hecho.errores == {
        "int": "Inteligencia: va de 3 a 18.",
        "sab": "Sabiduría: escribe un número entero, como 3.",
    }
    assert "mod_sab" not in hecho.valores and "iniciativa" not in hecho.valores


def test_la_peticion_hoja_del_motor_en_la_pagina() -> None:
    respuesta = json.loads(responder({"tipo": "hoja", "datos": {"des": "15", "pri": "des"}}))
    assert respuesta["numeros"]["mod_des.modificador"] == "+4"
    otra = json.loads(responder({"tipo": "hoja", "sistema": "d20", "datos": {}}))
    assert "no tiene hoja" in otra["error"]
