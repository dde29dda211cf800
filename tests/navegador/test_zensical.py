"""El mismo libro construido por Zensical: mismas tablas y tarjetas, y los widgets funcionan.

Zensical no ejecuta plugins de MkDocs: lee ``mkdocs.yml`` y sus extensiones de
Python-Markdown (la de Tapiz entre ellas). Lo que el plugin genera solo, los
datos de los widgets y el catálogo, lo escribe antes ``tapiz exportar``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests import segundo_plano
from tests.conftest import carpeta_comun
from tests.navegador.conftest import (
    ESCRITORIO,
    abrir_pestana,
    apagar_el_motor,
    llevar_a_la_calculadora,
    servir,
    tarjeta_a_la_vista,
)

pytestmark = pytest.mark.navegador
PAGINAS = [
    "hacer-cosas",
    "rango-y-movimiento",
    "posturas",
    "sistemas/d20",
    "sistemas/ratas",
    "sistemas/comparativa",
    "lienzos/puertos-de-bruma",
]
_APERTURA = r'<div class="tapiz-(?:ejemplo|tabla|regla|comparativa)"'
_BLOQUE = re.compile(rf"(?s){_APERTURA}[^>]*>.*?(?={_APERTURA}|</article>)")
_EXPANSION = re.compile(r'<span class="tapiz-expansion"[^>]*>[^<]*</span>')
"""«DJ (Director de Juego)»: el plugin de MkDocs lo escribe al construir; con Zensical, sin
el plugin, lo escribe dados.js en el navegador, con la misma regla."""


@pytest.fixture(scope="module")
def zensical(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """El libro construido con Zensical (en segundo plano desde el comienzo de la sesión:
    ``tests/segundo_plano.py``), servido en 127.0.0.1."""
    comun = carpeta_comun(tmp_path_factory)
    proyecto = segundo_plano.esperar("zensical", comun, comun / "zensical")
    servidor, base = servir(proyecto / "site")
    yield proyecto / "site", base
    servidor.shutdown()


@pytest.fixture(scope="module")
def mkdocs(libro: Path) -> Path:
    """El mismo libro construido con MkDocs: el de toda la sesión (tests/conftest.py)."""
    return libro


def _bloques(pagina: Path) -> list[str]:
    texto = pagina.read_text(encoding="utf-8")
    return [
        " ".join(html.unescape(re.sub(r"<[^>]+>", " ", bloque)).split())
        for bloque in _BLOQUE.findall(_EXPANSION.sub("", texto))
    ]


@pytest.mark.parametrize("pagina", PAGINAS)
def test_zensical_muestra_las_mismas_tablas_y_tarjetas_que_mkdocs(zensical, mkdocs, pagina):
    sitio, _ = zensical
    de_zensical = _bloques(sitio / pagina / "index.html")
    de_mkdocs = _bloques(mkdocs / pagina / "index.html")
    assert de_zensical, f"{pagina}: Zensical no mostró ningún bloque"
    assert de_zensical == de_mkdocs
    assert "Error en un bloque Tapiz" not in " ".join(de_zensical)


def test_zensical_publica_los_datos_de_los_widgets_y_el_catalogo(zensical, mkdocs):
    sitio, _ = zensical
    datos = (sitio / "assets" / "tapiz" / "datos.json").read_text(encoding="utf-8")
    assert datos == (mkdocs / "assets" / "tapiz" / "datos.json").read_text(encoding="utf-8")
    assert "Catálogo de reglas" in (sitio / "catalogo" / "index.html").read_text(encoding="utf-8")


def test_en_zensical_tiran_los_dados_la_calculadora_y_repetir(navegador, zensical):
    _, base = zensical
    pestana = abrir_pestana(navegador, base, ESCRITORIO)
    apagar_el_motor(pestana)  # el motor en la página lo prueban test_vivo*.py
    pagina = pestana.page
    pestana.ir("hacer-cosas/")
    vivo = pagina.locator("#tapiz-anuncios, [aria-live]").first
    pagina.locator("button.tapiz-dados").first.click()
    pagina.locator(".tapiz-tirada-zona .tapiz-dado").first.wait_for()
    llevar_a_la_calculadora(pagina)
    # La calculadora trae su tabla escrita; sin el motor en la página, no tira y lo dice.
    assert "%" in pagina.locator(".tapiz-calculadora table").inner_text()
    pagina.get_by_role("button", name="Tirar", exact=True).click()
    estado = pagina.locator(".tapiz-calculadora p[role='status']")
    try:
        expect(estado).to_contain_text("no se puede tirar", timeout=30_000)
    except AssertionError as fallo:
        raise AssertionError(f"{fallo}\nerrores de la página: {pestana.errores}") from None
    repetir = pagina.locator("button.tapiz-repetir").first
    ident = repetir.get_attribute("data-ejemplo")
    tarjeta_a_la_vista(pagina.locator(f"[id='{ident}']"))
    repetir.click()
    resumen = pagina.locator(f"[id='{ident}'] .tapiz-ejemplo__resumen")
    resumen.wait_for()
    assert resumen.inner_text().startswith("Con dados nuevos: ")
    assert vivo.count() == 1
    errores, externas = list(pestana.errores), list(pestana.externas)
    pagina.context.close()
    assert errores == [] and externas == []
