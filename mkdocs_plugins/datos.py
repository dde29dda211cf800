"""Los datos que necesitan los widgets, exportados una vez por construcción.

En JavaScript no se escribe ningún número de las reglas: todo sale de aquí,
y aquí todo sale del motor.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from tapiz_rules import REGISTRO
from tapiz_rules.dados import LIMITES, distribucion
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.reglamento import EDICIONES, Reglamento
from tapiz_rules.reglas.efectos import BONUS_HEROICIDAD, GRADOS

RUTA = "assets/tapiz/datos.json"
NIVELES = range(1, 21)
RASGOS = range(11)
NIVELES_ATRIBUTO = range(11)


def distribucion_json(expresion: str) -> list[list[float]] | None:
    """La distribución exacta como pares [valor, probabilidad]; None si es demasiado grande."""
    try:
        return [[valor, float(p)] for valor, p in distribucion(expresion).items()]
    except ErrorTapiz:
        return None


def _bonus_rasgos(reglamento: Reglamento) -> dict[str, list[int]]:
    regla = REGISTRO.buscar_regla("bonus_rasgos")
    return {
        str(nivel): [regla({"nivel": nivel, "rasgos": r}, reglamento)["bonus"] for r in RASGOS]
        for nivel in NIVELES
    }


def _dados_atributo(reglamento: Reglamento) -> list[dict[str, Any]]:
    regla = REGISTRO.buscar_regla("dados_atributo")
    return [
        {"nivel": nivel, "expresion": regla({"nivel": nivel}, reglamento)["expresion"]}
        for nivel in NIVELES_ATRIBUTO
    ]


def datos(
    reglamento: Reglamento, expresiones: set[str], ejemplos: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    return {
        "version": 1,
        "reglamento": {
            "edicion": reglamento.edicion,
            "dado_base": reglamento.dado_base,
            "opcionales": sorted(reglamento.opcionales),
        },
        "ediciones": EDICIONES,
        "grados": [dataclasses.asdict(grado) for grado in GRADOS],
        "heroicidad": {"puntos_antes_del_grado": BONUS_HEROICIDAD, "bonus": BONUS_HEROICIDAD},
        "bonus_rasgos": _bonus_rasgos(reglamento),
        "dados_atributo": _dados_atributo(reglamento),
        "limites": dataclasses.asdict(LIMITES),
        "distribuciones": {e: distribucion_json(e) for e in sorted(expresiones)},
        "ejemplos": {clave: ejemplos[clave] for clave in sorted(ejemplos)},
    }


def escribir(destino: Path, contenido: dict[str, Any]) -> None:
    destino.parent.mkdir(parents=True, exist_ok=True)
    texto = json.dumps(contenido, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    destino.write_text(texto, encoding="utf-8")
