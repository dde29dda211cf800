"""Genera ``corpus.json``: el corpus de conformidad de los dados entre Python y JavaScript.

Uso: ``uv run python tests/conformidad/generar.py`` (reescribe el fichero; la
salida es determinista). Las probabilidades van como fracciones exactas
``"num/den"``; las tiradas, en el JSON de ``Tirada.a_json`` más su semilla.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from mkdocs_plugins.datos import datos as datos_widgets
from tapiz_rules.dados import Generador, analizar, distribucion, tirar
from tapiz_rules.errores import ErrorNotacion
from tapiz_rules.sistemas import reglamento

ACTUAL = reglamento()

RUTA = Path(__file__).with_name("corpus.json")
VERSION = 1

EXPRESIONES = [
    "1d20",
    "d20",
    "2d6",
    "3d6",
    "1d1",
    "d2",
    "1d1000",
    "1d100",
    "d%",
    "1d%",
    "D%",
    "2d%kh1",
    "4d6kh3",
    "4d6k3",
    "4D6KH3",
    "4d6kl3",
    "4d6dh1",
    "4d6dl1",
    "4d6d1",
    "5d4dl2",
    "6d6kh3",
    "2d20kh1",
    "2d20kl1",
    "1d6!",
    "1d6!3",
    "1d8!10",
    "2d4!",
    "1d2!20",
    "3d6!kh2",
    "3d6!2kl1",
    "1d4!+1d6!",
    "1d20+1d4!",
    "1d20+2d6!",
    "2d10!+1d20",
    "1d20+1d8!+3-4",
    "1d20-1d4",
    "-1d6",
    "-1d6+10",
    "+1d6",
    "1d6+0",
    "3d6-3",
    "7",
    "-2",
    " 2D6 + 3 ",
    "1d20 - 2 +\t1d4!",
]

TIRADAS = [
    "1d20",
    "3d6",
    "d%",
    "2d%kh1",
    "4d6kh3",
    "6d4kh3",
    "6d4kl2",
    "6d4dh4",
    "5d4dl2",
    "1d6!",
    "1d2!3",
    "3d6!kh2",
    "1d20+1d8!+3-4",
    "-1d6+10",
    " 4D6K3 + D% - 2 ",
    "7",
]

SEMILLAS = [1, 2, 42]

# Casos buscados a propósito: d% con 00 y 0 (= 100); 1d2!3 que agota la profundidad;
# 3d6!kh2 con empate que descarta un dado explotado; una semilla que se reduce módulo 2^32.
ESPECIALES = [("d%", 7), ("1d2!3", 10), ("3d6!kh2", 636), ("1d20+1d8!", 4294967303)]

ERRORES = [
    "",
    "   ",
    "1d",
    "d",
    "2d6+",
    "x",
    "1d6 d4",
    "1d20*2",
    "1d6!!",
    "4d6kh",
    "4d6dlx",
    "3d6kh2!",
    "d%!",
    "1d1!",
    "1d6!0",
    "1d6!21",
    "0d6",
    "1d0",
    "1d1001",
    "99999999d99999999",
    "600d6 + 500d6",
    "2000000",
    "4d6k0",
    "4d6k5",
    "4d6dh4",
    "İ+1d6",
    "+".join(["1"] * 51),
    "1d6+" * 2500,
    "1000d1000",
    "3 + 900d6",
]


def fraccion(valor: Fraction) -> str:
    return f"{valor.numerator}/{valor.denominator}"


def caso_de_expresion(texto: str) -> dict[str, Any]:
    dist = distribucion(texto)
    return {
        "expresion": texto,
        "canonica": str(analizar(texto)),
        "min": dist.minimo,
        "max": dist.maximo,
        "distribucion": [[valor, fraccion(p)] for valor, p in dist.items()],
    }


def caso_de_tirada(texto: str, semilla: int) -> dict[str, Any]:
    return {"expresion": texto, "semilla": semilla, **tirar(texto, Generador(semilla)).a_json()}


def caso_de_error(texto: str) -> dict[str, Any]:
    """La columna del error, sea de notación o de presupuesto (``distribucion`` hace ambos)."""
    try:
        distribucion(texto)
    except ErrorNotacion as error:
        return {"expresion": texto, "columna": error.columna}
    raise AssertionError(f"«{texto}» debería ser un error")


CASOS_ACCION = [
    {
        "dado_base": "1d20",
        "dados": "",
        "mod": 0,
        "nivel": 1,
        "rasgos": 0,
        "bonus": 0,
        "resistencia": 11,
    },
    {
        "dado_base": "1d20",
        "dados": "1d6!",
        "mod": 2,
        "nivel": 3,
        "rasgos": 2,
        "bonus": 0,
        "resistencia": 15,
    },
    {
        "dado_base": "1d20",
        "dados": "2d8!",
        "mod": -1,
        "nivel": 5,
        "rasgos": 4,
        "bonus": -2,
        "resistencia": 25,
    },
    {
        "dado_base": "3d6",
        "dados": "1d4!",
        "mod": 1,
        "nivel": 2,
        "rasgos": 5,
        "bonus": 1,
        "resistencia": 12,
    },
]
TIRADAS_ACCION = [
    (9, 4, 2, 3, 2, 0, 15),
    (3, 0, 0, 1, 0, 0, 15),
    (20, 12, 3, 4, 3, -1, 10),
    (14, 0, 2, 3, 2, 0, 11),
]


def casos_accion() -> dict[str, Any]:
    """La tirada de acción de los widgets frente al motor: datos exportados y resultados."""
    datos = datos_widgets(ACTUAL, set(), {})
    casos = []
    for caso in CASOS_ACCION:
        entradas = {k: v for k, v in caso.items() if k != "dado_base"}
        edicion = next(e for e, dado in datos["ediciones"].items() if dado == caso["dado_base"])
        elegido = ACTUAL.con(edicion=edicion)
        casos.append({**caso, "p": elegido.calcular("probabilidades_accion", entradas).valores})
    resoluciones = []
    for base, dados, mod, nivel, rasgos, bonus, resistencia in TIRADAS_ACCION:
        entradas = {
            "base": base,
            "dados": dados,
            "mod": mod,
            "nivel": nivel,
            "rasgos": rasgos,
            "bonus": bonus,
            "resistencia": resistencia,
        }
        resoluciones.append(
            {"entradas": entradas, "salidas": ACTUAL.calcular("accion", entradas).valores}
        )
    return {
        "datos": {clave: datos[clave] for clave in ("grados", "heroicidad", "bonus_rasgos")},
        "probabilidades": casos,
        "resoluciones": resoluciones,
    }


def generar_corpus() -> dict[str, Any]:
    tiradas = [caso_de_tirada(t, s) for t in TIRADAS for s in SEMILLAS]
    tiradas += [caso_de_tirada(t, s) for t, s in ESPECIALES]
    return {
        "version": VERSION,
        "expresiones": [caso_de_expresion(t) for t in EXPRESIONES],
        "tiradas": tiradas,
        "errores": [caso_de_error(t) for t in ERRORES],
        "accion": casos_accion(),
    }


def texto_del_corpus() -> str:
    return json.dumps(generar_corpus(), ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def main() -> None:
    RUTA.write_text(texto_del_corpus(), encoding="utf-8")
    print(f"escrito {RUTA}")


if __name__ == "__main__":
    main()
