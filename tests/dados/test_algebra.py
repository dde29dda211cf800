"""El álgebra de distribuciones frente a la enumeración de todas las tiradas (fuerza bruta)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapiz_rules.dados import Distribucion, distribucion
from tapiz_rules.dados.polinomios import potencia

POCOS = settings(max_examples=80, deadline=None)


def _tabla(conteo: Counter[int]) -> list[tuple[int, Fraction]]:
    total = sum(conteo.values())
    return sorted((valor, Fraction(n, total)) for valor, n in conteo.items() if n)


def _en_pesos(d: Distribucion) -> list[tuple[int, Fraction]]:
    """Los pesos enteros de ``d`` sobre su denominador, como fracciones."""
    return [(total, Fraction(peso, d.denominador)) for total, peso in d.pesos()]


@st.composite
def distribuciones(draw: st.DrawFn) -> tuple[Distribucion, list[int]]:
    """Una distribución cualquiera (no solo dados: pesos desiguales, negativos, huecos) y los
    resultados equiprobables que la enumeran."""
    valores = draw(st.lists(st.integers(-6, 9), min_size=1, max_size=5))
    conteo = Counter(valores)
    minimo = min(conteo)
    pesos = [conteo.get(v, 0) for v in range(minimo, max(conteo) + 1)]
    return Distribucion("x", minimo, pesos, len(valores)), valores


@POCOS
@given(distribuciones(), distribuciones())
def test_sumar_restar_mayor_y_menor_como_la_enumeracion(a, b) -> None:
    (da, xs), (db, ys) = a, b
    pares = list(itertools.product(xs, ys))
    assert (da + db).items() == _tabla(Counter(x + y for x, y in pares))
    assert (da - db).items() == _tabla(Counter(x - y for x, y in pares))
    assert da.mayor_con(db).items() == _tabla(Counter(max(x, y) for x, y in pares))
    assert da.menor_con(db).items() == _tabla(Counter(min(x, y) for x, y in pares))
    assert da.al_menos(db) == Fraction(sum(x >= y for x, y in pares), len(pares))
    assert Fraction(*da.peso_al_menos(db)) == da.al_menos(db)
    suma = da + db
    assert _en_pesos(suma) == suma.items()
    for umbral in range(min(xs) - 1, max(xs) + 2):
        favorables, denominador = da.peso_al_menos(umbral)
        assert Fraction(favorables, denominador) == Fraction(sum(x >= umbral for x in xs), len(xs))
        assert denominador == da.denominador


@POCOS
@given(distribuciones(), st.integers(-4, 4), st.integers(-20, 20))
def test_escalar_negar_y_desplazar(a, factor: int, constante: int) -> None:
    d, xs = a
    densos = dict(d.pesos())
    k = factor * factor + 1
    ampliada = [densos.get(t, 0) * k for t in range(d.minimo, d.maximo + 1)]
    igual = Distribucion("y", d.minimo, ampliada, d.denominador * k)
    assert igual == d and hash(igual) == hash(d)  # mismas probabilidades, otro denominador
    assert d + 1 != d
    assert (d * factor + constante).items() == _tabla(Counter(x * factor + constante for x in xs))
    assert (constante - d).items() == _tabla(Counter(constante - x for x in xs))


@POCOS
@given(distribuciones(), st.integers(1, 3), st.data())
def test_guardar_los_mejores_y_los_peores(a, tiradas: int, datos: st.DataObject) -> None:
    d, xs = a
    guardadas = datos.draw(st.integers(1, tiradas))
    todas = list(itertools.product(xs, repeat=tiradas))
    mejores = Counter(sum(sorted(t)[-guardadas:]) for t in todas)
    peores = Counter(sum(sorted(t)[:guardadas]) for t in todas)
    assert d.mejores(tiradas, guardadas).items() == _tabla(mejores)
    assert d.peores(tiradas, guardadas).items() == _tabla(peores)
    assert d.veces(tiradas).items() == _tabla(Counter(sum(t) for t in todas))


@POCOS
@given(distribuciones(), st.integers(0, 3))
def test_explotar_en_el_maximo(a, profundidad: int) -> None:
    d, xs = a
    if d.maximo <= 0 or d.minimo == d.maximo:
        with pytest.raises(ValueError, match="no puede explotar"):
            d.explotar(profundidad)
        return
    maximo = max(xs)

    def total(tiradas: tuple[int, ...]) -> int:
        """Se suma cada tirada mientras la anterior sacó el máximo; el resto no cuenta."""
        suma = 0
        for tirada in tiradas:
            suma += tirada
            if tirada != maximo:
                break
        return suma

    secuencias = itertools.product(xs, repeat=profundidad + 1)
    assert d.explotar(profundidad).items() == _tabla(Counter(map(total, secuencias)))


@POCOS
@given(distribuciones())
def test_llevar_cada_total_a_una_fila(a) -> None:
    d, xs = a
    fila = {True: "éxito", False: "fallo"}
    filas = d.mapear(lambda total: fila[total >= 3])
    esperado = Counter(fila[x >= 3] for x in xs)
    assert filas == {f: Fraction(n, len(xs)) for f, n in esperado.items()}
    assert sum(filas.values()) == 1


@pytest.mark.parametrize(
    ("construida", "notacion"),
    [
        (Distribucion.dado(6).veces(3), "3d6"),
        (Distribucion.dado(6).mejores(4, 3), "4d6kh3"),
        (Distribucion.dado(20).peores(2, 1), "2d20kl1"),
        (Distribucion.dado(6).explotar(3), "1d6!3"),
        (Distribucion.dado(10).explotar(2).veces(2) + Distribucion.dado(20), "2d10!2+1d20"),
        (Distribucion.dado(20) + 5 - Distribucion.dado(4), "1d20+5-1d4"),
    ],
)
def test_el_algebra_y_la_notacion_dan_lo_mismo(construida: Distribucion, notacion: str) -> None:
    assert construida == distribucion(notacion)


@POCOS
@given(
    st.integers(1, 5),
    st.lists(st.integers(0, 5), max_size=7),
    st.integers(0, 12),
    st.booleans(),
)
def test_potencia_como_el_producto_a_mano(primero, resto, exponente, uniforme) -> None:
    """Los dos caminos de ``potencia`` (dado sin explosiones y empaquetado) frente a
    multiplicar el polinomio por sí mismo coeficiente a coeficiente."""
    base = [primero] * (len(resto) + 1) if uniforme else [primero, *resto]
    esperado = [1]
    for _ in range(exponente):
        producto = [0] * (len(esperado) + len(base) - 1)
        for i, x in enumerate(esperado):
            for j, y in enumerate(base):
                producto[i + j] += x * y
        esperado = producto
    assert potencia(base, exponente) == esperado
