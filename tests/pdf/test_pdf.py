"""El libro en PDF, leído con las herramientas de poppler (pdftotext, pdfinfo, pdftohtml)."""

from __future__ import annotations

import html
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from mkdocs_plugins.herramientas.pdf import construir
from tests.pdf.conftest import Libro, ensamblar, texto

pytestmark = pytest.mark.pdf

LINEA_DEL_INDICE = re.compile(r"^\s*(?P<titulo>\S.*?)\s*(?:\.\s*)+(?P<pagina>\d+)$")


def indice(libro: Libro) -> list[tuple[str, int]]:
    """Las líneas del índice (título, página) de las páginas que lleva de cabecera «Índice»."""
    lineas = []
    for pagina in libro.paginas[1:]:
        if pagina.strip().splitlines()[0].strip() != "Índice":
            break
        for linea in pagina.splitlines():
            if coincide := LINEA_DEL_INDICE.match(linea):
                lineas.append((coincide["titulo"].strip(" ."), int(coincide["pagina"])))
    return lineas


def marcadores(pdf: Path) -> ET.Element:
    xml = subprocess.run(
        ["pdftohtml", "-xml", "-i", "-stdout", "-q", str(pdf)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    raiz = ET.fromstring(xml.split("\n", 2)[2] if xml.startswith("<?xml") else xml)
    outline = raiz.find("outline")
    assert outline is not None, "el PDF no tiene marcadores"
    return outline


def test_cada_pagina_menos_la_portada_y_la_hoja_lleva_su_numero(libro_pdf: Libro) -> None:
    assert len(libro_pdf.paginas) > 100
    assert str(1) not in libro_pdf.paginas[0].split()
    for numero, pagina in enumerate(libro_pdf.paginas[1:-1], start=2):
        ultima = pagina.strip().splitlines()[-1].strip()
        assert ultima == str(numero), f"la página {numero} acaba en «{ultima}»"


def test_las_cabeceras_dicen_el_capitulo(libro_pdf: Libro) -> None:
    cabeceras = {p.strip().splitlines()[0].strip() for p in libro_pdf.paginas[1:-1]}
    for capitulo in ("Índice", "Hacer cosas", "un sistema d20", "Secciones pendientes"):
        assert any(capitulo in c for c in cabeceras), capitulo


def test_el_indice_da_la_pagina_de_cada_capitulo(libro_pdf: Libro) -> None:
    lineas = indice(libro_pdf)
    assert len(lineas) > 60
    for titulo, pagina in lineas:
        cuerpo = " ".join(libro_pdf.paginas[pagina - 1].split())
        assert " ".join(titulo.split()[:4]) in cuerpo, f"«{titulo}» no está en la página {pagina}"


def _arbol(outline: ET.Element) -> list[tuple[str, list[Any]]]:
    """Los marcadores como (título, hijos): en el XML de pdftohtml, los hijos de un ``item``
    son el ``outline`` que le sigue."""
    arbol: list[tuple[str, list[Any]]] = []
    for elemento in outline:
        if elemento.tag == "item":
            arbol.append((" ".join((elemento.text or "").split()), []))
        elif elemento.tag == "outline" and arbol:
            arbol[-1][1].extend(_arbol(elemento))
    return arbol


def _profundidad(arbol: list[tuple[str, list[Any]]]) -> int:
    return max((1 + _profundidad(hijos) for _, hijos in arbol), default=0)


def test_marcadores_en_tres_niveles_parte_capitulo_y_seccion(libro_pdf: Libro) -> None:
    """Las partes del libro (las de ``nav``, y los apéndices del impreso) arriba; dentro, sus
    capítulos; dentro de cada capítulo, sus secciones. El capítulo sin parte (el de uso) va
    arriba con ellas."""
    arbol = _arbol(marcadores(libro_pdf.pdf))
    partes = [html.unescape(p) for p in re.findall(r'data-parte="([^"]+)"', libro_pdf.html)]
    assert partes[:3] == ["Introducción", "Personajes", "Reglas de juego"]
    assert partes[-2:] == ["Lienzos", "Apéndices del libro impreso"]
    assert [t for t, _ in arbol if t in partes] == partes
    assert len(arbol) == len(partes) + 1
    assert _profundidad(arbol) == 3
    capitulos = [c for t, hijos in arbol if t in partes for c, _ in hijos]
    assert "Hacer cosas" in capitulos and "Hoja de personaje" in capitulos
    h1 = libro_pdf.html.count("<h1")
    h2 = len(re.findall(r'<h2 id="', libro_pdf.html))
    total = sum(1 + len(hijos) + sum(len(n) for _, n in hijos) for _, hijos in arbol)
    assert total == len(partes) + h1 + h2
    assert h1 + h2 == len(indice(libro_pdf))


def test_un_pdf_etiquetado_pdf_ua(libro_pdf: Libro) -> None:
    """PDF/UA-1: marcado (MarkInfo), con el árbol de estructura (StructTreeRoot) de encabezados
    y tablas, y la identificación PDF/UA en sus metadatos XMP."""
    info = subprocess.run(
        ["pdfinfo", str(libro_pdf.pdf)], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^Tagged:\s+yes$", info, re.M)
    meta = subprocess.run(
        ["pdfinfo", "-meta", str(libro_pdf.pdf)], capture_output=True, text=True, check=True
    ).stdout
    assert 'pdfuaid:part="1"' in meta
    estructura = subprocess.run(
        ["pdfinfo", "-struct", str(libro_pdf.pdf)], capture_output=True, text=True, check=True
    ).stdout
    etiquetas = [linea.split()[0] for linea in estructura.splitlines() if linea.strip()]
    assert etiquetas.count("H1") == libro_pdf.html.count("<h1")
    assert {"Table", "TH", "Caption", "L", "Link"} <= set(etiquetas)


def test_estan_los_otros_sistemas_la_comparativa_y_el_lienzo(libro_pdf: Libro) -> None:
    titulos = [t.lower() for t, _ in indice(libro_pdf)]
    apendices = ("un sistema d20", "ratas en las paredes", "comparar las tiradas")
    posiciones = [next(i for i, t in enumerate(titulos) if a in t) for a in apendices]
    lienzo = next(i for i, t in enumerate(titulos) if "puertos de bruma" in t)
    assert posiciones == sorted(posiciones) and lienzo > posiciones[-1]


def test_las_graficas_son_vectores(libro_pdf: Libro) -> None:
    imagenes = subprocess.run(
        ["pdfimages", "-list", str(libro_pdf.pdf)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    assert imagenes == []
    assert libro_pdf.html.count('<svg class="tapiz-curvas__svg"') >= 7


def test_nada_de_pantalla(libro_pdf: Libro) -> None:
    todo = "\n".join(libro_pdf.paginas)
    for control in (
        "Repetir",
        "Probabilidades",
        "necesita JavaScript",
        "Hace falta JavaScript",
        "Copiar enlace",
        "Probar «",
    ):
        assert control not in todo
    assert "<button" not in libro_pdf.html
    assert 'class="tapiz-dados">3d6</span>' in libro_pdf.html


def test_las_secciones_pendientes_van_en_un_apendice(libro_pdf: Libro) -> None:
    todo = "\n".join(libro_pdf.paginas)
    assert "aún no está redactada" not in todo
    pendientes = todo[todo.rindex("Secciones pendientes") :]
    pendientes = " ".join(pendientes.split())
    assert "Alineamiento: todo el capítulo." in pendientes
    assert "Creación de personajes: Los Atributos." in pendientes


def test_los_enlaces_internos_llevan_a_un_id(libro_pdf: Libro) -> None:
    ids = set(re.findall(r' id="([^"]+)"', libro_pdf.html))
    internos = re.findall(r'href="#([^"]*)"', libro_pdf.html)
    assert len(internos) > 100
    assert sorted({i for i in internos if i not in ids}) == []
    assert len(ids) == len(re.findall(r' id="', libro_pdf.html)), "ids repetidos"


def test_mismo_commit_mismo_texto(libro_pdf: Libro, tmp_path: Path) -> None:
    """El mismo HTML del libro otra vez y, del mismo HTML, el mismo PDF. Lo segundo, con la
    hoja de personaje (una página, por el mismo ``escribir`` y las mismas hojas de estilo que
    el libro): paginar el libro entero otra vez costaba 16 s de CPU y solo probaba WeasyPrint,
    porque ``escribir`` no añade al HTML nada más que las hojas de estilo."""
    assert ensamblar(libro_pdf.sitio, libro_pdf.version) == libro_pdf.html
    otra = tmp_path / "hoja.pdf"
    construir.escribir(construir.hoja_sola(libro_pdf.version), otra, libro_pdf.sitio)
    assert texto(otra) == texto(libro_pdf.hoja)


def test_la_hoja_de_personaje_es_una_pagina_a4_con_las_reglas(libro_pdf: Libro) -> None:
    info = subprocess.run(
        ["pdfinfo", str(libro_pdf.hoja)], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M)
    assert "(A4)" in info
    hoja = " ".join(texto(libro_pdf.hoja, "-raw").split())
    for campo in (
        "FUE",
        "CAR",
        "Nivel del atributo",
        "Defensa física",
        "Carga",
        "Movimiento (MOV)",
    ):
        assert campo in hoja
    assert "«Modificador de una característica» (Creación de Personajes)" in hoja
    assert "Hoja de personaje" in libro_pdf.paginas[-1]
