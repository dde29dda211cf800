"""HTML crudo y cabeceras al azar: cada caso se acepta sin nada activo o se rechaza con su línea.

A demanda; no es una prueba de la suite (diez mil casos por clase tardan minutos). Un generador
con semilla (el mismo caso con la misma semilla) arma cada caso con piezas hostiles: etiquetas
de la lista y de fuera, atributos de evento, URL con esquemas escritos de mil formas, SVG y
MathML, comentarios rotos, Markdown (enlaces, imágenes, ``{ atributos }``), anclas con «%» y
caracteres de control. Dos clases:

- **html**: el caso es el cuerpo de una página, convertida como en la construcción, pytest y
  ``tapiz comprobar`` (``procesar``).
- **cabecera**: el caso es el front matter de una página: la cabecera que rechaza el libro
  (``error_front_matter``), la página, el título y la descripción que escriben las plantillas
  (y ``status`` y ``subtitle``, que la navegación escribe; leídos con el ``get_data`` de MkDocs
  y escapados por el plugin) y la página «Estado del SRD»
  que lleva su título.

Para cada caso: ninguna excepción; cada problema es ``srd/azar.md:N: …`` con N una línea de la
página; y lo publicado, sin los avisos de error, no tiene nada activo según otro lector de
HTML5 (``tests/html_activo.py``). Imprime los casos de cada clase, cuántos se aceptaron y
cuántos se rechazaron, y el primer fallo de cada tipo si lo hay (sale con 1)::

    uv run python bench/fuzz_html.py --casos 10000 --semilla 39
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

import jinja2  # noqa: E402
from mkdocs.utils.meta import get_data  # noqa: E402

from mkdocs_plugins.extension.pagina import procesar  # noqa: E402
from mkdocs_plugins.nucleo.fuente import html_crudo  # noqa: E402
from mkdocs_plugins.nucleo.fuente.bloques import error_front_matter, separar_front_matter  # noqa: E402
from mkdocs_plugins.nucleo.paginas import estado_srd  # noqa: E402
from mkdocs_plugins.plugin.cabecera import escapar  # noqa: E402
from tests.html_activo import activo  # noqa: E402

RUTA = "srd/azar.md"
_LINEA = re.compile(r"^srd/azar\.md:(\d+): \S")
_AVISO = re.compile(r'<div class="admonition failure tapiz-error".*?</div>', re.DOTALL)

ETIQUETAS = [
    "p", "div", "span", "a", "abbr", "img", "details", "summary", "table", "td", "kbd", "code",
    "pre", "script", "style", "iframe", "object", "embed", "svg", "math", "form", "input",
    "button", "textarea", "noscript", "template", "base", "meta", "link", "video", "audio",
    "source", "frame", "frameset", "isindex", "marquee", "xmp", "plaintext", "title", "select",
    "option", "mglyph", "malignmark", "maction", "foreignObject", "annotation-xml", "use",
    "animate", "set", "image", "desc", "h1", "h2", "SCRIPT", "ScRiPt", "sCrIpT", "IMG",
]  # fmt: skip
ATRIBUTOS = [
    "onload", "onerror", "onclick", "ONMOUSEOVER", "onfocus", "ontoggle", "onbegin", "srcdoc",
    "href", "src", "xlink:href", "action", "formaction", "data", "style", "class", "id",
    "title", "rel", "target", "background", "poster", "autofocus", "open", "attributeName",
    "values", "to", "from", "by", "dynsrc", "lowsrc", "markdown", "define", "lang", "value",
    "data-search-exclude", "is", "xmlns", "encoding",
]  # fmt: skip
ESQUEMAS = [
    "javascript:", "JaVaScRiPt:", "java\tscript:", "java&#x09;script:", "&#106;avascript:",
    "javascript&colon;", " javascript:", "\x01javascript:", "jav&#x0A;ascript:", "vbscript:",
    "data:text/html,", "data:image/svg+xml;base64,PHN2Zz4=", "file:///etc/passwd", "file:",
    "https://x.example/", "http:", "//x.example/", "mailto:a@b.example", "../", "#", "#%E0%A4%A",
    "#100%", "#acci%C3%B3n", "img/x.png", "", "&#0000106;avascript:", "javascript\\u003a",
]  # fmt: skip
CUERPOS = [
    "alert(1)", "alert`1`", "x", "<script>alert(1)</script>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "background:url(javascript:alert(1))", "text-align: left;", "expression(alert(1))", "1",
    "\"'><img src=x onerror=alert(1)>", "*x*", "CAR", "", "{", "}", "]", ")",
]  # fmt: skip
SUELTAS = [
    "<!--", "-->", "<!-->", "<!--->", "--!>", "<![CDATA[", "]]>", "<?xml ?>", "<!DOCTYPE x>",
    "</", "<", ">", "/>", "\"", "'", "`", "&", "&amp;", "&#", ";", "\x00", "\u2028", "\n",
    "\n\n", "  ", "\t", "é", "ó", "<br>", "</p>", "</div>", "</svg>", "</math>", "</table>",
    "</script>", "</style>", "</title>", "</textarea>", "</noscript>", "*", "_", "`", "[x](",
    "![x](", "](", "{ ", " }", "{: ", "{#", "!!! nota", "???", "| a | b |", "|---|---|",
    "```", "~~~", "    ", "> ", "- ", "1. ", "*[CAR]: Característica", "1d20", "{{= x }}",
]  # fmt: skip
CLAVES = [
    "title", "description", "status", "subtitle", "search", "template", "hide", "tags", "icon",
    "title", "description", "status", "", "title:", "? title", "- title",
]  # fmt: skip
YAML = [
    "", " ", ": ", "\"", "'", "|", ">", "- ", "[", "]", "{", "}", "&a ", "*a", "!!str ",
    "!!python/object:os.system ", "!!binary ", "#", "\n", "\n  ", "~", "null", "true", "12",
    "1e999", "0x1F", "\t", "%", "@", "`", "---", "...", "\\", "\\n", "\x00", "\x85",
]  # fmt: skip


def _atributo(azar: random.Random) -> str:
    nombre = azar.choice(ATRIBUTOS)
    valor = azar.choice(ESQUEMAS) + azar.choice(CUERPOS)
    comillas = azar.choice(['"', "'", "", "`"])
    separador = azar.choice([" ", "/", "\n", "\t", "  ", "/ "])
    return f"{separador}{nombre}={comillas}{valor}{comillas}"


def _etiqueta(azar: random.Random) -> str:
    nombre = azar.choice(ETIQUETAS)
    atributos = "".join(_atributo(azar) for _ in range(azar.randint(0, 3)))
    cierre = azar.choice([">", "/>", " >", "", ">"])
    return f"<{nombre}{atributos}{cierre}"


def _markdown(azar: random.Random) -> str:
    url = azar.choice(ESQUEMAS) + azar.choice(CUERPOS)
    return azar.choice(
        [
            f"[x]({url})",
            f"![x]({url})",
            f"<{url}>",
            f"## Título {{ {_atributo(azar).strip()} }}",
            f"Texto {{: {_atributo(azar).strip()} }}",
            f"*x*{{ {_atributo(azar).strip()} }}",
            f"[x]: {url}\n\n[y][x]",
            f"<div markdown{_atributo(azar)}>\n**x**\n</div>",
            f"```html\n{_etiqueta(azar)}\n```",
            f"`{_etiqueta(azar)}`",
        ]
    )


def caso_html(azar: random.Random) -> str:
    """Un cuerpo de página: piezas de HTML, Markdown y texto, unidas al azar."""
    piezas: list[Callable[[random.Random], str]] = [
        _etiqueta,
        _etiqueta,
        _markdown,
        lambda a: a.choice(SUELTAS),
        lambda a: a.choice(CUERPOS),
        lambda a: f"</{a.choice(ETIQUETAS)}>",
    ]
    return "".join(azar.choice(piezas)(azar) for _ in range(azar.randint(1, 12)))


def caso_cabecera(azar: random.Random) -> str:
    """Un front matter: claves del libro y otras, con valores hostiles y YAML roto."""
    lineas = []
    for _ in range(azar.randint(1, 5)):
        valor = "".join(
            azar.choice([azar.choice(YAML), caso_html(azar)[:60], azar.choice(CUERPOS)])
            for _ in range(azar.randint(1, 4))
        )
        comillas = azar.choice(['"', "'", ""])
        lineas.append(f"{azar.choice(CLAVES)}: {comillas}{valor}{comillas}")
    return "\n".join(lineas)


class Fallo(Exception):
    """Un caso que no cumple lo prometido."""


def _problemas(procesada_problemas: list[object], lineas: int) -> None:
    for problema in procesada_problemas:
        encontrado = _LINEA.match(str(problema))
        if encontrado is None or not 1 <= int(encontrado[1]) <= lineas:
            raise Fallo(f"problema sin su línea: {problema}")


PERMITIDAS = html_crudo.ETIQUETAS | {"button"}
"""Y el botón que el libro pone a los dados del texto («1d20»)."""


def _sin_nada_activo(html: str, que: str) -> None:
    if restos := activo(_AVISO.sub("", html), PERMITIDAS):
        raise Fallo(f"{que} publica algo activo: {restos[:3]}")


def probar_html(cuerpo: str) -> bool:
    """True si se acepta; False si se rechaza con su línea; ``Fallo`` si no."""
    pagina = f"# Azar\n\n{cuerpo}\n"
    procesada = procesar(RUTA, pagina.replace("\r", "\n"))
    _problemas(list(procesada.problemas), pagina.count("\n") + 1)
    _sin_nada_activo(procesada.html, "la página")
    return not procesada.problemas


PLANTILLA = jinja2.Environment(autoescape=False).from_string(
    '<title>{{ meta.title }}</title><meta name="description" content="{{ meta.description }}">'
    '<span class="md-status md-status--{{ meta.status }}">{{ meta.subtitle }}</span>'
)
"""Como las de mkdocs-material (la cabecera y la navegación): MkDocs no escapa, el plugin sí
(``cabecera.escapar``)."""
CAMPOS_DE_PLANTILLA = ("title", "description", "status", "subtitle")


def probar_cabecera(cabecera: str) -> bool:
    texto = f"---\n{cabecera}\n---\n\n# Azar\n\nTexto.\n"
    lineas = texto.count("\n") + 1
    rechazos = []
    if error := error_front_matter(texto):
        rechazos.append(f"{RUTA}:{error[0]}: {error[1]}")
    markdown, desplazamiento = separar_front_matter(texto)
    procesada = procesar(RUTA, markdown, desplazamiento)
    rechazos += [str(p) for p in procesada.problemas]
    _problemas(rechazos, lineas)
    _sin_nada_activo(procesada.html, "la página")
    _, meta = get_data(texto)
    escapar(meta)
    cabeza = PLANTILLA.render(meta={k: meta.get(k, "") for k in CAMPOS_DE_PLANTILLA})
    if restos := activo(cabeza, frozenset({"title", "meta", "span"})):
        raise Fallo(f"la cabecera HTML publica algo activo: {restos[:3]}")
    if len(re.findall(r"<[a-z/]", cabeza)) != 5:
        raise Fallo(f"la cabecera HTML cambia de forma: {cabeza[:200]!r}")
    estado = estado_srd.markdown([estado_srd.capitulo("azar.md", texto)], None)
    del_estado = procesar("srd/colaborar/estado.md", estado)
    if del_estado.problemas:
        raise Fallo(f"«Estado del SRD» rechaza un título: {del_estado.problemas[0]}")
    _sin_nada_activo(del_estado.html, "«Estado del SRD»")
    return not rechazos


CLASES: dict[str, tuple[Callable[[random.Random], str], Callable[[str], bool]]] = {
    "html": (caso_html, probar_html),
    "cabecera": (caso_cabecera, probar_cabecera),
}


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--casos", type=int, default=1000, help="por clase")
    argumentos.add_argument("--semilla", type=int, default=39)
    argumentos.add_argument("--clase", choices=sorted(CLASES), action="append")
    opciones = argumentos.parse_args()
    fallos = 0
    for nombre in opciones.clase or list(CLASES):
        generar, probar = CLASES[nombre]
        azar = random.Random(f"{opciones.semilla}-{nombre}")
        cuenta: Counter[str] = Counter()
        primeros: dict[str, str] = {}
        inicio = time.perf_counter()
        for _ in range(opciones.casos):
            caso = generar(azar)
            try:
                cuenta["aceptados" if probar(caso) else "rechazados con su línea"] += 1
            except Fallo as fallo:
                cuenta["fallos"] += 1
                primeros.setdefault(str(fallo)[:60], f"{fallo}\n  caso: {caso!r}")
            except Exception:  # lo que se cuenta es justo esto
                cuenta["excepciones"] += 1
                primeros.setdefault("excepción", f"{traceback.format_exc()}\n  caso: {caso!r}")
        segundos = time.perf_counter() - inicio
        clases_ = ("aceptados", "rechazados con su línea", "excepciones", "fallos")
        resumen = ", ".join(f"{cuenta[c]} {c}" for c in clases_)
        print(f"{nombre}: {opciones.casos} casos en {segundos:.0f} s: {resumen}")
        for texto in primeros.values():
            print(f"  {texto}")
        fallos += cuenta["fallos"] + cuenta["excepciones"]
    return 1 if fallos else 0


if __name__ == "__main__":
    sys.exit(main())
