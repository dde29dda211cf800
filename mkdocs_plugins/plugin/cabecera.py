"""Lo que las plantillas escriben de la cabecera de una página, escapado como texto.

Las plantillas del tema los escriben tal cual (``<meta name="description"
content="{{ page.meta.description }}">``, ``md-status--{{ nav_item.meta.status }}`` en la
navegación de cada página): sin escaparlos, unas comillas o una etiqueta en la cabecera de una
página acabarían como HTML en el sitio.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from markupsafe import escape

CAMPOS = ("title", "description", "status", "subtitle")
"""Los de mkdocs-material que se escriben como texto (``status: pendiente`` sigue valiendo:
escapado es el mismo texto)."""


def escapar(meta: MutableMapping[str, Any]) -> None:
    for campo in CAMPOS:
        if isinstance(meta.get(campo), str):
            meta[campo] = escape(meta[campo])
