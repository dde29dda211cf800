"""Rango y Movimiento: visibilidad y cobertura."""

from dataclasses import replace

import pytest

from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import Cobertura, ParametrosTapiz
from tests.reglas.ayuda import calcular, error, tabla


class TestVisibilidadYCobertura:
    def test_sharra_tras_los_barriles_visibilidad_parcial(self):
        r = calcular("visibilidad", visibilidad="parcial")
        assert r.valores == {"modificador": -2, "grado": "menor"}
        assert r.pasos == (
            "Visibilidad parcial: consecuencia del entorno menor, −2 a los ataques contra el "
            "objetivo",
        )

    def test_sharra_tras_los_barriles_cobertura_media_parcial(self):
        r = calcular("cobertura", tipo="media")
        assert r.valores == {"bonificador": 5, "puede_atacar": True}
        assert r.pasos == (
            "Cobertura media parcial: +5 a la CA; puede seguir atacando a distancia",
        )

    def test_visibilidad_nula_es_una_consecuencia_mayor(self):
        assert calcular("visibilidad", visibilidad="nula").valores == {
            "modificador": -4,
            "grado": "mayor",
        }

    @pytest.mark.parametrize(
        ("tipo", "total", "bonificador"),
        [
            ("ligera", False, 2),
            ("ligera", True, 5),
            ("media", True, 10),
            ("pesada", False, 10),
            ("pesada", True, 20),
            ("ninguna", False, 0),
        ],
    )
    def test_bonificadores_de_cobertura(self, tipo, total, bonificador):
        assert calcular("cobertura", tipo=tipo, total=total)["bonificador"] == bonificador

    def test_con_cobertura_total_no_se_ataca(self):
        assert calcular("cobertura", tipo="ligera", total=True)["puede_atacar"] is False

    def test_tabla_de_cobertura(self):
        t = tabla("tabla_cobertura")
        assert t.filas[1] == ("Cobertura media", "+5", "+10", "Madera gruesa, ladrillo, piedra")

    def test_tabla_de_visibilidad(self):
        t = tabla("tabla_visibilidad")
        assert [f[2] for f in t.filas] == ["0", "−2", "−4"]

    def test_visibilidad_desconocida(self):
        assert error("visibilidad", visibilidad="borrosa") == (
            "la entrada «visibilidad» no admite «borrosa»; valores válidos: normal, parcial, nula"
        )


class TestParametros:
    def test_la_visibilidad_lee_su_grado_de_los_parametros(self):
        p = ParametrosTapiz()
        p2 = replace(p, grado_visibilidad={**p.grado_visibilidad, "parcial": "mayor"})
        r = TAPIZ.regla("visibilidad").ejecutar(p2, {"visibilidad": "parcial"})
        assert r.valores == {"modificador": -4, "grado": "mayor"}

    def test_la_cobertura_lee_sus_bonificadores_de_los_parametros(self):
        p = ParametrosTapiz()
        media = Cobertura("media", "Cobertura media", 6, 12, "Madera gruesa")
        p2 = replace(p, coberturas=tuple(media if c.nombre == "media" else c for c in p.coberturas))
        assert TAPIZ.regla("cobertura").ejecutar(p2, {"tipo": "media"})["bonificador"] == 6
        assert TAPIZ.tabla("tabla_cobertura").construir(p2).filas[1][1:3] == ("+6", "+12")
