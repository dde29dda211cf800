"""La orden ``tapiz`` completa: la del motor más ``tapiz comprobar``.

``comprobar`` vive aquí y no en el motor porque lee páginas del libro.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mkdocs_plugins.extension.pagina import Informe, comprobar_ficheros
from mkdocs_plugins.herramientas.actualizar import actualizar
from mkdocs_plugins.herramientas.impacto import impacto
from mkdocs_plugins.herramientas.nuevo import configurar_nuevo_lienzo
from mkdocs_plugins.herramientas.orden_motor import configurar_motor
from mkdocs_plugins.herramientas.ordenes_datos import (
    configurar_cambios,
    configurar_identificadores,
    exportar_api,
)
from mkdocs_plugins.herramientas.pdf.orden import configurar_pdf
from mkdocs_plugins.nucleo.datos import datos
from mkdocs_plugins.nucleo.fuente import (
    Configuracion,
    ErrorCarpeta,
    ErrorConfiguracion,
    configuracion_desde,
    raiz_del_proyecto,
)
from mkdocs_plugins.nucleo.fuente import carpeta as carpeta_paginas
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.vivo import motor
from tapiz_rules import cli
from tapiz_rules.errores import ErrorTapiz


def _paginas(rutas: list[str]) -> list[Path]:
    """Las páginas de cada ruta; una carpeta con un enlace que sale de ella no se lee."""
    paginas: list[Path] = []
    for ruta in map(Path, rutas):
        if ruta.is_dir():
            if fuera := carpeta_paginas.problemas(ruta, carpeta_paginas.nombrar_desde(Path.cwd())):
                raise ErrorCarpeta("\n".join(map(str, fuera)))
            paginas += sorted(ruta.rglob("*.md"))
        elif ruta.is_file():
            if encontrado := carpeta_paginas.linea_no_utf8(ruta):
                mostrada = carpeta_paginas.legible(str(ruta))
                raise ErrorCarpeta(f"{mostrada}:{encontrado[0]}: {encontrado[1]}")
            paginas.append(ruta)
        else:
            raise FileNotFoundError(ruta)
    return paginas


def _desde(rutas: list[str]) -> Path:
    """Dónde buscar el libro (su mkdocs.yml o su tapiz.yml): sobre la primera ruta (desde
    cualquier carpeta) o aquí."""
    if rutas and Path(rutas[0]).exists():
        primera = Path(rutas[0]).resolve()
        carpeta = primera if primera.is_dir() else primera.parent
        if raiz_del_proyecto(carpeta) is not None:
            return carpeta
    return Path.cwd()


def _mostrar(informe: Informe, marcas: bool) -> None:
    for problema in informe.problemas:
        print(problema)
    for aviso in informe.avisos:
        print(aviso)
    if marcas and informe.marcas:
        print(f"\nAnotaciones editoriales pendientes ({len(informe.marcas)}):")
        for marca in informe.marcas:
            print(f"  {marca}")
    resumen = f"{_contar(informe.ejemplos, 'ejemplo')}, {_contar(len(informe.problemas), 'fallo')}"
    if informe.avisos:
        resumen += f", {_contar(len(informe.avisos), 'aviso')}"
    print(resumen)


def _contar(cantidad: int, palabra: str) -> str:
    """«1 fallo», «2 fallos», «3 valores»."""
    if cantidad == 1:
        return f"{cantidad} {palabra}"
    return f"{cantidad} {palabra}{'s' if palabra[-1] in 'aeiouáéíóú' else 'es'}"


def _no_se_puede_comprobar(error: ErrorConfiguracion) -> int:
    """Sale con 2 si la entrada no se puede leer (:class:`ErrorCarpeta`), con 1 si el libro
    está mal escrito."""
    print(error)
    print("0 ejemplos, 1 fallo")
    return 2 if isinstance(error, ErrorCarpeta) else 1


def ejecutar_comprobar(args: argparse.Namespace) -> int:
    try:
        solo = [Path(r) for r in args.rutas] if args.rutas else None
        configuracion = configuracion_desde(_desde(args.rutas), solo)
    except ErrorConfiguracion as error:
        return _no_se_puede_comprobar(error)
    try:
        paginas = _paginas(
            [str(r) for r in args.rutas] if args.rutas else [str(configuracion.paginas)]
        )
    except FileNotFoundError as error:
        print(f"tapiz: error: no existe la ruta «{error.args[0]}»", file=sys.stderr)
        return 2
    except ErrorConfiguracion as error:
        return _no_se_puede_comprobar(error)
    if args.actualizar:
        return _actualizar(paginas, configuracion)
    informe = comprobar_ficheros(paginas, configuracion)
    _mostrar(informe, marcas=args.pendientes)
    return 1 if informe.problemas else 0


def _actualizar(paginas: list[Path], configuracion: Configuracion) -> int:
    cambiados, paginas_cambiadas, rechazadas = 0, 0, 0
    for pagina in paginas:
        hecho = actualizar(pagina, configuracion)
        if hecho.rechazos:
            rechazadas += 1
            for problema in hecho.rechazos:
                print(problema)
            print(
                f"{hecho.ruta}: sin cambios: tiene errores que no son valores de «espera»; "
                "arréglalos a mano y vuelve a ejecutar --actualizar"
            )
        elif hecho.cambios:
            cambiados += hecho.cambios
            paginas_cambiadas += 1
            print(hecho.diff, end="")
    print(
        f"{_contar(cambiados, 'valor')} actualizado{'s' if cambiados != 1 else ''} en "
        f"{_contar(paginas_cambiadas, 'página')}"
        + (f"; {_contar(rechazadas, 'página')} sin tocar por otros errores" if rechazadas else "")
    )
    return 1 if rechazadas else 0


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
        help="páginas o carpetas (por defecto, las de docs_dir en mkdocs.yml)",
    )
    p.add_argument(
        "--actualizar",
        action="store_true",
        help="reescribe los valores de «espera» que no coinciden con el motor y muestra el "
        "diff (sin preguntar: git es el deshacer); no toca una página con otros errores",
    )
    p.add_argument(
        "--pendientes",
        action="store_true",
        help="lista también las anotaciones <!-- TODO --> y <!-- FIXME --> del libro",
    )
    p.set_defaults(ejecutar=ejecutar_comprobar)


def ejecutar_exportar(args: argparse.Namespace) -> int:
    try:
        configuracion = configuracion_desde(_desde([args.destino] if args.destino else []))
    except ErrorConfiguracion as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 2
    if args.json:
        hecho = exportar_api(Path(args.json), configuracion)
        problemas = comprobar_ficheros(sorted(configuracion.paginas.rglob("*.md")), configuracion)
        for problema in problemas.problemas:
            print(problema, file=sys.stderr)
        return 1 if problemas.problemas else hecho
    if args.destino is None:
        print("tapiz: error: falta DESTINO (o --json CARPETA)", file=sys.stderr)
        return 2
    informe = comprobar_ficheros(sorted(configuracion.paginas.rglob("*.md")), configuracion)
    destino = Path(args.destino)
    contenido = datos.texto(configuracion.base, informe.expresiones, informe.datos_ejemplos)
    datos.escribir({destino / datos.RUTA: contenido})
    (destino / catalogo.RUTA).write_text(catalogo.markdown(), encoding="utf-8")
    print(f"escritos {destino / datos.RUTA} y {destino / catalogo.RUTA}")
    if motor.publicar(destino, configuracion.raiz, configuracion):
        print(f"y las reglas en vivo en {destino / motor.CARPETA}")
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
    p.add_argument(
        "destino", nargs="?", metavar="DESTINO", help="carpeta de las páginas, p. ej. srd"
    )
    p.add_argument(
        "--json",
        metavar="CARPETA",
        help="escribe en su lugar la API de datos abiertos en CARPETA/api/v1/, como el sitio",
    )
    p.set_defaults(ejecutar=ejecutar_exportar)


def ejecutar_impacto(args: argparse.Namespace) -> int:
    try:
        configuracion = configuracion_desde(Path.cwd())
        print(impacto(args.revision, configuracion), end="")
    except ErrorTapiz as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 2
    return 0


def configurar_impacto(sub: Any) -> None:
    p = sub.add_parser(
        "impacto",
        help="qué cambia en las reglas respecto a una revisión de git (Markdown)",
        description="Compara las reglas de la revisión REV con las del árbol de trabajo: "
        "tablas antes y después, ejemplos del libro cuyas salidas cambian y probabilidades "
        "de cada grado de la tirada de acción. Escribe Markdown (para un pull request).",
    )
    p.add_argument("revision", metavar="REV", help="revisión de git, p. ej. origin/main o HEAD~1")
    p.set_defaults(ejecutar=ejecutar_impacto)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(
        argv,
        (
            *cli.SUBCOMANDOS,
            configurar_comprobar,
            configurar_exportar,
            configurar_impacto,
            configurar_identificadores,
            configurar_pdf,
            configurar_cambios,
            configurar_nuevo_lienzo,
            configurar_motor,
        ),
    )


if __name__ == "__main__":
    sys.exit(main())
