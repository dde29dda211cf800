"""La orden ``tapiz`` completa: la del motor más ``tapiz comprobar``.

``comprobar`` vive aquí y no en el motor porque lee páginas del libro.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mkdocs_plugins import catalogo, datos
from mkdocs_plugins.configuracion import ErrorConfiguracion, configuracion_desde
from mkdocs_plugins.pagina import Informe, comprobar_ficheros
from tapiz_rules import cli


def _paginas(rutas: list[str]) -> list[Path]:
    paginas: list[Path] = []
    for ruta in map(Path, rutas):
        if ruta.is_dir():
            paginas += sorted(ruta.rglob("*.md"))
        elif ruta.is_file():
            paginas.append(ruta)
        else:
            raise FileNotFoundError(ruta)
    return paginas


def _mostrar(informe: Informe, marcas: bool) -> None:
    for problema in informe.problemas:
        print(problema)
    if marcas and informe.marcas:
        print(f"\nAnotaciones editoriales pendientes ({len(informe.marcas)}):")
        for marca in informe.marcas:
            print(f"  {marca}")
    print(f"{_contar(informe.ejemplos, 'ejemplo')}, {_contar(len(informe.problemas), 'fallo')}")


def _contar(cantidad: int, palabra: str) -> str:
    return f"{cantidad} {palabra}" if cantidad == 1 else f"{cantidad} {palabra}s"


def ejecutar_comprobar(args: argparse.Namespace) -> int:
    try:
        configuracion = configuracion_desde(Path.cwd())
    except ErrorConfiguracion as error:
        print(error)
        print("0 ejemplos, 1 fallo")
        return 1
    try:
        paginas = _paginas(
            [str(r) for r in args.rutas] if args.rutas else [str(configuracion.paginas)]
        )
    except FileNotFoundError as error:
        print(f"tapiz: error: no existe la ruta «{error.args[0]}»", file=sys.stderr)
        return 2
    informe = comprobar_ficheros(paginas, configuracion)
    _mostrar(informe, marcas=args.pendientes)
    return 1 if informe.problemas else 0


def configurar_comprobar(sub: Any) -> None:
    p = sub.add_parser(
        "comprobar",
        help="comprueba los ejemplos y tablas de las páginas del libro",
        description="Ejecuta cada bloque tapiz-ejemplo y tapiz-regla de las páginas y "
        "los dados escritos en el texto, como la construcción del sitio.",
    )
    p.add_argument(
        "rutas",
        nargs="*",
        metavar="RUTA",
        help="páginas o carpetas (por defecto, las páginas que nombra tapiz.yml)",
    )
    p.add_argument(
        "--pendientes",
        action="store_true",
        help="lista también las anotaciones <!-- TODO --> y <!-- FIXME --> del libro",
    )
    p.set_defaults(ejecutar=ejecutar_comprobar)


def ejecutar_exportar(args: argparse.Namespace) -> int:
    try:
        configuracion = configuracion_desde(Path.cwd())
    except ErrorConfiguracion as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 2
    informe = comprobar_ficheros(sorted(configuracion.paginas.rglob("*.md")), configuracion)
    destino = Path(args.destino)
    contenido = datos.datos(configuracion.base, informe.expresiones, informe.datos_ejemplos)
    datos.escribir(destino / datos.RUTA, contenido)
    (destino / catalogo.RUTA).write_text(catalogo.markdown(), encoding="utf-8")
    print(f"escritos {destino / datos.RUTA} y {destino / catalogo.RUTA}")
    for problema in informe.problemas:
        print(problema, file=sys.stderr)
    return 1 if informe.problemas else 0


def configurar_exportar(sub: Any) -> None:
    p = sub.add_parser(
        "exportar",
        help="escribe lo que un generador sin plugins necesita: datos de los widgets y catálogo",
        description="Escribe en DESTINO los datos de los widgets (assets/tapiz/datos.json) y la "
        "página del catálogo (catalogo.md), que el plugin de MkDocs genera solo. Para construir "
        "con Zensical: «tapiz exportar srd» y después «zensical build».",
    )
    p.add_argument("destino", metavar="DESTINO", help="carpeta de las páginas, p. ej. srd")
    p.set_defaults(ejecutar=ejecutar_exportar)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, (*cli.SUBCOMANDOS, configurar_comprobar, configurar_exportar))


if __name__ == "__main__":
    sys.exit(main())
