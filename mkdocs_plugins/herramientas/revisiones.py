"""Lo que declara una revisión de git: reglas, tablas, parámetros y secciones del libro.

Las reglas, tablas y parámetros los vuelca el motor de esa revisión en un proceso aparte
(``volcado.py``, como ``tapiz impacto``); las secciones salen de sus páginas, leídas de un
``git archive`` con ``nucleo/fuente/estructura.py``. Sin revisión (None), el árbol de trabajo.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from mkdocs_plugins.herramientas.impacto import archivo_de, extraer, volcar
from mkdocs_plugins.nucleo.fuente import Configuracion, estructura
from tapiz_rules.errores import ErrorTapiz

ARBOL = "el árbol de trabajo"


def ruta_paginas(configuracion: Configuracion) -> str:
    return configuracion.paginas.resolve().relative_to(configuracion.raiz.resolve()).as_posix()


def paginas(revision: str | None, configuracion: Configuracion) -> dict[str, str]:
    """El Markdown de cada página del libro (``posturas.md``) en la revisión."""
    if revision is None:
        return {
            f.relative_to(configuracion.paginas).as_posix(): f.read_text("utf-8")
            for f in sorted(configuracion.paginas.rglob("*.md"))
        }
    carpeta = ruta_paginas(configuracion)
    leidas = {}
    with archivo_de(revision, configuracion.raiz, carpeta) as archivo:
        for miembro in archivo.getmembers():
            if miembro.isfile() and miembro.name.endswith(".md"):
                contenido = archivo.extractfile(miembro)
                if contenido is not None:
                    clave = miembro.name.removeprefix(carpeta + "/")
                    leidas[clave] = _texto(contenido.read(), f"{revision}:{miembro.name}")
    return leidas


def _texto(contenido: bytes, nombre: str) -> str:
    try:
        return contenido.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ErrorTapiz(
            f"{nombre}: no es texto UTF-8 (byte {error.start + 1}); guárdalo como UTF-8"
        ) from None


def secciones(textos: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Cada sección por su identificador estable (o «página#título» si no declara uno)."""
    encontradas: dict[str, dict[str, Any]] = {}
    for pagina in sorted(textos):
        for seccion in estructura.leer(textos[pagina]).todas():
            clave = seccion.identificador or f"{pagina}#{seccion.titulo}"
            encontradas.setdefault(
                clave,
                {
                    "pagina": pagina,
                    "titulo": seccion.titulo,
                    "nivel": seccion.nivel,
                    "texto": seccion.texto,
                },
            )
    return encontradas


def describir(
    revision: str | None,
    configuracion: Configuracion,
    casos: list[dict[str, Any]] | None = None,
    orden: str = "cambios",
) -> dict[str, Any]:
    """Reglas, tablas, parámetros y secciones de la revisión; con ``casos``, también lo que
    calcula su motor (salidas de los ejemplos y probabilidades de la tirada de acción)."""
    if revision is None:
        motor = volcar(configuracion.raiz, casos, orden)
    else:
        with tempfile.TemporaryDirectory() as temporal:
            extraer(revision, configuracion.raiz, Path(temporal))
            motor = volcar(Path(temporal), casos, orden)
    return {**motor, "secciones": secciones(paginas(revision, configuracion))}
