"""Las tramas entre quien comprueba y el proceso de un Lienzo, y lo que se acepta de ellas.

Cada trama es una cabecera de :data:`LARGO` bytes con la longitud del contenido
(big endian) y el contenido. Hacia el Lienzo van peticiones ``pickle`` (quien
comprueba es de fiar); de vuelta, JSON, que aquí se lee con un tope de tamaño y se
acepta solo si tiene la forma de la respuesta que se esperaba, con el número de la
petición que contesta. El código del Lienzo corre en el mismo proceso que escribe
las respuestas, así que puede escribir tramas: lo que escriba solo llega a quien
comprueba si tiene esa forma, y entonces no es más que una respuesta de su propio
Lienzo, que se compara en este proceso como cualquier otra.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any

LARGO = 8
"""Bytes de la cabecera de cada trama: la longitud del contenido, en big endian."""
TOPE = 4 << 20
"""Bytes que puede tener una respuesta del Lienzo."""
ERRORES = {"entrada", "tapiz", "salida", "tiempo", "excepcion", "sin_reglas"}
_SIMPLES = (str, int, float, bool, type(None))


class Caido(Exception):
    """El proceso del Lienzo ya no contesta bien: terminó, se le acabó el tiempo o escribió
    algo que no es una respuesta. El mensaje dice qué, en español."""


def leer(fd: int, limite: float, como_termino: Callable[[], str]) -> bytes:
    """El contenido de la próxima trama de ``fd``, entera en ``limite`` segundos (un proceso
    que la escribe byte a byte, despacio, no alarga la espera)."""
    hasta = time.monotonic() + limite
    cabecera = _leer(fd, LARGO, hasta, como_termino)
    largo = int.from_bytes(cabecera, "big")
    if largo > TOPE:
        raise Caido(f"contestó una trama de {largo} bytes; el tope es {TOPE}")
    return _leer(fd, largo, hasta, como_termino)


def _leer(fd: int, cuantos: int, hasta: float, como_termino: Callable[[], str]) -> bytes:
    import select

    trozos: list[bytes] = []
    pendientes = cuantos
    while pendientes:
        queda = hasta - time.monotonic()
        listos, _, _ = select.select([fd], [], [], max(queda, 0)) if queda > 0 else ([], [], [])
        if not listos:
            raise Caido("no contestó a tiempo")
        trozo = os.read(fd, min(pendientes, 1 << 20))
        if not trozo:
            raise Caido(como_termino())
        trozos.append(trozo)
        pendientes -= len(trozo)
    return b"".join(trozos)


def respuesta(contenido: bytes, orden: str, numero: int) -> dict[str, Any]:
    """La respuesta a la petición ``numero`` (``cargar`` o ``calcular``), ya comprobada."""
    try:
        datos = json.loads(contenido.decode("utf-8"), parse_constant=_sin_infinitos)
    except (ValueError, RecursionError):
        raise Caido("contestó algo que no es JSON") from None
    if not isinstance(datos, dict):
        raise Caido("contestó algo que no es un mapa")
    try:  # un «\\udce9» es JSON válido, pero no un texto que se pueda escribir
        json.dumps(datos, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Caido("contestó textos que no son UTF-8") from None
    if datos.get("n") != numero or isinstance(datos.get("n"), bool):
        raise Caido("contestó fuera de turno (una trama que no responde a la petición)")
    _exigir(datos, "salida", str, opcional=True)
    _exigir(datos, "cortada", int, opcional=True)
    if "error" in datos:
        _error(datos)
    elif orden == "cargar":
        reglas = _exigir(datos, "reglas", list)
        for regla in reglas:
            _regla(regla)
    else:
        valores = _exigir(datos, "valores", dict)
        if not all(isinstance(v, _SIMPLES) for v in valores.values()):
            raise Caido("contestó valores que no son datos simples")
        pasos = _exigir(datos, "pasos", list)
        if not all(isinstance(p, str) for p in pasos):
            raise Caido("contestó pasos que no son textos")
    return datos


def _sin_infinitos(constante: str) -> None:
    raise ValueError(f"{constante} no es un dato simple")


def _error(datos: dict[str, Any]) -> None:
    if not isinstance(datos["error"], str) or datos["error"] not in ERRORES:
        raise Caido(f"contestó un error desconocido: {datos['error']!r:.60}")
    for clave in ("mensaje", "tipo", "fichero"):
        _exigir(datos, clave, str, opcional=True)
    _exigir(datos, "linea", int, opcional=True)
    _exigir(datos, "campo", str, opcional=True, nulo=True)


def _regla(datos: Any) -> None:
    if not isinstance(datos, dict):
        raise Caido("contestó una regla que no es un mapa")
    for clave in ("nombre", "titulo", "seccion", "descripcion"):
        _exigir(datos, clave, str)
    _exigir(datos, "linea", int, opcional=True)
    for clave in ("entradas", "salidas"):
        for campo in _exigir(datos, clave, list):
            _campo(campo)


def _campo(datos: Any) -> None:
    if not isinstance(datos, dict):
        raise Caido("contestó un campo que no es un mapa")
    for clave in ("nombre", "tipo", "etiqueta"):
        _exigir(datos, clave, str)
    for clave in ("ayuda", "formato", "unidad_de"):
        _exigir(datos, clave, str, opcional=True, nulo=True)
    for clave in ("admite_nulo", "decisiva"):
        _exigir(datos, clave, bool, opcional=True)
    for clave in ("minimo", "maximo"):
        if not isinstance(datos.get(clave), int | float | None):
            raise Caido(f"contestó un «{clave}» que no es un número")
    unidad = datos.get("unidad")
    if not (unidad is None or isinstance(unidad, str) or _textos(unidad, 2)):
        raise Caido("contestó una «unidad» que no es un texto ni dos")
    opciones = _exigir(datos, "opciones", list, opcional=True, nulo=True)
    for opcion in opciones or ():
        if not (isinstance(opcion, list) and len(opcion) == 2 and isinstance(opcion[1], str)):
            raise Caido("contestó una opción que no es [valor, etiqueta]")
        if not isinstance(opcion[0], _SIMPLES):
            raise Caido("contestó una opción que no es un dato simple")
    if not isinstance(datos.get("por_defecto"), _SIMPLES):
        raise Caido("contestó un «por_defecto» que no es un dato simple")


def _textos(valor: Any, cuantos: int) -> bool:
    textos = isinstance(valor, list) and all(isinstance(v, str) for v in valor)
    return textos and len(valor) == cuantos


def _exigir(
    datos: dict[str, Any], clave: str, tipo: type, *, opcional: bool = False, nulo: bool = False
) -> Any:
    valor = datos.get(clave)
    if valor is None and (nulo or (opcional and clave not in datos)):
        return valor
    if not isinstance(valor, tipo) or (tipo is int and isinstance(valor, bool)):
        raise Caido(f"contestó «{clave}» sin la forma que se esperaba")
    return valor
