"""Un valor dentro del Markdown que genera el plugin, leído como texto.

Las páginas generadas («Estado del SRD», «Cambios», el catálogo) se escriben en Markdown con
valores que vienen de fuera del código: títulos de una cabecera o de un encabezado, nombres de
un ``lienzo.yml``, declaraciones de reglas, lo que guarda git. Ninguno debe volverse HTML, un
enlace o una lista de atributos (``{ onclick=… }``): ``literal`` escapa el HTML y las marcas de
Markdown en línea. Python-Markdown devuelve cada carácter escapado tal cual, así que un título
sin esas marcas se publica igual.
"""

from __future__ import annotations

import re
from html import escape

_MARCAS = re.compile(r"([\\`*_\[\]#])")
_LLAVES = {"{": "&#123;", "}": "&#125;"}
"""Como referencias: ni ``attr_list`` ni las marcas de valor (``{{= … }}``) ven una llave."""


def literal(valor: object) -> str:
    """``valor`` como texto de Markdown en línea: ``<b>`` se lee «<b>», ``*x*`` se lee «*x*»."""
    texto = _MARCAS.sub(r"\\\1", escape(str(valor), quote=False))
    return re.sub(r"[{}]", lambda llave: _LLAVES[llave[0]], texto)


def literal_html(valor: object) -> str:
    """``valor`` como texto dentro de un bloque de HTML de una página generada (Python-Markdown
    no lo convierte): el HTML escapado, también en un atributo, y las llaves como referencias."""
    return re.sub(r"[{}]", lambda llave: _LLAVES[llave[0]], escape(str(valor)))
