"""Puntos de golpe, defensas e iniciativa."""

import pytest

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
            "-3 PGF: Desangrándose: pierde 1 PGF cada ronda hasta que lo estabilicen",
        )

    def test_tabla(self):
        t = tabla("estados_puntos_golpe")
        assert t.columnas == ("Puntos de golpe", "Físicos (PGF)", "Mentales (PGM)")
        assert [f[0] for f in t.filas] == ["Más de 0", "0", "De -1 a -9", "-10 o menos"]
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
    assert r.pasos == ("DES +2 + SAB -1 = +1",)
