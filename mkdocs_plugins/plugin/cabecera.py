"""El título y la descripción de la cabecera de una página, escapados como texto.

Las plantillas del tema los escriben tal cual (``<meta name="description"
content="{{ page.meta.description }}">``): sin escaparlos, unas comillas o una
etiqueta en la cabecera de una página acabarían como HTML en el sitio.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from markupsafe import escape

CAMPOS = ("title", "description")


def escapar(meta: MutableMapping[str, Any]) -> None:
    for campo in CAMPOS:
        if isinstance(meta.get(campo), str):
            meta[campo] = escape(meta[campo])
