"""Las tramas que llegan del proceso de un Lienzo: con la forma esperada o un mensaje, nunca
una traza (el fuzz largo: ``python -m tests.modelo.tramas_al_azar``, véase bench/tramas.md)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapiz_rules.lienzos.tramas import LARGO, TOPE
from tests.modelo.tramas_al_azar import VALIDAS, recibir, trama_al_azar


def _trama(datos: object) -> bytes:
    contenido = json.dumps(datos).encode()
    return len(contenido).to_bytes(LARGO, "big") + contenido


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_una_trama_al_azar_se_acepta_o_se_rechaza_con_un_mensaje(azar: random.Random) -> None:
    resultado = recibir(*trama_al_azar(azar))
    assert resultado == "aceptada" or resultado.startswith("rechazada: ")


@pytest.mark.parametrize("orden", ["cargar", "calcular"])
def test_las_validas_se_aceptan(orden: str) -> None:
    assert recibir(orden, _trama(VALIDAS[orden])) == "aceptada"


@pytest.mark.parametrize(
    ("orden", "trama", "mensaje"),
    [
        ("calcular", (TOPE + 1).to_bytes(LARGO, "big"), f"una trama de {TOPE + 1} bytes"),
        ("calcular", _trama(VALIDAS["calcular"] | {"n": 2}), "fuera de turno"),
        ("calcular", _trama(VALIDAS["calcular"] | {"valores": {"v": {}}}), "datos simples"),
        ("calcular", _trama({"n": 1, "valores": {"v": 1}, "pasos": [1]}), "no son textos"),
        ("calcular", b"\0" * (LARGO - 1) + b"\x09" + b'{"n": NaN', "no es JSON"),
        ("cargar", _trama({"n": 1, "reglas": [{"nombre": 1}]}), "«nombre» sin la forma"),
        ("cargar", _trama({"n": 1, "error": ["x"]}), "un error desconocido"),
        ("cargar", _trama({"n": 1})[: LARGO + 3], "cerró su salida"),
        ("calcular", _trama({"n": 1, "valores": {"v": "\udce9"}, "pasos": []}), "no son UTF-8"),
    ],
)
def test_lo_que_no_tiene_la_forma_se_rechaza(orden: str, trama: bytes, mensaje: str) -> None:
    resultado = recibir(orden, trama)
    assert resultado.startswith("rechazada: ") and mensaje in resultado, resultado
