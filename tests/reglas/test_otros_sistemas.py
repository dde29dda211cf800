"""Los otros sistemas de las semillas: d20 contra CD y Ratas en las paredes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.sistemas import reglamento
from tests.reglas.ayuda import calcular, error, tabla

D20 = reglamento("d20")
RATAS = reglamento("ratas")


class TestSistemaD20:
    def test_igualar_la_cd_es_un_exito(self):
        r = calcular("prueba", D20, tirada=12, modificador=3, cd=15)
        assert r.valores == {"total": 15, "exito": True, "natural_20": False}
        assert r.pasos == ("d20 = 12; 12 + 3 = 15 contra CD 15", "Éxito")

    def test_elegir_10(self):
        r = calcular("prueba", D20, modificador=4, cd=15, elegir=10)
        assert (r["total"], r["exito"]) == (14, False)

    def test_elegir_20_no_es_un_20_natural(self):
        r = calcular("prueba", D20, modificador=0, cd=15, elegir=20)
        assert (r["total"], r["natural_20"]) == (20, False)

    def test_un_20_natural_en_un_ataque_siempre_impacta(self):
        r = calcular("prueba", D20, tirada=20, modificador=1, cd=25, ataque=True)
        assert r.valores == {"total": 21, "exito": True, "natural_20": True}
        assert r.pasos[1] == "20 natural en un ataque: impacta siempre"

    def test_un_20_natural_fuera_de_un_ataque_no_basta(self):
        assert calcular("prueba", D20, tirada=20, modificador=1, cd=25)["exito"] is False

    def test_falta_la_tirada(self):
        assert error("prueba", D20, cd=10) == (
            "falta la entrada «tirada»: el resultado del d20 (o elige 10 o 20)"
        )

    def test_un_d20_no_saca_21(self):
        assert error("prueba", D20, tirada=21, cd=10) == (
            "la entrada «tirada» debe estar entre 1 y 20; se recibió 21"
        )

    def test_elegir_15_no_existe(self):
        assert error("prueba", D20, cd=10, elegir=15) == (
            "la entrada «elegir» no admite «15»; valores válidos: 0, 10, 20"
        )


class TestRatasEnLasParedes:
    @pytest.mark.parametrize(
        ("dados", "atributo", "dificultad", "total", "banda", "exito"),
        [
            (5, 2, "normal", 7, "7-", False),
            (6, 2, "normal", 8, "8-9", True),
            (7, 1, "facil", 10, "10-11", True),
            (12, 2, "dificil", 12, "12+", True),
            (2, 0, "dificil", 0, "7-", False),
        ],
    )
    def test_2d6_mas_atributo_contra_8(self, dados, atributo, dificultad, total, banda, exito):
        r = calcular("tirada", RATAS, dados=dados, atributo=atributo, dificultad=dificultad)
        assert (r["total"], r["banda"], r["exito"]) == (total, banda, exito)

    def test_pasos(self):
        r = calcular("tirada", RATAS, dados=7, atributo=1, dificultad="facil")
        assert r.pasos == (
            "2d6 = 7 + atributo +1 + fácil +2 = 10",
            "10 ≥ 8: éxito, banda 10-11",
        )
        assert r["descripcion"] == "Tiene éxito y elige una consecuencia para su objetivo"

    def test_2d6_no_suma_13(self):
        assert error("tirada", RATAS, dados=13) == (
            "la entrada «dados» debe estar entre 2 y 12; se recibió 13"
        )

    def test_tabla_de_bandas(self):
        t = tabla("bandas", RATAS)
        assert [f[0] for f in t.filas] == ["7-", "8-9", "10-11", "12+"]


@given(st.integers(2, 12), st.integers(-3, 4), st.sampled_from(["facil", "normal", "dificil"]))
def test_exito_de_ratas_es_la_banda_8_o_mas(dados, atributo, dificultad):
    r = calcular("tirada", RATAS, dados=dados, atributo=atributo, dificultad=dificultad)
    assert r["exito"] == (r["banda"] != "7-")
