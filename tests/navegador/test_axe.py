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


ENCOGER_ENLACES = """() => {
  for (const a of document.querySelectorAll('.tapiz-enlace__ancla')) {
    Object.assign(a.style, {display: 'inline', minHeight: '0', lineHeight: '14px'});
  }
}"""


def test_lo_que_se_pulsa_mide_al_menos_24_px_y_axe_lo_mira(pestana):
    """La regla target-size de axe (WCAG 2.2) va encendida: los enlaces «#», «copiar enlace» y
    los dados del texto pasan en el móvil, y un enlace encogido sale."""
    pestana.page.set_viewport_size({"width": 390, "height": 844})
    pestana.ir("hacer-cosas/")
    assert violaciones(pestana.page, ["target-size"]) == []
    pestana.page.evaluate(ENCOGER_ENLACES)
    encontradas = violaciones(pestana.page, ["target-size"])
    assert len(encontradas) == 1 and encontradas[0].startswith("target-size (serious)")
