"""Genera ``corpus.json``: el corpus de conformidad de los dados entre Python y JavaScript.

Uso: ``uv run python tests/conformidad/generar.py`` (reescribe el fichero; la
salida es determinista). Las probabilidades y las medias van como fracciones
exactas ``"num/den"``; las tiradas, en el JSON de ``Tirada.a_json`` más su
semilla; los errores, con su mensaje completo y su columna; los presupuestos,
con el trabajo estimado tras cada término y el veredicto; los formatos de número.
La tirada de acción ya no está: la calculadora la pide al motor en la página.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from tapiz_rules.dados import LIMITES, Generador, analizar, distribucion, tirar
from tapiz_rules.dados.probabilidad import estimar_trabajo
from tapiz_rules.errores import ErrorNotacion
from tapiz_rules.modelo import formato
from tapiz_rules.sistemas import reglamento

ACTUAL = reglamento()

RUTA = Path(__file__).with_name("corpus.json")
VERSION = 4

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


# Alrededor del presupuesto (500 000 000): aceptadas, rechazadas y justo al borde, con
# el coste en sumar dados, en guardar (con y sin explosión) y en juntar términos.
PRESUPUESTOS = [
    "1d20",
    "3d6+2",
    "4d6kh3",
    "1000d6",
    "1000d1000",
    "600d1000",
    "100d20!kh1",
    "60d20!kh2",
    "1000d6kh1",
    "300d10kh2",
    "200d100",
    "150d100",
    "1d20+1d8!+3-4",
    "10d20!+10d20!+10d20!",
    "500d20!kh1",
    "50d100!kl3",
    "3 + 900d6",
    "2d%kh1",
    "585d6",
    "586d6",
    "118d20!kh1",
    "119d20!kh1",
    "389d10",
    "390d10",
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
        "media": fraccion(dist.media),
    }


def caso_de_tirada(texto: str, semilla: int) -> dict[str, Any]:
    return {"expresion": texto, "semilla": semilla, **tirar(texto, Generador(semilla)).a_json()}


def caso_de_error(texto: str) -> dict[str, Any]:
    """Mensaje y columna del error, de notación o de presupuesto (``distribucion`` hace ambos)."""
    try:
        distribucion(texto)
    except ErrorNotacion as error:
        return {"expresion": texto, "columna": error.columna, "mensaje": str(error)}
    raise AssertionError(f"«{texto}» debería ser un error")


def caso_de_presupuesto(texto: str) -> dict[str, Any]:
    trabajo = [acumulado for _, acumulado in estimar_trabajo(analizar(texto))]
    return {"expresion": texto, "trabajo": trabajo, "aceptada": trabajo[-1] <= LIMITES.trabajo}


ENTEROS = [0, 7, -2, 999, 1000, 5400, -5400, 512000, 1234567, -12000]
DECIMALES = [
    0.0,
    2.5,
    0.5,
    5400.0,
    -1.5,
    0.125,
    0.135,
    1.005,
    2.675,
    -0.004,
    -0.005,
    1 / 3,
    12345.678,
]
PROBABILIDADES = [0, 1, 0.5, 0.45, 0.7903, 0.00125, 0.99951, 1 / 3, 0.0432, 20 / 27, 0.12345]


def casos_de_formato() -> list[dict[str, Any]]:
    """Cada función de ``formato`` que también escribe el navegador, con su texto (los signos
    de un modificador o de una cuenta ya solo los escribe el motor)."""
    casos: list[dict[str, Any]] = []
    for n in ENTEROS:
        casos.append({"funcion": "miles", "argumentos": [n], "texto": formato.miles(n)})
    for x in DECIMALES:
        for cifras in (1, 2, 3):
            casos.append(
                {
                    "funcion": "decimal",
                    "argumentos": [x, cifras],
                    "texto": formato.decimal(x, cifras),
                }
            )
    for p in PROBABILIDADES:
        for cifras in (1, 2):
            texto = formato.porcentaje(p, cifras)
            casos.append({"funcion": "porcentaje", "argumentos": [p, cifras], "texto": texto})
    return casos


def generar_corpus() -> dict[str, Any]:
    tiradas = [caso_de_tirada(t, s) for t in TIRADAS for s in SEMILLAS]
    tiradas += [caso_de_tirada(t, s) for t, s in ESPECIALES]
    return {
        "version": VERSION,
        "expresiones": [caso_de_expresion(t) for t in EXPRESIONES],
        "tiradas": tiradas,
        "errores": [caso_de_error(t) for t in ERRORES],
        "presupuestos": [caso_de_presupuesto(t) for t in PRESUPUESTOS],
        "formatos": casos_de_formato(),
    }


def texto_del_corpus() -> str:
    return json.dumps(generar_corpus(), ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def main() -> None:
    RUTA.write_text(texto_del_corpus(), encoding="utf-8")
    print(f"escrito {RUTA}")


if __name__ == "__main__":
    main()
