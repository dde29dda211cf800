"""Los dados del texto: qué se convierte en botón y qué no."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from markdown import Markdown

from mkdocs_plugins.extension import TapizExtension
from mkdocs_plugins.extension.pagina import EXTENSIONES, procesar
from mkdocs_plugins.nucleo.marcado.dados_en_texto import (
    PATRON,
    Visibilidad,
    botones,
    candidatas,
    clasificar,
    expresiones,
    textos_visibles,
)


def test_reconoce_la_notacion_comun_y_no_los_patrones_genericos() -> None:
    texto = "Tira 3d6, 1d20+1d8!+3, d%, 4d6dl1 o 2d20kl1; el formato NdX o dX no es una tirada."
    assert list(candidatas(texto)) == ["3d6", "1d20+1d8!+3", "d%", "4d6dl1", "2d20kl1"]


def test_no_toca_palabras_que_contienen_una_d() -> None:
    assert list(candidatas("d10s, ad6, 3d6x y v1.d6")) == []


def test_convierte_en_boton_fuera_de_codigo_enlaces_y_titulos() -> None:
    html = (
        "<h2>Tirar 3d6</h2><p>Tira 3d6 y <code>3d6</code>, "
        '<a href="#">3d6</a>.</p><pre><code>3d6</code></pre><p>Después 1d20.</p>'
    )
    resultado = botones(html, {"3d6", "1d20"})
    assert resultado.count('class="tapiz-dados"') == 2
    assert "<h2>Tirar 3d6</h2>" in resultado
    assert "<code>3d6</code>" in resultado
    assert '<a href="#">3d6</a>' in resultado
    assert 'data-expr="1d20"' in resultado


def test_la_notacion_rechazada_por_el_motor_da_error_en_su_linea() -> None:
    markdown = "# Título\n\nUn párrafo con 3d6\ny en la línea siguiente 0d6.\n"
    procesada = procesar("srd/x.md", markdown, desplazamiento=2)
    assert procesada.expresiones == {"3d6"}
    assert [(p.linea, p.mensaje) for p in procesada.problemas] == [
        (6, "dados en el texto: notación de dados «0d6» (columna 1): no se pueden tirar 0 dados"),
    ]
    assert "Error en un bloque Tapiz" in procesada.html  # también se ve en la página


def test_el_indice_de_contenidos_recibe_los_titulos_como_texto() -> None:
    """El índice y el título de MkDocs pasan cada encabezado por los posprocesadores: los
    dados del texto solo miran la página entera, donde un título no lleva botones."""
    extension = TapizExtension()
    md = Markdown(extensions=[*EXTENSIONES, "toc", extension])
    html = md.convert("# Tirar 3d6\n\n## Con 0d4\n\nTexto con 2d6 y 1d0.\n")
    estado = extension.ultimo
    assert estado is not None
    assert [(p.linea, p.mensaje[:42]) for p in estado.problemas] == [
        (5, "dados en el texto: notación de dados «1d0»")
    ]
    assert estado.expresiones == {"2d6"}
    titulos = getattr(md, "toc_tokens", [])
    assert [(t["id"], t["name"]) for t in titulos] == [("tirar-3d6", "Tirar 3d6")]
    assert [(t["id"], t["name"]) for t in titulos[0]["children"]] == [("con-0d4", "Con 0d4")]
    assert html.count('class="tapiz-dados"') == 1


def test_el_codigo_sangrado_es_codigo_para_quien_comprueba_y_para_quien_muestra() -> None:
    markdown = "Texto.\n\n    tira 0d6 y 1d1!\n    en un bloque de código\n\nY 2d6 en prosa.\n"
    procesada = procesar("srd/x.md", markdown)
    assert procesada.problemas == []
    assert procesada.expresiones == {"2d6"}
    assert "<pre><code>tira 0d6 y 1d1!" in procesada.html


def test_clasificar_solo_mira_el_texto_visible() -> None:
    validas, problemas = clasificar("<p>Tira 2d6 y <code>0d6</code></p><pre>1d1!</pre>")
    assert validas == {"2d6"} and problemas == []


TROZOS = st.sampled_from(
    [
        "Tira 2d6 ",
        "1d20+3",
        " y 0d6.",
        "d%",
        " 3d6x ",
        "&amp; 4d6kh3",
        "<p>",
        "</p>",
        "<code>",
        "</code>",
        '<a href="#1d6">',
        "</a>",
        "<h2>",
        "</h2>",
        "<abbr title='1d8'>",
        "</abbr>",
        "<!-- 1d10 -->",
        '<span class="d20">',
        "</span>",
        '<img alt="1d12"/>',
        "<pre>",
        "</pre>",
        "<data value='1d4'>",
        "</data>",
        "<article>",
        "</article>",
    ]
)


@given(st.lists(TROZOS, max_size=30))
def test_la_busqueda_rapida_ve_lo_mismo_que_el_texto_troceado(trozos: list[str]) -> None:
    html = "".join(trozos)
    referencia = [c for texto in textos_visibles(html) for c in candidatas(texto)]
    rapidas = [m.group(0) for m in Visibilidad(html).dados]
    assert rapidas == referencia
    con_botones = botones(html, set(referencia))
    assert con_botones.count('class="tapiz-dados"') == len(referencia)
    assert (
        re.sub(r'<button type="button" class="tapiz-dados"[^>]*>(.*?)</button>', r"\1", con_botones)
        == html
    )


TEXTO_CON_DADOS = st.text(alphabet="dD0123456789٣%+-!khlK /.a_<>\n", max_size=60)


@given(TEXTO_CON_DADOS)
def test_buscar_por_pistas_encuentra_lo_mismo_que_el_patron(texto: str) -> None:
    esperadas = [m.span() for m in PATRON.finditer(texto)]
    assert [m.span() for m in expresiones(texto)] == esperadas
