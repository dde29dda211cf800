"""Los datos que necesitan los widgets, exportados una vez por construcción.

En JavaScript no se escribe ningún número de las reglas: todo sale de aquí,
y aquí todo sale del motor.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from mkdocs_plugins.nucleo.datos import anteriores
from mkdocs_plugins.nucleo.datos import cache as cache_
from mkdocs_plugins.nucleo.datos.anteriores import Anteriores
from mkdocs_plugins.nucleo.datos.cache import Cache
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento
from tapiz_rules.vivo.probabilidades import puntos

RUTA = "assets/tapiz/datos.json"
"""Todos los datos juntos: para un generador sin plugins (``tapiz exportar``)."""
CARPETA = "assets/tapiz/datos"
"""Con el plugin, cada página con widgets carga solo los suyos: ``datos/<página>.json``, y
los de «Repetir» de sus ejemplos cuando se van a usar: ``datos/ejemplos/<página>.json``."""
EJEMPLOS = "ejemplos"
VARIANTES = "reglas"


def distribucion_json(expresion: str) -> list[list[float]] | str:
    """La distribución exacta como la dibujan los widgets (``puntos``); si es demasiado grande
    para tabularla, el mensaje del motor, que el botón muestra en lugar de la gráfica."""
    try:
        return puntos(expresion)
    except ErrorTapiz as error:
        return str(error)


def compactar_resultados(resultados: dict[tuple[int, ...], Any]) -> dict[str, Any]:
    """Los resultados por combinación de dados, sin repetir los que coinciden.

    ``soportes`` son los valores posibles de cada dado, en orden; ``indices`` da, para cada
    combinación en el orden de ``itertools.product(*soportes)``, su posición en ``unicos``.
    Muchas combinaciones suman lo mismo y acaban igual: así un ejemplo con mil tiradas
    posibles ocupa unas decenas de resultados.
    """
    soportes = [sorted(set(columna)) for columna in zip(*resultados, strict=True)]
    unicos: list[Any] = []
    posicion: dict[str, int] = {}
    por_objeto: dict[int, int] = {}
    """Un mismo objeto (resultados que ya venían compartidos) no se vuelve a escribir."""
    indices: list[int] = []
    for combinacion in itertools.product(*soportes):
        resultado = resultados.get(combinacion)
        if id(resultado) not in por_objeto:
            huella = repr(resultado)  # el motor los construye siempre en el mismo orden
            if huella not in posicion:
                posicion[huella] = len(unicos)
                unicos.append(resultado)
            por_objeto[id(resultado)] = posicion[huella]
        indices.append(por_objeto[id(resultado)])
    return {"soportes": soportes, "unicos": unicos, "indices": indices}


def datos(reglamento: Reglamento, expresiones: set[str]) -> dict[str, Any]:
    """Los datos de los widgets, sin los de «Repetir»."""
    leidos: dict[str, Any] = json.loads(texto(reglamento, expresiones, {}))
    return leidos


def en_json(contenido: Any) -> str:
    """La forma de todos los ficheros de datos: claves ordenadas, sin espacios, UTF-8."""
    return json.dumps(contenido, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


_HUECOS = ("\0distribuciones\0", "\0ejemplos\0")


def texto(
    reglamento: Reglamento,
    expresiones: set[str],
    ejemplos: Mapping[str, str],
    *,
    cache: Cache | None = None,
) -> str:
    """Un fichero de datos, con los de «Repetir» de ``ejemplos`` (ya en JSON, ``en_json``).

    Es lo mismo que ``en_json`` del diccionario entero, pero hecho de piezas ya
    escritas: los ejemplos (``Fragmento.datos``), cada distribución y lo de la
    calculadora, que con ``cache`` se guardan de una construcción a otra (y en
    una construcción en frío las adelantan otros procesos, ``adelanto``).
    """
    p = reglamento.parametros
    contenido: dict[str, Any] = {
        "version": 2,
        "reglamento": {
            "edicion": reglamento.edicion,
            "dado_base": p.dado_base,
            "opcionales": sorted(reglamento.opcionales),
        },
        "distribuciones": _HUECOS[0],
        "ejemplos": _HUECOS[1],
    }
    rellenos = (
        "{"
        + ",".join(f"{en_json(e)}:{distribucion_en_json(e, cache)}" for e in sorted(expresiones))
        + "}",
        repetir(ejemplos),
    )
    escrito = en_json(contenido)
    for hueco, relleno in zip(_HUECOS, rellenos, strict=True):
        escrito = escrito.replace(en_json(hueco), relleno, 1)
    return escrito


def distribucion_en_json(expresion: str, cache: Cache | None = None) -> str:
    """``distribucion_json`` ya escrita."""
    return cache_.texto_guardado(
        cache, lambda: en_json(distribucion_json(expresion)), "distribución", expresion
    )


def ruta_de_pagina(src_uri: str) -> str:
    """El fichero de datos de una página, relativo a ``CARPETA``: ``sistemas/d20.json``."""
    return PurePosixPath(src_uri).with_suffix(".json").as_posix()


def ruta_de_repetir(src_uri: str) -> str:
    """El fichero de «Repetir» de los ejemplos de una página, relativo a ``CARPETA``: uno por
    página, no por ejemplo (escribir cada fichero cuesta más que lo que lleva)."""
    return f"{EJEMPLOS}/{ruta_de_pagina(src_uri)}"


def ruta_de_variantes(src_uri: str) -> str:
    """Lo que cambia en una página con las reglas que elija quien lee (``reglas_lector``),
    relativo a ``CARPETA``: solo se pide si eligió otras que las del libro."""
    return f"{VARIANTES}/{ruta_de_pagina(src_uri)}"


def repetir(ejemplos: Mapping[str, str]) -> str:
    """Los datos de «Repetir» de varios ejemplos (cada uno ya en JSON), por identificador."""
    return "{" + ",".join(f"{en_json(clave)}:{ejemplos[clave]}" for clave in sorted(ejemplos)) + "}"


class DeUnaPagina(Protocol):
    """Lo que una página publica para sus widgets (``extension.Estado``)."""

    expresiones: set[str]
    ejemplos: dict[str, str]


def ficheros_del_sitio(
    sitio: Path,
    reglamento: Reglamento,
    paginas: Mapping[str, DeUnaPagina],
    con_widgets: Iterable[str],
    cache: Cache | None = None,
) -> dict[Path, str]:
    """Los ficheros de datos: el de todo el sitio (``RUTA``), el de cada página con
    widgets y el de «Repetir» de sus ejemplos."""
    expresiones = set().union(*(pagina.expresiones for pagina in paginas.values()))
    ejemplos = {k: v for pagina in paginas.values() for k, v in pagina.ejemplos.items()}
    ficheros = {sitio / RUTA: texto(reglamento, expresiones, ejemplos, cache=cache)}
    for uri in con_widgets:
        pagina = paginas[uri]
        de_pagina = texto(reglamento, pagina.expresiones, {}, cache=cache)
        ficheros[sitio / CARPETA / ruta_de_pagina(uri)] = de_pagina
        if pagina.ejemplos:
            ficheros[sitio / CARPETA / ruta_de_repetir(uri)] = repetir(pagina.ejemplos)
    return ficheros


def escribir(ficheros: Mapping[Path, str], apartados: Anteriores | None = None) -> None:
    """Escribe cada fichero (creando antes, una vez, cada carpeta que haga falta); con
    ``apartados``, devuelve a su sitio los de la construcción anterior que no cambian."""
    for carpeta in {destino.parent for destino in ficheros}:
        carpeta.mkdir(parents=True, exist_ok=True)
    for destino, texto in ficheros.items():
        anteriores.escribir(destino, texto.encode("utf-8"), apartados)
