"""Distribuciones exactas: números conocidos, presupuesto de trabajo y oráculos."""

import subprocess
import sys
from fractions import Fraction

import pytest

from tapiz_rules.dados import (
    LIMITES,
    Dados,
    Distribucion,
    Expresion,
    Generador,
    analizar,
    distribucion,
    tirar,
)
from tapiz_rules.dados.memoria import recordado
from tapiz_rules.dados.probabilidad import estimar_trabajo
from tapiz_rules.errores import ErrorNotacion
from tests.dados.oraculos import con_icepool, fuerza_bruta


def test_2d6():
    dist = distribucion("2d6")
    assert (dist.minimo, dist.maximo, dist.media) == (2, 12, Fraction(7))
    assert dist.probabilidad(7) == Fraction(1, 6)
    assert dist.probabilidad(2) == Fraction(1, 36)
    assert dist.al_menos(8) == Fraction(15, 36)
    assert dist.items()[:3] == [(2, Fraction(1, 36)), (3, Fraction(2, 36)), (4, Fraction(3, 36))]


def test_4d6kh3_tabla_conocida():
    dist = distribucion("4d6kh3")
    assert dist.probabilidad(3) == Fraction(1, 1296)
    assert dist.probabilidad(18) == Fraction(21, 1296)
    assert dist.probabilidad(13) == Fraction(172, 1296)
    assert dist.media == Fraction(15869, 1296)


def test_fuera_del_rango_la_probabilidad_es_cero_o_uno():
    dist = distribucion("1d20")
    assert dist.probabilidad(0) == dist.probabilidad(21) == 0
    assert dist.al_menos(-5) == dist.al_menos(1) == 1
    assert dist.al_menos(21) == 0
    assert dist.al_menos(20) == Fraction(1, 20)


def test_d_porcentual_es_uniforme_de_1_a_100():
    assert distribucion("d%").items() == [(v, Fraction(1, 100)) for v in range(1, 101)]


def test_explosion_con_huecos_en_los_multiplos():
    dist = distribucion("1d6!2")
    assert (dist.minimo, dist.maximo) == (1, 18)
    assert dist.probabilidad(6) == dist.probabilidad(12) == 0
    assert dist.probabilidad(5) == Fraction(1, 6)
    assert dist.probabilidad(11) == Fraction(1, 36)
    assert dist.probabilidad(18) == Fraction(1, 216)
    assert dist.media == Fraction(7, 2) * (1 + Fraction(1, 6) + Fraction(1, 36))


def test_constantes_y_terminos_negativos():
    dist = distribucion("5 - 1d4")
    assert dist.items() == [(v, Fraction(1, 4)) for v in (1, 2, 3, 4)]
    assert distribucion("7").items() == [(7, Fraction(1))]


def test_acepta_un_arbol_y_cachea_por_la_forma_canonica():
    assert distribucion(analizar("2d6")) is distribucion(" 2D6 ")
    assert distribucion("2d6").expresion == "2d6"


def test_los_pesos_cuadran_con_el_denominador():
    dist = distribucion("3d6!kh2")
    assert sum(p for _, p in dist.items()) == 1
    assert isinstance(dist, Distribucion)
    assert repr(dist) == "Distribucion('3d6!kh2', 2..132)"


@pytest.mark.parametrize(
    "expresion",
    ["20d20", "10d6!", "4d6kh3", "2d10!+1d20", "100d6", "3d6!kh2", "1d20+4d10!-2", "4d%kh2"],
)
def test_expresiones_pesadas_coinciden_con_icepool(expresion):
    arbol = analizar(expresion)
    assert dict(distribucion(arbol).items()) == con_icepool(arbol)


@pytest.mark.parametrize(
    "expresion", ["3d4!2kh2", "2d%", "4d6dh1", "5d3kl2-1d4!1", "d%kh1", "3d6!1dl2+2"]
)
def test_coinciden_con_la_fuerza_bruta(expresion):
    arbol = analizar(expresion)
    assert dict(distribucion(arbol).items()) == fuerza_bruta(arbol)


@pytest.mark.parametrize(
    ("texto", "columna", "termino"),
    [
        ("1000d1000", 1, "1000d1000"),
        ("3 + 900d6", 5, "900d6"),
        ("2d1000!20", 1, "2d1000!20"),
        ("5d1000kh3", 1, "5d1000kh3"),
        ("100d20!3", 1, "100d20!3"),
        ("400d6+400d6", 7, "400d6"),
    ],
)
def test_demasiado_grande_para_calcular(texto, columna, termino):
    with pytest.raises(ErrorNotacion) as error:
        distribucion(texto)
    assert str(error.value) == (
        f"notación de dados «{texto}» (columna {columna}): «{termino}» es demasiado grande "
        "para calcular probabilidades exactas; se puede tirar, pero no tabular"
    )


def test_el_presupuesto_crece_con_el_trabajo():
    trabajos = [estimar_trabajo(analizar(f"{n}d6"))[-1][1] for n in (10, 100, 1000)]
    assert trabajos == sorted(trabajos)
    pasos = estimar_trabajo(analizar("1d4+2+1d6"))
    assert [(str(t.notacion()), t.columna) for t, _ in pasos] == [("1d4", 1), ("1d6", 7)]


def test_se_tabula_aunque_la_forma_canonica_pase_del_limite_de_caracteres():
    """«d2!» se escribe «1d2!» en forma canónica: 41 de ellos caben en 200 caracteres escritos
    así (163), no en canónica (204). La prueba diferencial con Node lo encontró."""
    texto = "+".join(["d2!"] * 41)
    arbol = analizar(texto)
    assert len(texto) <= LIMITES.longitud < len(str(arbol))
    for expresion in (texto, arbol):
        d = distribucion(expresion)
        assert (d.minimo, d.maximo) == (41, 41 * 2 * 11)
        assert sum(p for _, p in d.items()) == 1
        assert 41 <= tirar(expresion, Generador(7)).total <= 41 * 2 * 11


def test_un_arbol_hecho_a_mano_se_valida_contra_los_limites():
    demasiados = Expresion((Dados(cantidad=LIMITES.dados + 1, caras=6),))
    with pytest.raises(ErrorNotacion, match="dados"):
        distribucion(demasiados)
    with pytest.raises(ErrorNotacion, match="dados"):
        tirar(demasiados, Generador(1))


def test_los_pesos_se_piden_sin_importar_fractions():
    """``fractions`` (con ``re``, ``enum`` y ``decimal``) y ``functools`` (con ``collections``)
    cuestan más que el motor entero al arrancar: solo se importa ``fractions`` al pedir una
    ``Fraction``."""
    codigo = (
        "import sys\nya = set(sys.modules)\nfrom tapiz_rules.dados import distribucion\n"
        "d = distribucion('4d6kh3+1d6!')\nd.pesos(); d.peso_al_menos(12); d == d\n"
        "nuevos = set(sys.modules) - ya\n"
        "pesados = {'fractions', 'functools', 'collections', 'typing', 're'} & nuevos\n"
        "d.al_menos(12)\nprint(sorted(pesados), 'fractions' in sys.modules)\n"
    )
    salida = subprocess.run(
        [sys.executable, "-c", codigo], capture_output=True, text=True, check=True
    ).stdout
    assert salida == "[] True\n"


def test_se_recuerdan_los_usados_hace_menos_y_no_los_errores():
    memoria: dict[int, int] = {}
    llamadas: list[int] = []

    def doble(x: int) -> int:
        llamadas.append(x)
        if x < 0:
            raise ValueError(x)
        return 2 * x

    assert [recordado(memoria, x, doble, 2) for x in (1, 2, 1, 3, 1, 2)] == [2, 4, 2, 6, 2, 4]
    assert llamadas == [1, 2, 3, 2]  # el 3 echó al 2, que llevaba más sin usarse
    with pytest.raises(ValueError):
        recordado(memoria, -1, doble, 2)
    assert memoria == {1: 2, 2: 4}
