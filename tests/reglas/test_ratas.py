"""Ratas en las paredes (004) y las reglas de la casa que lo siguen."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.sistemas import reglamento
from tapiz_rules.sistemas.ratas import ParametrosRatas
from tests.reglas.ayuda import calcular, error, tabla

RATAS = reglamento("ratas")
DIFICULTADES = st.sampled_from(["facil", "normal", "dificil", "FÁCIL", "Difícil"])
D6 = st.integers(1, 6)


class TestTirada:
    @pytest.mark.parametrize(
        ("dados", "atributo", "dificultad", "total", "banda", "exito"),
        [
            (5, 2, "normal", 7, "7-", False),
            (6, 2, "normal", 8, "8-9", True),
            (7, 1, "facil", 10, "10-11", True),
            (12, 2, "dificil", 12, "12+", True),
            (2, 0, "dificil", 0, "7-", False),
            (5, 1, "FÁCIL", 8, "8-9", True),
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

    def test_ventaja_suma_2(self):
        r = calcular("tirada", RATAS, dados=6, atributo=1, ventaja=True)
        assert r["total"] == 9
        assert r.pasos[0].endswith("+ ventaja +2 = 9")

    def test_2d6_no_suma_13(self):
        assert error("tirada", RATAS, dados=13) == (
            "la entrada «dados» debe estar entre 2 y 12; se recibió 13"
        )

    def test_dificultad_desconocida_nombra_las_validas(self):
        mensaje = error("tirada", RATAS, dados=7, dificultad="imposible")
        assert "imposible" in mensaje
        assert "facil, normal, dificil" in mensaje

    def test_tabla_de_bandas(self):
        t = tabla("bandas", RATAS)
        assert [f[0] for f in t.filas] == ["7-", "8-9", "10-11", "12+"]

    def test_cinco_consecuencias(self):
        nombres = [f[0] for f in tabla("consecuencias", RATAS).filas]
        assert nombres == ["Bala perdida", "Estrés", "Herir", "Ignorar armadura", "Vulnerable"]


class TestTareasYPersecuciones:
    @pytest.mark.parametrize(
        ("dados", "tiempo"),
        [
            (7, "2d6"),
            (8, "1d6"),
            (9, "1d6"),
            (10, "casi inmediatamente"),
            (12, "casi inmediatamente"),
        ],
    )
    def test_tarea(self, dados, tiempo):
        assert tiempo in calcular("tarea", RATAS, dados=dados)["tiempo"]

    @pytest.mark.parametrize(
        ("dados", "desenlace"),
        [(7, "Se estrella"), (9, "mala posición"), (10, "atrapa")],
    )
    def test_persecucion(self, dados, desenlace):
        assert desenlace in calcular("persecucion", RATAS, dados=dados)["desenlace"]

    @pytest.mark.parametrize(
        ("dados", "desenlace"),
        [(6, "El enemigo le golpea"), (8, "Se golpean los dos"), (11, "Golpea a su objetivo")],
    )
    def test_combate_de_vehiculos(self, dados, desenlace):
        assert calcular("combate_de_vehiculos", RATAS, dados=dados)["desenlace"] == desenlace


class TestCombate:
    def test_rifle_contra_10_pv(self):
        r = calcular("herida", RATAS, pv=10, dano=8)
        assert (r["pv"], r["muriendo"]) == (2, False)

    def test_la_proteccion_se_resta(self):
        r = calcular("herida", RATAS, pv=10, dano=4, proteccion=2)
        assert (r["dano"], r["pv"]) == (2, 8)
        assert r.pasos == ("4 de daño − 2 de protección = 2", "10 − 2 = 8 PV")

    def test_enemigo_con_2_pv_huye_y_con_3_no(self):
        assert calcular("herida", RATAS, pv=5, dano=3, enemigo=True)["huye"] is True
        assert calcular("herida", RATAS, pv=5, dano=2, enemigo=True)["huye"] is False

    def test_a_0_pv_se_muere_no_se_huye(self):
        r = calcular("herida", RATAS, pv=5, dano=9, enemigo=True)
        assert (r["pv"], r["muriendo"], r["huye"]) == (0, True, False)

    def test_dano_negativo(self):
        assert error("herida", RATAS, pv=5, dano=-1) == (
            "la entrada «dano» no puede ser menor que 0; se recibió -1"
        )

    def test_fuego_automatico_un_1_vacia_el_arma(self):
        r = calcular("fuego_automatico", RATAS, dado_1=1, dado_2=5, dado_3=4)
        assert r.valores == {"total": 10, "exito": True, "banda": "10-11", "sin_municion": True}

    def test_fuego_automatico_un_d6_no_saca_7(self):
        assert "dado_2" in error("fuego_automatico", RATAS, dado_1=2, dado_2=7, dado_3=3)

    def test_nombres_que_lee_la_comparacion(self):
        p = ParametrosRatas()
        assert (p.dados_fuego_automatico, p.vacia_el_arma) == ("3d6", 1)

    @pytest.mark.parametrize(
        ("distancia", "arma_2d6", "posible", "dificultad"),
        [
            ("lejos", False, False, "dificil"),
            ("Lejos", True, True, "dificil"),
            ("cerca", False, True, "normal"),
            ("próximo", False, True, "normal"),
        ],
    )
    def test_alcance(self, distancia, arma_2d6, posible, dificultad):
        r = calcular("alcance", RATAS, distancia=distancia, arma_2d6=arma_2d6)
        assert (r["posible"], r["dificultad"]) == (posible, dificultad)

    def test_recuperacion(self):
        assert calcular("recuperacion", RATAS, pv=3, cura=4)["pv"] == 7
        assert calcular("recuperacion", RATAS, pv=8, cura=6)["pv"] == 10
        assert calcular("recuperacion", RATAS, pv=0, entre_sesiones=True)["pv"] == 10

    def test_armaduras_protegen_1_o_2(self):
        assert {f[2] for f in tabla("armaduras", RATAS).filas} == {1, 2}


class TestCicatrices:
    @pytest.mark.parametrize(
        ("dados", "cicatriz"),
        [
            (2, "Dolor crónico"),
            (3, "Cojera"),
            (5, "Parte del cuerpo perdida o deformada"),
            (9, "Cicatriz"),
            (12, "Cicatriz desagradable"),
        ],
    )
    def test_cicatriz(self, dados, cicatriz):
        assert calcular("cicatriz", RATAS, dados=dados)["cicatriz"] == cicatriz

    def test_locura_cosmetica_lee_la_subtabla(self):
        r = calcular("locura", RATAS, dados=9, cosmetico=6)
        assert r.valores == {"cicatriz": "Cambio cosmético", "efecto": "Mutación en la piel"}

    def test_rangos_de_la_tabla(self):
        assert [f[0] for f in tabla("cicatrices", RATAS).filas] == ["2", "3", "4-6", "7-9", "10+"]
        assert [f[0] for f in tabla("locuras", RATAS).filas] == [
            "2",
            "3-4",
            "5-7",
            "8-9",
            "10",
            "11",
            "12",
        ]

    def test_cosmetico_fuera_de_1d6(self):
        assert error("locura", RATAS, dados=8, cosmetico=0) == (
            "la entrada «cosmetico» debe estar entre 1 y 6; se recibió 0"
        )


class TestCordura:
    def test_voluntad_mas_10(self):
        assert calcular("cordura_inicial", RATAS, voluntad=2)["cordura"] == 12

    def test_perder_hasta_0(self):
        r = calcular("perder_cordura", RATAS, cordura=2, perdida=3)
        assert (r["cordura"], r["a_cero"]) == (0, True)

    def test_pv_de_vehiculos_no_pasan_de_40(self):
        filas = dict(tabla("vehiculos", RATAS).filas)
        assert filas["Coche"] == 5 and filas["Tanque Tiger"] == 20
        assert max(filas.values()) <= ParametrosRatas().pv_maximos_de_vehiculo


class TestReglasDeLaCasa:
    def test_dos_fracasos_matan(self):
        assert calcular("peligro_mortal", RATAS, primera=6, segunda=5)["muere"] is True

    def test_un_compañero_con_8_rescata(self):
        assert calcular("peligro_mortal", RATAS, primera=6, segunda=5, rescate=8)["muere"] is False
        assert calcular("peligro_mortal", RATAS, primera=6, segunda=5, rescate=7)["muere"] is True

    def test_un_solo_fracaso_no_mata(self):
        assert calcular("peligro_mortal", RATAS, primera=6, segunda=9)["muere"] is False

    @pytest.mark.parametrize(
        ("total", "nivel"),
        [(7, "fracaso"), (8, "parcial"), (9, "parcial"), (10, "exito"), (13, "exito")],
    )
    def test_tres_resultados(self, total, nivel):
        assert calcular("tres_resultados", RATAS, total=total)["nivel"] == nivel

    @pytest.mark.parametrize(
        ("a", "b", "dano_a", "dano_b"),
        [
            (5, 6, "Daño grave", "Daño grave"),
            (8, 9, "Daño menor", "Daño menor"),
            (10, 12, "Ninguno", "Ninguno"),
            (11, 8, "Ninguno", "Parte del castigo"),
            (11, 3, "Ninguno", "Todo el castigo"),
            (9, 4, "Daño menor", "Todo el castigo"),
            (4, 9, "Todo el castigo", "Daño menor"),
        ],
    )
    def test_matriz_de_enfrentamiento(self, a, b, dano_a, dano_b):
        r = calcular("enfrentamiento", RATAS, total_a=a, total_b=b)
        assert (r["dano_a"], r["dano_b"]) == (dano_a, dano_b)

    def test_la_matriz_tiene_seis_combinaciones(self):
        assert len(tabla("matriz_enfrentamiento", RATAS).filas) == 6


@given(st.integers(2, 12), st.integers(-3, 4), DIFICULTADES)
def test_exito_de_ratas_es_la_banda_8_o_mas(dados, atributo, dificultad):
    r = calcular("tirada", RATAS, dados=dados, atributo=atributo, dificultad=dificultad)
    assert r["exito"] == (r["banda"] != "7-")


@given(st.integers(2, 12), st.integers(-3, 4), DIFICULTADES)
def test_la_tarea_dura_menos_cuanto_mejor_la_tirada(dados, atributo, dificultad):
    peor = calcular("tarea", RATAS, dados=dados, atributo=atributo, dificultad=dificultad)
    mejor = calcular(
        "tarea", RATAS, dados=min(12, dados + 2), atributo=atributo, dificultad=dificultad
    )
    orden = ["2d6", "1d6", "casi"]
    rango = [next(i for i, o in enumerate(orden) if o in r["tiempo"]) for r in (peor, mejor)]
    assert rango[1] >= rango[0]


@given(D6, D6, D6)
def test_fuego_automatico_se_vacia_si_y_solo_si_hay_un_1(a, b, c):
    r = calcular("fuego_automatico", RATAS, dado_1=a, dado_2=b, dado_3=c)
    assert r["sin_municion"] == (1 in (a, b, c))
    assert r["total"] == a + b + c


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 2))
def test_la_herida_nunca_cura_ni_baja_de_0(pv, dano, proteccion):
    r = calcular("herida", RATAS, pv=pv, dano=dano, proteccion=proteccion)
    assert 0 <= r["pv"] <= pv
    assert r["muriendo"] == (r["pv"] == 0)


@given(st.integers(0, 14), st.integers(0, 14))
def test_el_enfrentamiento_es_simetrico(a, b):
    ab = calcular("enfrentamiento", RATAS, total_a=a, total_b=b)
    ba = calcular("enfrentamiento", RATAS, total_a=b, total_b=a)
    assert (ab["dano_a"], ab["dano_b"]) == (ba["dano_b"], ba["dano_a"])


@given(st.integers(2, 12), st.integers(1, 6))
def test_toda_tirada_de_2d6_tiene_cicatriz_y_locura(dados, cosmetico):
    assert calcular("cicatriz", RATAS, dados=dados)["cicatriz"]
    assert calcular("locura", RATAS, dados=dados, cosmetico=cosmetico)["efecto"]


class TestMorirYPeligros:
    def test_la_ayuda_a_tiempo_salva_con_1_pv_y_una_cicatriz(self):
        r = calcular("a_cero_pv", RATAS, turnos=4, ayuda=4)
        assert (r["sobrevive"], r["pv"], r["cicatriz"]) == (True, 1, True)

    def test_sin_ayuda_o_tarde_muere(self):
        assert not calcular("a_cero_pv", RATAS, turnos=4)["sobrevive"]
        assert not calcular("a_cero_pv", RATAS, turnos=4, ayuda=5)["sobrevive"]

    def test_corazon_debil_tira_1d3(self):
        assert error("a_cero_pv", RATAS, turnos=4, corazon_debil=True) == (
            "la entrada «turnos» debe estar entre 1 y 3; se recibió 4"
        )
        assert calcular("a_cero_pv", RATAS, turnos=3, ayuda=2, corazon_debil=True)["sobrevive"]

    @pytest.mark.parametrize(("gravedad", "minimo", "maximo"), [("1d6", 1, 6), ("3d6", 3, 18)])
    def test_el_peligro_se_limita_a_sus_dados(self, gravedad, minimo, maximo):
        assert calcular("peligro", RATAS, pv=20, gravedad=gravedad, tirada=maximo)["pv"] == (
            20 - maximo
        )
        assert "debe estar entre" in error(
            "peligro", RATAS, pv=20, gravedad=gravedad, tirada=maximo + 1
        )
        assert f"{minimo} y {maximo}" in error(
            "peligro", RATAS, pv=20, gravedad=gravedad, tirada=minimo - 1
        )

    def test_un_peligro_desconocido_nombra_los_validos(self):
        mensaje = error("peligro", RATAS, pv=10, gravedad="4d6", tirada=4)
        assert "1d6" in mensaje and "3d6" in mensaje


class TestCorduraACeroYRecuperacion:
    def test_desmayarse_deja_indefenso_los_turnos_del_1d6(self):
        r = calcular("cero_cordura", RATAS, eleccion="desmayo", desmayo=5, recupera=3)
        assert (r["turnos"], r["indefenso"], r["cicatriz"], r["cordura"]) == (5, True, False, 3)

    def test_hacer_una_estupidez_dura_un_turno(self):
        r = calcular("cero_cordura", RATAS, eleccion="Estupidez", recupera=1)
        assert (r["turnos"], r["indefenso"], r["cicatriz"]) == (1, False, False)

    def test_seguir_actuando_cuesta_una_cicatriz_de_la_locura(self):
        r = calcular("cero_cordura", RATAS, eleccion="seguir", recupera=6)
        assert (r["turnos"], r["cicatriz"]) == (0, True)

    def test_el_desmayo_necesita_sus_turnos_y_solo_el(self):
        assert "falta la entrada «desmayo»" in error(
            "cero_cordura", RATAS, eleccion="desmayo", recupera=2
        )
        assert "solo vale si se desmaya" in error(
            "cero_cordura", RATAS, eleccion="seguir", desmayo=3, recupera=2
        )

    def test_cada_dos_sesiones_se_recupera_entera(self):
        assert (
            calcular("recuperar_cordura", RATAS, cordura=2, maximo=11, sesiones=2)["cordura"] == 11
        )
        assert (
            calcular("recuperar_cordura", RATAS, cordura=2, maximo=11, sesiones=1)["cordura"] == 2
        )

    def test_perderla_toda_para_siempre_convierte_en_pnj(self):
        assert calcular("cordura_permanente", RATAS, maximo=3, perdida=1)["pnj"] is False
        assert calcular("cordura_permanente", RATAS, maximo=1, perdida=1)["pnj"] is True


@given(st.integers(1, 6), st.integers(0, 8))
def test_se_sobrevive_si_y_solo_si_la_ayuda_llega_dentro_del_plazo(turnos, ayuda):
    r = calcular("a_cero_pv", RATAS, turnos=turnos, ayuda=ayuda)
    assert r["sobrevive"] == (1 <= ayuda <= turnos)
    assert r["pv"] == (1 if r["sobrevive"] else 0)


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 6), st.integers(0, 1))
def test_la_cordura_recuperada_nunca_pasa_del_maximo(cordura, maximo, aficion, sesiones):
    cordura = min(cordura, maximo)
    r = calcular(
        "recuperar_cordura",
        RATAS,
        cordura=cordura,
        maximo=maximo,
        aficion=aficion,
        sesiones=sesiones,
    )
    assert cordura <= r["cordura"] <= maximo


@given(st.integers(0, 5), st.integers(0, 5))
def test_vencer_a_un_pj_pide_dos_exitos_y_dos_fracasos(exitos, fracasos):
    r = calcular("vencer_a_un_pj", RATAS, exitos=exitos, fracasos=fracasos)
    assert r["vencido"] == (exitos >= 2 and fracasos >= 2)
