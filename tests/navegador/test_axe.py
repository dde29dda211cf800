"""El contraste medido en una muestra de cada estilo (``tests/navegador/axe.py``) encuentra lo
mismo que axe entero: un solo texto con poco contraste entre cientos iguales sale."""

from __future__ import annotations

import pytest

from tests.navegador.axe import CONTRASTE, violaciones

pytestmark = pytest.mark.navegador

ULTIMA_CELDA_GRIS = """() => {
  const celdas = [...document.querySelectorAll('article td')];
  celdas.at(-1).style.color = '#c8c8c8';
  return celdas.length;
}"""


def test_un_texto_sin_contraste_entre_muchos_con_el_mismo_estilo_sale(pestana):
    pestana.ir("catalogo/")
    pagina = pestana.page
    assert violaciones(pagina, [CONTRASTE]) == []
    celdas = pagina.evaluate(ULTIMA_CELDA_GRIS)
    assert celdas > 100
    encontradas = violaciones(pagina, [CONTRASTE])
    assert len(encontradas) == 1 and encontradas[0].startswith("color-contrast (serious)")
    assert pagina.evaluate("() => document.querySelectorAll('[data-axe-muestra]').length") < 100
