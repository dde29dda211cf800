"""Secciones pendientes: una marca en el encabezado y una línea (no una caja), fuera del papel,
y la página «Estado del SRD» que las lista para quien quiera redactarlas."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import yaml

from mkdocs_plugins.herramientas.pdf import limpiar
from mkdocs_plugins.nucleo.fuente import pendientes
from mkdocs_plugins.nucleo.paginas import estado_srd
from tests.conftest import mkdocs_yml

RAIZ = Path(__file__).resolve().parents[2]

FUENTE = """\
---
title: Prueba
---

# Prueba {#prueba}

Introducción.

## Escrita a medias {#a-medias}

Algo escrito.

!!! pendiente "Pendiente"
    El resto de esta sección del SRD aún no está redactado.

## Vacía {#vacia}

!!! pendiente "Pendiente"
    Esta sección del SRD aún no está redactada.

## Con subsecciones {#con-subsecciones}

!!! pendiente "Pendiente"
    Esta sección del SRD aún no está redactada.

### Escrita {#escrita}

Texto | con barra.
"""


def _convertir(fuente: str) -> tuple[str, markdown.Markdown]:
    md = markdown.Markdown(
        extensions=[
            "admonition",
            "attr_list",
            "toc",
            "pymdownx.superfences",
            "mkdocs_plugins.extension",
        ],
        extension_configs={"toc": {"permalink": True}},
    )
    return md.convert(fuente.split("---", 2)[2]), md


def test_el_aviso_es_una_linea_y_el_encabezado_lleva_la_marca() -> None:
    html, md = _convertir(FUENTE)
    assert "admonition" not in html
    assert html.count('<p class="tapiz-pendiente">') == 3
    assert re.search(
        r'<h2 id="a-medias">Escrita a medias<a class="headerlink"[^>]*>&para;</a> '
        r'<span class="tapiz-marca-pendiente">incompleta</span></h2>',
        html,
    )
    assert re.search(
        r'<h2 class="tapiz-seccion-vacia" id="vacia">Vacía<a [^>]*>&para;</a> <span', html
    )
    # Con subsecciones escritas, el encabezado se imprime: no está vacío.
    assert re.search(r'<h2 id="con-subsecciones">Con subsecciones<a [^>]*>&para;</a> <span', html)
    assert "tapiz-marca-pendiente" not in html.split("</h1>")[0]
    # El índice de la página no lleva la marca.
    nombres = [t["name"] for t in md.toc_tokens[0]["children"]]  # type: ignore[attr-defined]
    assert nombres == ["Escrita a medias", "Vacía", "Con subsecciones"]


def test_el_pdf_quita_lineas_y_marcas_y_lista_las_secciones() -> None:
    html, _ = _convertir(FUENTE)
    articulo = ET.fromstring(f"<article>{html.replace('&para;', '')}</article>")
    limpiar.solo_papel(articulo)
    titulos = limpiar.quitar_pendientes(articulo)
    assert titulos == ["Escrita a medias", "Vacía", "Con subsecciones"]
    texto = " ".join("".join(articulo.itertext()).split())
    assert "pendiente" not in texto and "incompleta" not in texto and "redactad" not in texto
    assert "Vacía" not in texto and "Algo escrito." in texto and "Con subsecciones" in texto


def test_leer_cuenta_las_secciones_y_sus_lineas() -> None:
    secciones, faltan = pendientes.leer(FUENTE)
    assert secciones == 5
    assert [(p.identificador, p.en_parte, p.linea) for p in faltan] == [
        ("a-medias", True, 9),
        ("vacia", False, 16),
        ("con-subsecciones", False, 21),
    ]


def test_la_pagina_de_estado_lista_cada_pendiente_con_sus_enlaces() -> None:
    capitulos = [
        estado_srd.capitulo("prueba.md", FUENTE, "Capítulo de prueba"),
        estado_srd.capitulo("otra/escrita.md", "# Escrita {#escrita}\n\nTodo.\n"),
    ]
    texto = estado_srd.markdown(capitulos, "https://ejemplo.invalid/edit/main/srd/")
    assert "De 6 secciones, **3 están redactadas** (50 %) y **3 pendientes**" in texto
    derecha = '<td style="text-align: right;">'
    assert (
        f'<td><a href="#capitulo-prueba">Capítulo de prueba</a></td>\n{derecha}2</td>\n'
        f"{derecha}3</td>"
    ) in texto
    assert f"<td>Escrita</td>\n{derecha}1</td>\n{derecha}0</td>" in texto
    assert "## Capítulo de prueba {#capitulo-prueba}\n\n2 redactadas y 3 pendientes." in texto
    assert (
        '<td><a href="../prueba.md#vacia">Vacía</a></td>\n<td>pendiente</td>\n'
        '<td><a href="https://ejemplo.invalid/edit/main/srd/prueba.md">srd/prueba.md, '
        "línea 16</a></td>"
    ) in texto
    assert (
        '<td><a href="../prueba.md#a-medias">Escrita a medias</a></td>\n<td>incompleta</td>'
    ) in texto
    assert "## Escrita" not in texto
    sin_repositorio = estado_srd.markdown(capitulos[:1], None)
    assert "<td>srd/prueba.md, línea 16</td>" in sin_repositorio
    publicada = estado_srd.markdown(capitulos, None, lambda ruta, id_: f"../../x/#{id_}")
    assert '<a href="../../x/#vacia">Vacía</a>' in publicada


def test_el_libro_muestra_las_pendientes_en_linea_y_las_lista_en_estado(libro: Path) -> None:
    tiradas = (libro / "tiradas" / "index.html").read_text("utf-8")
    assert "admonition pendiente" not in tiradas
    _, faltan = pendientes.leer((RAIZ / "srd" / "tiradas.md").read_text("utf-8"))
    incompletas = sum(p.en_parte for p in faltan)
    assert len(faltan) > 20 and incompletas >= 1
    assert tiradas.count('class="tapiz-marca-pendiente">pendiente<') == len(faltan) - incompletas
    assert tiradas.count('class="tapiz-marca-pendiente">incompleta<') == incompletas
    estado = (libro / "colaborar" / "estado" / "index.html").read_text("utf-8")
    assert "<h1" in estado and "Estado del SRD" in estado
    assert '<a href="../../tiradas/#tiradas-incrementales">Tiradas Incrementales</a>' in estado
    editar = "https://github.com/tapiz-rpg/tapiz-srd/edit/main/srd/tiradas.md"
    assert f'<a href="{editar}">srd/tiradas.md, línea 27</a>' in estado
    filas = re.findall(r"<td>(pendiente|incompleta)</td>", estado)
    avisos = sum(
        len(re.findall(r"^!!! pendiente", f.read_text("utf-8"), re.M))
        for f in (RAIZ / "srd").rglob("*.md")
    )
    assert len(filas) == avisos
    # Para quien colabora: en su parte de la navegación, no en el libro completo.
    nav = str(mkdocs_yml()["nav"])
    assert "'Colaborar': [{'Estado del SRD': 'colaborar/estado.md'}" in nav
    libro_completo = (libro / "libro" / "index.html").read_text("utf-8")
    assert 'id="estado-del-srd"' not in libro_completo
    assert "están redactadas</strong>" not in libro_completo


def test_una_pagina_sin_ninguna_seccion_redactada_lleva_la_marca_en_el_menu() -> None:
    """Si todas sus secciones (salvo, quizá, el título) esperan texto, la página lleva
    ``status: pendiente`` y el menú la marca, como las demás sin redactar."""
    sin_marca = []
    for pagina in sorted((RAIZ / "srd").glob("*.md")):
        texto = pagina.read_text(encoding="utf-8")
        secciones, avisos = pendientes.leer(texto)
        sin_titulo = [a for a in avisos if a.nivel > 1]
        if avisos and len(sin_titulo) >= secciones - 1 and not any(a.en_parte for a in avisos):
            cabecera = yaml.safe_load(texto.split("---")[1]) if texto.startswith("---") else {}
            if cabecera.get("status") != "pendiente":
                sin_marca.append(pagina.name)
    assert sin_marca == []
