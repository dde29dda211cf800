"""``--lienzo CARPETA`` en ``tapiz reglas`` y ``tapiz regla``: las reglas de un Lienzo."""

from __future__ import annotations

import argparse
from pathlib import Path

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzo import FICHERO, cargar
from tapiz_rules.modelo import Reglamento


def anadir_lienzo(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lienzo",
        metavar="CARPETA",
        help=f"usa las reglas del Lienzo de esa carpeta (la de su {FICHERO})",
    )


def reglamento_del_lienzo(carpeta: str) -> Reglamento:
    """El reglamento del Lienzo de ``carpeta`` (o de su ``lienzo.yml``, si se nombra)."""
    ruta = Path(carpeta)
    fichero = ruta if ruta.name == FICHERO else ruta / FICHERO
    if not fichero.is_file():
        raise ErrorTapiz(f"no hay un {FICHERO} en «{carpeta}»")
    return cargar(fichero).reglamento()
