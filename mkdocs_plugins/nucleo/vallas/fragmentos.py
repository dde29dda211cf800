"""De un bloque ``tapiz-*`` a su HTML: se lee, se ejecuta contra el motor y se muestra.

Un problema no detiene la página: el bloque se muestra como un error en su
sitio (lo que ve ``mkdocs serve``) y el problema se devuelve para la
construcción estricta, pytest y ``tapiz comprobar``.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs_plugins.nucleo.datos import cache as cache_
from mkdocs_plugins.nucleo.datos.cache import Cache
from mkdocs_plugins.nucleo.fuente.bloques import Bloque
from mkdocs_plugins.nucleo.fuente.especificacion import leer_cuerpo
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina, Problema
from mkdocs_plugins.nucleo.vallas import render
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento
from mkdocs_plugins.nucleo.vallas.ejecucion import (
    ValoresDistintos,
)
from mkdocs_plugins.nucleo.vallas.tipos import VALLAS
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento, plegar


def _pieza(texto: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plegar(texto)).strip("-")


def identificador(ruta: str, titulo: str, usados: set[str], propio: str | None = None) -> str:
    """El ancla de un ejemplo: el identificador que declara (el de la API y los enlaces); sin
    él (un error de la página), de su página y su título, no de su línea."""
    base = propio or f"ejemplo-{_pieza(ruta.removesuffix('.md'))}-{_pieza(titulo) or 'sin-titulo'}"
    candidato, numero = base, 2
    while candidato in usados:
        candidato, numero = f"{base}-{numero}", numero + 1
    usados.add(candidato)
    return candidato


def titulo(bloque: Bloque) -> str:
    """El título de un ejemplo, para su nombre en pytest y su ancla; legible aunque falle."""
    try:
        valor = leer_cuerpo(bloque).valores.get("titulo")
    except ErrorDePagina:
        return ""
    return str(valor) if valor else ""


def ejecutar(
    bloque: Bloque,
    ruta: str,
    reglamento: Reglamento,
    usados: set[str],
    cache: Cache | None = None,
) -> Fragmento:
    """Ejecuta un bloque; nunca lanza: cualquier fallo es un problema con su línea.

    Con ``cache``, un bloque ya ejecutado sin problemas con el mismo texto, en el
    mismo sitio y con las mismas reglas se toma de ella (véase ``cache``).
    """
    if cache is None:
        return _ejecutar(bloque, ruta, reglamento, usados)
    clave = _clave(bloque, ruta, reglamento, usados)
    if (guardado := cache.obtener(clave)) is not None:
        if guardado["identificador"]:
            usados.add(guardado["identificador"])
        avisos = tuple(Problema(ruta, linea, mensaje) for linea, mensaje in guardado["avisos"])
        return Fragmento(bloque, **guardado | {"avisos": avisos})
    hecho = _ejecutar(bloque, ruta, reglamento, usados)
    if hecho.problema is None:
        cache.guardar(clave, _guardable(hecho))
    return hecho


def _clave(bloque: Bloque, ruta: str, reglamento: Reglamento, usados: set[str]) -> str:
    """Todo lo que decide el resultado de un bloque; las anclas ya usadas deciden la suya."""
    return cache_.clave(
        bloque.tipo,
        ruta,
        str(bloque.linea),
        bloque.cuerpo,
        bloque.identificador or "",
        *reglamento.firma(),
        "",
        *sorted(usados),
    )


def _guardable(hecho: Fragmento) -> dict[str, Any]:
    return {
        "html": hecho.html,
        "identificador": hecho.identificador,
        "titulo": hecho.titulo,
        "datos": hecho.datos,
        "avisos": [[aviso.linea, aviso.mensaje] for aviso in hecho.avisos],
    }


def _ejecutar(bloque: Bloque, ruta: str, reglamento: Reglamento, usados: set[str]) -> Fragmento:
    valla = VALLAS[bloque.tipo]
    nombre = titulo(bloque) if valla.es_prueba else ""
    ancla = identificador(ruta, nombre, usados, bloque.identificador) if valla.es_prueba else ""
    try:
        return valla.ejecutar(Ejecucion(bloque, ruta, reglamento, ancla, nombre))
    except ValoresDistintos as error:
        problema = error.en(ruta)
        return Fragmento(
            bloque,
            render.error(problema),
            problema,
            ancla,
            nombre,
            None,
            (),
            tuple(error.diferencias),
        )
    except ErrorDePagina as error:
        problema = error.en(ruta)
    except ErrorTapiz as error:
        problema = Problema(ruta, bloque.linea, str(error))
    except Exception as error:  # un fallo del motor no debe romper la página ni ocultarse
        problema = Problema(
            ruta, bloque.linea, f"error inesperado del motor ({type(error).__name__}: {error})"
        )
    return Fragmento(bloque, render.error(problema), problema, ancla, nombre)
