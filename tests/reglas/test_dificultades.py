"""Dificultades: la escala de resistencias."""

import pytest

from tests.reglas.ayuda import calcular, tabla


class TestDificultades:
    def test_tabla_de_trivial_a_imposible(self):
        t = tabla("dificultades")
        assert t.filas[0] == ("Trivial", 3)
        assert t.filas[-1] == ("Imposible", 40)
        assert [f[1] for f in t.filas] == [3, 6, 9, 12, 15, 18, 21, 24, 30, 40]

    @pytest.mark.parametrize(
        ("nombre", "resistencia"), [("media", 12), ("locura", 24), ("muy_facil", 6)]
    )
    def test_resistencia_de_cada_escalon(self, nombre, resistencia):
        r = calcular("dificultad", nombre=nombre)
        assert r["resistencia"] == resistencia

    def test_pasos(self):
        assert calcular("dificultad", nombre="muy_dificil").pasos == (
            "Dificultad muy difícil: resistencia 18",
        )
