"""La calculadora de tiradas de acción en el motor de la página (``vivo/calculadora.py``), en
CPython: cada número es el de sus reglas (las pruebas de navegador lo miran en Pyodide)."""

from __future__ import annotations

import json
from typing import Any

from tapiz_rules import vivo
from tapiz_rules.dados import Generador, tirar
from tapiz_rules.modelo.formato import tipografia
from tapiz_rules.sistemas import reglamento
from tapiz_rules.vivo.calculadora import iniciales

ACTUAL = reglamento()
DATOS = {"resistencia": "15", "dados": "1d6!", "mod": "\u22121", "nivel": "3", "rasgos": "2"}
NUMEROS = {"resistencia": 15, "dados": "1d6!", "mod": -1, "nivel": 3, "rasgos": 2}


def _calculadora(**peticion: Any) -> dict[str, Any]:
    datos: dict[str, Any] = json.loads(vivo.responder({"tipo": "calculadora", **peticion}))
    return datos


def test_la_tabla_es_la_de_probabilidades_accion_escrita_como_en_el_libro() -> None:
    for edicion in ("actual", "2017"):
        respuesta = _calculadora(entradas=DATOS, edicion=edicion)
        elegido = reglamento("tapiz", edicion)
        regla = elegido.regla("probabilidades_accion")
        valores = elegido.calcular("probabilidades_accion", NUMEROS).valores
        filas = {f["nombre"]: f["texto"] for f in respuesta["filas"]}
        assert len(filas) == 10
        for nombre, texto in filas.items():
            campo = regla.salida(nombre)
            assert campo is not None and texto == campo.mostrar(valores[nombre], valores)
        dado = elegido.parametros.dado_base
        assert respuesta["titulo"] == (
            f"Probabilidades antes de tirar: {dado}+1d6! contra resistencia 15"
        )
        assert respuesta["pasos"][0].startswith("Bonus de rasgos: ")
        assert "tirada" not in respuesta


def test_las_bandas_de_la_tabla_reparten_toda_la_probabilidad() -> None:
    valores = ACTUAL.calcular("probabilidades_accion", NUMEROS).valores
    exitos = ["p_exito_sin_grado", "p_menor", "p_mayor", "p_extremo"]
    fallos = ["p_fallo_sin_grado", "p_consecuencia_menor", "p_consecuencia_mayor"]
    fallos.append("p_consecuencia_extrema")
    assert abs(sum(valores[c] for c in exitos) - valores["p_exito"]) < 1e-12
    assert abs(sum(valores[c] for c in fallos) - valores["p_fallo"]) < 1e-12


def test_una_tirada_usa_los_dados_del_motor_y_la_regla_accion() -> None:
    respuesta = _calculadora(entradas=DATOS, semilla=7)
    generador = Generador(7)
    base, dados = tirar("1d20", generador), tirar("1d6!", generador)
    assert respuesta["tirada"]["fichas"] == [base.a_json(), dados.a_json()]
    entradas = {k: v for k, v in NUMEROS.items() if k != "dados"}
    accion = ACTUAL.calcular("accion", entradas | {"base": base.total, "dados": dados.total})
    assert respuesta["tirada"]["total"] == accion["total"]
    assert respuesta["tirada"]["anuncio"].startswith(f"Total {accion['total']} contra 15. ")
    assert respuesta["tirada"]["pasos"] == [tipografia(p) for p in accion.pasos]


def test_los_valores_iniciales_son_los_de_una_accion_media() -> None:
    textos = iniciales(ACTUAL)
    assert textos["resistencia"] == str(ACTUAL.parametros.dificultad("media").resistencia)
    assert "rasgos_lengua" not in textos  # solo con TZR0001
    assert "rasgos_lengua" in iniciales(ACTUAL.con(opcionales=frozenset({"TZR0001"})))


def test_un_dato_que_no_se_lee_nombra_su_campo_y_unos_dados_enormes_se_tiran() -> None:
    respuesta = _calculadora(entradas=DATOS | {"nivel": "0"})
    assert respuesta["error"] == "Nivel del personaje: no puede ser menor que 1."
    assert respuesta["campo"] == "nivel"
    assert "filas" not in respuesta
    respuesta = _calculadora(entradas=DATOS | {"dados": "100d100!"}, semilla=3)
    assert "demasiado grande para calcular probabilidades" in respuesta["error"]
    assert respuesta["campo"] == "dados"
    assert respuesta["tirada"]["total"] >= 1 + 100 - 1 + 4
