"""La búsqueda pone primero la sección que define cada término, y al abrirla lo resalta.

Una sola visita: se escribe cada término en el buscador de Material, se mira el primer
resultado, se abre y se buscan las marcas de ``search.highlight`` dentro de esa sección.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import TimeoutError as SinRespuesta

from mkdocs_plugins.plugin.busqueda import plegar
from tests.navegador.conftest import buscar

pytestmark = pytest.mark.navegador

SECCION_QUE_DEFINE = {
    "puntos de efecto": "puntos-de-efecto/",
    "explosión": "dados/#dados-que-explotan",
    "iniciativa": "rondas-y-turnos/#iniciativa",
    "explotan": "dados/#dados-que-explotan",
    "ventaja": "niveles-y-avances/#ventaja-y-desventaja",
    "explota": "dados/#dados-que-explotan",
    "carga": "rango-y-movimiento/#impedimento-y-carga",
    "desventaja": "niveles-y-avances/#ventaja-y-desventaja",
    "consecuencia": "hacer-cosas/#efectos-y-consecuencias",
    "impedimento": "rango-y-movimiento/#impedimento-y-carga",
    "cordura": "sistemas/ratas/#cordura",
    "explotar": "dados/#dados-que-explotan",
}
"""Doce búsquedas, cada una con la sección que define el término la primera (issue 41: las
formas de un verbo, «explotan» y «explota», llevan a la misma que «explosión»). Dos seguidas
no llevan a la misma página: la navegación instantánea no vuelve a abrir la que ya se ve."""

PRIMEROS_TRES = """() => [...document.querySelectorAll('.md-search-result__item')].slice(0, 3)
  .flatMap(li => [...li.querySelectorAll('a.md-search-result__link')].map(a => a.href))"""

PRIMER_RESULTADO = """() => [
  ...document.querySelectorAll('.md-search-result__item:first-child > a.md-search-result__link')
].map(a => ({
  href: a.href,
  puntos: Number(a.querySelector('article').dataset.mdScore),
}))"""

MARCAS_DE_LA_SECCION = """(ancla) => {
  const articulo = document.querySelector('article.md-content__inner');
  const inicio = ancla ? document.getElementById(ancla) : articulo?.querySelector('h1');
  if (!inicio) return [];  // la navegación instantánea aún no ha puesto la página nueva
  const nivel = Number(inicio.tagName[1]);
  const marcas = [];
  for (let e = inicio; e; e = e.nextElementSibling) {
    if (e !== inicio && /^H[1-6]$/.test(e.tagName) && Number(e.tagName[1]) <= nivel) break;
    const dentro = e.matches('mark[data-md-highlight]') ? [e] : [];
    dentro.push(...e.querySelectorAll('mark[data-md-highlight]'));
    marcas.push(...dentro.map(m => m.textContent));
  }
  return marcas;
}"""


PALABRAS_DE_LOS_RESULTADOS = """() => ({
  marcadas: [...document.querySelectorAll('.md-search-result mark')].map(m => m.textContent),
  faltan: [...document.querySelectorAll('.md-search-result del')].map(d => d.textContent),
})"""
"""Las palabras que Material resalta en la lista de resultados y las que dice que faltan."""

VACIAS = {"de"}
"""Las palabras vacías de las consultas de SECCION_QUE_DEFINE (lunr.es no las indexa)."""


def _palabras_ajenas(pagina, termino: str) -> list[str]:
    """Lo resaltado en los resultados que no empieza por una palabra de la consulta (una
    palabra vacía con comodín: «de*» casaba con «desventaja») y las vacías dichas «Falta»."""
    palabras = [p for p in plegar(termino).split() if p not in VACIAS]
    leidas = pagina.evaluate(PALABRAS_DE_LOS_RESULTADOS)
    ajenas = [m for m in leidas["marcadas"] if not plegar(m).startswith(tuple(palabras))]
    return ajenas + [f"Falta: {d}" for d in leidas["faltan"] if plegar(d) in VACIAS]


def _buscar(pagina, termino: str) -> list[dict[str, object]]:
    buscar(pagina, termino)
    return pagina.evaluate(PRIMER_RESULTADO)


def _seccion(href: str, base: str) -> str:
    partes = urlsplit(href)
    ruta = partes.path.removeprefix(urlsplit(base).path)
    return ruta + (f"#{partes.fragment}" if partes.fragment else "")


def test_cada_termino_lleva_primero_a_su_definicion_y_sale_resaltado(pestana):
    pestana.ir("")
    pagina = pestana.page
    hallazgos: list[str] = []
    for termino, esperada in SECCION_QUE_DEFINE.items():
        enlaces = _buscar(pagina, termino)
        if ajenas := _palabras_ajenas(pagina, termino):
            hallazgos.append(f"«{termino}»: resultados con {sorted(set(ajenas))}")
        mejor = max(enlaces, key=lambda e: e["puntos"])
        href = str(mejor["href"])
        if _seccion(href, pestana.base) != esperada:
            hallazgos.append(f"«{termino}»: primero {_seccion(href, pestana.base)}, no {esperada}")
            continue
        # Ningún enlace del primer resultado (tampoco el de la página) abre sin nada resaltado.
        sin_resaltar = [e["href"] for e in enlaces if not parse_qs(urlsplit(str(e["href"])).query)]
        if sin_resaltar:
            hallazgos.append(f"«{termino}»: enlaces sin ?h=: {sin_resaltar}")
        pagina.locator(f'.md-search-result__link[href="{href}"]').first.click()
        pagina.wait_for_url(href)
        ancla = urlsplit(href).fragment
        try:
            pagina.wait_for_function(f"() => ({MARCAS_DE_LA_SECCION})({ancla!r}).length > 0")
        except SinRespuesta:
            hallazgos.append(f"«{termino}»: nada resaltado en {esperada}")
            continue
        marcas = " ".join(plegar(m) for m in pagina.evaluate(MARCAS_DE_LA_SECCION, ancla))
        faltan = [p for p in plegar(termino).split() if len(p) > 2 and p not in marcas]
        if faltan:
            hallazgos.append(f"«{termino}»: sin resaltar {faltan} en {esperada} ({marcas!r})")
    assert hallazgos == []
    assert pestana.errores == []


def test_heridas_lleva_a_las_de_d20_y_a_las_de_ratas_entre_las_tres_primeras(pestana):
    pestana.ir("")
    buscar(pestana.page, "heridas")
    primeros = [
        _seccion(h, pestana.base).split("?")[0] for h in pestana.page.evaluate(PRIMEROS_TRES)
    ]
    assert "sistemas/d20/#heridas-graves" in primeros, primeros
    assert "sistemas/ratas/#dano-y-proteccion" in primeros, primeros
