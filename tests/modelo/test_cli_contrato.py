"""El contrato de la línea de órdenes del que dependen los scripts."""

from __future__ import annotations

import json

from tapiz_rules.cli import main
from tapiz_rules.sistemas import SISTEMAS


def _json(capsys, *argumentos: str):
    assert main(list(argumentos)) == 0
    return json.loads(capsys.readouterr().out)


def test_reglas_json_lista_todo_con_sistema_nombre_y_tipo(capsys):
    datos = _json(capsys, "reglas", "--json")
    todas = datos["reglas"] + datos["tablas"]
    esperadas = {(s.nombre, n, "regla") for s in SISTEMAS.values() for n in s.reglas} | {
        (s.nombre, n, "tabla") for s in SISTEMAS.values() for n in s.tablas
    }
    assert {(d["sistema"], d["nombre"], d["tipo"]) for d in todas} == esperadas
    for definida in datos["reglas"]:
        for campo in definida["entradas"] + definida["salidas"]:
            assert {"nombre", "etiqueta", "tipo", "unidad"} <= set(campo)


def test_reglas_filtra_por_sistema(capsys):
    datos = _json(capsys, "reglas", "--json", "--sistema", "ratas")
    assert {d["sistema"] for d in datos["reglas"] + datos["tablas"]} == {"ratas"}


def test_reglas_nombre_muestra_entradas_y_salidas(capsys):
    assert main(["reglas", "accion"]) == 0
    salida = capsys.readouterr().out
    assert "Tirada de acción — regla «accion» del sistema «tapiz»" in salida
    assert "  resistencia              Resistencia (entero — obligatoria)" in salida
    assert "  puntos_de_efecto         Puntos de efecto (entero, en puntos)" in salida


def test_regla_de_otro_sistema(capsys):
    datos = _json(
        capsys,
        "regla",
        "tirada",
        "--sistema",
        "ratas",
        "--entrada",
        '{"dados": 7, "dificultad": "FÁCIL"}',
        "--json",
    )
    assert datos["valores"]["banda"] == "8-9"


def test_accion_tiene_una_opcion_por_entrada_y_por_opcional(capsys):
    datos = _json(
        capsys,
        "accion",
        "--base",
        "10",
        "--resistencia",
        "15",
        "--nivel",
        "2",
        "--rasgos",
        "1",
        "--rasgos-lengua",
        "1",
        "--opcional",
        "TZR0001",
        "--edicion",
        "actual",
        "--json",
    )
    assert datos["bonus_rasgos"] == 3
    assert datos["total"] == 13
