"""Las probabilidades exactas de una expresión de dados, como las dibujan los widgets.

La construcción las deja en los datos de cada página para los dados del texto
(``mkdocs_plugins/nucleo/datos/datos.py``); las de una expresión que escribe quien lee (el
tirador libre) se piden al motor en la página. Las dos salen de :func:`puntos`: el navegador
no calcula probabilidades.
"""

from __future__ import annotations

from typing import Any

from tapiz_rules.dados import analizar, distribucion
from tapiz_rules.errores import ErrorNotacion
from tapiz_rules.modelo import Reglamento


def puntos(expresion: str) -> list[list[float]]:
    """Pares [total, probabilidad], de menor a mayor total; ``ErrorNotacion`` si no se puede."""
    return [[valor, float(p)] for valor, p in distribucion(expresion).items()]


def responder_probabilidades(_: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    """``{"expresion", "puntos"}`` (la expresión en notación canónica) o el error del motor."""
    expresion = str(peticion.get("expresion") or "")
    try:
        return {"expresion": str(analizar(expresion)), "puntos": puntos(expresion)}
    except ErrorNotacion as error:
        return {"error": str(error)}
