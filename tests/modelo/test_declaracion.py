"""Una regla se declara una vez; el registro comprueba la declaración al importar."""

from __future__ import annotations

import re
from typing import Annotated

import pytest

from tapiz_rules.modelo import (
    Campo,
    Entrada,
    ErrorDeclaracion,
    Reglamento,
    Resultado,
    Sistema,
    regla,
)
from tapiz_rules.sistemas import SISTEMAS


def _salidas() -> list[Campo]:
    return [Campo("total", int, "Total")]


def test_las_entradas_salen_de_la_firma():
    @regla("suma", titulo="Suma", seccion="Pruebas", salidas=_salidas())
    def suma(
        p: object,
        a: Annotated[int, Entrada("Primer sumando", unidad="PX")],
        b: Annotated[int, Entrada("Segundo sumando", minimo=0)] = 2,
    ) -> Resultado:
        return Resultado({"total": a + b})

    a, b = suma.entradas
    assert (a.nombre, a.tipo, a.etiqueta, a.unidad, a.obligatorio) == (
        "a",
        int,
        "Primer sumando",
        "PX",
        True,
    )
    assert (b.por_defecto, b.minimo) == (2, 0)
    assert suma.ejecutar(None, {"a": 1}).valores == {"total": 3}


def test_una_entrada_sin_su_entrada_es_un_error_al_declarar():
    with pytest.raises(ErrorDeclaracion, match="entrada «b»: declárala como Annotated"):

        @regla("suma", titulo="Suma", seccion="Pruebas", salidas=_salidas())
        def suma(p: object, a: Annotated[int, Entrada("A")], b: int = 0) -> Resultado:
            return Resultado({"total": a + b})


def test_un_valor_por_defecto_fuera_de_las_opciones_es_un_error_al_declarar():
    with pytest.raises(ErrorDeclaracion, match="su valor por defecto no vale"):

        @regla("elegir", titulo="Elegir", seccion="Pruebas", salidas=_salidas())
        def elegir(
            p: object, x: Annotated[str, Entrada("X", opciones={"a": "A", "b": "B"})] = "c"
        ) -> Resultado:
            return Resultado({"total": 0})


def test_un_tipo_que_no_se_sabe_mostrar_es_un_error_al_declarar():
    with pytest.raises(ErrorDeclaracion, match="no es entero, número, sí/no, texto ni lista"):

        @regla("raro", titulo="Raro", seccion="Pruebas", salidas=_salidas())
        def raro(p: object, x: Annotated[complex, Entrada("X")]) -> Resultado:
            return Resultado({"total": 0})


def test_una_salida_repetida_es_un_error_al_declarar():
    with pytest.raises(ErrorDeclaracion, match="declara dos veces la salida «total»"):

        @regla("doble", titulo="Doble", seccion="Pruebas", salidas=_salidas() * 2)
        def doble(p: object) -> Resultado:
            return Resultado({"total": 0})


def test_devolver_otras_salidas_que_las_declaradas_es_un_error():
    @regla("mal", titulo="Mal", seccion="Pruebas", salidas=_salidas())
    def mal(p: object) -> Resultado:
        return Resultado({"suma": 0})

    with pytest.raises(ErrorDeclaracion, match=r"devolvió las salidas \['suma'\]"):
        mal.ejecutar(None, {})


def test_cada_regla_de_cada_sistema_tiene_etiquetas_para_el_lector():
    for sistema in SISTEMAS.values():
        for definida in sistema.reglas.values():
            for campo in (*definida.entradas, *definida.salidas):
                assert campo.etiqueta, (sistema.nombre, definida.nombre, campo.nombre)
                assert "_" not in campo.etiqueta, (definida.nombre, campo.etiqueta)
                for valor, etiqueta in campo.opciones or ():
                    assert etiqueta and "_" not in etiqueta, (definida.nombre, valor)
                # La ayuda, como una frase de quien lee: mayúscula, sin «nulo» y con «−».
                if ayuda := campo.ayuda:
                    assert not ayuda[0].islower(), (definida.nombre, ayuda)
                    assert not re.search(r"\bnulo\b|(?<![\w(])-\d", ayuda), (definida.nombre, ayuda)


def test_un_nombre_es_unico_dentro_de_su_sistema_y_puede_repetirse_en_otro():
    @regla("tirada", titulo="Tirada", seccion="Pruebas", salidas=_salidas())
    def tirada(p: object) -> Resultado:
        return Resultado({"total": 1})

    with pytest.raises(ValueError, match="nombre repetido en el sistema «x»: tirada"):
        Sistema.crear("x", "X", None, [tirada, tirada])
    otro = Sistema.crear("otro", "Otro", None, [tirada])
    assert otro.regla("tirada") is tirada
    assert "tirada" in SISTEMAS["ratas"].reglas


def test_dos_reglamentos_del_mismo_sistema_conviven():
    tapiz = SISTEMAS["tapiz"]
    actual, antiguo = Reglamento(tapiz), Reglamento(tapiz, "2017")
    assert actual.parametros.dado_base == "1d20"
    assert antiguo.parametros.dado_base == "3d6"
    assert actual.parametros.dado_base == "1d20"
    assert tapiz.parametros.dado_base == "1d20"


def test_un_reglamento_desconocido_da_un_mensaje_en_espanol():
    with pytest.raises(Exception, match="edición desconocida «1999» del sistema «tapiz»"):
        Reglamento(SISTEMAS["tapiz"], "1999")
    with pytest.raises(Exception, match="regla opcional desconocida «TZR9999»"):
        Reglamento(SISTEMAS["tapiz"], opcionales=frozenset({"TZR9999"}))
