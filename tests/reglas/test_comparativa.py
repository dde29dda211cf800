"""Apéndice C: las probabilidades de la comparativa, contra enumeración a fuerza bruta."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapiz_rules.comparativa import (
    Tirada,
    fuego_automatico,
    objetivo_mediano,
    tirada,
    valor_del_paso,
)
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.sistemas import reglamento

CLAVES = ["tapiz-0", "tapiz-2", "tapiz-4", "tapiz-2017", "d20", "d20-ataque", "ratas"]
tiradas = st.sampled_from(CLAVES).map(tirada)
objetivos = st.integers(min_value=-20, max_value=60)


@given(tiradas, objetivos)
def test_los_resultados_son_una_particion(t: Tirada, objetivo: int) -> None:
    probabilidades = [t.probabilidad(r, objetivo) for r in t.resultados]
    assert all(p >= 0 for p in probabilidades)
    assert sum(probabilidades) == 1
    exitos = sum(p for r, p in zip(t.resultados, probabilidades, strict=True) if r.exito)
    assert exitos == t.exito(objetivo) == 1 - t.fallo(objetivo)


@given(tiradas, objetivos, st.integers(min_value=1, max_value=6))
def test_un_bonus_nunca_empeora_el_exito(t: Tirada, objetivo: int, bonus: int) -> None:
    assert t.exito(objetivo - bonus) >= t.exito(objetivo)


def _fuerza_bruta(caras: list[int], t: Tirada, objetivo: int) -> dict[str, Fraction]:
    """Cada combinación de dados, contada una a una: cuántas caen en cada resultado."""
    cuenta = dict.fromkeys((r.etiqueta for r in t.resultados), 0)
    tiradas_posibles = list(product(*(range(1, c + 1) for c in caras)))
    for dados in tiradas_posibles:
        margen = sum(dados) - objetivo
        (resultado,) = [
            r
            for r in t.resultados
            if (r.desde is None or margen >= r.desde) and (r.hasta is None or margen <= r.hasta)
        ]
        cuenta[resultado.etiqueta] += 1
    return {k: Fraction(v, len(tiradas_posibles)) for k, v in cuenta.items()}


@pytest.mark.parametrize(
    ("clave", "caras"),
    [("d20", [20]), ("tapiz-0", [20]), ("tapiz-2017", [6, 6, 6]), ("ratas", [6, 6])],
)
@given(objetivo=st.integers(min_value=-20, max_value=40))
def test_coincide_con_la_enumeracion(clave: str, caras: list[int], objetivo: int) -> None:
    t = tirada(clave)
    calculado = {r.etiqueta: t.probabilidad(r, objetivo) for r in t.resultados}
    assert calculado == _fuerza_bruta(caras, t, objetivo)


def test_los_grados_de_tapiz_siguen_a_los_parametros() -> None:
    etiquetas = [r.etiqueta for r in tirada("tapiz-2").resultados]
    assert etiquetas == [
        "Consecuencia extrema",
        "Consecuencia mayor",
        "Consecuencia menor",
        "Fallo sin consecuencia",
        "Éxito sin efecto",
        "Efecto menor",
        "Efecto mayor",
        "Efecto extremo",
    ]
    # 1d20 contra 12: efecto mayor con 10..14 puntos, es decir sacar 22..26: imposible.
    t = tirada("tapiz-0")
    mayor = next(r for r in t.resultados if r.etiqueta == "Efecto mayor")
    assert t.probabilidad(mayor, 12) == 0
    assert t.probabilidad(mayor, 5) == Fraction(5, 20)


def test_d20_medio_y_paso() -> None:
    t = tirada("d20")
    assert objetivo_mediano(t, 2, 24) == 11
    assert valor_del_paso(t, 1, 2, 24) == (Fraction(1, 20), Fraction(1, 20))
    assert valor_del_paso(t, 2, 2, 24) == (Fraction(1, 10), Fraction(1, 10))


def test_ratas_un_mas_dos_vale_mas_en_el_centro() -> None:
    t = tirada("ratas")
    menor, mayor = valor_del_paso(t, 2, 2, 14)
    # El mayor salto de 2d6 con +2 es de 6 a 8 o de 8 a 10: (26 − 15) / 36 = 11/36.
    assert mayor == max(t.exito(x - 2) - t.exito(x) for x in range(2, 15))
    assert mayor == Fraction(11, 36)
    assert menor < mayor


def test_un_tramo_sin_nada_que_medir_es_un_error() -> None:
    with pytest.raises(ErrorTapiz, match="amplía el tramo"):
        valor_del_paso(tirada("ratas"), 1, 30, 40)


def test_fuego_automatico_contra_enumeracion() -> None:
    fuego = fuego_automatico()
    bandas = {nombre: (p, vacia) for nombre, p, vacia in fuego.bandas}
    cuenta: dict[str, list[int]] = {nombre: [0, 0] for nombre in bandas}
    for dados in product(range(1, 7), repeat=3):
        total = sum(dados)
        nombre = "7-" if total < 8 else "8-9" if total < 10 else "10-11" if total < 12 else "12+"
        cuenta[nombre][0] += 1
        cuenta[nombre][1] += 1 in dados
    assert bandas == {n: (Fraction(a, 216), Fraction(b, 216)) for n, (a, b) in cuenta.items()}
    assert fuego.vacia == 1 - Fraction(5, 6) ** 3


@pytest.mark.parametrize("clave", ["gurps", "tapiz-11", "tapiz-", "D20"])
def test_una_tirada_desconocida_nombra_las_validas(clave: str) -> None:
    with pytest.raises(
        ErrorTapiz, match=r"las válidas son: tapiz-0 … tapiz-10 .*d20, d20-ataque y ratas"
    ):
        tirada(clave)


def _por_reglas(
    sistema: str, regla: str, entradas: list[dict[str, int | str]], etiqueta
) -> dict[str, Fraction]:
    """Lo que dicen las reglas del propio sistema, tirada a tirada (todas equiprobables)."""
    cuenta: dict[str, int] = {}
    for entrada in entradas:
        nombre = etiqueta(reglamento(sistema).calcular(regla, entrada).valores)
        cuenta[nombre] = cuenta.get(nombre, 0) + 1
    return {k: Fraction(v, len(entradas)) for k, v in cuenta.items()}


@given(atributo=st.integers(min_value=-6, max_value=6))
def test_las_bandas_de_ratas_son_las_de_su_regla(atributo: int) -> None:
    t = tirada("ratas")
    entradas = [{"dados": a + b, "atributo": atributo} for a in range(1, 7) for b in range(1, 7)]
    esperado = _por_reglas("ratas", "tirada", entradas, lambda v: f"Banda {v['banda']}")
    calculado = {r.etiqueta: t.probabilidad(r, 8 - atributo) for r in t.resultados}
    assert {k: v for k, v in calculado.items() if v} == esperado


@given(resistencia=st.integers(min_value=-5, max_value=40), mod=st.integers(-5, 10))
def test_los_grados_de_tapiz_son_los_de_la_tirada_de_accion(resistencia: int, mod: int) -> None:
    t = tirada("tapiz-0")

    def nombre(v: dict[str, object]) -> str:
        if v["grado"] is None:
            return "Éxito sin efecto" if v["exito"] else "Fallo sin consecuencia"
        grado = str(v["grado"])
        return (
            f"Efecto {grado}"
            if v["exito"]
            else f"Consecuencia {grado.replace('extremo', 'extrema')}"
        )

    entradas = [{"base": b, "resistencia": resistencia, "mod": mod} for b in range(1, 21)]
    esperado = _por_reglas("tapiz", "accion", entradas, nombre)
    calculado = {r.etiqueta: t.probabilidad(r, resistencia - mod) for r in t.resultados}
    assert {k: v for k, v in calculado.items() if v} == esperado


@given(defensa=st.integers(min_value=-10, max_value=40), mod=st.integers(-5, 15))
def test_el_ataque_d20_es_el_de_su_regla(defensa: int, mod: int) -> None:
    """Un 20 natural impacta siempre: el ataque no baja nunca del 5 %."""
    t = tirada("d20-ataque")
    entradas = [
        {"cd": defensa, "tirada": d, "modificador": mod, "ataque": True} for d in range(1, 21)
    ]
    esperado = _por_reglas(
        "d20", "prueba", entradas, lambda v: "Impacto" if v["exito"] else "Fallo"
    )
    calculado = {r.etiqueta: t.probabilidad(r, defensa - mod) for r in t.resultados}
    assert {k: v for k, v in calculado.items() if v} == esperado
    assert t.exito(defensa - mod) >= Fraction(1, 20)
