"""Niveles y Avances: progresión, heroicidad, mejoras y dados de atributo."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.dados import analizar
from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz
from tests.reglas.ayuda import calcular, error, tabla


class TestNivelesYAvances:
    def test_tabla_de_progresion_de_nivel(self):
        t = tabla("progresion_nivel")
        assert t.columnas == ("Nivel", "Puntos de experiencia necesarios")
        assert t.filas[:3] == ((1, "0"), (2, "2.000"), (3, "4.000"))
        assert t.filas[9] == (10, "512.000")
        assert t.filas[10] == ("Cada nivel siguiente", "+500.000 PX por nivel a partir del 10.º")
        assert len(t.filas) == 11

    @pytest.mark.parametrize(
        ("px", "nivel", "siguiente"),
        [
            (0, 1, 2_000),
            (1_999, 1, 2_000),
            (2_000, 2, 4_000),
            (12_000, 4, 16_000),
            (511_999, 9, 512_000),
            (512_000, 10, 1_012_000),
            (1_011_999, 10, 1_012_000),
            (1_012_000, 11, 1_512_000),
        ],
    )
    def test_nivel_por_experiencia(self, px, nivel, siguiente):
        assert calcular("nivel_por_experiencia", px=px).valores == {
            "nivel": nivel,
            "px_siguiente": siguiente,
        }

    def test_pasos_de_la_progresion(self):
        r = calcular("nivel_por_experiencia", px=12_000)
        assert r.pasos == ("12.000 PX ≥ 8.000 (nivel 4) y < 16.000 (nivel 5): nivel 4",)

    def test_experiencia_negativa(self):
        assert error("nivel_por_experiencia", px=-1) == (
            "la entrada «px» no puede ser menor que 0; se recibió -1"
        )

    @pytest.mark.parametrize(
        ("nivel", "mejoras"), [(1, 0), (4, 0), (5, 1), (9, 1), (10, 2), (15, 3), (20, 4)]
    )
    def test_una_mejora_cada_cinco_niveles(self, nivel, mejoras):
        assert calcular("mejoras_caracteristica", nivel=nivel)["mejoras"] == mejoras

    def test_pasos_de_las_mejoras(self):
        r = calcular("mejoras_caracteristica", nivel=15)
        assert r.pasos == ("Un punto cada 5 niveles: niveles 5, 10, 15 → 3",)


class TestPuntosDeHeroicidad:
    @pytest.mark.parametrize("nivel", [1, 4, 12])
    def test_tantos_como_el_nivel(self, nivel):
        assert calcular("puntos_heroicidad", nivel=nivel)["puntos"] == nivel

    def test_la_directora_tiene_uno_por_jugador(self):
        assert calcular("heroicidad_directora", jugadores=5)["puntos"] == 5

    def test_usos_con_el_punto_que_falta_para_cada_grado(self):
        t = tabla("usos_heroicidad")
        assert t.filas[2] == (
            "Sumar +1 a los puntos de efecto solo si faltaba un punto para un efecto menor, "
            "mayor o extremo (4, 9 o 14 puntos)",
            "Habitual",
        )
        assert [f[1] for f in t.filas].count("Opcional") == 2

    def test_sin_jugadores_no_hay_partida(self):
        assert error("heroicidad_directora", jugadores=0) == (
            "la entrada «jugadores» no puede ser menor que 1; se recibió 0"
        )


class TestDadosDeAtributo:
    @pytest.mark.parametrize(
        ("nivel", "expresion", "coste"),
        [
            (0, None, 0),
            (1, "1d4!", 1),
            (2, "1d6!", 3),
            (4, "1d10!", 10),
            (5, "2d6!", 15),
            (8, "3d8!", 36),
            (10, "4d10!", 55),
        ],
    )
    def test_escalera_de_dados(self, nivel, expresion, coste):
        assert calcular("dados_atributo", nivel=nivel).valores == {
            "expresion": expresion,
            "coste": coste,
        }

    def test_tabla(self):
        t = tabla("tabla_dados_atributo")
        assert t.filas[0] == (0, "—", 0)
        assert t.filas[5] == (5, "2d6!", 15)
        assert len(t.filas) == 11

    def test_nivel_11_no_existe(self):
        assert error("dados_atributo", nivel=11) == (
            "la entrada «nivel» debe estar entre 0 y 10; se recibió 11"
        )


@given(st.integers(1, 10))
def test_los_dados_de_atributo_son_notacion_canonica_y_explotan(nivel):
    expresion = calcular("dados_atributo", nivel=nivel)["expresion"]
    assert str(analizar(expresion)) == expresion
    assert expresion.endswith("!")


@given(st.integers(0, 5_000_000))
def test_el_nivel_cubre_los_px(px):
    r = calcular("nivel_por_experiencia", px=px)
    assert r["px_siguiente"] > px
    anterior = calcular("nivel_por_experiencia", px=r["px_siguiente"] - 1)
    assert anterior["nivel"] == r["nivel"]
    assert calcular("nivel_por_experiencia", px=r["px_siguiente"])["nivel"] == r["nivel"] + 1


class TestParametros:
    def test_la_progresion_sale_de_los_parametros(self):
        p2 = replace(ParametrosTapiz(), px_por_nivel=(0, 1_000, 3_000), px_tras_ultimo=5_000)
        regla = TAPIZ.regla("nivel_por_experiencia")
        assert regla.ejecutar(p2, {"px": 1_500}).valores == {"nivel": 2, "px_siguiente": 3_000}
        r = regla.ejecutar(p2, {"px": 9_000})
        assert r.valores == {"nivel": 4, "px_siguiente": 13_000}
        assert r.pasos[1] == "Desde el nivel 3, +5.000 PX por nivel: el nivel 5 pide 13.000 PX"
        t = TAPIZ.tabla("progresion_nivel").construir(p2)
        assert t.filas[-1] == ("Cada nivel siguiente", "+5.000 PX por nivel a partir del 3.º")

    def test_heroicidad_y_mejoras_salen_de_los_parametros(self):
        p2 = replace(
            ParametrosTapiz(),
            heroicidad_por_nivel=2,
            heroicidad_directora_por_jugador=3,
            niveles_por_mejora=4,
        )
        r = TAPIZ.regla("puntos_heroicidad").ejecutar(p2, {"nivel": 3})
        assert r["puntos"] == 6
        assert r.pasos == ("2 puntos por nivel: nivel 3 → 6 puntos de heroicidad",)
        directora = TAPIZ.regla("heroicidad_directora").ejecutar(p2, {"jugadores": 4})
        assert directora["puntos"] == 12
        assert TAPIZ.regla("mejoras_caracteristica").ejecutar(p2, {"nivel": 8})["mejoras"] == 2

    def test_los_dados_de_atributo_salen_de_los_parametros(self):
        p = ParametrosTapiz()
        p2 = replace(p, dados_atributo=(*p.dados_atributo, (5, 10)))
        r = TAPIZ.regla("dados_atributo").ejecutar(p2, {"nivel": 11})
        assert r.valores == {"expresion": "5d10!", "coste": 66}
        assert len(TAPIZ.tabla("tabla_dados_atributo").construir(p2).filas) == 12
