"""Lo que las plantillas escriben de la cabecera de una página, escapado como texto.

Las plantillas del tema los escriben tal cual (``<meta name="description"
content="{{ page.meta.description }}">``, ``md-status--{{ nav_item.meta.status }}`` en la
navegación de cada página): sin escaparlos, unas comillas o una etiqueta en la cabecera de una
página acabarían como HTML en el sitio.

Dos campos nombran plantillas que el tema incluye (``icon``, ``.icons/NOMBRE.svg``, y
``template``): uno que el cargador de Jinja del tema no encuentra era una traza de
``TemplateNotFound`` a media construcción. Se pregunta al mismo cargador y, si no la encuentra,
es un aviso con su línea (la construcción estricta falla) y el campo se quita.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any

import jinja2
from markupsafe import escape

CAMPOS = ("title", "description", "status", "subtitle")
"""Los de mkdocs-material que se escriben como texto (``status: pendiente`` sigue valiendo:
escapado es el mismo texto)."""


def escapar(meta: MutableMapping[str, Any]) -> None:
    for campo in CAMPOS:
        if isinstance(meta.get(campo), str):
            meta[campo] = escape(meta[campo])


PLANTILLAS = {"icon": ".icons/{}.svg", "template": "{}"}
"""Los campos de la cabecera que nombran una plantilla del tema, y cómo la nombran."""


def plantillas_que_faltan(
    meta: MutableMapping[str, Any], fuente: str, tema: jinja2.Environment
) -> list[tuple[int, str]]:
    """Línea y mensaje de cada campo de :data:`PLANTILLAS` cuya plantilla no está en el tema;
    esos campos se quitan de ``meta`` (la página se escribe sin ellos)."""
    faltan = []
    for campo, patron in PLANTILLAS.items():
        valor = meta.get(campo)
        if valor is None:
            continue
        if not (isinstance(valor, str) and _en_el_tema(tema, patron.format(valor))):
            del meta[campo]
            faltan.append((_linea(fuente, campo), _mensaje(campo, valor)))
    return faltan


def _en_el_tema(tema: jinja2.Environment, plantilla: str) -> bool:
    """Si el cargador del tema encuentra ``plantilla`` (el mismo que la incluiría)."""
    try:
        return tema.loader is not None and bool(tema.loader.get_source(tema, plantilla))
    except jinja2.TemplateNotFound:
        return False


def _mensaje(campo: str, valor: object) -> str:
    if campo == "icon":
        return (
            f"el icono «{valor}» no está en el tema: escribe uno de mkdocs-material como "
            "«material/dice-6» (https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/)"
        )
    return f"la plantilla «{valor}» no está en el tema (ni en su custom_dir)"


def _linea(fuente: str, campo: str) -> int:
    """La línea de ``campo:`` en la cabecera de la página (1 si no se encuentra)."""
    clave = re.compile(rf"{campo}\s*:")
    for numero, linea in enumerate(fuente.splitlines()[1:], start=2):
        if linea.strip() == "---":
            break
        if clave.match(linea):
            return numero
    return 1
