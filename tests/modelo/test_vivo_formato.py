"""Lo que quien lee teclea en un formulario vuelve escrito como en el libro: el motor en la
página devuelve cada dato leído con ``Campo.mostrar`` («5400» → «5.400», «5» → «+5» en un
modificador, «-2» → «−2»), y la tarjeta lo muestra así (tarjeta-viva.js)."""

from __future__ import annotations

import json

from tapiz_rules import vivo
from tapiz_rules.sistemas import reglamento
from tests.reglas_al_azar import casos_por_regla


def test_cada_dato_tecleado_vuelve_como_lo_escribe_el_libro() -> None:
    vistos = 0
    for caso in casos_por_regla(2):
        peticion = {
            "tipo": "regla",
            "sistema": caso.sistema,
            "regla": caso.regla,
            "entradas": caso.textos,
            "opcionales": list(caso.opcionales),
        }
        respuesta = json.loads(vivo.responder(peticion))
        assert "error" not in respuesta, (caso, respuesta)
        regla = reglamento(caso.sistema, opcionales=caso.opcionales).regla(caso.regla)
        validados = regla.validar(caso.valores)
        esperados = {
            c.nombre: c.mostrar(validados[c.nombre], validados)
            for c in regla.entradas
            if c.nombre in caso.textos
        }
        assert {e["nombre"]: e["texto"] for e in respuesta["entradas"]} == esperados, caso
        vistos += 1
    assert vistos > 100


def test_un_modificador_y_los_miles_tecleados_sin_formato() -> None:
    respuesta = json.loads(
        vivo.responder(
            {
                "tipo": "regla",
                "sistema": "d20",
                "regla": "ataque",
                "entradas": {"tirada": "12", "defensa": "15", "bonus": "5"},
            }
        )
    )
    leidos = {e["nombre"]: e["texto"] for e in respuesta["entradas"]}
    assert leidos["bonus"] == "+5"
    px = json.loads(
        vivo.responder(
            {"tipo": "regla", "regla": "nivel_por_experiencia", "entradas": {"px": "5400"}}
        )
    )
    assert px["entradas"] == [{"nombre": "px", "texto": "5.400 PX"}]
