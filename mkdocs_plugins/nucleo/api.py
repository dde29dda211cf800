"""La API estática ``api/v1/``: el libro como ficheros JSON que sirve cualquier hosting.

Aquí están los sistemas (sus reglas como las declara ``tapiz reglas --json``, sus tablas con
sus valores y sus parámetros), los Lienzos y el índice; las páginas y los ejemplos, en
``api_paginas``; los esquemas JSON, en ``api_esquemas``. Todo sale del motor y de la fuente
Markdown: nada se escribe a mano dos veces.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from tapiz_rules.cli.reglas import describir_regla, describir_tabla
from tapiz_rules.lienzo import Lienzo
from tapiz_rules.modelo import Reglamento, Sistema
from tapiz_rules.sistemas import SISTEMAS

VERSION_API = "v1"
CARPETA = f"api/{VERSION_API}"
LICENCIA = {
    "nombre": "CC BY-SA 4.0",
    "url": "https://creativecommons.org/licenses/by-sa/4.0/deed.es",
    "atribucion": "Texto del Sistema Tapiz © Pablo Ruiz-Múzquiz",
}
TIPOS = ("indice", "sistema", "lienzo", "pagina", "ejemplos")
"""Los tipos de fichero de la API; cada uno con su esquema en ``schemas/<tipo>.json``."""


def a_json(valor: Any) -> Any:
    """Un valor del motor como JSON: tuplas como listas, fracciones como «n/d»."""
    if dataclasses.is_dataclass(valor) and not isinstance(valor, type):
        return {c.name: a_json(getattr(valor, c.name)) for c in dataclasses.fields(valor)}
    if isinstance(valor, Mapping):
        return {str(k): a_json(v) for k, v in valor.items()}
    if isinstance(valor, list | tuple | frozenset | set):
        elementos = sorted(valor) if isinstance(valor, frozenset | set) else valor
        return [a_json(v) for v in elementos]
    if isinstance(valor, Fraction):
        return f"{valor.numerator}/{valor.denominator}"
    if valor is None or isinstance(valor, bool | int | float | str):
        return valor
    return str(valor)


def texto(datos: Any) -> str:
    """El JSON de un fichero de la API: estable (claves en su orden) y compacto.

    Sin sangría: con ella ``json`` usa su codificador en Python puro, no el de C (diez veces
    más lento), y los ficheros pesan más; ``jq .`` o el navegador los muestran legibles."""
    return json.dumps(datos, ensure_ascii=False, separators=(",", ":")) + "\n"


def _tablas(reglamento: Reglamento, sistema: Sistema) -> list[dict[str, Any]]:
    vigente = reglamento.vigente
    resultado = []
    for nombre in sorted(vigente.tablas):
        definicion = vigente.tablas[nombre]
        tabla = reglamento.tabla(nombre)
        resultado.append(
            {
                **describir_tabla(definicion, sistema.nombre),
                "columnas": list(tabla.columnas),
                "filas": a_json(tabla.filas),
                "notas": list(tabla.notas),
            }
        )
    return resultado


def _reglas(reglamento: Reglamento, nombre_sistema: str) -> list[dict[str, Any]]:
    vigente = reglamento.vigente
    return [describir_regla(vigente.reglas[n], nombre_sistema) for n in sorted(vigente.reglas)]


def sistema(nombre: str) -> dict[str, Any]:
    """Un sistema con su edición por defecto: reglas, tablas, parámetros y variantes."""
    definicion = SISTEMAS[nombre]
    reglamento = Reglamento(definicion)
    return {
        "nombre": nombre,
        "titulo": definicion.titulo,
        "edicion": reglamento.edicion,
        "ediciones": [{"codigo": c, "titulo": v.titulo} for c, v in definicion.ediciones.items()],
        "opcionales": [{"codigo": c, "titulo": v.titulo} for c, v in definicion.opcionales.items()],
        "parametros": a_json(reglamento.parametros),
        "reglas": _reglas(reglamento, nombre),
        "tablas": _tablas(reglamento, definicion),
    }


def lienzo(declarado: Lienzo, paginas: str) -> dict[str, Any]:
    """Lo que un Lienzo declara y cambia: parámetros, reglas y tablas propias o superpuestas.

    Su carpeta va relativa a la de las páginas (``paginas``): la absoluta diría dónde está
    el libro en la máquina de quien construye, y el resultado dependería de ello."""
    reglamento = declarado.reglamento()
    propias_reglas = {r.nombre for r in declarado.reglas}
    propias_tablas = {t.nombre for t in declarado.tablas}
    return {
        "nombre": declarado.nombre,
        "carpeta": os.path.relpath(declarado.carpeta, paginas).replace(os.sep, "/"),
        "descripcion": declarado.descripcion,
        "sistema": reglamento.sistema.nombre,
        "edicion": reglamento.edicion,
        "opcionales": sorted(declarado.opcionales),
        "parametros": {nombre: a_json(valor) for nombre, valor in declarado.parametros},
        "reglas": [
            r
            for r in _reglas(reglamento, reglamento.sistema.nombre)
            if r["nombre"] in propias_reglas
        ],
        "tablas": [
            t for t in _tablas(reglamento, reglamento.sistema) if t["nombre"] in propias_tablas
        ],
    }


def nombre_de_lienzo(declarado: Lienzo) -> str:
    """El nombre de fichero de un Lienzo: el de su carpeta (``puertos-de-bruma``)."""
    return declarado.carpeta.rstrip("/").rsplit("/", 1)[-1]


def indice(
    version: str,
    fecha: str | None,
    commit: str | None,
    lienzos: list[Lienzo],
    paginas: list[dict[str, str]],
) -> dict[str, Any]:
    """``index.json``: versión, fecha y commit, licencia y un enlace a cada fichero."""
    return {
        "api": VERSION_API,
        "version": version,
        "fecha": fecha,
        "commit": commit,
        "licencia": LICENCIA,
        "sistemas": [
            {"nombre": n, "titulo": s.titulo, "enlace": f"sistemas/{n}.json"}
            for n, s in SISTEMAS.items()
        ],
        "lienzos": [
            {"nombre": lz.nombre, "enlace": f"lienzos/{nombre_de_lienzo(lz)}.json"}
            for lz in lienzos
        ],
        "paginas": paginas,
        "ejemplos": "ejemplos.json",
        "esquemas": {tipo: f"schemas/{tipo}.json" for tipo in TIPOS},
    }
