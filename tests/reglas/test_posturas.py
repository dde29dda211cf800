"""Posturas: normal, ataque total, foco en el daño, defensa férrea y apuntar."""

from dataclasses import replace

import pytest

from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz
from tests.reglas.ayuda import calcular, error, tabla


class TestPosturas:
    def test_normal_sin_modificadores(self):
        r = calcular("postura", postura="normal", nivel=4)
        assert (r["mod_ataque"], r["mod_resistencia"], r["ultimo_en_iniciativa"]) == (0, 0, False)

    @pytest.mark.parametrize(("nivel", "bonus"), [(1, 1), (4, 2), (5, 3)])
    def test_ataque_total_la_mitad_del_nivel_redondeando_hacia_arriba(self, nivel, bonus):
        r = calcular("postura", postura="ataque_total", nivel=nivel)
        assert (r["mod_ataque"], r["mod_resistencia"], r["ultimo_en_iniciativa"]) == (
            bonus,
            -bonus,
            True,
        )

    def test_ataque_total_con_un_bonus_menor(self):
        r = calcular("postura", postura="ataque_total", nivel=5, bonus_elegido=1)
        assert (r["mod_ataque"], r["mod_resistencia"]) == (1, -1)
        assert r.pasos[0] == (
            "Ataque total: mitad del nivel 5 redondeando hacia arriba = 3; +1 al ataque y −1 a "
            "la resistencia y la CA"
        )

    def test_ataque_total_no_admite_mas_que_el_maximo(self):
        assert error("postura", postura="ataque_total", nivel=5, bonus_elegido=4) == (
            "en ataque total el bonus elegido va de 0 a 3 (la mitad del nivel 5, redondeando "
            "hacia arriba); se recibió 4"
        )

    def test_bonus_elegido_fuera_del_ataque_total(self):
        assert error("postura", postura="apuntar", bonus_elegido=1) == (
            "la entrada «bonus_elegido» solo se usa con la postura ataque_total"
        )

    def test_foco_en_el_dano_obliga_a_ser_el_ultimo(self):
        r = calcular("postura", postura="foco_en_el_dano", nivel=2)
        assert r["ultimo_en_iniciativa"] is True
        assert "consecuencia de un grado más" in r["nota"]

    def test_defensa_ferrea_pierde_el_ataque_y_gana_4(self):
        r = calcular("postura", postura="defensa_ferrea", bonus_ataque=3)
        assert (r["mod_ataque"], r["mod_resistencia"]) == (-3, 4)

    def test_apuntar_dobla_el_primer_rasgo(self):
        r = calcular("postura", postura="apuntar", nivel=3)
        assert r["mod_ataque"] == 3
        assert r.pasos == ("Apuntar: el primer rasgo aporta 2 × 3 en lugar de 3: +3 al ataque",)

    def test_tabla(self):
        t = tabla("posturas")
        assert [f[0] for f in t.filas] == [
            "Normal",
            "Ataque total",
            "Foco en el daño",
            "Defensa férrea",
            "Apuntar",
        ]
        assert [f[3] for f in t.filas] == ["No", "Sí", "Sí", "No", "No"]

    def test_postura_desconocida(self):
        assert error("postura", postura="berserker") == (
            "la entrada «postura» no admite «berserker»; valores válidos: normal, ataque_total, "
            "foco_en_el_dano, defensa_ferrea, apuntar"
        )


class TestParametros:
    def test_defensa_ferrea_lee_su_bonus_de_los_parametros(self):
        p2 = replace(ParametrosTapiz(), bonus_defensa_ferrea=5)
        r = TAPIZ.regla("postura").ejecutar(p2, {"postura": "defensa_ferrea"})
        assert r["mod_resistencia"] == 5
        assert TAPIZ.tabla("posturas").construir(p2).filas[3][2] == "+5"

    def test_apuntar_lee_su_multiplicador_de_los_parametros(self):
        p2 = replace(ParametrosTapiz(), multiplicador_apuntar=3)
        r = TAPIZ.regla("postura").ejecutar(p2, {"postura": "apuntar", "nivel": 3})
        assert r["mod_ataque"] == 6
