"""Puntos de golpe, defensas e iniciativa."""

from dataclasses import replace

import pytest

from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz
from tests.reglas.ayuda import calcular, error, tabla


class TestDanoYPuntosDeGolpe:
    @pytest.mark.parametrize(
        ("tipo", "puntos", "estado", "pierde"),
        [
            ("fisicos", 7, "activo", 0),
            ("fisicos", 0, "inconsciente", 0),
            ("fisicos", -1, "desangrandose", 1),
            ("fisicos", -9, "desangrandose", 1),
            ("fisicos", -10, "muerto", 0),
            ("mentales", 0, "incapacitado", 0),
            ("mentales", -4, "inestable", 1),
            ("mentales", -12, "perdido", 0),
        ],
    )
    def test_estados(self, tipo, puntos, estado, pierde):
        assert calcular("estado_puntos_golpe", tipo=tipo, puntos=puntos).valores == {
            "estado": estado,
            "pierde_por_ronda": pierde,
        }

    def test_pasos(self):
        r = calcular("estado_puntos_golpe", tipo="fisicos", puntos=-3)
        assert r.pasos == (
            "−3 PGF: Desangrándose: pierde 1 PGF cada ronda hasta que lo estabilicen",
        )

    def test_tabla(self):
        t = tabla("estados_puntos_golpe")
        assert t.columnas == ("Puntos de golpe", "Físicos (PGF)", "Mentales (PGM)")
        assert [f[0] for f in t.filas] == ["Más de 0", "0", "De −1 a −9", "−10 o menos"]
        assert t.filas[3][1:] == ("Muerto", "Perdido irremediablemente")

    def test_tipo_desconocido(self):
        assert error("estado_puntos_golpe", tipo="magicos", puntos=1) == (
            "la entrada «tipo» no admite «magicos»; valores válidos: fisicos, mentales"
        )


class TestDefensa:
    def test_defensa_fisica(self):
        r = calcular("defensa_fisica", nivel_armadura=2, bonus_armadura=1)
        assert r["defensa"] == 13
        assert r.pasos == ("10 + nivel de armadura 2 + bonus +1 = 13",)

    def test_defensa_mental(self):
        r = calcular("defensa_mental", mod_int=2, nivel_voluntad=3, bonus_equipo=1)
        assert r["defensa"] == 16

    def test_sin_armadura_la_defensa_es_10(self):
        assert calcular("defensa_fisica")["defensa"] == 10

    def test_nivel_de_armadura_negativo(self):
        assert error("defensa_fisica", nivel_armadura=-1) == (
            "la entrada «nivel_armadura» no puede ser menor que 0; se recibió -1"
        )


def test_iniciativa_suma_des_y_sab():
    r = calcular("modificador_iniciativa", mod_des=2, mod_sab=-1)
    assert r["modificador"] == 1
    assert r.pasos == ("DES +2 + SAB −1 = +1",)


class TestParametros:
    def test_el_limite_fatal_y_la_perdida_salen_de_los_parametros(self):
        p2 = replace(ParametrosTapiz(), limite_fatal=-5, perdida_por_ronda=2)
        regla = TAPIZ.regla("estado_puntos_golpe")
        assert regla.ejecutar(p2, {"tipo": "fisicos", "puntos": -4}).valores == {
            "estado": "desangrandose",
            "pierde_por_ronda": 2,
        }
        assert regla.ejecutar(p2, {"tipo": "fisicos", "puntos": -5}).valores == {
            "estado": "muerto",
            "pierde_por_ronda": 0,
        }
        r = regla.ejecutar(p2, {"tipo": "mentales", "puntos": -1})
        assert r.pasos == (
            "−1 PGM: Inestable: no puede actuar con coherencia y pierde 2 PGM cada ronda",
        )
        t = TAPIZ.tabla("estados_puntos_golpe").construir(p2)
        assert [f[0] for f in t.filas] == ["Más de 0", "0", "De −1 a −4", "−5 o menos"]

    def test_las_defensas_parten_de_la_base_estatica(self):
        p2 = replace(ParametrosTapiz(), base_estatica=12)
        assert TAPIZ.regla("defensa_fisica").ejecutar(p2, {})["defensa"] == 12
        assert TAPIZ.regla("defensa_mental").ejecutar(p2, {"mod_int": 1})["defensa"] == 13
