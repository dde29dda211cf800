"""Lo que el buscador no indexa se aparta mientras indexa y vuelve entero a la página."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA, SOLO_SU_TEXTO, Apartados
from mkdocs_plugins.plugin import carga
from tests.plugin.conftest import PAGINAS, construir, sitio

TROZOS = st.sampled_from(
    [
        "<p>texto</p>",
        f"<div {FUERA_DE_LA_BUSQUEDA}>",
        f'<div class="x" {FUERA_DE_LA_BUSQUEDA}>',
        "<div>",
        "</div>",
        f'<svg viewBox="0 0 1 1" {FUERA_DE_LA_BUSQUEDA}><title>t</title>',
        "</svg>",
        "<br/>",
        "<!--tapiz-aparte-99-->",
        "<!--tapiz-aparte-x-->",
        f"<table {SOLO_SU_TEXTO}><tr><td>a</td><td>b &amp; c</td></tr>",
        "</table>",
        f'<p class="y" {SOLO_SU_TEXTO}>',
        "</p>",
        "<!--tapiz-texto-fin-->",
    ]
)


@given(st.lists(TROZOS, max_size=25))
def test_apartar_y_devolver_deja_el_html_como_estaba(trozos: list[str]) -> None:
    html = "".join(trozos)
    apartados = Apartados()
    sin_marcados = apartados.apartar(html)
    assert apartados.devolver(sin_marcados) == html


def test_lo_apartado_es_el_elemento_entero_con_sus_anidados() -> None:
    html = f"<p>a</p><div {FUERA_DE_LA_BUSQUEDA}><div>b</div><div>c</div></div><p>d</p>"
    apartados = Apartados()
    assert apartados.apartar(html) == "<p>a</p><!--tapiz-aparte-0--><p>d</p>"


def test_de_lo_marcado_solo_su_texto_queda_el_texto_mientras_se_indexa() -> None:
    html = (
        f'<p>a</p><div class="tapiz-tabla" {SOLO_SU_TEXTO}><p><strong>Título</strong></p>'
        "<table><tr><th>Dado</th><th>Daño</th></tr><tr><td>1d6</td><td>3 &amp; 4</td></tr>"
        f"</table><p {FUERA_DE_LA_BUSQUEDA}>oculto</p></div><p>d</p>"
    )
    apartados = Apartados()
    indexado = apartados.apartar(html)
    assert indexado == (
        "<p>a</p><!--tapiz-aparte-0-->Título Dado Daño 1d6 3 &amp; 4<!--tapiz-texto-fin--><p>d</p>"
    )
    assert apartados.devolver(indexado) == html


WIDGETS = "|".join(map(re.escape, carga.WIDGETS))
REFERENCIA = re.compile(r'class="(?:[^"]*\s)?(' + WIDGETS + r')(?=[\s"])')
PIEZAS = st.sampled_from(
    [
        '<div class="tapiz-ejemplo">',
        '<div class="tapiz-ejemplo__cuerpo">',
        '<button class="md-button tapiz-repetir" data-x="tapiz-dados">',
        '<p data-clase="tapiz-calculadora">',
        "<p>tapiz-dados en el texto</p>",
        "<code>class=&quot;tapiz-tirador&quot;</code>",
        '<span class="a b tapiz-comparativa c">',
        '<span class="tapiz-comparativas">',
        "</div>",
    ]
)


@given(st.lists(PIEZAS, max_size=20))
def test_los_widgets_se_ven_igual_que_con_la_expresion_completa(piezas: list[str]) -> None:
    html = "".join(piezas)
    assert carga.widgets_de(html) == set(REFERENCIA.findall(html))


def test_el_buscador_no_indexa_el_cuerpo_de_las_tarjetas_y_la_pagina_lo_muestra(
    tmp_path: Path,
) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    yml = proyecto / "mkdocs.yml"
    yml.write_text(yml.read_text("utf-8").replace("plugins:\n", "plugins:\n  - search\n"))
    assert construir(proyecto, "--strict").returncode == 0
    publicado = proyecto / "site"
    indice = json.loads((publicado / "search" / "search_index.json").read_text("utf-8"))
    texto = " ".join(d["text"] for d in indice["docs"])
    assert "Once puntos" in texto  # el título de la tarjeta sí
    # De la tabla, el texto, con un espacio entre celda y celda.
    assert "Grados de efecto y consecuencia Grado Puntos necesarios Modificador Menor 5" in texto
    assert "Cálculo" not in texto and "Resultado" not in texto
    html = (publicado / "correcta" / "index.html").read_text("utf-8")
    assert html.count('class="tapiz-ejemplo__cuerpo"') == 2
    assert "tapiz-aparte" not in "".join(f.read_text("utf-8") for f in publicado.rglob("*.html"))
