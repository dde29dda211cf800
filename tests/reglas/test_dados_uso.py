"""Uso de dados: el d% y los dados emulados."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.reglas.ayuda import calcular, error


class TestUsoDeDados:
    def test_decenas_3_y_unidades_7_son_37(self):
        r = calcular("lectura_porcentaje", decenas=3, unidades=7)
        assert r["total"] == 37
        assert r.pasos == ("Decenas 3 y unidades 7: se leen juntas, 37 (no 10)",)

    def test_dos_ceros_son_100(self):
        r = calcular("lectura_porcentaje", decenas=0, unidades=0)
        assert r["total"] == 100
        assert r.pasos == ("Decenas 0 y unidades 0: «00» y «0» cuentan como 100",)

    def test_una_cifra_fuera_de_0_9(self):
        assert error("lectura_porcentaje", decenas=10, unidades=0) == (
            "la entrada «decenas» no admite «10»; valores válidos: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"
        )

    @pytest.mark.parametrize(("dado", "valor"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
    def test_un_d3_con_un_d6(self, dado, valor):
        assert calcular("dado_emulado", caras=3, dado=dado)["valor"] == valor

    def test_un_d5_con_un_d10(self):
        assert calcular("dado_emulado", caras=5, dado=7, caras_reales=10)["valor"] == 4

    def test_no_se_puede_emular_un_d4_con_un_d6(self):
        assert error("dado_emulado", caras=4, dado=3) == (
            "no se puede emular un d4 con un d6: las caras del dado tirado deben ser un "
            "múltiplo de las del dado emulado, y mayores"
        )

    def test_un_d6_no_saca_un_7(self):
        assert error("dado_emulado", caras=3, dado=7) == (
            "la entrada «dado» debe estar entre 1 y 6 (un d6); se recibió 7"
        )


@given(st.integers(0, 9), st.integers(0, 9))
def test_el_d_porcentual_va_de_1_a_100(decenas, unidades):
    total = calcular("lectura_porcentaje", decenas=decenas, unidades=unidades)["total"]
    assert 1 <= total <= 100
    assert total % 100 == (decenas * 10 + unidades)
