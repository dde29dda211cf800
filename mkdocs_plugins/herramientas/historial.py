"""El historial de versiones publicadas: lo que leen la página «Cambios», ``cambios.xml`` y
las fichas del catálogo («Se lee así desde la versión…»).

Sale solo de las etiquetas ``v*`` de git y se calcula una vez por construcción: una orden
de git para listarlas y, por etiqueta, lo que declara su motor y sus secciones
(``revisiones.describir``), guardado en la carpeta de la caché por commit (una etiqueta
publicada no cambia). Lo que cambió después de la última, «Sin publicar», se compara con el
árbol de trabajo (un volcado más, ~1 s). Sin etiquetas no se ejecuta nada más: una sola
versión, la de ``pyproject.toml``, con el commit que la puso y su fecha
(``version.publicada``, que lee también ``index.json``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs_plugins.herramientas import comparar, revisiones
from mkdocs_plugins.nucleo.fuente import Configuracion, version
from tapiz_rules.cli.reglas import describir_regla
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.sistemas import SISTEMAS, reglamento

FICHERO_CACHE = "historial.json"
SIN_PUBLICAR = "sin-publicar"
PRIMERA = "desde la primera versión publicada"


@dataclass(frozen=True)
class Publicada:
    """Una versión con lo que cambió respecto a la anterior (None: la primera)."""

    version: str
    fecha: str | None
    commit: str | None
    cambios: dict[str, Any] | None = None
    publicada: bool = True
    """False: lo que ha cambiado desde la última versión, aún sin publicar."""

    @property
    def ancla(self) -> str:
        """«v1-2-0»: solo letras, cifras y guiones, sea cual sea el nombre de la etiqueta; la
        de los cambios aún sin publicar, «sin-publicar»."""
        if not self.publicada:
            return SIN_PUBLICAR
        return "v" + re.sub(r"[^0-9A-Za-z_-]", "-", self.version)

    @property
    def titulo(self) -> str:
        return f"Versión {self.version}" if self.publicada else "Sin publicar"


@dataclass(frozen=True)
class Historial:
    versiones: list[Publicada]
    """De la más nueva a la más antigua."""
    desde: dict[str, str] = field(default_factory=dict)
    """Por regla (``tapiz/accion``), desde qué versión se lee como ahora."""

    def desde_de(self, regla: str) -> str:
        return self.desde.get(regla, PRIMERA)


def _reglas_actuales() -> dict[str, Any]:
    """La declaración de cada regla en este motor, con la forma del volcado (JSON)."""
    reglas = {}
    for nombre in SISTEMAS:
        vigente = reglamento(nombre).vigente
        for regla in vigente.reglas:
            reglas[f"{nombre}/{regla}"] = describir_regla(vigente.reglas[regla], nombre)
    return dict(json.loads(json.dumps(reglas)))


def _descripciones(
    etiquetas: list[revisiones.Etiqueta], configuracion: Configuracion, cache: Path | None
) -> list[dict[str, Any]]:
    """Lo que declara cada etiqueta, de la caché si ya se calculó para su commit."""
    fichero = cache / FICHERO_CACHE if cache is not None else None
    guardadas: dict[str, Any] = {}
    if fichero is not None and fichero.is_file():
        try:
            guardadas = json.loads(fichero.read_text("utf-8"))
        except ValueError:
            guardadas = {}
    nuevas = {
        e.commit: revisiones.describir(e.commit, configuracion, None, "cambios")
        for e in etiquetas
        if e.commit not in guardadas
    }
    if nuevas and fichero is not None:
        fichero.parent.mkdir(parents=True, exist_ok=True)
        fichero.write_text(json.dumps(guardadas | nuevas, ensure_ascii=False), "utf-8")
    return [nuevas.get(e.commit) or guardadas[e.commit] for e in etiquetas]


def _desde(
    etiquetas: list[revisiones.Etiqueta], descripciones: list[dict[str, Any]]
) -> dict[str, str]:
    actuales = _reglas_actuales()
    desde = {}
    for regla, declaracion in actuales.items():
        iguales = 0
        for descripcion in reversed(descripciones):
            if descripcion["reglas"].get(regla) != declaracion:
                break
            iguales += 1
        if iguales == len(etiquetas):
            desde[regla] = f"{PRIMERA} ({etiquetas[0].version})"
        elif iguales:
            desde[regla] = f"desde la versión {etiquetas[-iguales].version}"
        elif any(regla in d["reglas"] for d in descripciones):
            desde[regla] = f"cambiada después de la versión {etiquetas[-1].version} (sin publicar)"
        else:
            desde[regla] = "nueva, aún sin publicar"
    return desde


def historial(configuracion: Configuracion, cache: Path | None = None) -> Historial:
    """Las versiones publicadas (etiquetas ``v*``) y desde cuándo se lee así cada regla."""
    etiquetas = revisiones.etiquetas(configuracion.raiz)
    if not etiquetas:
        actual = version.publicada(configuracion.raiz)
        return Historial([Publicada(actual.version, actual.fecha, actual.commit)])
    try:
        descripciones = _descripciones(etiquetas, configuracion, cache)
        ahora = revisiones.describir(None, configuracion, None, "cambios")
    except ErrorTapiz as error:
        raise ErrorTapiz(f"el historial de versiones (etiquetas v*): {error}") from None
    versiones = [
        Publicada(
            etiqueta.version,
            etiqueta.fecha,
            etiqueta.commit,
            comparar.comparar(descripciones[i - 1], descripciones[i]) if i else None,
        )
        for i, etiqueta in enumerate(etiquetas)
    ]
    pendientes = comparar.comparar(descripciones[-1], ahora)
    if not comparar.vacio(pendientes):
        cabeza = version.leer(configuracion.raiz)
        versiones.append(Publicada(etiquetas[-1].version, cabeza.fecha, None, pendientes, False))
    return Historial(versiones[::-1], _desde(etiquetas, descripciones))
