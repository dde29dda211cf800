"""La línea de órdenes ``tapiz``: tirar dados, ver probabilidades y usar las reglas.

Cada subcomando se declara con una función ``configurar(subcomandos)`` que añade
su analizador y fija ``ejecutar``; otro módulo puede pasar una lista ampliada a
``main`` (así ``mkdocs_plugins.herramientas.cli`` añade ``comprobar`` sin que el motor sepa
nada de las páginas).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tapiz_rules.cli.comun import PROGRAMA, ErrorDeUso, Parser, imprimir_json, traducir
from tapiz_rules.cli.dados import configurar_prob, configurar_tirar
from tapiz_rules.cli.reglas import configurar_accion, configurar_regla, configurar_reglas
from tapiz_rules.cli.tablas import configurar_tabla
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.evaluar import error_en_json

__all__ = ["SUBCOMANDOS", "construir_parser", "main", "traducir"]

# --- principal ---------------------------------------------------------------

SUBCOMANDOS: tuple[Callable[[Any], None], ...] = (
    configurar_tirar,
    configurar_prob,
    configurar_accion,
    configurar_reglas,
    configurar_regla,
    configurar_tabla,
)


def construir_parser(
    subcomandos: Sequence[Callable[[Any], None]] = SUBCOMANDOS,
) -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROGRAMA,
        description="El Sistema Tapiz en la línea de órdenes: dados, probabilidades y reglas.",
    )
    sub = parser.add_subparsers(
        title="subcomandos", dest="subcomando", metavar="SUBCOMANDO", parser_class=Parser
    )
    sub.required = True
    for configurar in subcomandos:
        configurar(sub)
    return parser


def main(
    argv: Sequence[str] | None = None,
    subcomandos: Sequence[Callable[[Any], None]] = SUBCOMANDOS,
) -> int:
    parser = construir_parser(subcomandos)
    if isinstance(sys.stdout, io.TextIOWrapper):
        # Un nombre de fichero que no es UTF-8 se escribe como «\udcff» (como en stderr), no
        # con una traza de UnicodeEncodeError en un terminal UTF-8 estricto.
        sys.stdout.reconfigure(errors="backslashreplace")
    argumentos = list(sys.argv[1:] if argv is None else argv)
    if nulo := next((a for a in argumentos if "\0" in a), None):
        # Solo llamando a main desde Python: el sistema no pasa un byte nulo en un argumento.
        mostrado = nulo.replace("\0", "\\0")
        print(f"{PROGRAMA}: error: el argumento «{mostrado}» lleva un byte nulo", file=sys.stderr)
        return 2
    en_json = "--json" in argumentos
    try:
        args = parser.parse_args(argumentos)
    except SystemExit as salida:
        return salida.code if isinstance(salida.code, int) else 2
    except ErrorDeUso as error:
        if en_json:
            imprimir_json(error_en_json(error.mensaje))
        else:
            error.parser.print_usage(sys.stderr)
            print(f"{error.parser.prog}: error: {error.mensaje}", file=sys.stderr)
        return 2
    try:
        codigo: int = args.ejecutar(args)
        sys.stdout.flush()
        return codigo
    except ErrorTapiz as error:
        if en_json:  # para un script: JSON en la salida, y el código de error
            imprimir_json(error_en_json(error))
        else:
            print(f"{PROGRAMA}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # Quien leía (``tapiz reglas | head``) ya tiene bastante: sin traza, y sin
        # otro error al vaciar la salida cuando Python termine.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
