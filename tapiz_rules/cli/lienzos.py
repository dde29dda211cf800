"""``--lienzo CARPETA`` en ``tapiz reglas`` y ``tapiz regla``: las reglas de un Lienzo."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.lienzo import FICHERO, cargar
from tapiz_rules.modelo import Reglamento


def anadir_lienzo(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lienzo",
        metavar="LIENZO",
        help=f"usa las reglas del Lienzo de esa carpeta (la de su {FICHERO}) o con ese "
        "identificador (el de la API: el nombre de su carpeta, como puertos-de-bruma)",
    )


def reglamento_del_lienzo(carpeta: str) -> Reglamento:
    """El reglamento del Lienzo de ``carpeta`` (o de su ``lienzo.yml``, si se nombra)."""
    ruta = Path(carpeta)
    fichero = ruta if ruta.name == FICHERO else ruta / FICHERO
    es_identificador = "/" not in carpeta and "\\" not in carpeta
    if not fichero.is_file() and es_identificador:
        fichero = _por_identificador(carpeta) or fichero
    if not fichero.is_file():
        otro = " ni un Lienzo con ese identificador" if es_identificador else ""
        raise ErrorTapiz(f"no hay un {FICHERO} en «{carpeta}»{otro}")
    return cargar(fichero).reglamento()


def _por_identificador(identificador: str) -> Path | None:
    """El ``lienzo.yml`` de la carpeta ``identificador`` dentro de las páginas del libro (la
    carpeta ``paginas`` de ``tapiz.yml``, o ``srd``), buscadas desde la carpeta actual."""
    paginas = Path("srd")
    configuracion = Path("tapiz.yml")
    if configuracion.is_file():
        encontrada = re.search(r"^paginas:\s*(\S+)", configuracion.read_text("utf-8"), re.M)
        paginas = Path(encontrada.group(1)) if encontrada else paginas
    return next((f for f in sorted(paginas.rglob(FICHERO)) if f.parent.name == identificador), None)
