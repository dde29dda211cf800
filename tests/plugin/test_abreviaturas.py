"""Una página puede dar su propio significado a una abreviatura del glosario."""

import pytest

from mkdocs_plugins.nucleo.marcado.abreviaturas import (
    ErrorAbreviaturas,
    con_significados,
    explicar,
    leer,
)


def test_la_pagina_cambia_el_significado_de_sus_abreviaturas():
    html = '<p>el <abbr title="Directora de Juego">DJ</abbr> y un <abbr title="Fuerza">FUE</abbr>'
    cambiado = con_significados(html, leer({"DJ": "Director de Juego"}))
    assert '<abbr title="Director de Juego">DJ</abbr>' in cambiado
    assert '<abbr title="Fuerza">FUE</abbr>' in cambiado


@pytest.mark.parametrize("valor", [["DJ"], {"DJ": ""}, {"DJ": 3}, "DJ: Director"])
def test_un_front_matter_mal_escrito_se_explica(valor):
    with pytest.raises(ErrorAbreviaturas, match="«SIGLA: significado»"):
        leer(valor)


def test_sin_front_matter_no_cambia_nada():
    assert leer(None) == {}


def test_la_primera_abreviatura_se_explica_al_construir_donde_el_texto_no_lo_dice():
    dj = '<abbr title="Directora de Juego">DJ</abbr>'
    pgf = '<abbr title="Puntos de golpe físicos">PGF</abbr>'
    html = (
        f"<h2>El {dj}</h2><p><strong>{pgf} = 10</strong></p>"
        f"<p>Los puntos de golpe\nfísicos ({pgf}) y la {dj}.</p><p>La {dj} otra vez.</p>"
    )
    expansion = '<span class="tapiz-expansion" data-search-exclude=""> (Directora de Juego)</span>'
    assert explicar(html) == html.replace(f"la {dj}", f"la {dj}{expansion}")
