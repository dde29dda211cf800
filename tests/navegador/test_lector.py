"""Lo que ve quien lee: abreviaturas explicadas una vez, globos y páginas dentro del móvil."""

from __future__ import annotations

import pytest

from tests.navegador.conftest import MOVIL, abrir_pestana

pytestmark = pytest.mark.navegador

PAGINAS = [
    "",
    "introduccion/",
    "hacer-cosas/",
    "creacion-de-personajes/",
    "movimiento-defensa-y-puntos-de-golpe/",
    "lenguas/",
    "rango-y-movimiento/",
    "posturas/",
    "puntos-de-efecto/",
    "sistemas/d20/",
    "sistemas/ratas/",
    "sistemas/comparativa/",
    "libro/",
]

_DOBLES = """() => [...document.querySelectorAll('.tapiz-expansion')].flatMap(e => {
  const abreviatura = e.previousElementSibling;
  const bloque = e.closest('p, li, dd, dt, td, th') ?? e.parentElement;
  const texto = bloque.textContent.toLowerCase();
  const significado = abreviatura.title.toLowerCase();
  return texto.split(significado).length - 1 > 1 ? [bloque.textContent.trim()] : [];
})"""


@pytest.mark.parametrize("ruta", PAGINAS)
def test_cada_abreviatura_se_explica_una_vez_sin_duplicar_lo_que_dice_el_texto(pestana, ruta):
    pestana.ir(ruta)
    assert pestana.page.evaluate(_DOBLES) == []
    vistas = pestana.page.evaluate(
        """() => [...document.querySelectorAll('.tapiz-libro__capitulo, .md-content article')]
            .filter(c => !c.querySelector('.tapiz-libro__capitulo'))
            .flatMap(c => [...c.querySelectorAll('.tapiz-expansion')]
              .map(e => c.dataset.origen + e.previousElementSibling.textContent))"""
    )
    assert len(vistas) == len(set(vistas)), vistas


def test_en_ratas_el_dj_es_el_director_de_juego(pestana):
    pestana.ir("sistemas/ratas/")
    significados = pestana.page.evaluate(
        "() => [...document.querySelectorAll('article abbr')]"
        ".filter(a => a.textContent === 'DJ').map(a => a.dataset.significado)"
    )
    assert significados and set(significados) == {"Director de Juego"}
    expansiones = pestana.page.locator("article .tapiz-expansion").all_text_contents()
    assert " (Director de Juego)" in expansiones


@pytest.mark.parametrize("ruta", PAGINAS)
def test_en_el_movil_ninguna_pagina_es_mas_ancha_que_la_pantalla(navegador, sitio, ruta):
    pestana = abrir_pestana(navegador, sitio, MOVIL)
    pestana.ir(ruta)
    anchos = pestana.page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    pestana.page.context.close()
    assert anchos[0] <= anchos[1], anchos


@pytest.mark.parametrize(("ruta", "sigla"), [("lenguas/", "TZR0001"), ("introduccion/", "DJ")])
def test_en_el_movil_los_globos_de_las_abreviaturas_caben_en_la_pantalla(
    navegador, sitio, ruta, sigla
):
    pestana = abrir_pestana(navegador, sitio, MOVIL)
    pestana.ir(ruta)
    abreviaturas = pestana.page.locator("article abbr", has_text=sigla)
    fuera = []
    for indice in range(abreviaturas.count()):
        abreviatura = abreviaturas.nth(indice)
        if not abreviatura.is_visible():
            continue
        abreviatura.scroll_into_view_if_needed()
        abreviatura.click()
        caja = abreviatura.evaluate(
            """a => {
              const estilo = getComputedStyle(a, '::after');
              const fijo = estilo.position === 'fixed';
              const x = fijo ? 0 : a.getBoundingClientRect().left;
              const izquierda = x + parseFloat(estilo.left);
              return [izquierda, izquierda + parseFloat(estilo.width),
                      document.documentElement.clientWidth,
                      document.documentElement.scrollWidth];
            }"""
        )
        if caja[0] < 0 or caja[1] > caja[2] or caja[3] > caja[2]:
            fuera.append(caja)
        pestana.page.locator("article h1").first.click()
    pestana.page.context.close()
    assert fuera == []
