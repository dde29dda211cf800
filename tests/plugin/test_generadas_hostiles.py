"""Lo que viene de fuera del código (cabeceras, títulos, git) se lee como texto en las
páginas generadas: «Estado del SRD», «Cambios» y el libro completo.

Cada página generada pasa por la misma conversión que las demás, con el sanitizador: si un
valor se colara como HTML, sería un error suyo. Aquí no hay ninguno, el valor se lee entero y
nada de la página lo ejecutaría.
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs_plugins.extension import api as api_estatica
from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.herramientas import publicar_cambios
from mkdocs_plugins.herramientas.historial import Historial, Publicada
from mkdocs_plugins.nucleo.fuente import html_crudo
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from mkdocs_plugins.nucleo.fuente.literal import literal
from mkdocs_plugins.nucleo.paginas import estado_srd
from tests.html_activo import activo
from tests.plugin.conftest import construir, sitio

HOSTILES = [
    "</script><img src=x onerror=alert(11)>",
    "[x](javascript:alert(12))",
    "Título { onclick=alert(13) }",
    "<svg/onload=alert(14)>",
    "*cursiva* `código` & <b>negrita</b> | barra",
]
PERMITIDAS_EN_TARJETAS = html_crudo.ETIQUETAS | {
    "button",
    "form",
    "input",
    "label",
    "select",
    "option",
    "output",
    "fieldset",
    "legend",
}
"""Lo que escriben las tarjetas del libro (sus formularios para recalcular), además del HTML de
las páginas: el comprobador solo busca lo que ejecutaría o cargaría algo."""
SIN_CAMBIOS: dict[str, list[object]] = {"anadidas": [], "quitadas": [], "cambiadas": []}


def _sin_nadaactivo(ruta: str, markdown: str) -> str:
    procesada = procesar(ruta, markdown)
    assert procesada.problemas == []
    assert activo(procesada.html) == []
    return procesada.html


def test_literal_se_lee_tal_cual() -> None:
    for valor in HOSTILES:
        html = _sin_nadaactivo("srd/x.md", f"Antes {literal(valor)} después\n")
        assert html.count("<") == 2, html  # solo <p> y </p>


def test_el_estado_del_srd_escribe_los_titulos_como_texto() -> None:
    fuente = "# Capítulo\n\n## {titulo}\n\n!!! pendiente\n\n    Falta.\n"
    capitulos = [
        estado_srd.capitulo(f"c{i}.md", fuente.format(titulo=literal(t)), t)
        for i, t in enumerate(HOSTILES)
    ]
    html = _sin_nadaactivo("srd/colaborar/estado.md", estado_srd.markdown(capitulos, None))
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(11)&gt;" in html
    assert "[x](javascript:alert(12))" in html
    assert "*cursiva* `código` &amp; &lt;b&gt;negrita&lt;/b&gt; | barra" in html


def test_los_cambios_escriben_titulos_valores_y_versiones_como_texto() -> None:
    cambiada = {
        "nombre": "accion",
        "titulo": HOSTILES[1],
        "campos": [{"campo": "dados", "antes": HOSTILES[0], "despues": HOSTILES[2]}],
    }
    seccion = {
        "nombre": "seccion",
        "campos": [{"campo": "titulo", "antes": HOSTILES[3], "despues": HOSTILES[4]}],
    }
    cambios = {
        "reglas": {
            "anadidas": [{"nombre": "r", "titulo": HOSTILES[3]}],
            "quitadas": [],
            "cambiadas": [cambiada],
        },
        "tablas": SIN_CAMBIOS,
        "parametros": SIN_CAMBIOS,
        "secciones": {"anadidas": [], "quitadas": [], "cambiadas": [seccion]},
    }
    historial = Historial(
        [
            Publicada("1.1<img/src=x/onerror=alert(15)>", None, "abc1234", cambios),
            Publicada("1.0", None, "abc1233"),
        ]
    )
    html = _sin_nadaactivo("srd/cambios.md", publicar_cambios.markdown(historial))
    assert "Versión 1.1&lt;img/src=x/onerror=alert(15)&gt;" in html
    assert 'id="v1-1-img-src-x-onerror-alert-15--"' in html
    assert "«[x](javascript:alert(12))»" in html
    assert "&lt;svg/onload=alert(14)&gt;" in html


MKDOCS_YML = """\
site_name: Prueba Tapiz
docs_dir: srd
theme:
  name: material
  language: es
plugins:
  - tapiz:
      catalogo: false
      estado: true
      sin_conexion: false
markdown_extensions:
  - admonition
  - attr_list
  - tables
  - pymdownx.superfences
  - mkdocs_plugins.extension
"""
PAGINA = """\
---
title: "</script><img src=x onerror=alert(11)>"
---

# Dados {#dados}

## Lo que falta {#lo-que-falta}

!!! pendiente

    Falta.
"""


def test_un_titulo_hostil_no_se_ejecuta_en_el_estado_del_srd(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [])
    (proyecto / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (proyecto / "srd" / "index.md").write_text(PAGINA, encoding="utf-8")
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    html = (proyecto / "site" / "colaborar" / "estado" / "index.html").read_text("utf-8")
    articulo = html[html.index("<article") : html.index("</article>")]
    articulo = articulo[articulo.index(">") + 1 :]
    assert activo(articulo) == []
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(11)&gt;</a>" in articulo


def test_el_html_de_la_api_queda_limpio(tmp_path: Path) -> None:
    """``tapiz exportar`` escribe la API sin construir el sitio: lo que el sanitizador
    rechazaría en la página tampoco llega activo al HTML de sus secciones."""
    proyecto = sitio(tmp_path, [])
    pagina = (
        "# Hostil {#hostil}\n\nTexto <img src=x onerror=alert(1)> y [x](javascript:alert(2)).\n"
    )
    (proyecto / "srd" / "hostil.md").write_text(pagina, encoding="utf-8")
    api_estatica.escribir(proyecto / "site", configuracion_desde(proyecto))
    datos = json.loads((proyecto / "site/api/v1/paginas/hostil.json").read_text("utf-8"))
    html = datos["secciones"][0]["html"]
    assert "Texto" in html
    assert activo(html) == []


LIENZO_HOSTIL = """\
nombre: "<img src=x onerror=alert(21)>"
descripcion: "</script><script>alert(22)</script>"
reglas:
  niebla:
    titulo: "<img src=x onerror=alert(23)>"
    entrada: "<b onmouseover=alert(24)>Tirada</b>"
    salida: "<i>N</i> {{= x }}"
    dados: 1d6
    filas:
      - [1, "<img src=x onerror=alert(25)>"]
      - [6, "[x](javascript:alert(26))"]
"""


def test_lo_que_declara_un_lienzo_se_lee_como_texto_en_sus_tarjetas(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [])
    carpeta = proyecto / "srd" / "lienzos" / "hostil"
    carpeta.mkdir(parents=True)
    (carpeta / "lienzo.yml").write_text(LIENZO_HOSTIL, encoding="utf-8")
    pagina = carpeta / "index.md"
    pagina.write_text("# Lienzo\n\n```tapiz-regla\nregla: niebla\n```\n", encoding="utf-8")
    configuracion = configuracion_desde(proyecto)
    procesada = procesar(
        "srd/lienzos/hostil/index.md",
        pagina.read_text("utf-8"),
        reglamento=configuracion.reglamento_de(pagina),
    )
    assert procesada.problemas == []
    assert activo(procesada.html, PERMITIDAS_EN_TARJETAS) == []
    assert "&lt;img src=x onerror=alert(23)&gt;" in procesada.html
    assert 'data-reglamento="tapiz/actual/lienzo:&lt;img src=x onerror=alert(21)&gt;"' in (
        procesada.html
    )


def test_status_y_subtitle_de_la_cabecera_se_leen_como_texto_en_la_navegacion(
    tmp_path: Path,
) -> None:
    """mkdocs-material escribe ``status`` y ``subtitle`` tal cual en la navegación de cada
    página (``md-status--{{ … }}``): sin escaparlos, cerraban el atributo."""
    proyecto = sitio(tmp_path, [])
    cabecera = (
        '---\nstatus: \'x" onmouseover="alert(61)" y="\'\n'
        "subtitle: '<img src=x onerror=alert(62)>'\n---\n"
    )
    (proyecto / "srd" / "index.md").write_text("# Portada {#portada}\n\nTexto.\n", encoding="utf-8")
    (proyecto / "srd" / "otra.md").write_text(f"{cabecera}\n# Otra {{#otra}}\n\nTexto.\n", "utf-8")
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    for pagina in ("index.html", "otra/index.html"):
        html = (proyecto / "site" / pagina).read_text("utf-8")
        assert "md-status--x&#34; onmouseover=&#34;alert(61)&#34;" in html
        assert 'onmouseover="alert(61)"' not in html
        assert "<img src=x onerror=alert(62)>" not in html
