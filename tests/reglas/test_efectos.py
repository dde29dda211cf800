"""Puntos de Efecto: grados, eliminar efectos y ventaja momentánea."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.sistemas.tapiz.efectos import grado_a_un_punto
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz
from tests.reglas.ayuda import calcular, error, tabla


class TestPuntosDeEfecto:
    @pytest.mark.parametrize(
        ("puntos", "grado", "modificador"),
        [
            (4, None, 0),
            (5, "menor", 2),
            (9, "menor", 2),
            (10, "mayor", 4),
            (15, "extremo", 6),
            (40, "extremo", 6),
        ],
    )
    def test_cinco_diez_y_quince_puntos(self, puntos, grado, modificador):
        assert calcular("grado_efecto", puntos=puntos).valores == {
            "grado": grado,
            "modificador": modificador,
        }

    def test_tabla_de_grados(self):
        t = tabla("grados_efecto")
        assert t.filas == (("Menor", 5, "+2/-2"), ("Mayor", 10, "+4/-4"), ("Extremo", 15, "+6/-6"))

    def test_un_personaje_noqueado_necesita_diez_puntos_para_levantarse(self):
        r = calcular("eliminar_efecto", grado="mayor")
        assert r["puntos"] == 10
        assert r.pasos == (
            "Un efecto mayor se creó con 10 puntos: eliminarlo cuesta 10 puntos de efecto",
        )

    @pytest.mark.parametrize(("grado", "puntos"), [("menor", 5), ("extremo", 15)])
    def test_eliminar_cuesta_lo_mismo_que_crear(self, grado, puntos):
        assert calcular("eliminar_efecto", grado=grado)["puntos"] == puntos

    def test_grado_desconocido(self):
        assert error("eliminar_efecto", grado="enorme") == (
            "la entrada «grado» no admite «enorme»; valores válidos: menor, mayor, extremo"
        )


class TestVentajaMomentanea:
    def test_menos_de_cinco_puntos_dan_mas_uno_o_puntos_de_golpe(self):
        r = calcular("ventaja_momentanea", puntos=3)
        assert r.valores == {"modificador": 1, "puntos_de_golpe": 3}
        assert r.pasos[-1] == "O bien una ventaja momentánea: +1 a ti en tu siguiente acción"

    def test_la_desventaja_da_menos_uno_a_tu_objetivo(self):
        r = calcular("ventaja_momentanea", puntos=2, tipo="desventaja")
        assert r.valores == {"modificador": -1, "puntos_de_golpe": 2}
        assert r.pasos[-1] == (
            "O bien una desventaja momentánea: -1 a tu objetivo en su siguiente acción"
        )

    def test_cinco_puntos_ya_son_un_efecto_menor(self):
        assert error("ventaja_momentanea", puntos=5) == (
            "la entrada «puntos» no admite «5»; valores válidos: 1, 2, 3, 4"
        )


def test_ejemplos_de_efectos_por_grado():
    t = tabla("ejemplos_efectos")
    assert [f[0] for f in t.filas] == ["Menor", "Mayor", "Extremo"]
    assert t.filas[1][2].startswith("desarmar a un oponente")


@given(st.integers(0, 100))
def test_a_un_punto_solo_en_4_9_y_14(puntos):
    assert (grado_a_un_punto(ParametrosTapiz(), puntos) is not None) == (puntos in (4, 9, 14))
