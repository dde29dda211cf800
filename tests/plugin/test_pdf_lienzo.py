"""El libro de quien diseña en ``tapiz pdf``: todas sus páginas (aunque su ``mkdocs.yml`` no
tenga ``nav``), las tablas de su Lienzo y la hoja de personaje con sus nombres.

El HTML que imprime WeasyPrint se comprueba sin WeasyPrint (rápido); la prueba marcada
``pdf`` escribe el PDF de verdad y lo lee con pdftotext (``pytest --pdf``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.pdf import construir
from mkdocs_plugins.herramientas.pdf.libro import Portada, Version, portada, portada_de_lienzo
from mkdocs_plugins.herramientas.pdf.orden import del_libro, reglamento_de_la_hoja
from tapiz_rules.lienzos.lienzo import Lienzo
from tests.plugin.conftest import construir as construir_sitio
from tests.plugin.conftest import sitio

LIENZO = """\
nombre: Islas de Sal
nombres:
  caracteristicas: {FUE: {nombre: Vigor, abreviatura: VIG}}
  atributo: [oficio, oficios]
parametros:
  dificultades: {media: 11}
tablas_nuevas:
  mareas:
    titulo: Mareas del puerto
    columnas: [Hora, Marea]
    filas:
      - [Amanecer, Baja]
"""
PORTADA = "# Islas de Sal {#islas}\n\nUn libro sobre islas.\n"
REGLAS = """\
# Reglas de las islas {#reglas}

```tapiz-regla
tabla: dificultades
```

```tapiz-regla
tabla: mareas
```
"""


@pytest.fixture(scope="module")
def libro(tmp_path_factory: pytest.TempPathFactory) -> Path:
    proyecto = sitio(tmp_path_factory.mktemp("islas"), [])
    (proyecto / "srd" / "lienzo.yml").write_text(LIENZO, encoding="utf-8")
    (proyecto / "srd" / "index.md").write_text(PORTADA, encoding="utf-8")
    (proyecto / "srd" / "reglas.md").write_text(REGLAS, encoding="utf-8")
    proceso = construir_sitio(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    return proyecto


def _html(libro: Path) -> str:
    reglamento = reglamento_de_la_hoja(libro / "mkdocs.yml", None)
    html, capitulos, _ = construir.ensamblar(
        None, libro / "site", Version("", None), "", reglamento, libro / "srd"
    )
    assert capitulos == 2
    return html


def test_la_hoja_del_pdf_es_la_del_lienzo_del_libro(libro: Path) -> None:
    reglamento = reglamento_de_la_hoja(libro / "mkdocs.yml", None)
    assert reglamento.lienzo is not None and reglamento.lienzo.nombre == "Islas de Sal"
    assert "Oficios y habilidades" in construir.hoja_sola(Version("", None), reglamento)


def test_el_libro_sin_nav_lleva_sus_paginas_sus_tablas_y_su_hoja(libro: Path) -> None:
    html = _html(libro)
    assert html.index("Un libro sobre islas") < html.index("Amanecer")
    assert "Mareas del puerto" in html and "Amanecer" in html
    assert "<td>Media</td><td>11</td>" in html
    assert "<strong>VIG</strong>" in html and "Oficios y habilidades" in html


def test_la_portada_del_libro_de_un_lienzo(libro: Path) -> None:
    lienzo = del_libro(libro / "mkdocs.yml").lienzo
    assert isinstance(lienzo, Lienzo)
    datos = portada_de_lienzo("Islas de Sal", "Ana Sal", lienzo.descripcion)
    reglamento = reglamento_de_la_hoja(libro / "mkdocs.yml", None)
    html, _, _ = construir.ensamblar(
        None, libro / "site", Version("", None), "", reglamento, libro / "srd", datos
    )
    assert "<title>Islas de Sal</title>" in html
    assert '<meta name="author" content="Ana Sal">' in html
    assert '<p class="portada__titulo">Islas de Sal</p>' in html
    assert "Sobre el Sistema Tapiz de Pablo Ruiz-Múzquiz." in html
    assert "Documento de Referencia" not in html


@pytest.mark.pdf
def test_tapiz_pdf_del_libro_de_quien_disena(libro: Path, tmp_path: Path) -> None:
    proceso = subprocess.run(
        ["tapiz", "pdf", str(tmp_path / "islas.pdf"), "--sitio", str(libro / "site")],
        cwd=libro,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proceso.returncode == 0, proceso.stderr
    texto = subprocess.run(
        ["pdftotext", str(tmp_path / "islas.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    frases = ("Prueba Tapiz", "Sobre el Sistema Tapiz", "Reglas de las islas", "Mareas del puerto")
    for frase in (*frases, "VIG", "OFICIOS Y HABILIDADES"):
        assert frase in texto, frase


def test_en_este_libro_la_hoja_es_la_de_tapiz_salvo_con_lienzo() -> None:
    raiz = Path(__file__).resolve().parents[2]
    assert del_libro(raiz / "mkdocs.yml").lienzo is None  # su portada y su hoja, las de Tapiz
    puertos = reglamento_de_la_hoja(raiz / "mkdocs.yml", str(raiz / "srd/lienzos/puertos-de-bruma"))
    assert puertos.lienzo is not None and puertos.lienzo.nombre == "Puertos de Bruma"


def test_sin_site_url_la_portada_no_promete_una_edicion_en_linea() -> None:
    version = Version("abc1234", None)
    assert "Edición en línea" not in portada(Portada(), "CC BY-SA.", "", version)
    con_sitio = portada(Portada(), "CC BY-SA.", "https://ejemplo.org/libro/", version)
    assert "CC BY-SA. Edición en línea: https://ejemplo.org/libro/</p>" in con_sitio
