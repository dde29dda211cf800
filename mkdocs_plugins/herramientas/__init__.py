"""Herramientas de quien contribuye: la orden ``tapiz`` (``cli``) con ``comprobar`` y
``--actualizar`` (``actualizar``), ``impacto`` (con ``volcado``, que corre en otro proceso
con el motor de otra revisión) y ``exportar``.

La orden se importa al llamarla: el plugin usa módulos de aquí (``publicar_cambios``,
``historial``) y no debe cargar con ella la CLI y el PDF (tinyhtml5) en cada construcción.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """La orden ``tapiz`` (:func:`mkdocs_plugins.herramientas.cli.main`)."""
    from mkdocs_plugins.herramientas.cli import main as orden

    return orden(argv)
