"""Búsqueda sin tildes: quien escribe «accion» o «dano» encuentra «acción» y «daño».

El buscador de mkdocs-material indexa los campos que declara
``config.fields`` del índice. Tras la construcción se añaden dos campos con
las palabras de cada sección escritas sin tildes ni eñes, solo las que
cambian al plegarlas, para que el índice apenas crezca. El texto que se
muestra en los resultados no se toca.

Las secciones que definen un término (``define`` en su encabezado, véase
``nucleo/marcado/definiciones.py``) ganan el campo ``terminos``, con las formas del término, con y
sin tildes, y más peso que el título: salen las primeras al buscarlo. Su página gana las
mismas palabras en ``terminos_de_sus_secciones``, con el peso del texto: el enlace de la
página en los resultados, que Material pone encima de sus secciones, resalta así el término
al abrirla (sin ninguna palabra que case, Material la enlaza con ``?h=`` vacío).

Junto al trabajador del buscador de Material se publica el que quita de cada consulta sus
palabras vacías (``anadir_trabajador``, ``nucleo/marcado/busqueda.js``, ``tema/main.html``).
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from mkdocs_plugins.nucleo.datos import Cache
from mkdocs_plugins.nucleo.datos import cache as cache_
from mkdocs_plugins.nucleo.marcado import ETIQUETA, formas
from mkdocs_plugins.plugin import carga, generadas

RUTA_INDICE = "search/search_index.json"
CAMPOS_PLEGADOS = {"title": "titulo_sin_tildes", "text": "texto_sin_tildes"}
_PALABRA = re.compile(r"\w+")
CAMPO_TERMINOS = "terminos"
CAMPO_TERMINOS_PAGINA = "terminos_de_sus_secciones"
PESO_TERMINOS = 1e5
"""Cien veces el del título (1.000 en Material): la sección que define el término gana a la
página que lo lleva en su título, aunque Material multiplique después por 2,5 el de una
página frente al de una sección."""


def plegar_por_definicion(texto: str) -> str:
    """Quita tildes, diéresis y la virgulilla de la eñe, y pasa a minúsculas."""
    descompuesto = unicodedata.normalize("NFD", texto.lower())
    return "".join(c for c in descompuesto if not unicodedata.combining(c))


_HASTA = "\u036f"
"""Hasta las marcas diacríticas combinables: el latín con sus tildes, y las propias marcas."""
_TABLA = str.maketrans(
    {
        c: plegada
        for c in map(chr, range(ord(_HASTA) + 1))
        if (plegada := plegar_por_definicion(c)) != c
    }
)
"""``plegar_por_definicion`` de cada carácter: sobre minúsculas, el mismo resultado (NFD
descompone carácter a carácter y solo reordena las marcas, que se quitan)."""


@lru_cache(maxsize=16384)
def plegar(texto: str) -> str:
    """``plegar_por_definicion``, con una tabla si el texto solo lleva caracteres latinos."""
    minusculas = texto.lower()
    if not minusculas or max(minusculas) <= _HASTA:
        return minusculas.translate(_TABLA)
    return plegar_por_definicion(texto)


def palabras_plegadas(texto_html: str) -> str:
    """Las palabras del texto que cambian al plegarse, plegadas, sin repetir."""
    texto = html.unescape(ETIQUETA.sub(" ", texto_html))
    vistas: dict[str, None] = {}
    # Solo cambian al plegarse las palabras con letras fuera de ASCII: se buscan solo en
    # los trozos (entre espacios) que tienen alguna, que son pocos y cortos.
    for trozo in texto.split():
        if trozo.isascii():
            continue
        for palabra in _PALABRA.findall(trozo):
            if not palabra.isascii() and (plegada := plegar(palabra)) != palabra.lower():
                vistas.setdefault(plegada, None)
    return " ".join(vistas)


def plegar_documento(documento: dict[str, Any], cache: Cache | None = None) -> None:
    for campo, plegado in CAMPOS_PLEGADOS.items():
        palabras = _plegadas(documento.get(campo) or "", cache)
        if palabras:
            documento[plegado] = palabras
        else:
            documento.pop(plegado, None)


def _plegadas(texto_html: str, cache: Cache | None) -> str:
    return cache_.texto_guardado(
        cache, lambda: palabras_plegadas(texto_html), "búsqueda", texto_html
    )


def formas_buscables(terminos: tuple[str, ...]) -> str:
    """Las formas de los términos (palabras y plurales), con tildes y sin ellas, sin repetir."""
    todas = [f for termino in terminos for f in formas(termino)]
    return " ".join(dict.fromkeys([*todas, *map(plegar, todas)]))


def anotar_definiciones(indice: dict[str, Any], definiciones: dict[str, tuple[str, ...]]) -> None:
    """Los campos de los términos en las secciones que los definen (por su ``location``) y
    en sus páginas (idempotente)."""
    campos = indice["config"].setdefault("fields", {})
    campos[CAMPO_TERMINOS] = {"boost": PESO_TERMINOS}
    campos[CAMPO_TERMINOS_PAGINA] = dict(campos.get("text", {"boost": 1}))
    de_las_paginas: dict[str, tuple[str, ...]] = {}
    for ubicacion, terminos in definiciones.items():
        pagina = ubicacion.partition("#")[0]
        if pagina != ubicacion:
            de_las_paginas[pagina] = de_las_paginas.get(pagina, ()) + terminos
    for documento in indice["docs"]:
        ubicacion = documento["location"]
        for campo, de_la_ubicacion in (
            (CAMPO_TERMINOS, definiciones.get(ubicacion)),
            (CAMPO_TERMINOS_PAGINA, de_las_paginas.get(ubicacion)),
        ):
            if de_la_ubicacion:
                documento[campo] = formas_buscables(de_la_ubicacion)
            else:
                documento.pop(campo, None)


TRABAJADOR = Path(__file__).parents[1] / "nucleo" / "marcado" / "busqueda.js"
"""El trabajador que quita de la consulta las palabras vacías (véase tema/main.html)."""
_DE_MATERIAL = re.compile(r"assets/javascripts/workers/search(\.[^/]+\.js)")


def anadir_trabajador(files: Files, config: MkDocsConfig) -> bool:
    """Junto a cada trabajador del buscador de Material (``search.<huella>.min.js``), el que le
    quita a la consulta las palabras vacías: ``busqueda.<huella>.min.js``. Sin el de Material
    (otro tema), nada."""
    texto = carga.minificado(TRABAJADOR.name, TRABAJADOR.read_text(encoding="utf-8"))
    anadidos = [
        File.generated(config, f"assets/javascripts/workers/busqueda{encontrado[1]}", content=texto)
        for fichero in files
        if (encontrado := _DE_MATERIAL.fullmatch(fichero.src_uri))
    ]
    for anadido in anadidos:
        generadas.sustituir(files, anadido)
    return bool(anadidos)


def plegar_indice_busqueda(
    ruta_indice: Path,
    cache: Cache | None = None,
    definiciones: dict[str, tuple[str, ...]] | None = None,
    documentos: list[dict[str, Any]] | None = None,
) -> None:
    """Añade al ``search_index.json`` de Material los campos sin tildes y los de los términos
    que define cada sección (idempotente). Con ``documentos``, esas son sus secciones (las de
    una reconstrucción con ``--dirty``, ``plugin/sucio.py``)."""
    indice = json.loads(ruta_indice.read_text(encoding="utf-8"))
    if documentos is not None:
        indice["docs"] = documentos
    campos = indice["config"].setdefault("fields", {})
    for campo, plegado in CAMPOS_PLEGADOS.items():
        campos[plegado] = dict(campos.get(campo, {"boost": 1}))
    for documento in indice["docs"]:
        plegar_documento(documento, cache)
    if definiciones:
        anotar_definiciones(indice, definiciones)
    ruta_indice.write_text(
        json.dumps(indice, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )
