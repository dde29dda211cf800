"""El modelo del motor: campos con etiqueta y formato, reglas, tablas, sistemas y reglamentos."""

from tapiz_rules.modelo.campos import OBLIGATORIO, Campo, Entrada, plegar
from tapiz_rules.modelo.dependencias import Segun
from tapiz_rules.modelo.formato import Formato
from tapiz_rules.modelo.reglas import (
    DefinicionTabla,
    ErrorDeclaracion,
    Regla,
    Resultado,
    Tabla,
    regla,
    tabla,
)
from tapiz_rules.modelo.sistema import Reglamento, Sistema, Variante

__all__ = [
    "OBLIGATORIO",
    "Campo",
    "DefinicionTabla",
    "Entrada",
    "ErrorDeclaracion",
    "Formato",
    "Regla",
    "Reglamento",
    "Resultado",
    "Segun",
    "Sistema",
    "Tabla",
    "Variante",
    "plegar",
    "regla",
    "tabla",
]
