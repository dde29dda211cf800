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
