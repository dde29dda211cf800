"""Los valores como los lee una persona: coma decimal, punto de millares y signo menos."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.modelo import Campo, Formato
from tapiz_rules.modelo.formato import (
    MENOS,
    con_signo,
    contar_puntos,
    decimal,
    miles,
    operador,
    porcentaje,
)


@pytest.mark.parametrize(
    ("numero", "texto"),
    [(0, "0"), (999, "999"), (5400, "5.400"), (512000, "512.000"), (-2, "−2"), (-12000, "−12.000")],
)
def test_miles(numero, texto):
    assert miles(numero) == texto


@pytest.mark.parametrize(
    ("numero", "texto"),
    [(5400.0, "5.400"), (2.5, "2,5"), (0.5, "0,5"), (Fraction(1, 3), "0,33"), (-1.5, "−1,5")],
)
def test_decimal(numero, texto):
    assert decimal(numero) == texto


def test_porcentaje_y_signo():
    assert porcentaje(Fraction(20, 27)) == "74,1 %"
    assert porcentaje(0.0) == "0,0 %"
    assert con_signo(2) == "+2"
    assert con_signo(-2) == f"{MENOS}2"
    assert con_signo(0) == "0"


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_miles_se_lee_de_vuelta(numero):
    texto = miles(numero)
    assert int(texto.replace(".", "").replace(MENOS, "-")) == numero
    assert "," not in texto


def test_un_campo_muestra_su_valor_con_etiqueta_unidad_y_formato():
    distancia = Campo("distancia", float, "Distancia", unidad="m")
    assert distancia.mostrar(5400.0) == "5.400 m"
    rondas = Campo("rondas", int, "Duración", unidad=("ronda", "rondas"))
    assert rondas.mostrar(1) == "1 ronda"
    assert rondas.mostrar(3) == "3 rondas"
    postura = Campo("postura", str, "Postura", opciones=(("ataque_total", "Ataque total"),))
    assert postura.mostrar("ataque_total") == "Ataque total"
    assert Campo("p", float, "Éxito", formato=Formato.PROBABILIDAD).mostrar(20 / 27) == "74,1 %"
    assert Campo("m", int, "Mod", formato=Formato.MODIFICADOR).mostrar(-2) == "−2"
    assert Campo("ok", bool, "Éxito").mostrar(True) == "sí"
    assert Campo("g", str, "Grado", admite_nulo=True).mostrar(None) == "—"
    assert Campo("v", list, "Valores").mostrar([15, 10, 12, 8, 8, 10]) == "15, 10, 12, 8, 8 y 10"


def test_la_unidad_puede_venir_de_otra_salida():
    distancia = Campo("distancia", float, "Distancia", unidad_de="unidad")
    assert distancia.mostrar(2.5, {"unidad": "km"}) == "2,5 km"


@pytest.mark.parametrize("escrito", ["FÁCIL", "fácil", "facil", "Fácil"])
def test_las_opciones_aceptan_la_grafia_de_las_fuentes(escrito):
    campo = Campo("d", str, "Dificultad", opciones=(("facil", "Fácil"), ("dificil", "Difícil")))
    assert campo.validar(escrito) == "facil"


def test_una_opcion_desconocida_nombra_las_validas():
    campo = Campo("d", str, "Dificultad", opciones=(("facil", "Fácil"), ("dificil", "Difícil")))
    with pytest.raises(Exception, match="no admite «imposible»; valores válidos: facil, dificil"):
        campo.validar("imposible")


@pytest.mark.parametrize(
    ("funcion", "argumentos", "texto"),
    [
        (porcentaje, (0.45,), "45,0 %"),
        (porcentaje, (0.7903,), "79,0 %"),
        (porcentaje, (Fraction(1, 800), 2), "0,13 %"),
        (decimal, (0.125,), "0,13"),
        (decimal, (-0.004,), "0"),
        (operador, (-3,), f"{MENOS} 3"),
        (operador, (5400,), "+ 5.400"),
        (contar_puntos, (1, "efecto"), "1 punto de efecto"),
        (contar_puntos, (-1200,), f"{MENOS}1.200 puntos"),
    ],
)
def test_una_tabla_lleva_siempre_los_mismos_decimales_y_la_mitad_redondea_hacia_fuera(
    funcion, argumentos, texto
):
    assert funcion(*argumentos) == texto


@given(st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.integers(0, 4))
def test_decimal_es_el_valor_redondeado_y_nunca_un_menos_cero(numero, cifras):
    texto = decimal(numero, cifras)
    leido = float(texto.replace(".", "").replace(",", ".").replace(MENOS, "-"))
    assert abs(leido - numero) <= 0.5 * 10**-cifras + 1e-9 * max(1.0, abs(numero))
    assert not texto.startswith(f"{MENOS}0") or "," in texto
