"""La página del catálogo: todas las reglas y tablas del registro, para quien contribuye."""

from __future__ import annotations

from itertools import groupby

from tapiz_rules import REGISTRO

RUTA = "catalogo.md"


def markdown() -> str:
    """El catálogo como Markdown con bloques ```tapiz-regla``, que el núcleo renderiza."""
    partes = [
        "---",
        "title: Catálogo de reglas",
        "description: Todas las reglas y tablas del motor que pueden usar los bloques del libro.",
        "---",
        "",
        "# Catálogo de reglas",
        "",
        "Esta página se genera a partir del motor de reglas. Cada regla puede usarse en un "
        "bloque `tapiz-ejemplo` (campo `regla`) y cada tabla en un bloque `tapiz-regla` "
        "(campo `tabla`). Los nombres de las entradas y salidas son los campos de "
        "`entradas` y `espera`.",
        "",
    ]
    reglas = sorted(REGISTRO.reglas.values(), key=lambda r: (r.seccion, r.nombre))
    for seccion, grupo in groupby(reglas, key=lambda r: r.seccion):
        partes += [f"## {seccion}", ""]
        for regla in grupo:
            partes += [
                f"### `{regla.nombre}`",
                "",
                "```tapiz-regla",
                f"regla: {regla.nombre}",
                "```",
                "",
            ]
    partes += ["## Tablas", ""]
    for tabla in sorted(REGISTRO.tablas.values(), key=lambda t: t.nombre):
        partes += [
            f"### `{tabla.nombre}`",
            "",
            f"{tabla.descripcion}",
            "",
            "```tapiz-regla",
            f"tabla: {tabla.nombre}",
            "```",
            "",
        ]
    return "\n".join(partes)
