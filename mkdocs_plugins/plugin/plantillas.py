"""Las plantillas del tema, compiladas una vez y guardadas junto a la caché de los bloques.

MkDocs crea el entorno de Jinja en cada construcción y vuelve a compilar las plantillas de
Material (unos 0,2 s del libro). Con la caché del plugin, Jinja guarda lo compilado
(``FileSystemBytecodeCache``) y comprueba el texto de cada plantilla antes de usarlo.

Lo compilado depende también del entorno: qué filtros y pruebas tiene y qué reciben (el
contexto, el entorno), las extensiones y los delimitadores. Un filtro que faltaba al compilar
dentro de un ``{% if %}`` queda como un error al usarlo, y uno que recibe el contexto se llama
sin él si no lo recibía el de entonces. La clave de cada plantilla lleva esa firma del
entorno: tras añadir o cambiar un plugin que añade filtros, la plantilla se compila otra vez.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket

CARPETA = "plantillas"
"""Dentro de la carpeta de la caché del plugin."""


class PlantillasCompiladas(jinja2.FileSystemBytecodeCache):
    """Lo compilado de cada plantilla, bajo su nombre, su fichero y la firma del entorno."""

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        return super().get_bucket(environment, f"{firma(environment)}|{name}", filename, source)


def firma(env: jinja2.Environment) -> str:
    """Lo que cambia el código que Jinja genera de una plantilla, salvo su texto."""
    partes = [jinja2.__version__, *sorted(env.extensions), _llamable(env.finalize)]
    partes += [_llamable(env.autoescape), repr(getattr(env, "newstyle_gettext", None))]
    partes += [
        repr(getattr(env, ajuste))
        for ajuste in (
            "block_start_string",
            "block_end_string",
            "variable_start_string",
            "variable_end_string",
            "comment_start_string",
            "comment_end_string",
            "line_statement_prefix",
            "line_comment_prefix",
            "trim_blocks",
            "lstrip_blocks",
            "newline_sequence",
            "keep_trailing_newline",
            "optimized",
            "is_async",
        )
    ]
    for tipo, funciones in (("filtro", env.filters), ("prueba", env.tests)):
        partes += [
            f"{tipo}:{nombre}:{getattr(funcion, 'jinja_pass_arg', None)!r}"
            for nombre, funcion in sorted(funciones.items())
        ]
    return hashlib.sha256("\0".join(partes).encode()).hexdigest()[:16]


def _llamable(valor: object) -> str:
    """Un valor fijo se nombra; una función, por su identidad: solo casa en el mismo proceso."""
    return repr(valor) if valor is None or isinstance(valor, bool) else f"función {id(valor)}"


def cache(carpeta_cache: Path) -> PlantillasCompiladas:
    carpeta = carpeta_cache / CARPETA
    carpeta.mkdir(parents=True, exist_ok=True)
    return PlantillasCompiladas(str(carpeta))
