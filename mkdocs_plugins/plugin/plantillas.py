"""Las plantillas del tema, compiladas una vez y guardadas junto a la caché de los bloques.

MkDocs crea el entorno de Jinja en cada construcción y vuelve a compilar las plantillas de
Material (unos 0,14 s del libro). Con la caché del plugin, Jinja guarda lo compilado y
comprueba el texto de cada plantilla antes de usarlo. Todo va en un solo fichero, que se lee
una vez y se escribe al final si cambió: un fichero por plantilla (``FileSystemBytecodeCache``)
eran unas 45 aperturas en cada construcción, y 45 ficheros nuevos en frío (crear un fichero
cuesta en estos discos, ``bench/plugin.md``).

Las plantillas de Material y del tema del paquete son las mismas en cada proyecto: lo
compilado de cada una se guarda también en la caché del usuario (``carpeta_del_usuario``), un
fichero por plantilla, como los ``.pyc`` de lo instalado. La primera construcción de un
proyecto (sin caché propia) lo lee de ahí en lugar de compilar; solo se abre al no
encontrarlo en el fichero del proyecto.

Lo compilado depende también del entorno: qué filtros y pruebas tiene y qué reciben (el
contexto, el entorno), las extensiones y los delimitadores. Un filtro que faltaba al compilar
dentro de un ``{% if %}`` queda como un error al usarlo, y uno que recibe el contexto se llama
sin él si no lo recibía el de entonces. La clave de cada plantilla lleva esa firma del
entorno: tras añadir o cambiar un plugin que añade filtros, la plantilla se compila otra vez.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
from pathlib import Path
from typing import Any

import jinja2
import platformdirs
from jinja2.bccache import Bucket

from mkdocs_plugins.nucleo.datos import cache as cache_

FICHERO = "plantillas.marshal"
"""Dentro de la carpeta de la caché del plugin."""


class PlantillasCompiladas(jinja2.BytecodeCache):
    """Lo compilado de cada plantilla, bajo su nombre, su fichero y la firma del entorno."""

    def __init__(self, fichero: Path, del_usuario: Path | None = None) -> None:
        """``del_usuario``: la carpeta compartida por los proyectos (None: solo el fichero)."""
        self.fichero = fichero
        self.del_usuario = del_usuario
        self._anteriores = leer(fichero)
        self._usadas: dict[str, bytes] = {}
        self._firmada: tuple[tuple[int, dict[str, Any], dict[str, Any]], str] | None = None

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        return super().get_bucket(
            environment, f"{self._firma(environment)}|{name}", filename, source
        )

    def _firma(self, environment: jinja2.Environment) -> str:
        """La del entorno, calculada una vez mientras no cambien sus filtros ni sus pruebas (MkDocs
        pide unas 45 plantillas a cada construcción)."""
        estado = (id(environment), dict(environment.filters), dict(environment.tests))
        if self._firmada is None or self._firmada[0] != estado:
            self._firmada = (estado, firma(environment))
        return self._firmada[1]

    def load_bytecode(self, bucket: Bucket) -> None:
        guardada = self._usadas.get(bucket.key) or self._anteriores.get(bucket.key)
        if guardada is None:
            guardada = self._del_usuario(bucket.key)
        if guardada is None:
            return
        try:
            bucket.bytecode_from_string(guardada)  # si el texto cambió, no carga nada
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
            bucket.reset()  # un fichero cortado: se compila otra vez
        if bucket.code is not None:
            self._usadas[bucket.key] = guardada

    def dump_bytecode(self, bucket: Bucket) -> None:
        compilada = self._usadas[bucket.key] = bucket.bytecode_to_string()
        if self.del_usuario is not None:
            cache_.escribir_de_una_vez(self.del_usuario / f"{bucket.key}.jinja", compilada)

    def _del_usuario(self, clave: str) -> bytes | None:
        if self.del_usuario is None:
            return None
        try:
            return (self.del_usuario / f"{clave}.jinja").read_bytes()
        except OSError:
            return None

    def guardar(self) -> None:
        """Escribe lo usado en esta construcción (así no crece con plantillas que ya no
        están), si cambió algo."""
        if self._usadas == self._anteriores:
            return
        cache_.escribir_de_una_vez(self.fichero, self._usadas)
        self._anteriores = dict(self._usadas)


def leer(fichero: Path) -> dict[str, bytes]:
    """Lo guardado en ``fichero``, por clave (nada si falta o no se lee)."""
    leidas = cache_.leer_diccionario(fichero)
    return {k: v for k, v in leidas.items() if isinstance(k, str) and isinstance(v, bytes)}


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


def cache(carpeta_cache: Path, del_usuario: Path | None = None) -> PlantillasCompiladas:
    carpeta_cache.mkdir(parents=True, exist_ok=True)
    return PlantillasCompiladas(carpeta_cache / FICHERO, del_usuario)


def carpeta_del_usuario() -> Path | None:
    """``plantillas/`` en la caché del usuario (``~/.cache/tapiz`` en Linux), solo suya.

    Lo que hay dentro es código que se ejecuta: si la carpeta es de otro usuario o pueden
    escribir en ella otros (o es un enlace), no se usa, como hace Jinja con la suya."""
    carpeta = Path(platformdirs.user_cache_dir("tapiz")) / "plantillas"
    try:
        carpeta.mkdir(mode=0o700, parents=True, exist_ok=True)
        datos = os.lstat(carpeta)
    except OSError:
        return None
    propia = not hasattr(os, "getuid") or datos.st_uid == os.getuid()
    if not stat.S_ISDIR(datos.st_mode) or not propia or datos.st_mode & 0o077:
        return None
    return carpeta
