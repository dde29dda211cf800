"""La página del catálogo: las reglas y tablas de cada sistema, para quien contribuye.

No es parte del libro del lector: no está en su navegación, ni en la búsqueda,
ni en el libro impreso; se llega a ella desde la guía de contribución y el pie.
"""

from __future__ import annotations

from itertools import groupby

from mkdocs_plugins.nucleo.fuente.literal import literal
from tapiz_rules.modelo import Sistema
from tapiz_rules.sistemas import SISTEMAS

RUTA = "catalogo.md"


def _bloque(sistema: str, campo: str, nombres: list[str]) -> list[str]:
    """Una sección en un bloque: sus fichas van con encabezados ``<h4>`` que el índice de la
    página no lista (104 entradas lo harían ilegible, y convertirlas costaba un 3 % del libro)."""
    return [
        "```tapiz-regla",
        f"sistema: {sistema}",
        f"{campo}: [{', '.join(nombres)}]",
        "catalogo: true",
        "```",
        "",
    ]


def _sistema(sistema: Sistema) -> list[str]:
    partes = [f"## {literal(sistema.titulo)} (`{sistema.nombre}`)", ""]
    reglas = sorted(sistema.reglas.values(), key=lambda r: (r.seccion, r.nombre))
    for seccion, grupo in groupby(reglas, key=lambda r: r.seccion):
        partes += [f"### {literal(seccion)}", ""]
        partes += _bloque(sistema.nombre, "reglas", [regla.nombre for regla in grupo])
    if sistema.tablas:
        partes += [f"### Tablas de {literal(sistema.titulo)}", ""]
        partes += _bloque(sistema.nombre, "tablas", sorted(sistema.tablas))
    return partes


def markdown() -> str:
    """El catálogo como Markdown con bloques ```tapiz-regla``, que el núcleo renderiza."""
    partes = [
        "---",
        "title: Catálogo de reglas",
        "description: Todas las reglas y tablas del motor que pueden usar los bloques del libro.",
        "search:",
        "  exclude: true",
        "---",
        "",
        "# Catálogo de reglas",
        "",
        "Esta página es para quien contribuye al libro y se genera a partir del motor de "
        "reglas. Cada regla puede usarse en un bloque `tapiz-ejemplo` (campo `regla`, y "
        "`sistema` si no es Tapiz) y cada tabla en un bloque `tapiz-regla` (campo `tabla`). "
        "Los nombres de las entradas y salidas son los campos de `entradas` y `espera`; la "
        "etiqueta es lo que lee quien consulta el libro.",
        "",
    ]
    for sistema in SISTEMAS.values():
        partes += _sistema(sistema)
    return "\n".join(partes)
