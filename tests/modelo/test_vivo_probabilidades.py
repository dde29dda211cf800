"""Las probabilidades de una expresión de dados que el navegador pide al motor en la página
(``tapiz_rules.vivo``): el navegador no las calcula."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_plugins.nucleo.datos.datos import distribucion_json
from tapiz_rules import vivo
from tapiz_rules.dados import analizar, distribucion
from tapiz_rules.errores import ErrorNotacion
from tests.dados.test_propiedades import MEDIANAS


def _respuesta(peticion: dict[str, object]) -> dict[str, Any]:
    datos = json.loads(vivo.responder(peticion))
    assert isinstance(datos, dict)
    return datos


@given(MEDIANAS, st.sampled_from(["", " ", "\t"]))
@settings(max_examples=120, deadline=None)
def test_la_peticion_da_la_distribucion_exacta_del_motor(arbol, espacio: str) -> None:
    escrita = espacio + str(arbol).replace("+", f"{espacio}+{espacio}") + espacio
    datos = _respuesta({"tipo": "probabilidades", "expresion": escrita})
    assert datos["expresion"] == str(analizar(escrita))
    exacta = distribucion(escrita)
    assert [valor for valor, _ in datos["puntos"]] == [valor for valor, _ in exacta.items()]
    # Cada probabilidad es la fracción exacta pasada a coma flotante (lo que dibuja la gráfica).
    assert [p for _, p in datos["puntos"]] == [float(p) for _, p in exacta.items()]
    assert abs(sum(p for _, p in datos["puntos"]) - 1) < 1e-9
    # Y es lo mismo que la construcción deja en los datos de la página para un dado del texto.
    assert datos["puntos"] == distribucion_json(escrita)


def test_la_notacion_que_no_se_lee_da_el_error_del_motor_con_su_columna() -> None:
    for escrita in ("2d6+", "1d6!!", "", "1000d1000", "x"):
        datos = _respuesta({"tipo": "probabilidades", "expresion": escrita})
        try:
            distribucion(escrita)
        except ErrorNotacion as error:
            assert datos == {"error": str(error)}
            assert f"(columna {error.columna})" in datos["error"]
        else:
            raise AssertionError(f"«{escrita}» debería ser un error")
    grande = _respuesta({"tipo": "probabilidades", "expresion": "1000d1000"})["error"]
    assert "demasiado grande para calcular probabilidades exactas" in grande
    # La construcción deja ese mismo mensaje en los datos de un dado del texto que no se tabula.
    assert distribucion_json("1000d1000") == grande
