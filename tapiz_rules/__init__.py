"""Motor de reglas del Sistema Tapiz: dados, probabilidades exactas, sistemas de reglas."""

from tapiz_rules import _rutas_antiguas
from tapiz_rules.errores import ErrorEntrada, ErrorNotacion, ErrorTapiz

_rutas_antiguas.instalar()

__all__ = ["ErrorEntrada", "ErrorNotacion", "ErrorTapiz"]


def __getattr__(nombre: str) -> object:
    """Los sistemas se cargan al pedirlos: quien solo tira dados no importa todas las reglas
    (ni ``typing``: el arranque en frío del motor de dados cuenta cada importación)."""
    if nombre in ("SISTEMAS", "reglamento"):
        from tapiz_rules import sistemas

        return getattr(sistemas, nombre)
    raise AttributeError(f"module {__name__!r} has no attribute {nombre!r}")
