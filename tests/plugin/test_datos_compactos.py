"""Los datos de «Repetir»: compactados dicen lo mismo, y escritos una vez bastan."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_plugins.extension.pagina import ACTUAL
from mkdocs_plugins.nucleo.datos.cache import Cache
from mkdocs_plugins.nucleo.datos.datos import (
    compactar_resultados,
    distribucion_json,
    en_json,
    texto,
)

soportes = st.lists(
    st.lists(st.integers(-5, 30), min_size=1, max_size=6, unique=True), min_size=1, max_size=3
)


@given(soportes, st.data())
def test_cada_combinacion_recupera_su_resultado(soportes_dados: list[list[int]], datos) -> None:
    combinaciones = list(itertools.product(*soportes_dados))
    resultados = {
        c: {"valores": {"total": str(datos.draw(st.integers(0, 3)))}} for c in combinaciones
    }
    compacto = compactar_resultados(resultados)
    orden = list(itertools.product(*compacto["soportes"]))
    assert len(compacto["indices"]) == len(orden) == len(combinaciones)
    for combinacion, indice in zip(orden, compacto["indices"], strict=True):
        assert compacto["unicos"][indice] == resultados[combinacion]
    # Cada resultado distinto se guarda una sola vez.
    assert len(compacto["unicos"]) == len({repr(r) for r in resultados.values()})


def _diccionario(expresiones: set[str]) -> dict[str, object]:
    """Los datos escritos a mano, pieza a pieza, sin pasar por ``texto``."""
    p = ACTUAL.parametros
    return {
        "version": 2,
        "reglamento": {
            "edicion": ACTUAL.edicion,
            "dado_base": p.dado_base,
            "opcionales": sorted(ACTUAL.opcionales),
        },
        "distribuciones": {e: distribucion_json(e) for e in sorted(expresiones)},
    }


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=8),
        st.dictionaries(st.text(max_size=5), st.integers()),
        max_size=4,
    ),
    st.sets(st.sampled_from(["1d6", "2d6", "1d20+3", "4d6kh3", "d%"]), max_size=3),
)
def test_un_fichero_hecho_de_piezas_escritas_es_el_json_del_diccionario_entero(
    ejemplos, expresiones
) -> None:
    escritos = {clave: en_json(valor) for clave, valor in ejemplos.items()}
    texto_ = texto(ACTUAL, expresiones, escritos)
    esperado = _diccionario(expresiones) | {"ejemplos": ejemplos}
    assert texto_ == en_json(esperado)
    # Con las piezas guardadas en una caché (otra construcción), lo mismo.
    cache = Cache(None, "h")
    texto(ACTUAL, expresiones, escritos, cache=cache)
    assert texto(ACTUAL, expresiones, escritos, cache=cache) == texto_
