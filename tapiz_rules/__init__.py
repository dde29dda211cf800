"""Motor de reglas del Sistema Tapiz: dados, probabilidades exactas y reglas con nombre."""

from tapiz_rules.errores import ErrorEntrada, ErrorNotacion, ErrorTapiz
from tapiz_rules.reglamento import ACTUAL, Reglamento
from tapiz_rules.reglas import REGISTRO

__all__ = ["ACTUAL", "REGISTRO", "ErrorEntrada", "ErrorNotacion", "ErrorTapiz", "Reglamento"]
