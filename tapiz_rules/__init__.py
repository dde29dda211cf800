"""Motor de reglas del Sistema Tapiz: dados, probabilidades exactas y reglas con nombre."""

from typing import Any

from tapiz_rules.errores import ErrorEntrada, ErrorNotacion, ErrorTapiz
from tapiz_rules.reglamento import ACTUAL, Reglamento

__all__ = ["ACTUAL", "REGISTRO", "ErrorEntrada", "ErrorNotacion", "ErrorTapiz", "Reglamento"]


def __getattr__(nombre: str) -> Any:
    """``REGISTRO`` se carga al pedirlo: quien solo tira dados no importa todas las reglas."""
    if nombre == "REGISTRO":
        from tapiz_rules.reglas import REGISTRO

        return REGISTRO
    raise AttributeError(f"module {__name__!r} has no attribute {nombre!r}")
