"""Hacer cosas: la tirada de acción, el bonus de rasgos y las probabilidades."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.sistemas.tapiz.parametros import GRADOS
from tests.reglas.ayuda import ACTUAL, CON_TZR0001, EDICION_2017, calcular, error


class TestHacerCosas:
    def test_el_primer_rasgo_suma_el_nivel_y_cada_otro_uno(self):
        r = calcular("bonus_rasgos", nivel=3, rasgos=2)
        assert r.valores == {"bonus": 4, "tope": 6}
        assert r.pasos == (
            "Bonus de rasgos: nivel 3 por el primer rasgo + 1 por el segundo = 4 (tope 6)",
        )

    def test_el_bonus_de_rasgos_no_pasa_del_doble_del_nivel(self):
        r = calcular("bonus_rasgos", nivel=2, rasgos=5)
        assert r.valores == {"bonus": 4, "tope": 4}
        assert r.pasos == (
            "Bonus de rasgos: nivel 2 por el primer rasgo + 4 por los otros 4 rasgos = 6 "
            "(tope 4, recortado a 4)",
        )

    def test_total_resultado_y_puntos_de_efecto(self):
        r = calcular("accion", base=14, dados=5, mod=2, nivel=3, rasgos=2, bonus=-2, resistencia=15)
        assert r.valores == {
            "total": 23,
            "resultado": 8,
            "exito": True,
            "puntos_de_efecto": 8,
            "puntos_de_consecuencia": 0,
            "grado": "menor",
            "modificador": 2,
            "bonus_rasgos": 4,
            "a_un_punto": False,
        }
        assert r.pasos[1] == (
            "Total: 1d20 (14) + dados de atributo 5 + mod +2 + rasgos 4 + bonus −2 = 23"
        )

    def test_un_fallo_da_puntos_de_consecuencia(self):
        r = calcular("accion", base=3, resistencia=15)
        assert r["resultado"] == -12
        assert (r["puntos_de_efecto"], r["puntos_de_consecuencia"]) == (0, 12)
        assert (r["grado"], r["modificador"]) == ("mayor", 4)
        assert r.pasos[-1] == "12 puntos ≥ 10: consecuencia mayor (±4)"

    def test_igualar_la_resistencia_es_un_exito_sin_puntos(self):
        r = calcular("accion", base=10, resistencia=10)
        assert (r["exito"], r["puntos_de_efecto"], r["puntos_de_consecuencia"]) == (True, 0, 0)
        assert r["grado"] is None

    @pytest.mark.parametrize("base", [1, 20])
    def test_la_base_admite_todo_el_d20(self, base):
        assert calcular("accion", base=base, resistencia=0)["total"] == base

    def test_una_base_imposible_es_un_error(self):
        assert error("accion", base=21, resistencia=10) == (
            "la tirada base 21 no es posible con 1d20 (de 1 a 20; edición actual)"
        )
        assert error("accion", EDICION_2017, base=2, resistencia=10) == (
            "la tirada base 2 no es posible con 3d6 (de 3 a 18; edición 2017)"
        )

    def test_rasgos_de_lengua_sin_tzr0001_es_un_error(self):
        assert error("accion", base=10, resistencia=10, rasgos_lengua=1) == (
            "el bonus de rasgo por lengua («rasgos_lengua») requiere la regla opcional TZR0001 "
            "(Bonus de rasgo asociados al conocimiento de una lengua), que no está activa en "
            "este reglamento"
        )

    def test_rasgos_de_lengua_con_tzr0001_cuentan_para_el_tope(self):
        r = calcular(
            "accion", CON_TZR0001, base=10, nivel=1, rasgos=1, rasgos_lengua=2, resistencia=5
        )
        assert r["bonus_rasgos"] == 2
        assert r.pasos[0] == (
            "Bonus de rasgos: nivel 1 por el primer rasgo + 2 por lengua (TZR0001) = 3 "
            "(tope 2, recortado a 2)"
        )


class TestPuntosDeHeroicidad:
    @pytest.mark.parametrize(("efecto", "siguiente"), [(4, "menor"), (9, "mayor"), (14, "extremo")])
    def test_a_un_punto_de_un_grado(self, efecto, siguiente):
        r = calcular("accion", base=10, resistencia=10 - efecto)
        assert r["puntos_de_efecto"] == efecto
        assert r["a_un_punto"] is True
        assert r.pasos[-1] == (
            f"A un punto de un efecto {siguiente}: un punto de heroicidad (+1) lo alcanza"
        )

    @pytest.mark.parametrize("efecto", [0, 3, 5, 8, 10, 15, 19])
    def test_no_esta_a_un_punto(self, efecto):
        assert calcular("accion", base=20, resistencia=20 - efecto)["a_un_punto"] is False

    def test_los_puntos_de_consecuencia_no_se_suben_con_heroicidad(self):
        assert calcular("accion", base=1, resistencia=5)["a_un_punto"] is False


class TestTiradasEstaticasYDeResistencia:
    def test_tirada_estatica_suma_diez(self):
        r = calcular("tirada_estatica", mod=2, bonus_rasgos=3, bonus=-1)
        assert r["valor"] == 14
        assert r.pasos == ("10 + mod +2 + rasgos 3 + bonus −1 = 14",)

    def test_la_tirada_de_resistencia_es_la_resistencia_del_oponente(self):
        r = calcular("tirada_resistencia", base=12, dados=3, mod=1, bonus_rasgos=2)
        assert r["resistencia"] == 18

    def test_con_3d6_la_base_va_de_3_a_18(self):
        assert calcular("tirada_resistencia", EDICION_2017, base=18)["resistencia"] == 18


class TestVentajaYDesventaja:
    @pytest.mark.parametrize(
        ("tipo", "nivel", "expresion"),
        [
            ("ventaja", 2, "2d6!kh1"),
            ("desventaja", 2, "2d6!kl1"),
            ("ventaja", 5, "3d6!kh2"),
            ("desventaja", 10, "5d10!kl4"),
            ("ventaja", 1, "2d4!kh1"),
        ],
    )
    def test_un_dado_mas_ignorando_el_menor_o_el_mayor(self, tipo, nivel, expresion):
        assert calcular("ventaja", tipo=tipo, nivel_atributo=nivel)["expresion"] == expresion

    @pytest.mark.parametrize("nivel", range(1, 11))
    def test_la_expresion_es_notacion_canonica(self, nivel):
        from tapiz_rules.dados import analizar

        for tipo in ("ventaja", "desventaja"):
            expresion = calcular("ventaja", tipo=tipo, nivel_atributo=nivel)["expresion"]
            assert str(analizar(expresion)) == expresion

    def test_tipo_desconocido_lista_los_validos(self):
        assert error("ventaja", tipo="suerte", nivel_atributo=2) == (
            "la entrada «tipo» no admite «suerte»; valores válidos: ventaja, desventaja"
        )

    def test_sin_dados_de_atributo_no_hay_ventaja(self):
        assert error("ventaja", tipo="ventaja", nivel_atributo=0) == (
            "la entrada «nivel_atributo» debe estar entre 1 y 10; se recibió 0"
        )


CLAVES_GRADO = ("p_menor", "p_mayor", "p_extremo")
CLAVES_CONSECUENCIA = ("p_consecuencia_menor", "p_consecuencia_mayor", "p_consecuencia_extrema")


def fuerza_bruta(caras_por_dado, fijo, resistencia):
    """Recorre todas las caras del dado base y cuenta cada resultado."""
    cuentas = {clave: 0 for clave in ("p_exito", "p_fallo", *CLAVES_GRADO, *CLAVES_CONSECUENCIA)}
    cuentas |= {"p_exito_sin_grado": 0, "p_fallo_sin_grado": 0}
    tiradas = list(itertools.product(*(range(1, c + 1) for c in caras_por_dado)))
    for tirada in tiradas:
        resultado = sum(tirada) + fijo - resistencia
        exito = resultado >= 0
        cuentas["p_exito" if exito else "p_fallo"] += 1
        alcanzados = [i for i, g in enumerate(GRADOS) if abs(resultado) >= g.puntos]
        if alcanzados:
            claves = CLAVES_GRADO if exito else CLAVES_CONSECUENCIA
            cuentas[claves[alcanzados[-1]]] += 1
        else:
            cuentas["p_exito_sin_grado" if exito else "p_fallo_sin_grado"] += 1
    return {clave: Fraction(n, len(tiradas)) for clave, n in cuentas.items()}


class TestProbabilidadesDeAccion:
    def test_contra_resistencia_11_con_1d20_la_mitad_tiene_exito(self):
        r = calcular("probabilidades_accion", resistencia=11)
        assert r["p_exito"] == 0.5
        assert r.pasos[2] == "Éxito si los dados suman al menos 11: 50,0 %"

    def test_la_edicion_de_2017_usa_3d6(self):
        r = calcular("probabilidades_accion", EDICION_2017, resistencia=12)
        assert r["p_exito"] == pytest.approx(81 / 216)
        assert r.pasos[1].startswith("Dados: 3d6 (edición 2017)")

    def test_los_dados_de_atributo_se_suman_al_dado_base(self):
        r = calcular("probabilidades_accion", dados="1d4", resistencia=24)
        assert r["p_exito"] == pytest.approx(1 / 80)
        assert r.pasos[1].startswith("Dados: 1d20+1d4 (edición actual)")

    def test_los_modificadores_fijos_bajan_lo_que_hace_falta_en_los_dados(self):
        r = calcular("probabilidades_accion", mod=2, nivel=2, rasgos=1, resistencia=15)
        assert r["p_exito"] == 0.5
        assert r.pasos[2] == "Éxito si los dados suman al menos 15 − 4 = 11: 50,0 %"

    @given(
        mod=st.integers(-4, 8),
        nivel=st.integers(1, 5),
        rasgos=st.integers(0, 4),
        bonus=st.integers(-6, 6),
        resistencia=st.integers(-5, 45),
        edicion=st.sampled_from(["actual", "2017"]),
    )
    def test_coincide_con_la_fuerza_bruta_y_suma_uno(
        self, mod, nivel, rasgos, bonus, resistencia, edicion
    ):
        reglamento = ACTUAL if edicion == "actual" else EDICION_2017
        r = calcular(
            "probabilidades_accion",
            reglamento,
            mod=mod,
            nivel=nivel,
            rasgos=rasgos,
            bonus=bonus,
            resistencia=resistencia,
        )
        fijo = mod + calcular("bonus_rasgos", nivel=nivel, rasgos=rasgos)["bonus"] + bonus
        caras = (20,) if edicion == "actual" else (6, 6, 6)
        esperado = fuerza_bruta(caras, fijo, resistencia)
        for clave, p in esperado.items():
            assert r[clave] == pytest.approx(float(p), abs=1e-12), clave
        assert r["p_exito"] + r["p_fallo"] == pytest.approx(1.0)
        exitos = r["p_exito_sin_grado"] + sum(r[clave] for clave in CLAVES_GRADO)
        assert exitos == pytest.approx(r["p_exito"], abs=1e-12)


@given(
    base=st.integers(1, 20),
    dados=st.integers(0, 40),
    mod=st.integers(-4, 8),
    nivel=st.integers(1, 20),
    rasgos=st.integers(0, 30),
    bonus=st.integers(-10, 10),
    resistencia=st.integers(-10, 60),
)
def test_propiedades_de_la_tirada_de_accion(base, dados, mod, nivel, rasgos, bonus, resistencia):
    r = calcular(
        "accion",
        base=base,
        dados=dados,
        mod=mod,
        nivel=nivel,
        rasgos=rasgos,
        bonus=bonus,
        resistencia=resistencia,
    )
    assert r["bonus_rasgos"] <= 2 * nivel
    assert r["total"] == base + dados + mod + r["bonus_rasgos"] + bonus
    assert r["resultado"] == r["total"] - resistencia
    efecto, consecuencia = r["puntos_de_efecto"], r["puntos_de_consecuencia"]
    assert min(efecto, consecuencia) == 0
    assert efecto - consecuencia == r["resultado"]
    assert r["exito"] == (r["resultado"] >= 0)


@given(nivel=st.integers(1, 50), rasgos=st.integers(0, 200))
def test_el_bonus_de_rasgos_nunca_supera_el_doble_del_nivel(nivel, rasgos):
    r = calcular("bonus_rasgos", nivel=nivel, rasgos=rasgos)
    assert 0 <= r["bonus"] <= r["tope"] == 2 * nivel
    assert r["bonus"] == min(2 * nivel, (nivel + rasgos - 1) if rasgos else 0)
