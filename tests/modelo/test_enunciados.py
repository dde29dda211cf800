"""Cada regla de los tres sistemas lleva su enunciado: la regla como la imprime un libro."""

import re

import pytest

from tapiz_rules.modelo import Regla
from tapiz_rules.sistemas import SISTEMAS, reglamento

_IDENTIFICADOR = re.compile(r"\w*_\w*|\b(?:True|False|None|true|false|null)\b|[{}]|\bp\.")
_SIGLA_EN_MINUSCULAS = re.compile(r"\b(?:cd|pv|pnj|pj|dj|rd|px|pgf|pgm|mov)\b")


def _reglamentos():
    for nombre, sistema in SISTEMAS.items():
        yield reglamento(nombre)
        for edicion in sistema.ediciones:
            yield reglamento(nombre, edicion)
        for opcional in sistema.opcionales:
            yield reglamento(nombre, opcionales=[opcional])


def _casos() -> list[tuple[str, Regla, object]]:
    casos = {}
    for elegido in _reglamentos():
        for regla in elegido.vigente.reglas.values():
            clave = f"{elegido.sistema.nombre}:{regla.nombre}:{regla.enunciar(elegido.parametros)}"
            casos[clave] = (elegido.sistema.nombre + ":" + regla.nombre, regla, elegido.parametros)
    return list(casos.values())


_CASOS = _casos()


@pytest.mark.parametrize(
    ("nombre", "regla", "parametros"), _CASOS, ids=[nombre for nombre, _, _ in _CASOS]
)
def test_cada_regla_tiene_un_enunciado_en_espanol_sin_identificadores(nombre, regla, parametros):
    texto = regla.enunciar(parametros)
    assert len(texto) > 20, f"{nombre}: la regla no tiene enunciado"
    assert (texto[0].isupper() or texto[0].isdigit()) and texto.endswith("."), texto
    assert not _IDENTIFICADOR.search(texto), f"{nombre}: «{texto}»"
    assert not _SIGLA_EN_MINUSCULAS.search(texto), f"{nombre}: «{texto}»"
    assert "Se parte de" not in texto


def test_hay_enunciados_para_las_reglas_de_los_tres_sistemas():
    sistemas = {nombre.split(":")[0] for nombre, _, _ in _casos()}
    assert sistemas == {"tapiz", "d20", "ratas"}
    assert len(_casos()) >= 76


def test_el_enunciado_usa_los_parametros_del_reglamento():
    tapiz = reglamento("tapiz")
    grado = tapiz.vigente.reglas["grado_efecto"]
    assert grado.enunciar(tapiz.parametros).startswith("Con 5 puntos o más")
    otros = type(tapiz.parametros)(grados=tapiz.parametros.grados[::-1])
    assert grado.enunciar(otros).startswith("Con 15 puntos o más")
