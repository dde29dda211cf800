"""Significados propios de una página para las abreviaturas del glosario.

El glosario (``srd/abreviaturas.txt``) se añade a todas las páginas y dice «DJ:
Directora de Juego», como el SRD de Tapiz. Los otros sistemas dicen «el Director de
Juego»: una página lo declara en su front matter y aquí se cambia el significado de
sus abreviaturas::

    abreviaturas:
      DJ: Director de Juego
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import Any


class ErrorAbreviaturas(ValueError):
    """El front matter ``abreviaturas`` no es una lista de «SIGLA: significado»."""


def leer(valor: Any) -> dict[str, str]:
    """Las abreviaturas propias del front matter, comprobadas."""
    if valor is None:
        return {}
    if not isinstance(valor, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in valor.items()
    ):
        raise ErrorAbreviaturas(
            "«abreviaturas» debe ser una lista de «SIGLA: significado», "
            "por ejemplo «DJ: Director de Juego»"
        )
    return dict(valor)


def con_significados(html: str, propias: Mapping[str, str]) -> str:
    """``html`` con el significado de cada ``<abbr>`` de ``propias`` cambiado por el suyo."""
    for sigla, significado in propias.items():
        patron = re.compile(rf'<abbr title="[^"]*">{re.escape(escape(sigla))}</abbr>')
        nueva = f'<abbr title="{escape(significado)}">{escape(sigla)}</abbr>'
        html = patron.sub(nueva, html)
    return html
