"""El analizador de notación: árbol, forma canónica, errores con columna y entradas hostiles."""

import pytest

from tapiz_rules.dados import LIMITES, Constante, Dados, Expresion, Seleccion, analizar
from tapiz_rules.errores import ErrorNotacion, ErrorTapiz


def test_4d6kh3_da_su_arbol():
    assert analizar("4d6kh3") == Expresion((Dados(4, 6, seleccion=Seleccion("kh", 3)),))


def test_suma_de_dados_y_constantes():
    assert analizar("1d20+1d8!+3-4") == Expresion(
        (Dados(1, 20), Dados(1, 8, explosion=10), Constante(3), Constante(-4))
    )


def test_termino_negativo_al_principio():
    assert analizar("-2d6+10") == Expresion((Dados(2, 6, signo=-1), Constante(10)))


def test_d_porcentual_es_un_d100_de_dos_d10():
    assert analizar("d%") == Expresion((Dados(1, 100, porcentual=True),))
    assert analizar("d%") != analizar("d100")


def test_la_columna_del_termino_no_cuenta_al_comparar():
    arbol = analizar("2 + 1d6")
    assert arbol.terminos[1].columna == 5
    assert arbol == analizar("2+1d6")


@pytest.mark.parametrize(
    ("texto", "canonica"),
    [
        ("1d20", "1d20"),
        ("d20", "1d20"),
        ("D20", "1d20"),
        ("1d%", "d%"),
        ("D%", "d%"),
        ("3d%", "3d%"),
        ("4d6k3", "4d6kh3"),
        ("4D6KH3", "4d6kh3"),
        ("4d6kl3", "4d6kl3"),
        ("4d6dh1", "4d6dh1"),
        ("4d6d1", "4d6dl1"),
        ("4d6DL1", "4d6dl1"),
        ("1d8!", "1d8!"),
        ("1d8!10", "1d8!"),
        ("1d8!3", "1d8!3"),
        ("3d6!kh2", "3d6!kh2"),
        ("3d6!2k2", "3d6!2kh2"),
        ("  1d20 +\t1d8!  + 3 - 4 ", "1d20+1d8!+3-4"),
        ("+3", "3"),
        ("-0", "0"),
        ("1d6-0", "1d6+0"),
        ("007", "7"),
        ("04d06", "4d6"),
        ("-d4", "-1d4"),
        ("2d6 - 1d4!", "2d6-1d4!"),
    ],
)
def test_notacion_canonica(texto, canonica):
    arbol = analizar(texto)
    assert str(arbol) == canonica
    assert analizar(canonica) == arbol


def test_limites_por_defecto():
    assert (LIMITES.dados, LIMITES.caras, LIMITES.profundidad) == (1000, 1000, 20)
    assert (LIMITES.longitud, LIMITES.terminos, LIMITES.constante) == (200, 50, 1_000_000)


@pytest.mark.parametrize(
    "texto",
    [
        "1000d6",
        "1d1000",
        "1d6!20",
        "1000000",
        "500d6+500d4",
        "+".join(["1"] * 50),
        "1d6+" + " " * 192 + "1",
        "4d6kh4",
        "4d6dl3",
        "4d6dl0",
        "1d1",
        "1d2!",
    ],
)
def test_justo_en_los_limites_se_acepta(texto):
    assert str(analizar(texto))


ERRORES = [
    ("", 1, "la expresión está vacía; se esperaba una tirada de dados (como «2d6») o un número"),
    (
        "   ",
        1,
        "la expresión está vacía; se esperaba una tirada de dados (como «2d6») o un número",
    ),
    ("1d", 3, "se esperaba un número de caras después de «d»"),
    ("d", 2, "se esperaba un número de caras después de «d»"),
    ("2dx", 3, "se esperaba un número de caras después de «d»"),
    ("2d6+", 5, "se esperaba una tirada de dados (como «2d6») o un número"),
    ("2d6 + + 1", 7, "se esperaba una tirada de dados (como «2d6») o un número, no «+»"),
    ("x", 1, "se esperaba una tirada de dados (como «2d6») o un número, no «x»"),
    ("1d6 d4", 5, "se esperaba «+», «-» o el final de la expresión, no «d»"),
    ("1d20*2", 5, "se esperaba «+», «-» o el final de la expresión, no «*»"),
    ("1d6!!", 5, "se esperaba «+», «-» o el final de la expresión, no «!»"),
    ("4d6kh3kl1", 7, "se esperaba «+», «-» o el final de la expresión, no «k»"),
    ("4d6kh", 6, "se esperaba cuántos dados guardar después de «kh»"),
    ("4d6K", 5, "se esperaba cuántos dados guardar después de «K»"),
    ("4d6dlx", 6, "se esperaba cuántos dados descartar después de «dl»"),
    ("3d6kh2!", 7, "la explosión «!» va antes de guardar o descartar, como en «3d6!kh2»"),
    ("d%!", 3, "«d%» no puede explotar"),
    ("1d1!", 4, "un dado de una cara explotaría siempre: «!» necesita al menos 2 caras"),
    ("1d6!0", 5, "la profundidad de la explosión va de 1 a 20, no 0"),
    ("1d6!21", 5, "la profundidad de la explosión va de 1 a 20, no 21"),
    ("0d6", 1, "no se pueden tirar 0 dados"),
    ("1d0", 3, "un dado necesita al menos una cara"),
    ("1d1001", 3, "un dado puede tener como mucho 1000 caras, no 1001"),
    ("1001d6", 1, "como mucho se pueden tirar 1000 dados, no 1001"),
    ("99999999d99999999", 1, "como mucho se pueden tirar 1000 dados, no 99999999"),
    ("600d6 + 500d6", 9, "la expresión tira 1100 dados y el máximo es 1000"),
    ("1000001", 1, "una constante puede valer como mucho 1000000, no 1000001"),
    ("1d6-2000000", 5, "una constante puede valer como mucho 1000000, no 2000000"),
    ("4d6k0", 5, "hay que guardar al menos un dado"),
    ("4d6k5", 5, "con 4 dados se pueden guardar como mucho 4, no 5"),
    ("4d6dh4", 6, "con 4 dados se pueden descartar como mucho 3, no 4"),
    ("d6d1", 4, "con 1 dado se pueden descartar como mucho 0, no 1"),
    ("+".join(["1"] * 51), 101, "la expresión tiene más de 50 términos"),
]


@pytest.mark.parametrize(("texto", "columna", "detalle"), ERRORES)
def test_errores_de_notacion(texto, columna, detalle):
    with pytest.raises(ErrorNotacion) as error:
        analizar(texto)
    assert error.value.columna == columna
    assert error.value.detalle == detalle
    assert str(error.value) == f"notación de dados «{texto}» (columna {columna}): {detalle}"


def test_el_error_de_notacion_es_un_error_del_motor():
    with pytest.raises(ErrorTapiz, match="se esperaba un número de caras"):
        analizar("3d")


def test_diez_mil_caracteres_fallan_por_la_longitud_sin_analizar():
    texto = "1d6+" * 2500
    with pytest.raises(ErrorNotacion) as error:
        analizar(texto)
    assert str(error.value) == (
        f"notación de dados «{texto[:200]}…» (columna 201): "
        "la expresión tiene 10000 caracteres y el máximo es 200"
    )


def test_doscientos_un_caracteres_ya_es_demasiado():
    texto = "1" + " " * 200
    with pytest.raises(ErrorNotacion) as error:
        analizar(texto)
    assert (error.value.columna, error.value.detalle) == (
        201,
        "la expresión tiene 201 caracteres y el máximo es 200",
    )


def test_un_numero_de_doscientas_cifras_es_una_constante_demasiado_grande():
    with pytest.raises(ErrorNotacion) as error:
        analizar("9" * 200)
    assert error.value.detalle == f"una constante puede valer como mucho 1000000, no {'9' * 200}"


def test_mayusculas_no_ascii_no_desplazan_la_columna():
    with pytest.raises(ErrorNotacion) as error:
        analizar("İ+1d6")
    assert (error.value.columna, error.value.detalle) == (
        1,
        "se esperaba una tirada de dados (como «2d6») o un número, no «İ»",
    )


def test_cifras_que_no_son_ascii_no_son_numeros():
    with pytest.raises(ErrorNotacion) as error:
        analizar("1d٦")
    assert (error.value.columna, error.value.detalle) == (
        3,
        "se esperaba un número de caras después de «d»",
    )


def test_limites_del_arbol():
    arbol = analizar("3d6!2kh2-1d4+5")
    assert (arbol.minimo, arbol.maximo) == (2 - 4 + 5, 36 - 1 + 5)
    assert arbol.total_dados == 4
    assert (analizar("d%").minimo, analizar("d%").maximo) == (1, 100)
