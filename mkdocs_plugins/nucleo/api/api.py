"""La API estática ``api/v1/``: el libro como ficheros JSON que sirve cualquier hosting.

Aquí están los sistemas (sus reglas con sus entradas y salidas declaradas, sus tablas con sus
valores y sus parámetros), cada regla y cada tabla en su fichero, los Lienzos y el índice; las
páginas, sus secciones y los ejemplos, en ``api_paginas``; los esquemas JSON, en
``api_esquemas``. Todo sale del motor y de la fuente Markdown: nada se escribe a mano dos veces.

La grafía es una (``srd/colaborar/datos-abiertos.md``): lo que tiene identificador lo lleva
en ``id``, en minúsculas con guiones; cada lista de cosas es una lista de objetos con su ``id``
y su ``enlace`` (relativo a ``api/v1/``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from mkdocs_plugins.nucleo.api.api_textos import identificador
from mkdocs_plugins.nucleo.fuente.version import Version
from tapiz_rules.lienzos.lienzo import Lienzo
from tapiz_rules.modelo import Regla, Reglamento
from tapiz_rules.modelo.reglas import DefinicionTabla
from tapiz_rules.sistemas import SISTEMAS

VERSION_API = "v1"
CARPETA = f"api/{VERSION_API}"
LICENCIA = {
    "id": "cc-by-sa-4-0",
    "titulo": "CC BY-SA 4.0",
    "url": "https://creativecommons.org/licenses/by-sa/4.0/deed.es",
    "atribucion": "Texto del Sistema Tapiz © Pablo Ruiz-Múzquiz",
}
TIPOS = ("indice", "sistema", "lienzo", "regla", "tabla", "pagina", "seccion", "ejemplos")
"""Los tipos de fichero de la API; cada uno con su esquema en ``schemas/<tipo>.json``."""
RESOLVER = (
    "Cada «enlace» es relativo a la carpeta de este índice (api/v1/); cada «url», y cada "
    "enlace del «html» y del «markdown» de las secciones, es relativo a «base», la raíz del "
    "sitio (en una copia del sitio, la carpeta dos niveles por encima de este índice)."
)

Referencias = dict[str, list[dict[str, Any]]]
"""Por el enlace de una regla o una tabla, las secciones del libro que la muestran."""


def a_json(valor: Any) -> Any:
    """Un valor del motor como JSON: tuplas como listas, fracciones exactas junto a su decimal."""
    if dataclasses.is_dataclass(valor) and not isinstance(valor, type):
        return dict(_campo(c.name, getattr(valor, c.name)) for c in dataclasses.fields(valor))
    if isinstance(valor, Mapping):
        return {str(k): a_json(v) for k, v in valor.items()}
    if isinstance(valor, list | tuple | frozenset | set):
        elementos = sorted(valor) if isinstance(valor, frozenset | set) else valor
        return [a_json(v) for v in elementos]
    if isinstance(valor, Fraction):
        return {"fraccion": f"{valor.numerator}/{valor.denominator}", "decimal": float(valor)}
    if valor is None or isinstance(valor, bool | int | float | str):
        return valor
    return str(valor)


def _campo(nombre: str, valor: Any) -> tuple[str, Any]:
    """Un campo de los parámetros en la API: el que identifica la fila va en ``id``."""
    if nombre in ("nombre", "codigo", "clave") and isinstance(valor, str):
        return "id", identificador(valor)
    return nombre, a_json(valor)


def texto(datos: Any) -> str:
    """El JSON de un fichero de la API: estable (claves en su orden) y compacto.

    Sin sangría: con ella ``json`` usa su codificador en Python puro, no el de C (diez veces
    más lento), y los ficheros pesan más; ``jq .`` o el navegador los muestran legibles."""
    return json.dumps(datos, ensure_ascii=False, separators=(",", ":")) + "\n"


def cabecera(tipo: str, ruta: str, base: str) -> dict[str, Any]:
    """Lo que lleva cada fichero al principio: su esquema, su dirección y la licencia."""
    return {
        "$schema": f"{base}{CARPETA}/schemas/{tipo}.json",
        "$id": f"{base}{CARPETA}/{ruta}",
        "licencia": LICENCIA,
    }


def id_de(tipo: str, nombre: str) -> str:
    """El identificador de una regla o una tabla. Una tabla no repite «tabla» en el suyo
    (``tabla_cobertura`` → ``cobertura``: va en ``tablas/``); el motor acepta los dos."""
    return identificador(nombre.removeprefix("tabla_") if tipo == "tabla" else nombre)


def ruta_de(tipo: str, sistema: str, nombre: str, lienzo: str | None = None) -> str:
    """El fichero de una regla o una tabla: ``reglas/tapiz/accion.json``; las de un Lienzo (con
    sus parámetros), ``lienzos/puertos-de-bruma/reglas/accion.json``."""
    carpeta = f"lienzos/{lienzo}/{tipo}s" if lienzo else f"{tipo}s/{sistema}"
    return f"{carpeta}/{id_de(tipo, nombre)}.json"


def referencia(sistema: str, nombre: str, tipo: str, lienzo: str | None = None) -> dict[str, str]:
    """Una regla o una tabla nombrada desde otro fichero: su id, su sistema y su enlace."""
    return {
        "id": id_de(tipo, nombre),
        "sistema": sistema,
        "enlace": ruta_de(tipo, sistema, nombre, lienzo),
    }


def _citada_en(
    citas: Referencias, tipo: str, sistema: str, nombre: str, lienzo: str | None
) -> list[dict[str, Any]]:
    """Las secciones que citan una regla o una tabla; la de un Lienzo que sus páginas no citan,
    las del libro que la enuncia (con los números del libro)."""
    propias = citas.get(ruta_de(tipo, sistema, nombre, lienzo), [])
    return propias if propias or lienzo is None else citas.get(ruta_de(tipo, sistema, nombre), [])


def _lugar(secciones: list[dict[str, Any]]) -> str | None:
    return secciones[0]["url"] if secciones else None


def _regla(
    regla: Regla, reglamento: Reglamento, citas: Referencias, lienzo: str | None
) -> dict[str, Any]:
    sistema = reglamento.sistema.nombre
    enlace = ruta_de("regla", sistema, regla.nombre, lienzo)
    secciones = _citada_en(citas, "regla", sistema, regla.nombre, lienzo)
    tablas = {id_de("tabla", n): n for n in reglamento.vigente.tablas}
    vistas = {  # las del reglamento de la regla: las del Lienzo, con sus números
        t["id"]: referencia(sistema, tablas[t["id"]], "tabla", lienzo)
        for s in secciones
        for t in s["tablas"]
        if t["sistema"] == sistema and t["id"] in tablas
    }
    return {
        "id": identificador(regla.nombre),
        "sistema": sistema,
        "lienzo": lienzo,
        "titulo": regla.titulo,
        "descripcion": regla.descripcion,
        "enlace": enlace,
        "url": _lugar(secciones),
        "entradas": [c.declaracion(reglamento.parametros, regla.entradas) for c in regla.entradas],
        "salidas": [c.declaracion(reglamento.parametros) for c in regla.salidas],
        "secciones": [_cita(s) for s in secciones],
        "tablas": list(vistas.values()),
    }


def _cita(seccion: dict[str, Any]) -> dict[str, Any]:
    claves = ("id", "pagina", "titulo", "url", "enlace")
    return {clave: seccion[clave] for clave in claves}


def _tabla(
    definicion: DefinicionTabla, reglamento: Reglamento, citas: Referencias, lienzo: str | None
) -> dict[str, Any]:
    tabla = reglamento.tabla(definicion.nombre)
    sistema = reglamento.sistema.nombre
    enlace = ruta_de("tabla", sistema, definicion.nombre, lienzo)
    secciones = _citada_en(citas, "tabla", sistema, definicion.nombre, lienzo)
    return {
        "id": id_de("tabla", definicion.nombre),
        "sistema": sistema,
        "lienzo": lienzo,
        "titulo": definicion.titulo,
        "descripcion": definicion.descripcion,
        "enlace": enlace,
        "url": _lugar(secciones),
        "columnas": list(tabla.columnas),
        "filas": a_json(tabla.filas),
        "notas": list(tabla.notas),
        "secciones": [_cita(s) for s in secciones],
    }


def reglas_y_tablas(
    reglamento: Reglamento, citas: Referencias, lienzo: str | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Las reglas y las tablas de un reglamento, con sus valores y sus límites."""
    vigente = reglamento.vigente
    reglas = [_regla(vigente.reglas[n], reglamento, citas, lienzo) for n in sorted(vigente.reglas)]
    tablas = [_tabla(vigente.tablas[n], reglamento, citas, lienzo) for n in sorted(vigente.tablas)]
    return reglas, tablas


def _variantes(variantes: Mapping[str, Any]) -> list[dict[str, str]]:
    return [{"id": identificador(c), "titulo": v.titulo} for c, v in variantes.items()]


def sistema(nombre: str, citas: Referencias) -> dict[str, Any]:
    """Un sistema con su edición por defecto: reglas, tablas, parámetros y variantes."""
    definicion = SISTEMAS[nombre]
    reglamento = Reglamento(definicion)
    reglas, tablas = reglas_y_tablas(reglamento, citas)
    return {
        "id": nombre,
        "titulo": definicion.titulo,
        "enlace": f"sistemas/{nombre}.json",
        "edicion": identificador(reglamento.edicion),
        "ediciones": _variantes(definicion.ediciones),
        "opcionales": _variantes(definicion.opcionales),
        "parametros": a_json(reglamento.parametros),
        "reglas": reglas,
        "tablas": tablas,
    }


def id_de_lienzo(declarado: Lienzo) -> str:
    """El identificador de un Lienzo: el nombre de su carpeta (``puertos-de-bruma``), el mismo
    que acepta ``tapiz regla --lienzo``."""
    return declarado.carpeta.rstrip("/").rsplit("/", 1)[-1]


def lienzo(declarado: Lienzo, citas: Referencias) -> dict[str, Any]:
    """Un Lienzo con lo que cambia (``cambia``: sus parámetros, reglas y tablas) y, como un
    sistema, sus parámetros ya aplicados y todas sus reglas y tablas con ellos."""
    reglamento = declarado.reglamento()
    base = Reglamento(reglamento.sistema, reglamento.edicion, reglamento.opcionales)
    cambiadas = {
        n
        for n in reglamento.vigente.tablas
        if n not in base.vigente.tablas or reglamento.tabla(n) != base.tabla(n)
    }
    cambia = [nombre for nombre, _ in declarado.parametros]
    cambia += [r.nombre for r in declarado.reglas] + sorted(cambiadas)
    reglas, tablas = reglas_y_tablas(reglamento, citas, id_de_lienzo(declarado))
    return {
        "id": id_de_lienzo(declarado),
        "titulo": declarado.nombre,
        "enlace": f"lienzos/{id_de_lienzo(declarado)}.json",
        "descripcion": declarado.descripcion,
        "sistema": reglamento.sistema.nombre,
        "edicion": identificador(reglamento.edicion),
        "opcionales": [
            {"id": identificador(c), "titulo": reglamento.sistema.opcionales[c].titulo}
            for c in sorted(declarado.opcionales)
        ],
        "cambia": sorted(set(cambia)),
        "parametros": a_json(reglamento.parametros),
        "reglas": reglas,
        "tablas": tablas,
    }


def _resumen(elemento: dict[str, Any], *claves: str) -> dict[str, Any]:
    return {clave: elemento[clave] for clave in ("id", *claves, "titulo", "enlace")}


def indice(
    construida: Version,
    publicada: Version,
    base: str,
    ficheros: Mapping[str, dict[str, Any]],
    modulo: dict[str, str] | None,
) -> dict[str, Any]:
    """``index.json``: la última versión publicada (la de la página «Cambios» y el feed), la
    fecha y el commit de esta construcción, dónde se publica, licencia y un enlace a cada
    fichero."""
    de = {
        tipo: [d for d in ficheros.values() if d.get("$schema", "").endswith(f"/{tipo}.json")]
        for tipo in TIPOS
    }
    return {
        **cabecera("indice", "index.json", base),
        "api": VERSION_API,
        "version": publicada.version,
        "publicada": {"fecha": publicada.fecha, "commit": publicada.commit},
        "fecha": construida.fecha,
        "commit": construida.commit,
        "base": base,
        "resolver": RESOLVER,
        "sistemas": [_resumen(d) for d in de["sistema"]],
        "lienzos": [_resumen(d, "sistema") for d in de["lienzo"]],
        "paginas": [_resumen(d, "url") for d in de["pagina"]],
        "reglas": [_resumen(d, "sistema") for d in de["regla"]],
        "tablas": [_resumen(d, "sistema") for d in de["tabla"]],
        "ejemplos_resueltos": {
            "titulo": "Los ejemplos resueltos del libro",
            "enlace": "ejemplos.json",
        },
        "modulo": modulo,
        "cambios": {"titulo": "Cambios de las reglas (Atom)", "url": "cambios.xml"},
        "esquemas": [{"id": tipo, "enlace": f"schemas/{tipo}.json"} for tipo in TIPOS],
    }
