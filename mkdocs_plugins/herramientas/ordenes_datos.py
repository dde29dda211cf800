"""Las órdenes de los datos abiertos: ``tapiz identificadores``, ``tapiz cambios`` (y la API,
en ``api``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from mkdocs_plugins.extension import api
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.fuente import (
    Configuracion,
    ErrorConfiguracion,
    configuracion_desde,
    estructura,
)
from tapiz_rules.cli.comun import anadir_json, imprimir_json


def exportar_api(destino: Path, configuracion: Configuracion) -> int:
    """``tapiz exportar --json``: la API estática, como la publica el sitio."""
    escritos = api.escribir(destino, configuracion, con_motor=False)  # sin el sitio, sin motor
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


def ejecutar_cambios(args: argparse.Namespace) -> int:
    from mkdocs_plugins.herramientas import cambios

    # Un error llega a ``main``: en texto o, con --json, en JSON en la salida.
    informe = cambios.cambios(args.desde, args.hasta, configuracion_desde(Path.cwd()))
    if args.json:
        informe.pop("impacto_markdown")
        imprimir_json(informe)
    else:
        print(cambios.markdown(informe), end="")
    return 0


def configurar_cambios(sub: Any) -> None:
    p = sub.add_parser(
        "cambios",
        help="qué cambió entre dos revisiones: reglas, tablas, parámetros y secciones",
        description="Compara la revisión REV1 con REV2 (o con el árbol de trabajo): reglas, "
        "tablas, parámetros y secciones añadidos, quitados o cambiados, con sus valores de "
        "antes y de después, y el impacto en los ejemplos del libro y en las probabilidades "
        "de la tirada de acción. Escribe Markdown, o JSON con --json.",
    )
    p.add_argument("desde", metavar="REV1", help="revisión de git, p. ej. v1.0.0 o HEAD~3")
    p.add_argument(
        "hasta", metavar="REV2", nargs="?", help="otra revisión (por defecto, el árbol de trabajo)"
    )
    anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_cambios)
