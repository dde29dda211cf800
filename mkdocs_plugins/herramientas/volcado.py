"""Vuelca lo que calcula un motor de reglas, para comparar dos versiones (``tapiz impacto``).

Se ejecuta en un proceso aparte con el ``tapiz_rules`` de la carpeta que se le
indica (la de una revisión de git, o la del árbol de trabajo)::

    python volcado.py CARPETA < casos.json > volcado.json

``casos.json`` trae los ejemplos del libro (sistema, regla, entradas, edición y
opcionales); el volcado, las tablas de cada sistema, el resultado de cada caso
y las probabilidades de la tirada de acción en una rejilla de resistencias; también la
declaración de cada regla (como ``tapiz reglas --json``) y los parámetros de cada sistema,
que compara ``tapiz cambios``. Con ``--declaraciones`` solo reglas, tablas y parámetros
(lo que necesita el historial de versiones del sitio, sin calcular nada).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

RESISTENCIAS = range(5, 31)
NIVELES_ATRIBUTO = (0, 2, 4)


def _texto(valor: Any) -> Any:
    return valor if isinstance(valor, int | float | str | bool) or valor is None else str(valor)


def _json(valor: Any) -> Any:
    """Un valor del motor como JSON (como ``nucleo.api.a_json``, que aquí no se importa)."""
    if dataclasses.is_dataclass(valor) and not isinstance(valor, type):
        return {c.name: _json(getattr(valor, c.name)) for c in dataclasses.fields(valor)}
    if isinstance(valor, Mapping):
        return {str(k): _json(v) for k, v in valor.items()}
    if isinstance(valor, list | tuple | frozenset | set):
        return [_json(v) for v in (sorted(valor) if isinstance(valor, set | frozenset) else valor)]
    if isinstance(valor, Fraction):
        return f"{valor.numerator}/{valor.denominator}"
    return _texto(valor)


def _describir_regla() -> Callable[[Any, str], dict[str, Any]]:
    try:
        from tapiz_rules.cli.reglas import describir_regla
    except ImportError:  # una revisión anterior a «tapiz reglas --json»:
        return lambda regla, sistema: {"sistema": sistema, "nombre": regla.nombre}
    return describir_regla


def declaraciones() -> dict[str, Any]:
    """Reglas (su declaración), tablas (sus valores) y parámetros de cada sistema."""
    from tapiz_rules.sistemas import SISTEMAS, reglamento

    describir_regla = _describir_regla()

    reglas: dict[str, Any] = {}
    parametros: dict[str, Any] = {}
    for nombre in SISTEMAS:
        base = reglamento(nombre)
        for regla in sorted(base.vigente.reglas):
            reglas[f"{nombre}/{regla}"] = describir_regla(base.vigente.reglas[regla], nombre)
        parametros[nombre] = _json(base.parametros)
    return {"reglas": reglas, "tablas": _tablas(), "parametros": parametros}


def _tablas() -> dict[str, Any]:
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
    return tablas


def volcar(casos: list[dict[str, Any]]) -> dict[str, Any]:
    from tapiz_rules.errores import ErrorTapiz
    from tapiz_rules.sistemas import reglamento

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
    return {**declaraciones(), "resultados": resultados, "accion": accion}


if __name__ == "__main__":
    sys.path.insert(0, sys.argv[1])
    if sys.argv[2:] == ["--declaraciones"]:
        print(json.dumps(declaraciones(), ensure_ascii=False))
    else:
        print(json.dumps(volcar(json.load(sys.stdin)), ensure_ascii=False))
