"""Las órdenes de los datos abiertos: ``tapiz identificadores`` (y la API, en ``api``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from mkdocs_plugins.extension import api
from mkdocs_plugins.nucleo import estructura, identificadores
from mkdocs_plugins.nucleo.configuracion import (
    Configuracion,
    ErrorConfiguracion,
    configuracion_desde,
)


def exportar_api(destino: Path, configuracion: Configuracion) -> int:
    """``tapiz exportar --json``: la API estática, como la publica el sitio."""
    escritos = api.escribir(destino, configuracion)
    print(f"escritos {escritos} ficheros en {destino / 'api' / 'v1'}")
    return 0


def ejecutar_identificadores(args: argparse.Namespace) -> int:
    try:
        configuracion = configuracion_desde(Path.cwd())
        fichero = configuracion.raiz / identificadores.FICHERO
        registro = identificadores.leer(fichero) or {}
    except ErrorConfiguracion as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 2
    paginas = [
        (f.relative_to(configuracion.paginas).as_posix(), estructura.leer(f.read_text("utf-8")))
        for f in sorted(configuracion.paginas.rglob("*.md"))
    ]
    nuevos = identificadores.registrar(registro, paginas)
    identificadores.escribir(fichero, registro)
    for nuevo in nuevos:
        print(f"registrado {nuevo}")
    print(f"{len(nuevos)} identificadores nuevos en {identificadores.FICHERO}")
    return 0


def configurar_identificadores(sub: Any) -> None:
    p = sub.add_parser(
        "identificadores",
        help="registra los identificadores nuevos de las secciones en identificadores.yml",
        description="Añade a identificadores.yml cada identificador de sección ({#id} en un "
        "encabezado) que aún no está, con su título. No cambia ni borra los registrados.",
    )
    p.set_defaults(ejecutar=ejecutar_identificadores)
