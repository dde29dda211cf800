"""Vuelca lo que calcula un motor de reglas, para comparar dos versiones (``tapiz impacto``).

Se ejecuta en un proceso aparte con el ``tapiz_rules`` de la carpeta que se le
indica (la de una revisión de git, o la del árbol de trabajo)::

    python volcado.py CARPETA < casos.json > volcado.json

``casos.json`` trae los ejemplos del libro (sistema, regla, entradas, edición y
opcionales); el volcado, las tablas de cada sistema, el resultado de cada caso
y las probabilidades de la tirada de acción en una rejilla de resistencias.
"""

from __future__ import annotations

import json
import sys
from typing import Any

RESISTENCIAS = range(5, 31)
NIVELES_ATRIBUTO = (0, 2, 4)


def _texto(valor: Any) -> Any:
    return valor if isinstance(valor, int | float | str | bool) or valor is None else str(valor)


def volcar(casos: list[dict[str, Any]]) -> dict[str, Any]:
    from tapiz_rules.errores import ErrorTapiz
    from tapiz_rules.sistemas import SISTEMAS, reglamento

    tablas: dict[str, Any] = {}
    for nombre, sistema in SISTEMAS.items():
        base = reglamento(nombre)
        for tabla in sistema.tablas:
            t = base.tabla(tabla)
            tablas[f"{nombre}/{tabla}"] = {
                "titulo": t.titulo,
                "columnas": list(t.columnas),
                "filas": [[_texto(c) for c in fila] for fila in t.filas],
            }
    resultados = []
    for caso in casos:
        try:
            elegido = reglamento(
                caso["sistema"], caso.get("edicion", ""), caso.get("opcionales", [])
            )
            valores = elegido.calcular(caso["regla"], caso["entradas"]).valores
            resultados.append({k: _texto(v) for k, v in valores.items()})
        except ErrorTapiz as error:
            resultados.append({"error": str(error)})
    accion: dict[str, Any] = {}
    tapiz = reglamento("tapiz")
    for nivel in NIVELES_ATRIBUTO:
        dados = tapiz.calcular("dados_atributo", {"nivel": nivel})["expresion"] or ""
        for resistencia in RESISTENCIAS:
            entradas = {"resistencia": resistencia, "dados": dados}
            accion[f"{nivel}/{resistencia}"] = tapiz.calcular(
                "probabilidades_accion", entradas
            ).valores
    return {"tablas": tablas, "resultados": resultados, "accion": accion}


if __name__ == "__main__":
    sys.path.insert(0, sys.argv[1])
    print(json.dumps(volcar(json.load(sys.stdin)), ensure_ascii=False))
