"""El plugin de pytest recoge los ejemplos del libro como pruebas con página y línea."""

from __future__ import annotations

import pytest

from tests.plugin.conftest import PAGINAS


@pytest.fixture
def libro(pytester: pytest.Pytester) -> pytest.Pytester:
    srd = pytester.mkdir("srd")
    for nombre in ("correcta.md", "ejemplo-valor-incorrecto.md", "dados-texto-invalidos.md"):
        (srd / nombre).write_text((PAGINAS / nombre).read_text("utf-8"), encoding="utf-8")
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    return pytester


def test_cada_ejemplo_es_un_item_con_pagina_y_titulo(libro: pytest.Pytester) -> None:
    resultado = libro.runpytest("--collect-only", "-q")
    resultado.stdout.fnmatch_lines(
        [
            "srd/correcta.md::correcta.md [[]Once puntos[]]",
            "srd/correcta.md::correcta.md [[]Cuatro puntos no bastan[]]",
            "srd/correcta.md::correcta.md [[]tablas y dados[]]",
            "srd/ejemplo-valor-incorrecto.md::ejemplo-valor-incorrecto.md [[]Once puntos[]]",
        ]
    )


def test_un_fallo_muestra_el_mismo_mensaje_que_la_construccion(libro: pytest.Pytester) -> None:
    resultado = libro.runpytest()
    resultado.assert_outcomes(passed=4, failed=2)
    esperado = (PAGINAS / "ejemplo-valor-incorrecto.txt").read_text("utf-8").splitlines()
    resultado.stdout.fnmatch_lines([f"*{linea}" for linea in esperado])
    dados = (PAGINAS / "dados-texto-invalidos.txt").read_text("utf-8").splitlines()
    resultado.stdout.fnmatch_lines([f"*{linea}" for linea in dados])
    assert "Traceback" not in resultado.stdout.str()


def test_menos_k_selecciona_ejemplos_por_titulo(libro: pytest.Pytester) -> None:
    resultado = libro.runpytest("-k", "Cuatro")
    resultado.assert_outcomes(passed=1, deselected=5)


def test_una_cabecera_ilegible_falla_en_pytest(pytester: pytest.Pytester) -> None:
    srd = pytester.mkdir("srd")
    pagina = PAGINAS / "cabecera-invalida.md"
    (srd / pagina.name).write_text(pagina.read_text("utf-8"), encoding="utf-8")
    resultado = pytester.runpytest("srd")
    resultado.assert_outcomes(failed=1)
    esperado = pagina.with_suffix(".txt").read_text("utf-8").strip()
    resultado.stdout.fnmatch_lines([f"*{esperado}"])
