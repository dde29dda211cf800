"""El libro en papel: lo impreso cabe en la caja de texto, cada tabla empieza en la página de
su título y las tablas del Lienzo están. Se mide en el PDF (``pdftotext -bbox``), no en el HTML."""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tapiz_rules.lienzos.lienzo import cargar
from tapiz_rules.vivo import celda
from tests.navegador.conftest import RAIZ
from tests.pdf.conftest import Libro

pytestmark = pytest.mark.pdf

MM = 72 / 25.4
MARGEN = 18 * MM
"""El margen lateral de las páginas del libro (``@page`` en ``imprimir.css``)."""
MARGEN_DE_LA_HOJA = 11 * MM
"""El de la hoja de personaje, la última página (``@page hoja``)."""
HOLGURA = 0.5
"""Medio punto: el redondeo de las coordenadas de pdftotext."""

PALABRA = re.compile(
    r'<word xMin="(?P<x0>[\d.]+)" yMin="[\d.]+" xMax="(?P<x1>[\d.]+)" yMax="[\d.]+">'
    r"(?P<texto>[^<]*)</word>"
)


@dataclass(frozen=True)
class Pagina:
    ancho: float
    palabras: list[tuple[float, float, str]]


def paginas_medidas(pdf: Path) -> list[Pagina]:
    """Cada página con su ancho y cada palabra con su borde izquierdo y derecho (en puntos)."""
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    medidas = []
    for trozo in xml.split("<page ")[1:]:
        ancho = re.search(r'width="([\d.]+)"', trozo)
        assert ancho is not None
        palabras = [
            (float(p["x0"]), float(p["x1"]), html.unescape(p["texto"]))
            for p in PALABRA.finditer(trozo)
        ]
        medidas.append(Pagina(float(ancho[1]), palabras))
    return medidas


def normal(texto: str) -> str:
    return " ".join(texto.split())


def test_nada_se_sale_de_la_caja_de_texto(libro_pdf: Libro) -> None:
    """Ninguna palabra de ninguna página (las celdas de cada tabla incluidas) cae fuera de la
    caja de texto: la página menos sus márgenes. Una tabla más ancha que la caja deja su
    última columna en el margen o fuera del papel."""
    paginas = paginas_medidas(libro_pdf.pdf)
    assert len(paginas) == len(libro_pdf.paginas)
    fuera = []
    for numero, pagina in enumerate(paginas, start=1):
        margen = MARGEN_DE_LA_HOJA if numero == len(paginas) else MARGEN
        izquierda, derecha = margen - HOLGURA, pagina.ancho - margen + HOLGURA
        sobran = [t for x0, x1, t in pagina.palabras if x0 < izquierda or x1 > derecha]
        if sobran:
            fuera.append(f"página {numero}: {' '.join(sobran[:6])}")
    assert fuera == []
    assert sum(len(p.palabras) for p in paginas) > 30_000


def _titulos_de_tabla(documento: str) -> list[str]:
    """Los títulos de las tablas del libro: ``<caption>`` y el título de una tabla del
    reglamento (``tapiz-tabla__titulo``), en el orden del libro. Sin las fracciones exactas
    de la comparativa, que el papel no lleva (``tapiz/comparativa.css``)."""
    documento = re.sub(
        r'<details class="tapiz-comparativa__fracciones">.*?</details>', "", documento
    )
    encontrados = re.findall(
        r'<caption>(.*?)</caption>|<p class="tapiz-tabla__titulo"><strong>(.*?)</strong></p>',
        documento,
    )
    return [normal(html.unescape(re.sub(r"<[^>]+>", "", a or b))) for a, b in encontrados]


def _donde(titulo: str, paginas: list[list[str]], desde: tuple[int, int]) -> tuple[int, int]:
    """(página, línea) de la siguiente línea que es exactamente el título (o de la segunda,
    si el título ocupa dos): no la leyenda de una gráfica que empieza igual, ni una mención
    en el texto."""
    pagina, linea = desde
    while pagina < len(paginas):
        lineas = paginas[pagina]
        for i in range(linea, len(lineas)):
            if lineas[i] == titulo:
                return pagina, i
            if normal(" ".join(lineas[i : i + 2])) == titulo:
                return pagina, i + 1
        pagina, linea = pagina + 1, 0
    raise AssertionError(f"el título «{titulo}» no está en el PDF")


def test_cada_tabla_empieza_en_la_pagina_de_su_titulo(libro_pdf: Libro) -> None:
    """Tras el título, en su misma página, hay otra línea (la tabla, que no se parte:
    ``break-inside: avoid``); un título solo al pie de una página, no."""
    titulos = _titulos_de_tabla(libro_pdf.html)
    assert len(titulos) > 30
    paginas = [[normal(x) for x in p.strip().splitlines()[:-1]] for p in libro_pdf.paginas]
    paginas = [[x for x in p if x] for p in paginas]
    donde, solos = (0, 0), []
    for titulo in titulos:
        donde = _donde(titulo, paginas, donde)
        pagina, linea = donde
        if linea == len(paginas[pagina]) - 1:
            solos.append(f"«{titulo}», al pie de la página {pagina + 1}")
        donde = (pagina, linea + 1)
    assert solos == []


def test_estan_todas_las_tablas_del_lienzo(libro_pdf: Libro) -> None:
    """Cada tabla que declara el Lienzo de ejemplo (la de su regla de datos, la niebla,
    incluida), con todas sus celdas en una página con su título, en el apéndice del Lienzo (el
    de la niebla es también el de su regla, que puede quedar en la página de antes)."""
    lienzo = cargar(RAIZ / "srd" / "lienzos" / "puertos-de-bruma" / "lienzo.yml")
    reglamento = lienzo.reglamento()
    inicio = next(
        i for i, p in enumerate(libro_pdf.paginas) if p.strip().startswith("Puertos de Bruma")
    )
    paginas = [normal(p) for p in libro_pdf.paginas[inicio:]]
    assert {d.nombre for d in lienzo.tablas} >= {"niebla", "ejemplos_efectos"}
    for definicion in lienzo.tablas:
        tabla = reglamento.tabla(definicion.nombre)
        con_titulo = [set(p.split()) for p in paginas if tabla.titulo in p]
        assert con_titulo, f"falta la tabla «{tabla.titulo}»"
        celdas = {w for fila in tabla.filas for valor in fila for w in celda(valor).split()}
        faltan = [celdas - palabras for palabras in con_titulo]
        assert set() in faltan, (tabla.titulo, faltan)
