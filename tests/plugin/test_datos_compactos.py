"""Los datos de «Repetir»: compactados dicen lo mismo, y escritos una vez bastan."""

from __future__ import annotations

import itertools
import json

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_plugins.datos import compactar_resultados, datos, en_json, texto
from mkdocs_plugins.pagina import ACTUAL

soportes = st.lists(
    st.lists(st.integers(-5, 30), min_size=1, max_size=6, unique=True), min_size=1, max_size=3
)


@given(soportes, st.data())
def test_cada_combinacion_recupera_su_resultado(soportes_dados: list[list[int]], datos) -> None:
    combinaciones = list(itertools.product(*soportes_dados))
    resultados = {
        ",".join(map(str, c)): {"valores": {"total": str(datos.draw(st.integers(0, 3)))}}
        for c in combinaciones
    }
    compacto = compactar_resultados(resultados)
    orden = list(itertools.product(*compacto["soportes"]))
    assert len(compacto["indices"]) == len(orden) == len(combinaciones)
    for combinacion, indice in zip(orden, compacto["indices"], strict=True):
        assert compacto["unicos"][indice] == resultados[",".join(map(str, combinacion))]
    # Cada resultado distinto se guarda una sola vez.
    assert len(compacto["unicos"]) == len({repr(r) for r in resultados.values()})


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=8),
        st.dictionaries(st.text(max_size=5), st.integers()),
        max_size=4,
    )
)
def test_un_fichero_con_ejemplos_ya_escritos_es_el_json_del_diccionario_entero(ejemplos) -> None:
    escritos = {clave: en_json(valor) for clave, valor in ejemplos.items()}
    texto_ = texto(ACTUAL, {"1d6"}, escritos, calculadora=False)
    assert texto_ == en_json(datos(ACTUAL, {"1d6"}, calculadora=False) | {"ejemplos": ejemplos})
    assert json.loads(texto_)["ejemplos"] == ejemplos
