"""Lo común a los subcomandos de ``tapiz``: el analizador en español y la salida JSON."""

from __future__ import annotations

import argparse
import json
import re
import secrets
from typing import Any, NoReturn

PROGRAMA = "tapiz"
SEMILLAS = 2**32

_TRADUCCIONES: tuple[tuple[str, str], ...] = (
    (r"the following arguments are required: (.*)", r"faltan argumentos obligatorios: \1"),
    (r"unrecognized arguments: (.*)", r"argumentos no reconocidos: \1"),
    (
        r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)",
        r"argumento \1: valor no válido \2; valores válidos: \3",
    ),
    (r"argument (\S+): invalid (\w+) value: (.*)", r"argumento \1: valor \2 no válido: \3"),
    (r"argument (\S+): expected one argument", r"argumento \1: falta su valor"),
    (r"argument (\S+): (.*)", r"argumento \1: \2"),
    (r"ambiguous option: (.*) could match (.*)", r"opción ambigua: \1 podría ser \2"),
)
_TIPOS = {"int": "entero", "float": "numérico"}


def traducir(mensaje: str) -> str:
    """Pasa al español los mensajes de error de argparse que conocemos."""
    for patron, reemplazo in _TRADUCCIONES:
        traducido, cambios = re.subn(f"^{patron}$", reemplazo, mensaje)
        if cambios:
            for ingles, espanol in _TIPOS.items():
                traducido = traducido.replace(f"valor {ingles} ", f"valor {espanol} ")
            return traducido
    return mensaje


class Formato(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """Un ArgumentParser con ayuda y errores en español."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formato)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "argumentos"
        self._optionals.title = "opciones"
        self.add_argument("-h", "--help", action="help", help="muestra esta ayuda y termina")

    def error(self, message: str) -> NoReturn:
        raise ErrorDeUso(self, traducir(message))


class ErrorDeUso(Exception):
    """Una orden mal escrita; ``main`` la da en texto (con el uso) o, con ``--json``, en JSON."""

    def __init__(self, parser: argparse.ArgumentParser, mensaje: str) -> None:
        super().__init__(mensaje)
        self.parser = parser
        self.mensaje = mensaje


def imprimir_json(datos: Any) -> None:
    print(json.dumps(datos, ensure_ascii=False, indent=2))


def anadir_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="salida en JSON")


def semilla_o_nueva(valor: int | None) -> int:
    return secrets.randbelow(SEMILLAS) if valor is None else valor
