"""Tramas al azar de un proceso de Lienzo, y lo que hace con ellas quien comprueba.

``python -m tests.modelo.tramas_al_azar [CASOS] [SEMILLA]`` prueba CASOS tramas (10 000
por defecto) y dice cuántas se aceptaron y cuántas se rechazaron con un mensaje; una
excepción que no sea uno de esos mensajes termina con su traza (véase ``bench/tramas.md``).
Las tramas salen de respuestas válidas (como las escribe ``_trabajador_lienzo``) con
cambios al azar: valores de otro tipo, claves que faltan o sobran, anidamientos
profundos, bytes cambiados o cortados, cabeceras con otra longitud.
"""

from __future__ import annotations

import copy
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.aislado import Trabajador
from tapiz_rules.lienzos.declaradas import regla_de_datos
from tapiz_rules.lienzos.tramas import LARGO, TOPE, Caido, leer, respuesta

CAMPO = {
    "nombre": "n",
    "tipo": "entero",
    "etiqueta": "Número",
    "ayuda": "",
    "unidad": None,
    "formato": None,
    "opciones": None,
    "admite_nulo": False,
    "minimo": 1,
    "maximo": None,
    "unidad_de": None,
    "decisiva": False,
}
VALIDAS = {
    "cargar": {
        "n": 1,
        "reglas": [
            {
                "nombre": "doble",
                "titulo": "Doble",
                "seccion": "X",
                "descripcion": "",
                "linea": 5,
                "entradas": [CAMPO | {"por_defecto": 1}],
                "salidas": [CAMPO | {"nombre": "valor", "unidad": ["m", "m"]}],
            }
        ],
    },
    "calcular": {"n": 1, "valores": {"valor": 4}, "pasos": ["2 × 2 = 4"], "salida": "hola\n"},
}
FALLO = {
    "n": 1,
    "error": "excepcion",
    "tipo": "ValueError",
    "mensaje": "no",
    "fichero": "reglas.py",
    "linea": 3,
    "campo": None,
}
"""Una respuesta de error válida, para cualquiera de las dos órdenes."""
RAROS: list[Any] = [None, True, 0, -1, 2**70, 1e308, float("inf"), "", "x" * 300, [], {}, [[]]]


def _valor_al_azar(azar: random.Random, profundidad: int = 0) -> Any:
    if profundidad > 3 or azar.random() < 0.5:
        raros = [*RAROS, azar.randint(-5, 5), azar.random(), chr(azar.randint(0, 0x2FF))]
        return copy.deepcopy(azar.choice(raros))
    if azar.random() < 0.5:
        return [_valor_al_azar(azar, profundidad + 1) for _ in range(azar.randint(0, 3))]
    return {
        azar.choice(["nombre", "tipo", "n", "x", "error", "valores"]): _valor_al_azar(
            azar, profundidad + 1
        )
        for _ in range(azar.randint(0, 3))
    }


def _cambiar(azar: random.Random, datos: Any) -> Any:
    """Un cambio al azar en algún lugar de ``datos`` (un mapa o una lista anidados)."""
    if not isinstance(datos, dict | list) or not datos or azar.random() < 0.3:
        return _valor_al_azar(azar)
    clave = azar.choice(list(datos)) if isinstance(datos, dict) else azar.randrange(len(datos))
    que = azar.random()
    if isinstance(datos, dict) and que < 0.15:
        del datos[clave]
    elif isinstance(datos, dict) and que < 0.3:
        datos[azar.choice(["error", "mensaje", "linea", "salida", "cortada", "n", "x"])] = (
            _valor_al_azar(azar)
        )
    else:
        datos[clave] = _cambiar(azar, datos[clave])
    return datos


def trama_al_azar(azar: random.Random) -> tuple[str, bytes]:
    """(orden, trama con su cabecera)."""
    orden = azar.choice(list(VALIDAS))
    datos = copy.deepcopy(VALIDAS[orden] if azar.random() < 0.75 else FALLO)
    if azar.random() < 0.1:
        datos["error"] = azar.choice(["entrada", "tapiz", "salida", "tiempo", "sin_reglas"])
    if azar.random() < 0.05:
        datos["fichero"] = azar.choice(["\0", "/\0/x", "", "x" * 5000, "reglas.py\udce9"])
    for _ in range(azar.randint(0, 3)):
        datos = _cambiar(azar, datos)
    contenido = json.dumps(datos, ensure_ascii=azar.random() < 0.5).encode("utf-8", "surrogatepass")
    if azar.random() < 0.05:
        contenido = b'{"n": 1, "valores": {"valor": ' + b"[" * 5000 + b"]" * 5000 + b"}}"
    if azar.random() < 0.2:
        bytes_ = bytearray(contenido)
        for _ in range(azar.randint(1, 4)):
            if bytes_:
                bytes_[azar.randrange(len(bytes_))] = azar.randrange(256)
        contenido = bytes(bytes_[: azar.randint(0, len(bytes_))] if azar.random() < 0.3 else bytes_)
    largo = len(contenido)
    if azar.random() < 0.1:
        largo = azar.choice([0, largo + 1, TOPE + 1, 2 ** (8 * LARGO) - 1])
    return orden, largo.to_bytes(LARGO, "big") + contenido


TRABAJADOR = Trabajador(Path("reglas.py"), "mi-lienzo/reglas.py", "X")


def recibir(orden: str, trama: bytes) -> str:
    """Lo que hace quien comprueba con esa trama: «aceptada» o el mensaje con que la rechaza.
    Cualquier otra excepción sale (y es un fallo)."""
    lectura, escritura = os.pipe()
    try:
        os.write(escritura, trama[:60_000])
        os.close(escritura)
        escritura = -1
        datos = respuesta(leer(lectura, 5, lambda: "cerró su salida"), orden, 1)
        if "error" in datos:
            TRABAJADOR._sin_error(datos, "al importarlo")
        elif orden == "cargar":
            for regla in datos["reglas"]:
                regla_de_datos(TRABAJADOR, regla)
        return "aceptada"
    except (Caido, ErrorTapiz) as rechazo:
        return f"rechazada: {rechazo}"
    finally:
        os.close(lectura)
        if escritura >= 0:
            os.close(escritura)


def main(argumentos: list[str]) -> int:
    casos = int(argumentos[0]) if argumentos else 10_000
    azar = random.Random(int(argumentos[1]) if len(argumentos) > 1 else 39)
    cuenta = {"aceptada": 0, "rechazada": 0}
    for _ in range(casos):
        cuenta[recibir(*trama_al_azar(azar)).split(":")[0]] += 1
    print(
        f"{casos} tramas: {cuenta['aceptada']} aceptadas, {cuenta['rechazada']} rechazadas "
        "con un mensaje, 0 trazas"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
