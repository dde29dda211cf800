"""El historial de versiones publicadas: lo que leen la página «Cambios», ``cambios.xml`` y
las fichas del catálogo («Se lee así desde la versión…»).

Las versiones salen de ``nucleo/version.py`` (las secciones del CHANGELOG y las etiquetas
``v*``, lo mismo que lee ``index.json``) y se calculan una vez por construcción: por versión,
lo que declaran su motor y sus secciones (``revisiones.describir``), guardado en la carpeta de
la caché por commit (un commit no cambia). Lo que cambió después de la última, «Sin publicar»,
se compara con el árbol de trabajo (un volcado más, ~1 s); su fecha es la del último commit
que cambió lo que dice (la entrada no cambia de fecha con cada commit), que se busca hacia
atrás entre los commits que tocan el motor o las páginas, normalmente con un volcado más.
"""

from __future__ import annotations

import json
import re
import subprocess
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
NUEVA = "nueva, aún sin publicar"


@dataclass(frozen=True)
class Publicada:
    """Una versión con lo que cambió respecto a la anterior (None: la primera)."""

    version: str | None
    """None: aún no se ha publicado ninguna versión."""
    fecha: str | None
    commit: str | None
    cambios: dict[str, Any] | None = None
    publicada: bool = True
    """False: lo que ha cambiado desde la última versión, aún sin publicar."""

    @property
    def ancla(self) -> str:
        """«v1-2-0»: solo letras, cifras y guiones, sea cual sea el nombre de la versión; la
        de los cambios aún sin publicar, «sin-publicar»."""
        if not self.publicada:
            return SIN_PUBLICAR
        return "v" + re.sub(r"[^0-9A-Za-z_-]", "-", self.version or "")

    @property
    def titulo(self) -> str:
        return f"Versión {self.version}" if self.publicada else "Sin publicar"


@dataclass(frozen=True)
class Historial:
    versiones: list[Publicada]
    """De la más nueva a la más antigua."""
    desde: dict[str, str] = field(default_factory=dict)
    """Por regla (``tapiz/accion``), desde qué versión se lee como ahora."""
    sin_desde: str | None = PRIMERA
    """Lo que se lee de una regla que no está en ``desde`` (None: nada, sin versiones)."""

    def desde_de(self, regla: str) -> str | None:
        return self.desde.get(regla, self.sin_desde)


def _reglas_actuales() -> dict[str, Any]:
    """La declaración de cada regla en este motor, con la forma del volcado (JSON)."""
    reglas = {}
    for nombre in SISTEMAS:
        vigente = reglamento(nombre).vigente
        for regla in vigente.reglas:
            reglas[f"{nombre}/{regla}"] = describir_regla(vigente.reglas[regla], nombre)
    return dict(json.loads(json.dumps(reglas)))


class _Descripciones:
    """Lo que declara cada revisión (un commit, o ``commit^``), de la caché si ya se calculó."""

    def __init__(self, configuracion: Configuracion, cache: Path | None) -> None:
        self.configuracion = configuracion
        self.fichero = cache / FICHERO_CACHE if cache is not None else None
        self.guardadas: dict[str, Any] = {}
        if self.fichero is not None and self.fichero.is_file():
            try:
                self.guardadas = json.loads(self.fichero.read_text("utf-8"))
            except ValueError:
                self.guardadas = {}

    def de(self, revision: str) -> dict[str, Any]:
        if revision not in self.guardadas:
            self.guardadas[revision] = revisiones.describir(revision, self.configuracion)
            if self.fichero is not None:
                self.fichero.parent.mkdir(parents=True, exist_ok=True)
                self.fichero.write_text(json.dumps(self.guardadas, ensure_ascii=False), "utf-8")
        descripcion: dict[str, Any] = self.guardadas[revision]
        return descripcion


def _desde(versiones: list[version.Version], descripciones: list[dict[str, Any]]) -> dict[str, str]:
    actuales = _reglas_actuales()
    desde = {}
    for regla, declaracion in actuales.items():
        iguales = 0
        for descripcion in reversed(descripciones):
            if descripcion["reglas"].get(regla) != declaracion:
                break
            iguales += 1
        if iguales == len(versiones):
            desde[regla] = f"{PRIMERA} ({versiones[0].version})"
        elif iguales:
            desde[regla] = f"desde la versión {versiones[-iguales].version}"
        elif any(regla in d["reglas"] for d in descripciones):
            desde[regla] = f"cambiada después de la versión {versiones[-1].version} (sin publicar)"
        else:
            desde[regla] = NUEVA
    return desde


_SIN_COMPILADO = ":(exclude,glob)**/__pycache__/**"
"""Fuera de ``git status``: lo que compila Python al importar el motor o un Lienzo."""


def _git(raiz: Path, *orden: str) -> str:
    hecho = subprocess.run(
        ["git", "-C", str(raiz), *orden], capture_output=True, text=True, check=False
    )
    return hecho.stdout.strip() if hecho.returncode == 0 else ""


def _fecha_sin_publicar(
    configuracion: Configuracion,
    ultima: version.Version,
    pendientes: dict[str, Any],
    descripciones: _Descripciones,
) -> str | None:
    """La fecha del último commit que cambió lo que dice «Sin publicar»: el más nuevo de los
    que tocan el motor o las páginas tras la última versión tal que, justo antes de él, la
    entrada decía otra cosa. Con cambios sin commit en esas carpetas, la de ``HEAD`` (lo que
    Python compila al importar, ``__pycache__``, no es un cambio aunque no se ignore)."""
    raiz = configuracion.raiz
    rutas = ["tapiz_rules", revisiones.ruta_paginas(configuracion)]
    if _git(raiz, "status", "--porcelain", "--", *rutas, _SIN_COMPILADO):
        return version.leer(raiz).fecha
    tocan = _git(raiz, "log", "--format=%H %cI", f"{ultima.commit}..HEAD", "--", *rutas)
    anterior = descripciones.de(ultima.commit or "")
    for linea in tocan.splitlines():
        commit, fecha = linea.split(" ", 1)
        if comparar.comparar(anterior, descripciones.de(f"{commit}^")) != pendientes:
            return fecha
    return ultima.fecha


def historial(configuracion: Configuracion, cache: Path | None = None) -> Historial:
    """Las versiones publicadas, lo que ha cambiado después («Sin publicar») y desde cuándo se
    lee así cada regla. Sin ninguna versión, solo «Sin publicar», con la fecha del primer
    commit (no cambia)."""
    raiz = configuracion.raiz
    try:
        publicadas = version.versiones(raiz)
        if not publicadas:
            primera = _git(raiz, "log", "--max-parents=0", "-1", "--format=%cI", "HEAD")
            return Historial([Publicada(None, primera or None, None, None, False)], {}, None)
        cache_de = _Descripciones(configuracion, cache)
        descripciones = [cache_de.de(v.commit or "") for v in publicadas]
        ahora = revisiones.describir(None, configuracion)
        versiones = [
            Publicada(
                v.version,
                v.fecha,
                v.commit,
                comparar.comparar(descripciones[i - 1], descripciones[i]) if i else None,
            )
            for i, v in enumerate(publicadas)
        ]
        pendientes = comparar.comparar(descripciones[-1], ahora)
        if not comparar.vacio(pendientes):
            fecha = _fecha_sin_publicar(configuracion, publicadas[-1], pendientes, cache_de)
            versiones.append(Publicada(publicadas[-1].version, fecha, None, pendientes, False))
    except ErrorTapiz as error:
        raise ErrorTapiz(
            f"el historial de versiones (CHANGELOG.md y etiquetas v*): {error}"
        ) from None
    return Historial(versiones[::-1], _desde(publicadas, descripciones))
