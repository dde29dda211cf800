"""Los datos que necesitan los widgets, exportados una vez por construcción.

En JavaScript no se escribe ningún número de las reglas: todo sale de aquí,
y aquí todo sale del motor.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from tapiz_rules.dados import distribucion
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento

RUTA = "assets/tapiz/datos.json"
NIVELES = range(1, 21)
RASGOS = range(11)


def distribucion_json(expresion: str) -> list[list[float]] | None:
    """La distribución exacta como pares [valor, probabilidad]; None si es demasiado grande."""
    try:
        return [[valor, float(p)] for valor, p in distribucion(expresion).items()]
    except ErrorTapiz:
        return None


def _bonus_rasgos(reglamento: Reglamento) -> dict[str, list[int]]:
    return {
        str(nivel): [
            reglamento.calcular("bonus_rasgos", {"nivel": nivel, "rasgos": r})["bonus"]
            for r in RASGOS
        ]
        for nivel in NIVELES
    }


def _bonus_rasgos_lengua(reglamento: Reglamento) -> dict[str, list[list[int]]]:
    """Con TZR0001: por nivel, una fila de ``_bonus_rasgos`` por cada número de rasgos de lengua."""
    return {
        str(nivel): [
            [
                reglamento.calcular(
                    "bonus_rasgos", {"nivel": nivel, "rasgos": r, "rasgos_lengua": lengua}
                )["bonus"]
                for r in RASGOS
            ]
            for lengua in range(reglamento.parametros.maximo_rasgos_lengua + 1)
        ]
        for nivel in NIVELES
    }


def _dados_atributo(reglamento: Reglamento) -> list[dict[str, Any]]:
    return [
        {
            "nivel": nivel,
            "expresion": reglamento.calcular("dados_atributo", {"nivel": nivel})["expresion"],
        }
        for nivel in range(reglamento.parametros.nivel_atributo_maximo + 1)
    ]


def formulario_accion(reglamento: Reglamento) -> dict[str, Any]:
    """La declaración de ``probabilidades_accion``, de la que la calculadora hace su formulario.

    El bonus por lengua solo se ofrece si el reglamento lo da (TZR0001), y la resistencia
    empieza en la de una acción de dificultad media.
    """
    p = reglamento.parametros
    regla = reglamento.regla("probabilidades_accion")
    entradas = [c.a_json() for c in regla.entradas if c.nombre != "rasgos_lengua" or p.bonus_lengua]
    iniciales = {"resistencia": p.dificultad("media").resistencia}
    return {
        "regla": regla.nombre,
        "titulo": regla.titulo,
        "entradas": [
            c | {"inicial": iniciales.get(c["nombre"], c.get("por_defecto"))} for c in entradas
        ],
        "salidas": [c.a_json() for c in regla.salidas],
    }


def datos(
    reglamento: Reglamento, expresiones: set[str], ejemplos: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    p = reglamento.parametros
    ediciones = {
        clave: reglamento.con(edicion=clave).parametros.dado_base
        for clave in reglamento.sistema.ediciones
    }
    lengua = {"bonus_rasgos_lengua": _bonus_rasgos_lengua(reglamento)} if p.bonus_lengua else {}
    return {
        "version": 1,
        "reglamento": {
            "edicion": reglamento.edicion,
            "dado_base": p.dado_base,
            "opcionales": sorted(reglamento.opcionales),
        },
        "ediciones": ediciones,
        "formularios": {"probabilidades_accion": formulario_accion(reglamento)},
        "grados": [dataclasses.asdict(grado) for grado in p.grados],
        "heroicidad": {"puntos_antes_del_grado": p.bonus_heroicidad, "bonus": p.bonus_heroicidad},
        "bonus_rasgos": _bonus_rasgos(reglamento),
        **lengua,
        "dados_atributo": _dados_atributo(reglamento),
        "distribuciones": {e: distribucion_json(e) for e in sorted(expresiones)},
        "ejemplos": {clave: ejemplos[clave] for clave in sorted(ejemplos)},
    }


def escribir(destino: Path, contenido: dict[str, Any]) -> None:
    destino.parent.mkdir(parents=True, exist_ok=True)
    texto = json.dumps(contenido, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    destino.write_text(texto, encoding="utf-8")
