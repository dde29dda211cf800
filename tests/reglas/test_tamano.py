"""Tamaño: modificadores entre criaturas pequeñas, medianas y grandes."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz
from tapiz_rules.sistemas.tapiz.tamano import TAMANOS
from tests.reglas.ayuda import calcular, error, tabla


class TestTamano:
    @pytest.mark.parametrize(
        ("atacante", "objetivo", "defensa", "efecto"),
        [
            ("pequeno", "mediano", -2, -2),
            ("pequeno", "grande", -4, -4),
            ("mediano", "pequeno", 2, 2),
            ("grande", "pequeno", 4, 4),
            ("mediano", "mediano", 0, 0),
        ],
    )
    def test_ataque_fisico(self, atacante, objetivo, defensa, efecto):
        r = calcular("tamano_fisico", atacante=atacante, objetivo=objetivo)
        assert r.valores == {"mod_defensa": defensa, "mod_efecto": efecto}

    @pytest.mark.parametrize(
        ("atacante", "objetivo", "defensa", "efecto"),
        [("pequeno", "mediano", 2, -2), ("pequeno", "grande", 4, -4), ("grande", "mediano", -2, 2)],
    )
    def test_ataque_mental(self, atacante, objetivo, defensa, efecto):
        r = calcular("tamano_mental", atacante=atacante, objetivo=objetivo)
        assert r.valores == {"mod_defensa": defensa, "mod_efecto": efecto}

    def test_pasos(self):
        r = calcular("tamano_fisico", atacante="pequeno", objetivo="grande")
        assert r.pasos == (
            "Atacante pequeño contra objetivo grande (2 escalones menor): −4 a la CA del "
            "objetivo, −4 puntos de efecto",
        )

    def test_tablas_como_en_el_libro(self):
        fisico = tabla("tabla_tamano_fisico")
        assert fisico.columnas == (
            "Tamaño del atacante",
            "Objetivo Pequeño",
            "Objetivo Mediano",
            "Objetivo Grande",
        )
        assert fisico.filas[0] == (
            "Pequeño",
            "Sin cambios",
            "−2 a la CA del objetivo, −2 puntos de efecto al atacante",
            "−4 a la CA del objetivo, −4 puntos de efecto al atacante",
        )
        mental = tabla("tabla_tamano_mental")
        assert mental.filas[1][1] == (
            "−2 a la resistencia del objetivo, +2 puntos de efecto al atacante"
        )

    def test_tamano_desconocido(self):
        assert error("tamano_fisico", atacante="enorme", objetivo="grande") == (
            "la entrada «atacante» no admite «enorme»; valores válidos: pequeno, mediano, grande"
        )


@given(st.sampled_from(TAMANOS), st.sampled_from(TAMANOS))
def test_intercambiar_atacante_y_objetivo_invierte_el_signo(a, b):
    ida = calcular("tamano_fisico", atacante=a, objetivo=b)
    vuelta = calcular("tamano_fisico", atacante=b, objetivo=a)
    assert ida["mod_defensa"] == -vuelta["mod_defensa"]
    mental = calcular("tamano_mental", atacante=a, objetivo=b)
    assert mental["mod_defensa"] == -ida["mod_defensa"]
    assert mental["mod_efecto"] == ida["mod_efecto"]


def test_el_paso_de_tamano_sale_de_los_parametros():
    p2 = replace(ParametrosTapiz(), paso_tamano=3)
    entradas = {"atacante": "grande", "objetivo": "pequeno"}
    assert TAPIZ.regla("tamano_fisico").ejecutar(p2, entradas).valores == {
        "mod_defensa": 6,
        "mod_efecto": 6,
    }
    assert TAPIZ.regla("tamano_mental").ejecutar(p2, entradas).valores == {
        "mod_defensa": -6,
        "mod_efecto": 6,
    }
