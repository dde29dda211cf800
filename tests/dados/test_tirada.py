"""Tiradas con semilla: el generador compartido, el orden de consumo y el JSON."""

import pytest

from tapiz_rules.dados import Dados, DadoTirado, Expresion, Generador, Tirada, analizar, tirar
from tapiz_rules.errores import ErrorNotacion

# Salidas de la función mulberry32 de ARQUITECTURA.md ejecutada en Node 20.
MULBERRY32 = {
    0: [1144304738, 1416247, 958946056, 627933444, 2007157716],
    7: [50271532, 266108690, 4195786334, 3002305430, 2239590375],
    42: [2581720956, 1925393290, 3661312704, 2876485805, 750819978],
    4294967295: [3850105811, 813802916, 3073704848, 4054706436, 3630262831],
}


@pytest.mark.parametrize(("semilla", "esperados"), MULBERRY32.items())
def test_mulberry32_como_en_javascript(semilla, esperados):
    generador = Generador(semilla)
    assert [generador.siguiente() for _ in esperados] == esperados


def test_la_semilla_se_reduce_modulo_2_32():
    a, b, c = Generador(7), Generador(7 + 2**32), Generador(7 - 2**32)
    assert [a.siguiente() for _ in range(3)] == [b.siguiente() for _ in range(3)]
    assert [Generador(7).siguiente() for _ in range(1)] == [c.siguiente()]


def test_un_dado_es_el_u32_escalado():
    u32 = Generador(42).siguiente()
    assert Generador(42).dado(6) == (u32 * 6 >> 32) + 1 == 4


def test_dado_en_los_extremos():
    class Fijo(Generador):
        def __init__(self, valor):
            self.valor = valor

        def siguiente(self):
            return self.valor

    assert Fijo(0).dado(20) == 1
    assert Fijo(2**32 - 1).dado(20) == 20
    assert Fijo(2**31).dado(2) == 2
    assert Fijo(2**31 - 1).dado(2) == 1


def _valores(tirada):
    return [d.valor for d in tirada.dados]


def test_consumo_de_izquierda_a_derecha_dado_a_dado():
    generador = Generador(42)
    esperados = [generador.dado(6), generador.dado(6), generador.dado(20)]
    tirada = tirar("2d6+1d20+3", Generador(42))
    assert _valores(tirada) == esperados
    assert tirada.total == sum(esperados) + 3
    assert tirada.expresion == "2d6+1d20+3"


def test_termino_negativo_resta():
    generador = Generador(5)
    a, b = generador.dado(20), generador.dado(4)
    assert tirar("1d20 - d4", Generador(5)).total == a - b


def test_solo_constantes():
    assert tirar("7-2", Generador(1)) == Tirada("7-2", 5, ())


def test_d_porcentual_decenas_y_unidades():
    generador = Generador(3)
    decenas, unidades = (generador.dado(10) - 1) * 10, generador.dado(10) - 1
    tirada = tirar("d%", Generador(3))
    assert tirada.dados == (
        DadoTirado(10, decenas, etiqueta="decenas"),
        DadoTirado(10, unidades, etiqueta="unidades"),
    )
    assert tirada.total == decenas + unidades


def test_d_porcentual_00_y_0_es_100():
    tirada = tirar("d%", Generador(7))
    assert _valores(tirada) == [0, 0]
    assert tirada.total == 100


def test_las_explosiones_siguen_a_su_dado():
    tirada = tirar("1d2!+1d6", Generador(10))
    assert [(d.caras, d.valor, d.explosion) for d in tirada.dados] == [
        (2, 2, False),
        (2, 2, True),
        (2, 2, True),
        (2, 2, True),
        (2, 1, True),
        (6, 3, False),
    ]
    assert tirada.total == 9 + 3


def test_la_profundidad_corta_la_explosion():
    tirada = tirar("1d2!3", Generador(10))
    assert _valores(tirada) == [2, 2, 2, 2]
    assert [d.explosion for d in tirada.dados] == [False, True, True, True]
    assert tirada.total == 8


def test_guardar_marca_descartados_y_en_empate_descarta_el_de_la_derecha():
    tirada = tirar("4d6kh3", Generador(0))
    assert [(d.valor, d.descartado) for d in tirada.dados] == [
        (2, False),
        (1, False),
        (2, False),
        (1, True),
    ]
    assert tirada.total == 5


@pytest.mark.parametrize(
    ("expresion", "descartados"),
    [
        ("6d4kh3", [False, False, True, False, True, True]),
        ("6d4dl3", [False, False, True, False, True, True]),
        ("6d4kl2", [True, True, False, True, False, True]),
        ("6d4dh4", [True, True, False, True, False, True]),
    ],
)
def test_cuatro_formas_de_guardar(expresion, descartados):
    tirada = tirar(expresion, Generador(5))
    assert _valores(tirada) == [3, 4, 1, 3, 1, 3]
    assert [d.descartado for d in tirada.dados] == descartados
    assert tirada.total == sum(d.valor for d in tirada.dados if not d.descartado)


def test_guardar_con_explosiones_descarta_el_dado_entero():
    tirada = tirar("3d6!kh2", Generador(636))
    assert [(d.valor, d.explosion, d.descartado) for d in tirada.dados] == [
        (6, False, False),
        (1, True, False),
        (6, False, False),
        (5, True, False),
        (6, False, True),
        (1, True, True),
    ]
    assert tirada.total == 7 + 11


def test_a_json_sigue_el_contrato():
    assert tirar("d%+1", Generador(7)).a_json() == {
        "expresion": "d%+1",
        "total": 101,
        "dados": [
            {
                "caras": 10,
                "valor": 0,
                "explosion": False,
                "descartado": False,
                "etiqueta": "decenas",
            },
            {
                "caras": 10,
                "valor": 0,
                "explosion": False,
                "descartado": False,
                "etiqueta": "unidades",
            },
        ],
    }


def test_acepta_un_arbol_y_da_la_expresion_canonica():
    assert tirar(analizar(" 4D6K3 "), Generador(9)) == tirar("4d6kh3", Generador(9))
    assert tirar(" 4D6K3 ", Generador(9)).expresion == "4d6kh3"


def test_un_arbol_fuera_de_los_limites_no_se_tira():
    with pytest.raises(ErrorNotacion) as error:
        tirar(Expresion((Dados(5000, 6),)), Generador(1))
    assert str(error.value) == (
        "notación de dados «5000d6» (columna 1): como mucho se pueden tirar 1000 dados, no 5000"
    )


def test_texto_mal_formado_no_se_tira():
    with pytest.raises(ErrorNotacion) as error:
        tirar("1d1!", Generador(1))
    assert error.value.columna == 4


def test_mil_dados_de_mil_caras_explosivos_se_tiran():
    tirada = tirar("1000d1000!20", Generador(1))
    originales = [d for d in tirada.dados if not d.explosion]
    assert len(originales) == 1000
    assert 1000 <= tirada.total <= 1000 * 1000 * 21
