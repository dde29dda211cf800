"""Lo que haría algo en una página: el comprobador de las pruebas del HTML hostil.

Lee el HTML con un lector de HTML5 distinto del sanitizador (``tinyhtml5``, el de WeasyPrint)
y devuelve lo que ejecutaría o cargaría algo: etiquetas fuera de la lista del libro, atributos
de evento, ``srcdoc``, estilos que cargan algo y URL con un esquema activo (``javascript:``,
``data:``, ``file:``) en un atributo que el navegador sigue, escrito como lo leería (sin
controles en los bordes, sin tabuladores ni saltos, sin mayúsculas).
"""

from __future__ import annotations

import re

import tinyhtml5

from mkdocs_plugins.nucleo.fuente import html_crudo

_ESQUEMA_ACTIVO = re.compile(r"(javascript|data|file|vbscript):")
# fmt: off
URLS = frozenset({
    "href", "src", "action", "formaction", "xlink:href", "data", "poster", "background",
    "srcset", "cite", "lowsrc", "dynsrc", "longdesc", "usemap", "codebase", "manifest", "icon",
    "ping",
})
# fmt: on
"""Los atributos que el navegador sigue como URL."""
_BORDES = "".join(map(chr, range(0x21)))
"""Lo que el lector de URL del navegador quita de los bordes (dentro, solo tabuladores y saltos)."""


def activo(html: str, permitidas: frozenset[str] = html_crudo.ETIQUETAS) -> list[str]:
    encontrado = []
    for elemento in tinyhtml5.parse(html).iter():
        if not isinstance(elemento.tag, str):  # un comentario
            continue
        etiqueta = elemento.tag.rpartition("}")[2]
        if etiqueta not in permitidas | {"html", "head", "body"}:
            encontrado.append(etiqueta)
        for nombre, valor in elemento.attrib.items():
            valor = re.sub(r"[\t\n\r]", "", valor.strip(_BORDES)).lower()
            url = nombre.rpartition("}")[2] in URLS or nombre in URLS
            if (
                nombre.startswith(("on", "srcdoc"))
                or (url and _ESQUEMA_ACTIVO.match(valor))
                or (nombre == "style" and re.search(r"url\(|expression\(|@import", valor))
            ):
                encontrado.append(f"{etiqueta} {nombre}={valor}")
    return encontrado
