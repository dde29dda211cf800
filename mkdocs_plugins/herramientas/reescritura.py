"""Dónde está, carácter a carácter, cada valor de «espera» de una valla, y cómo reescribirlo.

``--actualizar`` cambia solo el texto del valor: la clave, las comillas que
eligió quien escribe, los comentarios, el fin de línea (``\\r\\n`` incluido) y la
precisión de los decimales («0.05» sigue con dos cifras) se quedan. Lo que no
sabe reescribir sin riesgo (un valor en varias líneas, una lista, un bloque
``|``) lo rechaza con un mensaje.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from mkdocs_plugins.nucleo.fuente import bloques

_CERRAR = ("```", "~~~")


class NoSeReescribe(Exception):
    """Un valor que ``--actualizar`` no sabe cambiar sin riesgo; el mensaje dice por qué."""


@dataclass(frozen=True)
class Hueco:
    """Un valor escalar en una sola línea: su línea (desde 0), columnas y estilo."""

    linea: int
    desde: int
    hasta: int
    estilo: str | None
    texto: str


def _valla_de(lineas: list[str], indice: int) -> tuple[int, int]:
    """La apertura y el cierre (desde 0) de la valla tapiz-ejemplo que contiene ``indice``."""
    for inicio in range(indice, -1, -1):
        if bloques._es_apertura(lineas[inicio], "tapiz-ejemplo"):
            break
    else:
        raise NoSeReescribe("no está dentro de una valla tapiz-ejemplo")
    for fin in range(inicio + 1, len(lineas)):
        if lineas[fin].strip().lstrip("> ").startswith(_CERRAR):
            return inicio, fin
    return inicio, len(lineas)


def buscar(lineas: list[str], indice: int, campo: str) -> Hueco:
    """El valor de ``espera.campo`` de la valla que contiene la línea ``indice``."""
    inicio, fin = _valla_de(lineas, indice)
    sangria = len(lineas[inicio]) - len(lineas[inicio].lstrip(" >"))
    cuerpo = "\n".join(linea[sangria:] for linea in lineas[inicio + 1 : fin])
    try:
        raiz = yaml.compose(cuerpo, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        raise NoSeReescribe("el YAML de la valla no se lee") from None
    valor = _subvalor(_subvalor(raiz, "espera"), campo)
    if not isinstance(valor, yaml.ScalarNode):
        raise NoSeReescribe("no es un valor simple (es una lista o un mapa)")
    if valor.style in ("|", ">") or valor.start_mark.line != valor.end_mark.line:
        raise NoSeReescribe("ocupa varias líneas")
    linea = inicio + 1 + valor.start_mark.line
    desde, hasta = sangria + valor.start_mark.column, sangria + valor.end_mark.column
    return Hueco(linea, desde, hasta, valor.style, lineas[linea][desde:hasta])


def _subvalor(nodo: Any, clave: str) -> Any:
    if isinstance(nodo, yaml.MappingNode):
        for k, v in nodo.value:
            if isinstance(k, yaml.ScalarNode) and k.value == clave:
                return v
    raise NoSeReescribe(f"no se encuentra «{clave}»")


def escribir(hueco: Hueco, valor: Any, como_yaml: Any) -> str:
    """El texto nuevo del valor, con las comillas y la precisión del que había."""
    if isinstance(valor, str) and hueco.estilo == "'":
        return "'" + valor.replace("'", "''") + "'"
    if isinstance(valor, str) and hueco.estilo == '"':
        return '"' + valor.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(valor, float) and not isinstance(valor, bool) and hueco.estilo is None:
        entero, punto, decimales = hueco.texto.partition(".")
        if punto and decimales.isdigit() and entero.lstrip("-").isdigit():
            texto = f"{valor:.{len(decimales)}f}"
            if float(texto) not in (0.0, 1.0) or float(texto) == valor:
                return texto  # 0 y 1 son exactos: 0,003 no se escribe «0.00»
    return str(como_yaml(valor))
