"""``tapiz motor``: trae Pyodide para las reglas en vivo de un libro sin ``node_modules/``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from mkdocs_plugins.nucleo.fuente import raiz_del_proyecto
from mkdocs_plugins.nucleo.vivo import pyodide_npm


def ejecutar_motor(args: argparse.Namespace) -> int:
    raiz = raiz_del_proyecto(Path.cwd())
    if raiz is None:
        print(
            "tapiz: error: no encuentro mkdocs.yml en esta carpeta ni en las de arriba",
            file=sys.stderr,
        )
        return 2
    try:
        destino = pyodide_npm.instalar(raiz, args.desde or pyodide_npm.URL)
    except pyodide_npm.ErrorPyodide as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"tapiz: error: no se puede leer «{args.desde}»: {error.strerror}", file=sys.stderr)
        return 1
    print(
        f"Pyodide {pyodide_npm.VERSION} en {destino.relative_to(raiz).as_posix()}/: la "
        "construcción lo publica con el sitio, y sus reglas en vivo funcionan sin conexión"
    )
    return 0


def configurar_motor(sub: Any) -> None:
    p = sub.add_parser(
        "motor",
        help="trae Pyodide (el Python del navegador) para las reglas en vivo del libro",
        description=f"Descarga del registro de npm Pyodide {pyodide_npm.VERSION} (la versión "
        "que fija este paquete), comprueba su huella y guarda en .cache/tapiz/, junto a "
        "mkdocs.yml, lo que el sitio publica. Solo hace falta una vez; sin él, el libro se "
        "construye igual, sin reglas en vivo.",
    )
    p.add_argument(
        "--desde",
        metavar="ORIGEN",
        help="otro origen: la dirección del paquete, el .tgz ya descargado o una carpeta "
        "node_modules/pyodide",
    )
    p.set_defaults(ejecutar=ejecutar_motor)
