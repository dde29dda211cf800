"""Plugin de pytest: cada ```tapiz-ejemplo`` de las páginas del libro es una prueba.

Las páginas son las de MkDocs (``docs_dir`` en ``mkdocs.yml``): se recoge cada ``.md`` que
hay bajo esa carpeta, así que ningún ejemplo comprobado queda sin recoger.

Los nombres llevan página, línea y título (``pytest -k Sharra``); un fallo
muestra el mismo mensaje que la construcción del sitio.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mkdocs_plugins.extension.pagina import de_identificadores, procesar
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.fuente import (
    FICHERO,
    PAGINAS_POR_DEFECTO,
    Configuracion,
    ErrorConfiguracion,
    Problema,
    configuracion_desde,
    error_front_matter,
    proyecto,
    raiz_del_proyecto,
    separar_front_matter,
)
from mkdocs_plugins.nucleo.fuente import carpeta as carpeta_paginas
from mkdocs_plugins.nucleo.vallas import Fragmento
from tapiz_rules.lienzos.lienzo import FICHERO as FICHERO_LIENZO

_CONFIGURACION = pytest.StashKey["Configuracion | ErrorConfiguracion"]()
_REGISTRO = pytest.StashKey["identificadores.Referencia | None"]()


def configuracion(config: pytest.Config) -> Configuracion | ErrorConfiguracion:
    """La configuración del libro (la misma que usa la construcción), leída una vez."""
    if _CONFIGURACION not in config.stash:
        try:
            leida: Configuracion | ErrorConfiguracion = configuracion_desde(config.rootpath)
        except ErrorConfiguracion as error:
            leida = error
        config.stash[_CONFIGURACION] = leida
    return config.stash[_CONFIGURACION]


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """pytest no entra por un enlace que sale de las páginas: uno a ``/`` recorría el disco
    entero. Qué enlace es lo dice el error de la configuración (``nucleo/fuente/carpeta.py``)."""
    if not collection_path.is_symlink():
        return None
    carpeta = os.path.realpath(_carpeta_de_paginas(config))
    if carpeta_paginas.dentro(os.path.realpath(collection_path.parent), carpeta):
        return True if carpeta_paginas.rechazado(str(collection_path), carpeta) else None
    return None


def _carpeta_de_paginas(config: pytest.Config) -> Path:
    leida = configuracion(config)
    if isinstance(leida, Configuracion):
        return leida.paginas
    return _de_serie(config)[1]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != ".md" and file_path.name not in (FICHERO, FICHERO_LIENZO):
        return None
    leida = configuracion(parent.config)
    if isinstance(leida, Configuracion):
        raiz, carpeta = leida.raiz, leida.paginas
    else:
        raiz, carpeta = _de_serie(parent.config)
    ruta = file_path.resolve()
    en_las_paginas = ruta.is_relative_to(carpeta)
    if (file_path.name == FICHERO and ruta.parent == raiz) or (
        file_path.name == FICHERO_LIENZO and en_las_paginas
    ):
        return DeclaracionTapiz.from_parent(parent, path=file_path)
    if file_path.suffix == ".md" and en_las_paginas:
        return PaginaTapiz.from_parent(parent, path=file_path)
    return None


def _de_serie(config: pytest.Config) -> tuple[Path, Path]:
    """Con la configuración rota, la raíz y las páginas donde se dice: las de mkdocs.yml si
    se leen (los ``lienzo.yml`` que MkDocs copia en ``site/`` no son declaraciones)."""
    raiz = raiz_del_proyecto(config.rootpath) or config.rootpath.resolve()
    try:
        return raiz, proyecto.paginas(raiz) or (raiz / PAGINAS_POR_DEFECTO).resolve()
    except proyecto.ErrorMkdocs:
        return raiz, (raiz / PAGINAS_POR_DEFECTO).resolve()


class DeclaracionTapiz(pytest.File):
    """``tapiz.yml`` o un ``lienzo.yml``: una prueba que falla con el error de la declaración."""

    def collect(self) -> Iterator[pytest.Item]:
        yield ConfiguracionTapiz.from_parent(self, name=f"{self.path.name} [declaración]")


class PaginaTapiz(pytest.File):
    """Una página del libro: un ítem por ejemplo y uno para el resto de sus bloques.

    La página se convierte una vez, como en la construcción del sitio; cada ítem
    informa de lo que le tocó. Los nombres salen del título del ejemplo, no de su
    línea, así que no cambian cuando se edita el texto de arriba.
    """

    def collect(self) -> Iterator[pytest.Item]:
        leida = configuracion(self.config)
        if isinstance(leida, ErrorConfiguracion):
            yield ConfiguracionTapiz.from_parent(self, name=f"{self.path.name} [configuración]")
            return
        texto = self.path.read_text("utf-8")
        markdown, desplazamiento = separar_front_matter(texto)
        ruta = leida.ruta(self.path)
        procesada = procesar(ruta, markdown, desplazamiento, leida.reglamento_de(self.path))
        nombres: set[str] = set()
        for fragmento in procesada.fragmentos:
            if fragmento.es_prueba:
                nombre = _nombre_libre(
                    f"{self.path.name} [{fragmento.titulo or 'sin título'}]", nombres
                )
                yield EjemploTapiz.from_parent(self, name=nombre, fragmento=fragmento)
        de_ejemplos = {id(f.problema) for f in procesada.fragmentos if f.es_prueba}
        resto = [p for p in procesada.problemas if id(p) not in de_ejemplos]
        if cabecera := error_front_matter(texto):
            resto.insert(0, Problema(ruta, *cabecera))
        registro = _registro(self.config, leida)
        de_ids = de_identificadores(leida, self.path, procesada, registro)
        if not isinstance(registro, dict):  # sin registro: con el resto de bloques
            resto += de_ids
        yield BloquesTapiz.from_parent(
            self, name=f"{self.path.name} [tablas y dados]", problemas=resto
        )
        if isinstance(registro, dict) and identificadores.clave(leida, self.path) is not None:
            yield BloquesTapiz.from_parent(
                self, name=f"{self.path.name} [identificadores]", problemas=de_ids
            )


def _registro(config: pytest.Config, leida: Configuracion) -> identificadores.Referencia | None:
    """``identificadores.yml`` o, sin él, lo que eran los identificadores según git, leído una
    vez (como en ``tapiz comprobar`` y en la construcción)."""
    if _REGISTRO not in config.stash:
        config.stash[_REGISTRO] = identificadores.del_proyecto(leida)
    return config.stash[_REGISTRO]


def _nombre_libre(nombre: str, usados: set[str]) -> str:
    candidato, numero = nombre, 2
    while candidato in usados:
        candidato, numero = f"{nombre[:-1]} ({numero})]", numero + 1
    usados.add(candidato)
    return candidato


class AvisoTapiz(UserWarning):
    """Algo de un ejemplo que conviene mirar sin que sea un fallo."""


class FalloTexto(Exception):
    """Un fallo que se muestra tal cual, sin traza: el mismo mensaje que la construcción."""


class FalloTapiz(FalloTexto):
    def __init__(self, problemas: list[Problema]) -> None:
        super().__init__("\n".join(str(p) for p in problemas))


class _ItemTapiz(pytest.Item):
    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, FalloTexto):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)


class ConfiguracionTapiz(_ItemTapiz):
    def runtest(self) -> None:
        leida = configuracion(self.config)
        if isinstance(leida, ErrorConfiguracion):
            raise FalloTexto(str(leida))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self.name


class EjemploTapiz(_ItemTapiz):
    def __init__(self, *, fragmento: Fragmento, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fragmento = fragmento

    def runtest(self) -> None:
        for aviso in self.fragmento.avisos:
            warnings.warn(AvisoTapiz(str(aviso)), stacklevel=1)
        if self.fragmento.problema is not None:
            raise FalloTapiz([self.fragmento.problema])

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.fragmento.bloque.linea - 1, self.name


class BloquesTapiz(_ItemTapiz):
    """Las tablas ```tapiz-regla`` y los dados escritos en el texto de una página, o los
    identificadores de sus secciones."""

    def __init__(self, *, problemas: list[Problema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problemas = problemas

    def runtest(self) -> None:
        if self.problemas:
            raise FalloTapiz(self.problemas)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self.name
