"""Plugin de pytest: cada ```tapiz-ejemplo`` de ``srd/`` es una prueba.

Los nombres llevan página, línea y título (``pytest -k Sharra``); un fallo
muestra el mismo mensaje que la construcción del sitio.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mkdocs_plugins.bloques import Bloque, bloques, separar_front_matter
from mkdocs_plugins.configuracion import (
    FICHERO,
    Configuracion,
    ErrorConfiguracion,
    cargar_configuracion,
)
from mkdocs_plugins.especificacion import leer_cuerpo
from mkdocs_plugins.pagina import comprobar_ejemplo, procesar, ruta_mostrada
from mkdocs_plugins.problemas import ErrorDePagina, Problema
from tapiz_rules.lienzo import FICHERO as FICHERO_LIENZO
from tapiz_rules.modelo import Reglamento

_CONFIGURACION = pytest.StashKey["Configuracion | ErrorConfiguracion"]()


def configuracion(config: pytest.Config) -> Configuracion | ErrorConfiguracion:
    """La configuración de ``tapiz.yml`` (la misma que usa la construcción), leída una vez."""
    if _CONFIGURACION not in config.stash:
        fichero = Path(config.rootpath, FICHERO)
        try:
            leida: Configuracion | ErrorConfiguracion = cargar_configuracion(
                fichero if fichero.is_file() else None, config.rootpath
            )
        except ErrorConfiguracion as error:
            leida = error
        config.stash[_CONFIGURACION] = leida
    return config.stash[_CONFIGURACION]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    leida = configuracion(parent.config)
    if file_path.name in (FICHERO, FICHERO_LIENZO):
        return DeclaracionTapiz.from_parent(parent, path=file_path)
    carpeta = (
        leida.paginas
        if isinstance(leida, Configuracion)
        else Path(parent.config.rootpath, "srd").resolve()
    )
    if file_path.suffix == ".md" and file_path.resolve().is_relative_to(carpeta):
        return PaginaTapiz.from_parent(parent, path=file_path)
    return None


def _reglamento(item: pytest.Item) -> Reglamento:
    leida = configuracion(item.config)
    if isinstance(leida, ErrorConfiguracion):
        raise FalloTexto(str(leida))
    return leida.reglamento_de(item.path)


class DeclaracionTapiz(pytest.File):
    """``tapiz.yml`` o un ``lienzo.yml``: una prueba que falla con el error de la declaración."""

    def collect(self) -> Iterator[pytest.Item]:
        yield ConfiguracionTapiz.from_parent(self, name=f"{self.path.name} [declaración]")


class PaginaTapiz(pytest.File):
    """Una página del libro: un ítem por ejemplo y uno para el resto de sus bloques."""

    def collect(self) -> Iterator[pytest.Item]:
        ruta = ruta_mostrada(self.path, self.config.rootpath)
        markdown, desplazamiento = separar_front_matter(self.path.read_text("utf-8"))
        for bloque in bloques(markdown, desplazamiento):
            if bloque.tipo == "tapiz-ejemplo":
                nombre = f"{self.path.name}:{bloque.linea} [{_titulo(bloque)}]"
                yield EjemploTapiz.from_parent(self, name=nombre, ruta=ruta, bloque=bloque)
        yield BloquesTapiz.from_parent(
            self,
            name=f"{self.path.name} [tablas y dados]",
            ruta=ruta,
            markdown=markdown,
            desplazamiento=desplazamiento,
        )


def _titulo(bloque: Bloque) -> str:
    try:
        titulo = leer_cuerpo(bloque).valores.get("titulo")
    except ErrorDePagina:
        return "ejemplo ilegible"
    return str(titulo) if titulo else "sin título"


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
    def __init__(self, *, ruta: str, bloque: Bloque, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ruta = ruta
        self.bloque = bloque

    def runtest(self) -> None:
        try:
            comprobar_ejemplo(self.bloque, _reglamento(self))
        except ErrorDePagina as error:
            raise FalloTapiz([error.en(self.ruta)]) from None

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.bloque.linea - 1, self.name


class BloquesTapiz(_ItemTapiz):
    """Las tablas ```tapiz-regla`` y los dados escritos en el texto de una página."""

    def __init__(self, *, ruta: str, markdown: str, desplazamiento: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ruta = ruta
        self.markdown = markdown
        self.desplazamiento = desplazamiento

    def runtest(self) -> None:
        procesada = procesar(
            self.ruta, self.markdown, self.desplazamiento, _reglamento(self), ejemplos=False
        )
        if procesada.problemas:
            raise FalloTapiz(procesada.problemas)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self.name
