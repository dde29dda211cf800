"""``tapiz pdf SALIDA.pdf``: el libro en PDF y, a su lado, la hoja de personaje.

Lo que escribe el PDF (WeasyPrint, tinyhtml5: el extra «pdf») se importa al ejecutar la orden:
las demás órdenes no lo necesitan."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from mkdocs.exceptions import MkDocsException

from mkdocs_plugins.herramientas.pdf import INSTALAR
from mkdocs_plugins.nucleo.fuente import MKDOCS, configuracion_desde, raiz_del_proyecto
from tapiz_rules.cli.lienzos import anadir_lienzo, reglamento_del_lienzo
from tapiz_rules.lienzos.lienzo import Lienzo
from tapiz_rules.modelo import Reglamento

HOJA = "hoja-de-personaje.pdf"


def _mkdocs_yml() -> Path | None:
    raiz = raiz_del_proyecto(Path.cwd())
    carpetas = [raiz] if raiz else []
    carpetas += [Path.cwd(), *Path.cwd().parents]
    return next((c / MKDOCS for c in carpetas if (c / MKDOCS).is_file()), None)


def del_libro(mkdocs_yml: Path) -> Reglamento:
    """El de la portada del libro: el de su Lienzo si las páginas son un Lienzo, como en el
    libro de quien diseña; el de Tapiz en este."""
    configuracion = configuracion_desde(mkdocs_yml.parent)
    return configuracion.reglamento_de(configuracion.paginas / "index.md")


def reglamento_de_la_hoja(mkdocs_yml: Path, lienzo: str | None) -> Reglamento:
    """El de ``--lienzo``; si no, el del libro."""
    return reglamento_del_lienzo(lienzo) if lienzo else del_libro(mkdocs_yml)


def ejecutar_pdf(args: argparse.Namespace) -> int:
    mkdocs_yml = _mkdocs_yml()
    if mkdocs_yml is None:
        print(
            "tapiz: error: no encuentro mkdocs.yml en esta carpeta ni en las de arriba",
            file=sys.stderr,
        )
        return 2
    salida = Path(args.salida)
    hoja = Path(args.hoja) if args.hoja else salida.with_name(HOJA)
    sitio = Path(args.sitio) if args.sitio else None
    if sitio is not None and not (sitio / "index.html").is_file():
        print(
            f"tapiz: error: «{sitio}» no es un sitio construido (falta index.html)", file=sys.stderr
        )
        return 2
    try:
        from mkdocs_plugins.herramientas.pdf.construir import (
            FaltaWeasyPrint,
            RecursoProhibido,
            pdf,
        )
    except ImportError as error:
        print(f"tapiz: error: {INSTALAR}: {error}", file=sys.stderr)
        return 2
    inicio = time.perf_counter()
    try:
        lienzo = del_libro(mkdocs_yml).lienzo
        hecho = pdf(
            mkdocs_yml,
            salida,
            hoja,
            sitio,
            reglamento_de_la_hoja(mkdocs_yml, args.lienzo),
            lienzo if isinstance(lienzo, Lienzo) else None,
        )
    except (FaltaWeasyPrint, RecursoProhibido) as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 2
    except MkDocsException as error:
        print(f"tapiz: error: no hay PDF, el sitio no se construye: {error}", file=sys.stderr)
        return 1
    segundos = f"{time.perf_counter() - inicio:.1f}".replace(".", ",")
    print(
        f"escritos {hecho.libro} ({hecho.capitulos} capítulos; {hecho.pendientes} con "
        f"secciones pendientes, listadas en un apéndice) y {hecho.hoja}, en {segundos} s"
    )
    return 0


def configurar_pdf(sub: Any) -> None:
    p = sub.add_parser(
        "pdf",
        help="el libro en PDF, con índice paginado, marcadores y la hoja de personaje",
        description="Construye el sitio con MkDocs en una carpeta temporal (o usa el de --sitio) "
        "y escribe con WeasyPrint el libro completo, los otros sistemas y la comparativa, el "
        "Lienzo de ejemplo como apéndice y la hoja de personaje (la del Lienzo del libro si sus "
        "páginas son un Lienzo, o la de --lienzo); la hoja va también sola en "
        f"{HOJA}, junto a SALIDA.",
    )
    p.add_argument("salida", metavar="SALIDA", help="el PDF del libro, p. ej. site/tapiz-srd.pdf")
    p.add_argument("--hoja", metavar="RUTA", help=f"la hoja de personaje (por defecto, {HOJA})")
    p.add_argument("--sitio", metavar="CARPETA", help="un sitio ya construido con mkdocs build")
    anadir_lienzo(p)
    p.set_defaults(ejecutar=ejecutar_pdf)
