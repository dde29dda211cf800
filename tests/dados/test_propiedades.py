"""Propiedades de la notación, las tiradas y las distribuciones, con expresiones al azar."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tapiz_rules.dados import (
    LIMITES,
    Constante,
    Dados,
    Expresion,
    Generador,
    Seleccion,
    analizar,
    distribucion,
    tirar,
)
from tapiz_rules.dados.limites import COSTE
from tapiz_rules.dados.probabilidad import potencia_karatsuba
from tests.dados.oraculos import con_icepool, fuerza_bruta

POCOS = settings(max_examples=60, deadline=None)


@st.composite
def dados(draw, cantidad: int, caras: int, profundidad: int) -> Dados:
    porcentual = draw(st.integers(0, 7)) == 0
    n = draw(st.integers(1, min(cantidad, 2) if porcentual else cantidad))
    x = 100 if porcentual else draw(st.integers(1, caras))
    explosion = None
    if not porcentual and x > 1 and draw(st.booleans()):
        explosion = draw(st.integers(1, profundidad))
    seleccion = None
    if draw(st.booleans()):
        modo = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
        guardar = modo.startswith("k")
        seleccion = Seleccion(modo, draw(st.integers(1, n) if guardar else st.integers(0, n - 1)))
    signo = draw(st.sampled_from([1, 1, -1]))
    return Dados(n, x, signo, porcentual, explosion, seleccion)


def expresiones(terminos: int, cantidad: int, caras: int, profundidad: int, constante: int):
    termino = st.one_of(
        dados(cantidad, caras, profundidad),
        st.builds(Constante, st.integers(-constante, constante)),
    )
    return st.lists(termino, min_size=1, max_size=terminos).map(lambda t: Expresion(tuple(t)))


AMPLIAS = expresiones(
    terminos=6, cantidad=150, caras=LIMITES.caras, profundidad=20, constante=10**6
)
MEDIANAS = expresiones(terminos=3, cantidad=6, caras=12, profundidad=3, constante=20)
PEQUENAS = expresiones(terminos=3, cantidad=3, caras=6, profundidad=2, constante=5)
SEMILLAS = st.integers(-(2**40), 2**40)


@POCOS
@given(AMPLIAS)
def test_la_forma_canonica_vuelve_al_mismo_arbol(expresion):
    assert analizar(str(expresion)) == expresion


@POCOS
@given(AMPLIAS, st.data())
def test_espacios_y_mayusculas_no_cambian_el_arbol(expresion, data):
    texto = ""
    for indice, termino in enumerate(expresion.terminos):
        notacion = str(Expresion((termino,)))
        hueco = data.draw(st.sampled_from(["", " ", "\t", "  "]))
        if indice:
            signo, notacion = ("-", notacion[1:]) if notacion[0] == "-" else ("+", notacion)
            texto += hueco + signo + hueco + notacion
        else:
            texto += hueco + notacion
    variante = "".join(c.upper() if data.draw(st.booleans()) else c for c in texto)
    assert analizar(variante + " ") == expresion


def _total_a_mano(expresion: Expresion, tirada) -> int:
    """El total según los dados que se ven: guardados, con signo, y d% de 00 y 0 = 100."""
    dados_vistos = iter(tirada.dados)
    total = 0
    for termino in expresion.terminos:
        if isinstance(termino, Constante):
            total += termino.valor
            continue
        suma = 0
        for _ in range(termino.cantidad):
            primero = next(dados_vistos)
            partes = [primero, next(dados_vistos)] if termino.porcentual else [primero]
            while not termino.porcentual and partes[-1].valor == termino.caras:
                if len(partes) > (termino.explosion or 0):
                    break
                partes.append(next(dados_vistos))
            valor = sum(p.valor for p in partes)
            if not primero.descartado:
                suma += (valor or 100) if termino.porcentual else valor
        total += termino.signo * suma
    assert next(dados_vistos, None) is None
    return total


@POCOS
@given(AMPLIAS, SEMILLAS)
def test_una_tirada_cae_entre_el_minimo_y_el_maximo(expresion, semilla):
    tirada = tirar(expresion, Generador(semilla))
    assert expresion.minimo <= tirada.total <= expresion.maximo
    assert tirada.total == _total_a_mano(expresion, tirada)
    assert tirada.expresion == str(expresion)


@POCOS
@given(AMPLIAS, SEMILLAS)
def test_la_misma_semilla_repite_la_tirada(expresion, semilla):
    assert tirar(expresion, Generador(semilla)) == tirar(str(expresion), Generador(semilla))


@POCOS
@given(MEDIANAS, SEMILLAS)
def test_la_distribucion_suma_uno_y_respeta_los_limites(expresion, semilla):
    dist = distribucion(expresion)
    assert sum(p for _, p in dist.items()) == 1
    assert (dist.minimo, dist.maximo) == (expresion.minimo, expresion.maximo)
    assert dist.probabilidad(dist.minimo) > 0 < dist.probabilidad(dist.maximo)
    assert dist.probabilidad(tirar(expresion, Generador(semilla)).total) > 0
    assert isinstance(dist.media, Fraction)


@POCOS
@given(PEQUENAS)
def test_coincide_con_la_fuerza_bruta(expresion):
    assert dict(distribucion(expresion).items()) == fuerza_bruta(expresion)


@POCOS
@given(MEDIANAS)
def test_coincide_con_icepool(expresion):
    assert dict(distribucion(expresion).items()) == con_icepool(expresion)


@POCOS
@given(MEDIANAS, st.integers(-30, 150))
def test_al_menos_es_la_suma_de_la_cola(expresion, umbral):
    dist = distribucion(expresion)
    assert dist.al_menos(umbral) == sum(p for v, p in dist.items() if v >= umbral)


@given(st.integers(1, 2**40))
def test_la_potencia_del_modelo_de_coste_es_la_de_su_exponente(x):
    """Con raíces cuadradas (lo que redondean igual Python y JavaScript), pero el mismo número
    que ``**`` salvo en las últimas cifras."""
    exacta = x ** (COSTE.karatsuba_1024 / 1024)
    assert abs(potencia_karatsuba(x) - exacta) <= 1e-12 * exacta
