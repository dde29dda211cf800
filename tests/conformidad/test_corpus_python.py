"""El corpus de conformidad está al día y cada caso se cumple en Python."""

import json
from fractions import Fraction

import pytest
from generar import ESPECIALES, RUTA, generar_corpus, texto_del_corpus

from tapiz_rules.dados import LIMITES, Generador, analizar, distribucion, tirar
from tapiz_rules.dados.probabilidad import estimar_trabajo
from tapiz_rules.errores import ErrorNotacion
from tapiz_rules.modelo import formato

CORPUS = json.loads(RUTA.read_text(encoding="utf-8"))


def test_el_corpus_esta_al_dia():
    assert RUTA.read_text(encoding="utf-8") == texto_del_corpus(), (
        "corpus.json no está al día: uv run python tests/conformidad/generar.py"
    )


def test_la_generacion_es_determinista():
    assert generar_corpus() == generar_corpus() == CORPUS


def test_tamano_del_corpus():
    assert CORPUS["version"] == 4
    assert len(CORPUS["expresiones"]) >= 40
    assert len(CORPUS["tiradas"]) >= 40
    assert len(CORPUS["errores"]) >= 15
    veredictos = [caso["aceptada"] for caso in CORPUS["presupuestos"]]
    assert veredictos.count(True) >= 5 and veredictos.count(False) >= 5
    funciones = {caso["funcion"] for caso in CORPUS["formatos"]}
    assert funciones == {"miles", "decimal", "porcentaje"}


def test_cada_caso_de_formato_es_lo_que_escribe_el_motor():
    for caso in CORPUS["formatos"]:
        funcion = getattr(formato, caso["funcion"])
        assert funcion(*caso["argumentos"]) == caso["texto"], caso


@pytest.mark.parametrize("caso", CORPUS["expresiones"], ids=lambda c: c["expresion"])
def test_expresion(caso):
    arbol = analizar(caso["expresion"])
    assert str(arbol) == caso["canonica"]
    assert analizar(caso["canonica"]) == arbol
    dist = distribucion(caso["expresion"])
    assert (dist.minimo, dist.maximo) == (caso["min"], caso["max"]) == (arbol.minimo, arbol.maximo)
    esperada = [(valor, Fraction(p)) for valor, p in caso["distribucion"]]
    assert dist.items() == esperada
    assert sum(p for _, p in esperada) == 1
    assert all("/" in p for _, p in caso["distribucion"])
    assert dist.media == Fraction(caso["media"]) == sum(v * p for v, p in esperada)


@pytest.mark.parametrize(
    "caso", CORPUS["tiradas"], ids=lambda c: f"{c['expresion']}@{c['semilla']}"
)
def test_tirada(caso):
    tirada = tirar(caso["expresion"], Generador(caso["semilla"]))
    assert tirada.a_json() == {k: v for k, v in caso.items() if k != "semilla"}
    assert distribucion(caso["expresion"]).probabilidad(caso["total"]) > 0


def test_los_casos_especiales_muestran_lo_que_buscan():
    tiradas = {(c["expresion"], c["semilla"]): c for c in CORPUS["tiradas"]}
    porcentual, profundidad, empate, grande = (tiradas[e] for e in ESPECIALES)
    assert porcentual["total"] == 100
    assert [d["explosion"] for d in profundidad["dados"]] == [False, True, True, True]
    assert any(d["explosion"] and d["descartado"] for d in empate["dados"])
    reducida = tirar("1d20+1d8!", Generador(7)).a_json()
    assert {k: v for k, v in grande.items() if k != "semilla"} == reducida


@pytest.mark.parametrize("caso", CORPUS["errores"], ids=lambda c: c["expresion"][:30])
def test_error(caso):
    with pytest.raises(ErrorNotacion) as error:
        distribucion(caso["expresion"])
    assert error.value.columna == caso["columna"]
    assert str(error.value) == caso["mensaje"]
    assert f"(columna {caso['columna']})" in caso["mensaje"]


@pytest.mark.parametrize("caso", CORPUS["presupuestos"], ids=lambda c: c["expresion"])
def test_presupuesto(caso):
    trabajo = [acumulado for _, acumulado in estimar_trabajo(analizar(caso["expresion"]))]
    assert trabajo == caso["trabajo"]
    assert caso["aceptada"] is (trabajo[-1] <= LIMITES.trabajo)
    if caso["aceptada"]:
        assert distribucion(caso["expresion"]).minimo == analizar(caso["expresion"]).minimo
    else:
        with pytest.raises(ErrorNotacion, match="demasiado grande"):
            distribucion(caso["expresion"])
