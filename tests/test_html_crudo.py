"""El HTML de quien contribuye pasa por el sanitizador (nh3): lo que quitaría es un error.

Cada caso del corpus hostil se convierte como en la construcción, pytest y ``tapiz
comprobar`` (``procesar``): da un error en su línea y la página que se publicaría queda sin
nada activo. Lo que el libro usa de verdad pasa sin cambios.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mkdocs_plugins.extension.pagina import comprobar_ficheros, procesar
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from tests.html_activo import activo

RAIZ = Path(__file__).resolve().parents[1]
ANTES = "---\ntitle: Prueba\n---\n# Prueba {#prueba}\n\nUn párrafo.\n\n"
"""Cabecera y texto: el caso está en la línea 8 del fichero (5 tras la cabecera)."""

HOSTILES: dict[str, tuple[str, str]] = {
    # caso: (Markdown, lo que dice el mensaje)
    "svg-onload": ("Texto <svg/onload=alert(1)> más.", "«<svg>»"),
    "iframe-srcdoc": (
        '<iframe srcdoc="&lt;script&gt;alert(2)&lt;/script&gt;"></iframe>',
        "«<iframe>»",
    ),
    "script": ("<script>alert(1)</script>", "«<script>»"),
    "script-mayusculas": ("<SCRIPT SRC=//x.example/x.js></SCRIPT>", "«<script>»"),
    "img-onerror": ("<img src=x onerror=alert(1)>", '«onerror="alert(1)"» de «<img>»'),
    "object": ('<object data="x.swf"></object>', "«<object>»"),
    "embed": ('<embed src="x.swf">', "«<embed>»"),
    "style-url": ("<style>p{background:url(https://x.example/)}</style>", "«<style>»"),
    "style-atributo": (
        '<p style="background:url(javascript:alert(1))">x</p>',
        '«style="background:url(javascript:alert(1))"» de «<p>»',
    ),
    "javascript": ('<a href="javascript:alert(1)">x</a>', '«href="javascript:alert(1)"»'),
    "javascript-entidades": (
        '<a href="JaVaScRiPt&#x3A;alert(1)">x</a>',
        '«href="JaVaScRiPt:alert(1)"»',
    ),
    "javascript-tabulador": ('<a href="java&#x09;script:alert(1)">x</a>', "«href="),
    "data": ('<a href="data:text/html,hola">x</a>', '«href="data:text/html,hola"»'),
    "file-adjunto": (
        '<a rel="attachment" href="file:///etc/passwd">x</a>',
        '«href="file:///etc/passwd"» de «<a>»',
    ),
    "svg-script": ("<svg><script>alert(1)</script></svg>", "«<svg>»"),
    "svg-xlink": ('<svg><a xlink:href="javascript:alert(1)">x</a></svg>', "«<svg>»"),
    "svg-animate": (
        '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
        "«<svg>»",
    ),
    "mathml": (
        '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x'
        "</maction></math>",
        "«<math>»",
    ),
    "mathml-mutacion": (
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "«<math>»",
    ),
    "comentario-roto": ("<!--><img src=x onerror=alert(1)>-->", "los comentarios"),
    "form": ('<form action="javascript:alert(1)"><button>x</button></form>', "«<form>»"),
    "meta-refresh": (
        '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
        "«<meta>»",
    ),
    "base": ('<base href="https://x.example/">', "«<base>»"),
    "link": ('<link rel="stylesheet" href="https://x.example/x.css">', "«<link>»"),
    "details-ontoggle": (
        "<details open ontoggle=alert(1)><summary>x</summary></details>",
        '«ontoggle="alert(1)"» de «<details>»',
    ),
    "noscript": (
        '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
        "«<noscript>»",
    ),
    "textarea": ("<textarea><img src=x onerror=alert(1)></textarea>", "«<textarea>»"),
    "markdown-javascript": ("[x](javascript:alert(1))", '«href="javascript:alert(1)"»'),
    "markdown-imagen-data": (
        "![x](data:image/svg+xml;base64,PHN2Zz4=)",
        "las imágenes deben estar en el propio sitio",
    ),
    "markdown-imagen-fuera": (
        "![x](https://x.example/x.png)",
        "las imágenes deben estar en el propio sitio",
    ),
    "imagen-barras-invertidas": (
        '<img src="\\\\x.example\\x.png">',
        "las imágenes deben estar en el propio sitio",
    ),
    "attr-list-evento": (
        '## Título { onclick="alert(1)" }',
        '«onclick="alert(1)"» de «<h2>»',
    ),
    "div-markdown-evento": (
        '<div markdown onmouseover="alert(1)">\n**x**\n</div>',
        '«onmouseover="alert(1)"» de «<div>»',
    ),
}


@pytest.mark.parametrize("caso", HOSTILES, ids=str)
def test_el_html_hostil_es_un_error_en_su_linea(caso: str) -> None:
    markdown, dice = HOSTILES[caso]
    texto = ANTES + markdown + "\n\nOtro párrafo.\n"
    procesada = procesar("srd/prueba.md", texto.split("---\n", 2)[2], 3)
    mensajes = [str(p) for p in procesada.problemas]
    assert mensajes, caso
    assert all(m.startswith("srd/prueba.md:8: el sanitizador de HTML quitaría") for m in mensajes)
    assert any(dice in m for m in mensajes), mensajes
    # Lo que se publicaría (mkdocs serve, una construcción sin --strict) queda limpio.
    sin_errores = re.sub(
        r'<div class="admonition failure tapiz-error".*?</div>', "", procesada.html
    )
    assert activo(sin_errores) == []


def test_el_html_del_libro_pasa_sin_cambios() -> None:
    markdown = (
        '# Dados {#dados define="dado"}\n\n'
        '<div class="tapiz-solo-pantalla" markdown>\n'
        '**Nota** con <abbr title="Característica">C&#65;R</abbr> y <kbd>Ctrl</kbd>.\n'
        "</div>\n\n"
        '<p class="tapiz-solo-pantalla">Un <a href="../licencia/#cc">enlace</a>.</p>\n\n'
        "| Tirada | Resultado |\n| :--- | ---: |\n| 1d20 | 10 |\n\n"
        "<!-- TODO: revisar -->\n"
        "<details><summary>Más</summary>\n\nTexto *oculto*.\n</details>\n\n"
        "![Icono](img/icono.svg) [web](https://tapiz.example/) [correo](mailto:a@b.example)\n\n"
        "```html\n<script>alert('en un bloque de código: es texto')</script>\n```\n"
    )
    procesada = procesar("srd/prueba.md", markdown)
    assert procesada.problemas == []
    assert '<abbr title="Característica">C&#65;R</abbr>' in procesada.html
    assert '<th style="text-align: left;">Tirada</th>' in procesada.html
    assert "<script" not in procesada.html
    assert "en un bloque de código: es texto" in procesada.html


@pytest.mark.parametrize("ancla", ["%E0%A4%A", "100%", "%C3", "%zz"])
def test_un_ancla_mal_escrita_es_un_error_en_su_linea(ancla: str) -> None:
    markdown = f"# Prueba\n\nUn [enlace bien](#acci%C3%B3n).\n\nUn [enlace](#{ancla}).\n"
    procesada = procesar("srd/prueba.md", markdown)
    assert [str(p) for p in procesada.problemas] == [
        f"srd/prueba.md:5: el ancla «#{ancla}» está mal escrita: cada «%» debe ir seguido de "
        "dos cifras hexadecimales que formen UTF-8 (por ejemplo «%C3%B3» para «ó»), o escribe "
        "el carácter tal cual"
    ]


def test_el_libro_no_tiene_html_que_el_sanitizador_cambie() -> None:
    configuracion = configuracion_desde(RAIZ)
    paginas = sorted((RAIZ / "srd").rglob("*.md"))
    informe = comprobar_ficheros(paginas, configuracion)
    sanitizador = [
        str(p) for p in informe.problemas if "sanitizador" in p.mensaje or "ancla" in p.mensaje
    ]
    assert sanitizador == []


def test_el_comprobador_ve_lo_activo() -> None:
    """El comprobador de las pruebas mismas encuentra lo que debe (si no, no probaría nada)."""
    assert activo('<p><img src=x onerror="a()"><a href=" JAVA\tscript:x">y</a><svg>') == [
        "img onerror=a()",
        "a href=javascript:x",
        "svg",
    ]


def test_pytest_falla_con_los_mensajes_de_la_construccion(pytester: pytest.Pytester) -> None:
    """El plugin de pytest da los mismos errores que ``tapiz comprobar`` (``html-crudo-hostil.txt``,
    en ``tests/plugin/test_paginas.py``) y que la construcción (``tests/navegador``)."""
    pagina = RAIZ / "tests" / "plugin" / "paginas" / "html-crudo-hostil.md"
    srd = pytester.mkdir("srd")
    (srd / pagina.name).write_text(pagina.read_text("utf-8"), encoding="utf-8")
    resultado = pytester.runpytest("srd", "-p", "no:randomly")
    resultado.assert_outcomes(failed=1)
    esperado = pagina.with_suffix(".txt").read_text("utf-8").splitlines()
    resultado.stdout.fnmatch_lines([f"*{linea}" for linea in esperado])
    assert "Traceback" not in resultado.stdout.str()
