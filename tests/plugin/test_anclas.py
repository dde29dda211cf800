"""Un enlace a cada regla, tabla y ejemplo: anclas del nombre declarado, únicas y que llevan
a su tarjeta en el libro construido de verdad."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import tinyhtml5

from mkdocs_plugins.nucleo.marcado import anclas
from mkdocs_plugins.nucleo.vallas import render
from tapiz_rules.sistemas import reglamento

RAIZ = Path(__file__).resolve().parents[2]
TARJETAS = ("tapiz-regla", "tapiz-tabla", "tapiz-ejemplo")


@pytest.fixture(scope="module")
def sitio(libro: Path) -> Path:
    """El libro que construye una vez la sesión (tests/conftest.py), como «mkdocs build»."""
    return libro


def _articulo(pagina: Path) -> ET.Element:
    raiz = tinyhtml5.parse(pagina.read_text(encoding="utf-8"), namespace_html_elements=False)
    articulo = raiz.find(".//article")
    assert articulo is not None
    return articulo


def _tarjetas(articulo: ET.Element) -> list[ET.Element]:
    """Las tarjetas para lectores: las que llevan título o cabecera (no las del catálogo)."""
    return [
        e
        for e in articulo.iter("div")
        if e.get("class") in TARJETAS
        and any(c.tag == "p" and "__" in c.get("class", "") for c in e)
    ]


def test_cada_tarjeta_tiene_un_ancla_unica_que_lleva_a_ella(sitio: Path) -> None:
    total, paginas = 0, 0
    for pagina in sorted(sitio.rglob("index.html")):
        if pagina.parent.name in ("libro", "catalogo"):
            continue  # el libro renombra sus ids en el navegador; el catálogo usa sus <h4>
        articulo = _articulo(pagina)
        ids = [e.get("id") for e in articulo.iter() if e.get("id")]
        assert len(ids) == len(set(ids)), f"{pagina}: ids repetidos"
        tarjetas = _tarjetas(articulo)
        paginas += bool(tarjetas)
        for tarjeta in tarjetas:
            assert tarjeta.get("id"), f"{pagina}: una tarjeta sin ancla"
            enlace = tarjeta.find("span[@class='tapiz-enlace']/a")
            boton = tarjeta.find("span[@class='tapiz-enlace']/button")
            assert enlace is not None and boton is not None
            assert enlace.get("href") == f"#{tarjeta.get('id')}", pagina
            assert enlace.get("aria-label", "").startswith(("Enlace a ", "Enlace al "))
            assert " a el " not in enlace.get("aria-label", "") + boton.get("aria-label", "")
            assert boton.get("aria-label", "").startswith(("Copiar enlace a ", "Copiar enlace al "))
            assert boton.get("type") == "button"
        total += len(tarjetas)
    assert total > 200 and paginas > 15


def test_el_ancla_sale_del_nombre_declarado(sitio: Path) -> None:
    rango = {t.get("id") for t in _tarjetas(_articulo(sitio / "rango-y-movimiento/index.html"))}
    efecto = {t.get("id") for t in _tarjetas(_articulo(sitio / "puntos-de-efecto/index.html"))}
    assert {"tabla-impedimento", "tabla-visibilidad"} <= rango
    assert "el-esprint-de-sharra" in rango  # un ejemplo: el identificador que declara
    assert {"regla-grado-efecto", "regla-ventaja-momentanea"} <= efecto


def _dos_tablas() -> tuple[str, str]:
    r = reglamento()
    return (
        render.tabla(r.tabla("tabla_impedimento"), "tabla_impedimento"),
        render.tabla(r.tabla("posturas"), "posturas"),
    )


def test_reordenar_la_pagina_no_cambia_las_anclas() -> None:
    primera, segunda = _dos_tablas()
    en_orden = anclas.anclar(primera + "<p>texto</p>" + segunda)
    al_reves = anclas.anclar(segunda + "<p>texto</p>" + primera)
    for ancla in ('id="tabla-impedimento"', 'id="tabla-posturas"'):
        assert ancla in en_orden and ancla in al_reves


def test_la_misma_tabla_dos_veces_en_una_pagina_da_dos_anclas() -> None:
    primera, _ = _dos_tablas()
    html = anclas.anclar(primera + primera)
    assert 'id="tabla-impedimento"' in html
    assert 'id="tabla-impedimento-2"' in html
    assert anclas.anclar(html) == html, "anclar dos veces no cambia nada"
