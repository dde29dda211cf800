"""El sistema d20 de las semillas: 1d20 + modificadores contra la CD."""

from tapiz_rules.sistemas import reglamento
from tests.reglas.ayuda import calcular, error

D20 = reglamento("d20")


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
