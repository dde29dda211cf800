import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.sistemas import reglamento
from tests.reglas.ayuda import calcular, error

D20 = reglamento("d20")


def test_rd_resta_al_dano() -> None:
    r = calcular("reduccion_dano", D20, dano=7, rd=5)
    assert r["dano"] == 2
    assert r.pasos == ("7 − 5 = 2",)


def test_rd_absorbe_todo() -> None:
    r = calcular("reduccion_dano", D20, dano=4, rd=5)
    assert r["dano"] == 0
    assert r.pasos[-1] == "La RD absorbe todo el daño"


def test_rd_negativa_no_existe() -> None:
    assert error("reduccion_dano", D20, dano=4, rd=-1).startswith(
        "la entrada «rd» debe estar entre 0"
    )


@given(st.integers(0, 200), st.integers(0, 200))
def test_rd_nunca_deja_dano_negativo(dano: int, rd: int) -> None:
    recibido = calcular("reduccion_dano", D20, dano=dano, rd=rd)["dano"]
    assert 0 <= recibido <= dano


class TestPruebas:
    def test_elegir_10_amenazado_no_se_puede(self) -> None:
        assert "amenazado o distraído" in error("prueba", D20, cd=10, elegir=10, amenazado=True)

    def test_elegir_20_con_perjuicio_no_se_puede(self) -> None:
        assert "perjuicio" in error("prueba", D20, cd=10, elegir=20, perjuicio=True)
        assert calcular("prueba", D20, cd=10, elegir=10, perjuicio=True)["exito"]

    def test_elegir_20_lleva_veinte_veces_el_tiempo(self) -> None:
        assert "lleva 20 veces el tiempo normal" in calcular("prueba", D20, cd=25, elegir=20).pasos

    def test_sin_rangos_se_usa_la_caracteristica(self) -> None:
        r = calcular("prueba_de_habilidad", D20, tirada=10, cd=12, habilidad=6, caracteristica=1)
        assert (r["tipo"], r["modificador"], r["exito"]) == ("De característica", 1, False)
        r = calcular(
            "prueba_de_habilidad", D20, tirada=10, cd=12, rangos=4, habilidad=6, caracteristica=1
        )
        assert (r["tipo"], r["modificador"], r["exito"]) == ("De habilidad", 6, True)

    def test_opuesta_desempata_la_caracteristica_y_luego_se_repite(self) -> None:
        r = calcular("prueba_opuesta", D20, tirada_a=10, tirada_b=12, modificador_a=2)
        assert r["ganador"] == "repetir"
        r = calcular(
            "prueba_opuesta", D20, tirada_a=10, tirada_b=12, modificador_a=2, caracteristica_b=14
        )
        assert (r["ganador"], r["desempate"]) == ("segundo", True)


class TestCombate:
    def test_la_fuerza_bajo_la_minima_resta_a_iniciativa_y_ataque(self) -> None:
        r = calcular("iniciativa", D20, tirada=10, valor=3, fuerza=11, fuerza_minima=13)
        assert (r["total"], r["penalizacion"]) == (11, -2)
        r = calcular("ataque", D20, tirada=10, defensa=15, bonus=6, fuerza=11, fuerza_minima=13)
        assert (r["modificador"], r["impacta"]) == (4, False)

    def test_empate_de_iniciativa_por_destreza(self) -> None:
        r = calcular(
            "orden_de_iniciativa", D20, total_a=15, total_b=15, destreza_a=12, destreza_b=16
        )
        assert r["actua_antes"] == "segundo"

    @pytest.mark.parametrize(
        ("estandar", "movimiento", "completo", "valido"),
        [(1, 1, 0, True), (0, 2, 0, True), (0, 0, 1, True), (2, 0, 0, False), (1, 0, 1, False)],
    )
    def test_acciones_de_un_asalto(self, estandar, movimiento, completo, valido) -> None:
        r = calcular("asalto", D20, estandar=estandar, movimiento=movimiento, completo=completo)
        assert r["valido"] is valido

    def test_paso_gratuito_solo_sin_desplazarse(self) -> None:
        assert calcular("asalto", D20, estandar=1)["paso"] == 1.5
        assert calcular("asalto", D20, movimiento=1, se_desplaza=True)["paso"] == 0

    def test_sin_competencia_menos_4_y_distancia_menos_2(self) -> None:
        r = calcular(
            "ataque",
            D20,
            tirada=10,
            defensa=10,
            bonus=5,
            competente=False,
            arma="arco",
            incrementos=3,
        )
        assert r["modificador"] == 5 - 4 - 4

    @pytest.mark.parametrize(("arma", "maximo"), [("arco", 10), ("arrojadiza", 5)])
    def test_alcance_maximo(self, arma, maximo) -> None:
        calcular("ataque", D20, tirada=10, defensa=10, arma=arma, incrementos=maximo)
        assert "fuera de alcance" in error(
            "ataque", D20, tirada=10, defensa=10, arma=arma, incrementos=maximo + 1
        )

    def test_la_rd_se_suma_al_margen_de_critico(self) -> None:
        assert calcular("margen_de_critico", D20, margen=5, rd=3)["margen"] == 8


class TestDano:
    @pytest.mark.parametrize(
        ("empunadura", "fuerza", "suma"),
        [("una_mano", 3, 3), ("dos_manos", 3, 4), ("secundaria", 3, 1), ("distancia", 3, 0)],
    )
    def test_fuerza_al_dano(self, empunadura, fuerza, suma) -> None:
        r = calcular("dano", D20, dados=6, fuerza=fuerza, empunadura=empunadura)
        assert (r["fuerza"], r["dano"]) == (suma, 6 + suma)

    def test_armadura_sin_competencia_dobla_y_la_fuerza_negativa_la_sube(self) -> None:
        assert (
            calcular("penalizacion_armadura", D20, penalizacion=3, competente=False)["penalizacion"]
            == -6
        )
        assert (
            calcular("penalizacion_armadura", D20, penalizacion=3, fuerza=-1)["penalizacion"] == -4
        )
        assert calcular("penalizacion_armadura", D20, penalizacion=2, fuerza=3)["penalizacion"] == 0

    def test_a_cero_resistencia_queda_moribundo(self) -> None:
        assert calcular("puntos_de_resistencia", D20, resistencia=8, recibido=8)["moribundo"]


class TestHeridas:
    def test_malherido_dos_veces_es_incapacitado(self) -> None:
        r = calcular("registro_de_salud", D20, estado="malherido", malherido=True)
        assert r["marca"] == "incapacitado"

    def test_si_solo_queda_muerto_muere(self) -> None:
        r = calcular(
            "registro_de_salud", D20, estado="incapacitado", incapacitado=True, moribundo=True
        )
        assert (r["marca"], r["muere"]) == ("muerto", True)

    def test_umbral_de_herida_grave(self) -> None:
        r = calcular("herida_grave", D20, dano=12, umbral=10, tirada=15, fortaleza=4)
        assert (r["masivo"], r["cd"], r["resiste"]) == (True, 22, False)
        assert not calcular("herida_grave", D20, dano=9, umbral=10)["masivo"]

    def test_recuperacion_diaria(self) -> None:
        assert calcular("recuperacion_diaria", D20, fortaleza=5)["resistencia"] == 5
        assert (
            calcular("recuperacion_diaria", D20, fortaleza=5, estado="malherido")["resistencia"]
            == 2
        )
        assert calcular("recuperacion_diaria", D20, fortaleza=5, atendido=True)["resistencia"] == 10
        assert (
            calcular("recuperacion_diaria", D20, fortaleza=5, estado="incapacitado")["resistencia"]
            == 0
        )

    def test_prueba_de_recuperacion(self) -> None:
        r = calcular(
            "prueba_de_recuperacion", D20, motivo="incapacitado", tirada=11, fortaleza=2, fallos=2
        )
        assert (r["cd"], r["total"], r["exito"], r["efecto"]) == (15, 15, True, "Pasa a Malherido")
        r = calcular("prueba_de_recuperacion", D20, motivo="inconsciente", tirada=7, fortaleza=2)
        assert (r["cd"], r["exito"]) == (10, False)

    def test_una_secuela_por_combate(self) -> None:
        r = calcular("secuela", D20, gravedad="moderada", en_este_combate=1)
        assert (r["permitida"], r["intervalo"], r["puntos_de_accion"]) == (False, "cada día", 2)
        assert "valores válidos" in error("secuela", D20, gravedad="permanente")

    def test_no_letal_por_horas(self) -> None:
        assert (
            calcular("dano_no_letal", D20, magulladuras=9, fortaleza=2, horas=3)["magulladuras"]
            == 3
        )


@given(st.integers(1, 20), st.integers(-5, 15), st.integers(-10, 40))
def test_un_20_natural_siempre_impacta(tirada: int, bonus: int, defensa: int) -> None:
    r = calcular("ataque", D20, tirada=tirada, bonus=bonus, defensa=defensa)
    assert r["impacta"] == (tirada + bonus >= defensa or tirada == 20)


@given(st.integers(0, 10), st.booleans(), st.integers(-4, 5))
def test_la_penalizacion_de_armadura_nunca_es_bonus(pen: int, competente: bool, fue: int) -> None:
    r = calcular("penalizacion_armadura", D20, penalizacion=pen, competente=competente, fuerza=fue)
    assert r["penalizacion"] <= 0
    mas_fuerte = calcular(
        "penalizacion_armadura", D20, penalizacion=pen, competente=competente, fuerza=fue + 1
    )
    assert mas_fuerte["penalizacion"] >= r["penalizacion"]


@given(
    st.sampled_from(["malherido", "incapacitado", "moribundo"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_el_registro_nunca_mejora(estado: str, a: bool, b: bool, c: bool) -> None:
    orden = ["malherido", "incapacitado", "moribundo", "muerto"]
    r = calcular("registro_de_salud", D20, estado=estado, malherido=a, incapacitado=b, moribundo=c)
    assert orden.index(r["marca"]) >= orden.index(estado)
    marcadas = {"malherido": a, "incapacitado": b, "moribundo": c}
    assert r["marca"] == "muerto" or not marcadas[r["marca"]]


@given(st.integers(0, 50), st.integers(0, 6), st.integers(0, 10))
def test_las_magulladuras_bajan_con_las_horas(
    magulladuras: int, fortaleza: int, horas: int
) -> None:
    antes = calcular(
        "dano_no_letal", D20, magulladuras=magulladuras, fortaleza=fortaleza, horas=horas
    )
    despues = calcular(
        "dano_no_letal", D20, magulladuras=magulladuras, fortaleza=fortaleza, horas=horas + 1
    )
    assert 0 <= despues["magulladuras"] <= antes["magulladuras"] <= magulladuras
