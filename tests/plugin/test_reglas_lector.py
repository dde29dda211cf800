"""Lo que la construcción escribe para las reglas de quien lee: la caja y, por elección, lo que
cambia en la página (tablas, tarjetas con el dado de su edición, la calculadora)."""

from __future__ import annotations

import dataclasses
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs_plugins.nucleo.widgets import reglas_lector
from tapiz_rules.sistemas import reglamento
from tapiz_rules.vivo import celda

TABLA = (
    '<div class="tapiz-tabla" data-tabla="parametros_lienzo" data-reglamento="tapiz/actual">'
    "<table><tbody></tbody></table></div>"
)


def _tarjeta(ident: str, base: int, reglamento_: str = "tapiz/actual") -> str:
    return (
        f'<div class="tapiz-ejemplo" id="{ident}"><div class="tapiz-ejemplo__cuerpo" '
        f'data-regla="accion" data-reglamento="{reglamento_}">'
        f'<dl><dt>Tirada</dt><dd data-entrada="base" data-valor="{base}"><strong>{base}</strong>'
        ' <span class="tapiz-ejemplo__dados">(1d20)</span></dd>'
        '<dd data-entrada="mod" data-valor="2"><strong>+2</strong></dd>'
        '<dd data-entrada="nivel" data-valor="3"><strong>3</strong></dd>'
        '<dd data-entrada="rasgos" data-valor="1"><strong>1</strong></dd>'
        '<dd data-entrada="resistencia" data-valor="15"><strong>15</strong></dd></dl>'
        "</div></div>"
    )


def test_la_caja_trae_cada_edicion_y_cada_opcional_del_sistema() -> None:
    caja = reglas_lector.caja("reglas/pagina.json")
    assert 'data-tapiz-variantes="reglas/pagina.json"' in caja
    assert '<option value="actual" selected>Texto actual (1d20)</option>' in caja
    assert '<option value="2017">Edición de 2017 (3d6)</option>' in caja
    assert caja.count('type="checkbox"') == 2 and "TZR0001: " in caja and "TZR0002: " in caja


def test_la_caja_va_tras_el_titulo_y_solo_donde_hay_reglas_del_libro() -> None:
    html = "<h1>Título</h1><p>Texto</p>" + TABLA
    con = reglas_lector.con_caja(html, "reglas/p.json")
    assert con.index("tapiz-reglas-lector") > con.index("</h1>")
    assert con.index("tapiz-reglas-lector") < con.index("<p>Texto")
    solo_lienzo = TABLA.replace("tapiz/actual", "tapiz/actual/lienzo:X")
    assert reglas_lector.con_caja(solo_lienzo, "x") == solo_lienzo


def test_cada_eleccion_trae_lo_que_cambia_con_el_motor() -> None:
    html = (
        TABLA
        + _tarjeta("posible", 9)
        + _tarjeta("imposible", 19)
        + _tarjeta("de-2017", 9, "tapiz/2017")
    )
    variantes = reglas_lector.variantes(html)
    assert set(variantes) == {
        "actual/TZR0001", "actual/TZR0002", "actual/TZR0001/TZR0002",
        "2017", "2017/TZR0001", "2017/TZR0002", "2017/TZR0001/TZR0002",
    }  # fmt: skip
    de_2017 = variantes["2017"]
    esperadas = [
        [celda(v) for v in f] for f in reglamento("tapiz", "2017").tabla("parametros_lienzo").filas
    ]
    assert de_2017["tablas"]["parametros_lienzo"]["filas"] == esperadas
    assert de_2017["dado"] == "3d6" and de_2017["descripcion"] == "Edición de 2017 (3d6)"
    posible = de_2017["tarjetas"]["posible"]
    assert posible["dados"] == {"base": "3d6"}
    total = {s["nombre"]: s["texto"] for s in posible["salidas"]}["total"]
    entradas = {"base": 9, "mod": 2, "nivel": 3, "rasgos": 1, "resistencia": 15}
    assert total == str(reglamento("tapiz", "2017").calcular("accion", entradas).valores["total"])
    assert "no es posible con 3d6" in de_2017["tarjetas"]["imposible"]["error"]
    # Una tarjeta que nombra su edición sigue con la suya; lo que no cambia no se escribe.
    assert "de-2017" not in de_2017["tarjetas"]
    assert variantes["actual/TZR0001"]["tablas"] == {}
    assert json.dumps(variantes, ensure_ascii=False).count('"entradas"') == 0


def test_la_caja_solo_donde_una_eleccion_cambia_algo_que_se_ve() -> None:
    # Un ejemplo de las reglas del libro que ninguna edición cambia (el de un Lienzo): sin caja.
    grado = (
        '<div class="tapiz-ejemplo" id="salto"><div class="tapiz-ejemplo__cuerpo" '
        'data-regla="grado_efecto" data-reglamento="tapiz/actual">'
        '<dl><dd data-entrada="puntos" data-valor="4"><strong>4</strong></dd></dl></div></div>'
    )
    assert not reglas_lector.cambia_algo(grado, json.dumps(reglas_lector.variantes(grado)))
    # Con el dado de la tirada en el texto, o con «Probar» de las reglas del libro, sí.
    dado = '<button class="tapiz-dados" data-dado-base="1d20">1d20</button>'
    probar = '<details class="tapiz-probar" data-regla="x" data-reglamento="tapiz/actual">'
    for html in (grado + dado, grado + probar, TABLA):
        assert reglas_lector.cambia_algo(html, json.dumps(reglas_lector.variantes(html))), html


class _Oraculo(HTMLParser):
    """Lo mismo que lee ``reglas_lector.bloques``, con el lector de HTML de Python: cada
    etiqueta, cada atributo y cada texto, como un navegador."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.leido: dict[str, Any] = {"tablas": [], "tarjetas": {}, "calculadora": None}
        self.tarjeta: str | None = None
        self.entrada: str | None = None
        self.dados = self.calculadora = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {nombre: valor or "" for nombre, valor in attrs}
        clases, propio = a.get("class", "").split(), a.get("data-reglamento") == "tapiz/actual"
        tarjetas = self.leido["tarjetas"]
        if "tapiz-tabla" in clases and a.get("data-tabla") and propio:
            self.leido["tablas"].append(a["data-tabla"])
        elif "tapiz-ejemplo" in clases and a.get("id"):
            self.tarjeta = a["id"]
        elif "tapiz-ejemplo__cuerpo" in clases and self.tarjeta and propio:
            tarjetas[self.tarjeta] = {"regla": a["data-regla"], "entradas": {}, "dados": {}}
        elif "tapiz-calculadora" in clases and propio:
            self.leido["calculadora"], self.calculadora = {}, True
        elif tag == "input" and a.get("name") and self.calculadora:
            self.leido["calculadora"][a["name"]] = a.get("value", "")
        elif tag == "dd" and "data-entrada" in a and self.tarjeta in tarjetas:
            self.entrada = a["data-entrada"]
            tarjetas[self.tarjeta]["entradas"][self.entrada] = json.loads(a["data-valor"])
        elif "tapiz-ejemplo__dados" in clases and self.entrada:
            self.dados = True

    def handle_data(self, data: str) -> None:
        encontrado = re.fullmatch(r"\(([^()]+)\)", data.strip())
        if self.dados and self.entrada and self.tarjeta in self.leido["tarjetas"] and encontrado:
            self.leido["tarjetas"][self.tarjeta]["dados"][self.entrada] = encontrado[1]
        self.dados = False

    def handle_endtag(self, tag: str) -> None:
        self.calculadora = self.calculadora and tag != "form"
        if tag == "dd":
            self.entrada, self.dados = None, False


def test_lee_los_bloques_de_cada_pagina_del_libro_como_un_lector_de_html(libro: Path) -> None:
    """``bloques`` lee las etiquetas con una expresión regular: en cada página del libro
    construido (con el HTML del tema y el de quien contribuye alrededor), lo mismo que
    ``html.parser``."""
    con_bloques = 0
    for pagina in sorted(libro.rglob("*.html")):
        html = pagina.read_text("utf-8")
        oraculo = _Oraculo()
        oraculo.feed(html)
        oraculo.close()
        leidos = dataclasses.asdict(reglas_lector.bloques(html))
        if reglas_lector.tiene_reglas(html):
            assert leidos == oraculo.leido, pagina
            con_bloques += bool(leidos["tablas"] or leidos["tarjetas"])
    assert con_bloques >= 10
