"""Un enlace a cada regla, tabla y ejemplo de una página, con un ancla que sale de su nombre.

Las reglas y tablas se anclan con el nombre que declaran en el motor (``regla-accion``;
la tabla ``tabla_impedimento``, ``tabla-impedimento``) y los ejemplos con el suyo
(``ejemplo-<página>-<título>``), nunca con su posición: reordenar la página no cambia ningún
enlace. Si una página muestra dos veces la misma regla, la segunda lleva ``-2``. Cada tarjeta
recibe un enlace visible y un botón «copiar enlace» (oculto sin JavaScript; ``dados.js`` carga
``enlaces.js`` al pulsarlo).
"""

from __future__ import annotations

import re
from html import escape, unescape

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA

TARJETA = re.compile(
    r'<div class="(?P<clase>tapiz-regla|tapiz-tabla|tapiz-ejemplo)"'
    r'(?P<atributos>[^>]*)>(?P<cabecera><p class="tapiz-[a-z]+__(?:titulo|cabecera)"[^>]*>'
    r"(?P<titulo>.*?)</p>)"
)
QUE = {"tapiz-regla": "la regla", "tapiz-tabla": "la tabla", "tapiz-ejemplo": "el ejemplo"}
ID = re.compile(r'\sid="([^"]+)"')
NOMBRE = re.compile(r'\sdata-(?:regla|tabla)="([^"]+)"')
ETIQUETA = re.compile(r"<[^>]+>")
FUERTE = re.compile(r"<strong>(.*?)</strong>")


def _a(que: str) -> str:
    """«a la regla», «al ejemplo»: la preposición con el artículo contraído."""
    return f"al {que.removeprefix('el ')}" if que.startswith("el ") else f"a {que}"


def enlace(ancla: str, que: str, titulo: str) -> str:
    """El enlace visible y el botón de copiarlo; los dos dicen a qué llevan, y el nombre del
    botón empieza por lo que se lee en él («copiar enlace»), como piden las WCAG (2.5.3)."""
    nombre = escape(f"{_a(que)} «{titulo}»")
    return (
        f'<span class="tapiz-enlace" {FUERA_DE_LA_BUSQUEDA}>'
        f'<a class="tapiz-enlace__ancla" href="#{escape(ancla)}" '
        f'aria-label="Enlace {nombre}" title="Enlace {nombre}">#</a>'
        f'<button type="button" class="tapiz-enlace__copiar" '
        f'aria-label="Copiar enlace {nombre}">copiar enlace</button>'
        '<span class="tapiz-enlace__aviso" role="status"></span></span>'
    )


def anclar(html: str) -> str:
    """Da id y enlace a cada tarjeta de ``html`` (el contenido de una página)."""
    if '<div class="tapiz-' not in html:  # el texto de cada encabezado pasa también por aquí
        return html
    usados = set(ID.findall(html))

    def poner(coincide: re.Match[str]) -> str:
        clase, atributos = coincide["clase"], coincide["atributos"]
        propio = ID.search(atributos)
        if propio is not None:
            ancla = propio[1]
        else:
            nombre = NOMBRE.search(atributos)
            if nombre is None:
                return coincide[0]
            tipo = clase.removeprefix("tapiz-")
            base = nombre[1] if nombre[1].startswith(f"{tipo}_") else f"{tipo}-{nombre[1]}"
            base = base.replace("_", "-")
            ancla, numero = base, 2
            while ancla in usados:
                ancla, numero = f"{base}-{numero}", numero + 1
            usados.add(ancla)
            atributos = f'{atributos} id="{ancla}"'
        fuerte = FUERTE.search(coincide["titulo"])
        texto = fuerte[1] if fuerte else coincide["titulo"]
        titulo = unescape(" ".join(ETIQUETA.sub(" ", texto).split()))
        return (
            f'<div class="{clase}"{atributos}>'
            f"{enlace(ancla, QUE[clase], titulo)}{coincide['cabecera']}"
        )

    return TARJETA.sub(poner, html)
