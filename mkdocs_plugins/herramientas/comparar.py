"""Qué cambió entre dos descripciones de revisiones (``revisiones.describir``).

Reglas, tablas, parámetros y secciones añadidos, quitados o cambiados, con los valores de
antes y de después. Las reglas y los parámetros se comparan campo a campo (``entradas.nivel.
etiqueta``, ``grados.menor.puntos``: una fila con nombre se nombra por él); las secciones
por su identificador estable, así que un cambio de título o de página es un cambio y no una
sección quitada y otra nueva.
"""

from __future__ import annotations

from typing import Any

CLASES = ("reglas", "tablas", "parametros", "secciones")


def aplanar(valor: Any, prefijo: str = "") -> dict[str, Any]:
    """Cada valor simple de un JSON con su camino: ``{"a": [{"b": 1}]}`` → ``{"a.0.b": 1}``."""
    if isinstance(valor, dict):
        hojas: dict[str, Any] = {}
        for clave, dentro in valor.items():
            hojas |= aplanar(dentro, f"{prefijo}.{clave}" if prefijo else str(clave))
        return hojas or {prefijo: {}}
    if isinstance(valor, list):
        hojas = {}
        nombres = [_nombre(dentro) for dentro in valor]
        por_nombre = None not in nombres and len(set(nombres)) == len(nombres)
        for posicion, dentro in enumerate(valor):
            paso = nombres[posicion] if por_nombre else str(posicion)
            hojas |= aplanar(dentro, f"{prefijo}.{paso}" if prefijo else str(paso))
        return hojas or {prefijo: []}
    return {prefijo: valor}


def _nombre(elemento: Any) -> str | None:
    """Lo que nombra una fila de una lista (el grado «menor», la cobertura «media»), si lo hay:
    el camino dice ``coberturas.media.parcial`` y no ``coberturas.2.parcial``."""
    if isinstance(elemento, dict):
        for clave in ("nombre", "clave", "codigo", "id"):
            if isinstance(elemento.get(clave), str):
                return str(elemento[clave])
    return None


def _campos(antes: Any, despues: Any) -> list[dict[str, Any]]:
    a, d = aplanar(antes), aplanar(despues)
    orden = list(a) + [c for c in d if c not in a]
    return [
        {"campo": campo, "antes": a.get(campo), "despues": d.get(campo)}
        for campo in orden
        if a.get(campo) != d.get(campo)
    ]


def _parametros(descripcion: dict[str, Any]) -> dict[str, Any]:
    """Cada parámetro de cada sistema como ``tapiz/grados``."""
    return {
        f"{sistema}/{nombre}": valor
        for sistema, todos in descripcion["parametros"].items()
        for nombre, valor in todos.items()
    }


def _clase(antes: dict[str, Any], despues: dict[str, Any], campos: bool) -> dict[str, Any]:
    anadidas = [{"nombre": n, "despues": despues[n]} for n in despues if n not in antes]
    quitadas = [{"nombre": n, "antes": antes[n]} for n in antes if n not in despues]
    cambiadas = []
    for nombre in (n for n in despues if n in antes and antes[n] != despues[n]):
        cambio: dict[str, Any] = {"nombre": nombre}
        if isinstance(despues[nombre], dict) and "titulo" in despues[nombre]:
            cambio["titulo"] = despues[nombre]["titulo"]
        if campos:
            cambio["campos"] = _campos(antes[nombre], despues[nombre])
        else:
            cambio |= {"antes": antes[nombre], "despues": despues[nombre]}
        cambiadas.append(cambio)
    return {"anadidas": anadidas, "quitadas": quitadas, "cambiadas": cambiadas}


def comparar(antes: dict[str, Any], despues: dict[str, Any]) -> dict[str, Any]:
    """Lo añadido, quitado y cambiado de cada clase (reglas, tablas, parámetros, secciones)."""
    return {
        "reglas": _clase(antes["reglas"], despues["reglas"], campos=True),
        "tablas": _clase(antes["tablas"], despues["tablas"], campos=False),
        "parametros": _clase(_parametros(antes), _parametros(despues), campos=True),
        "secciones": _clase(antes["secciones"], despues["secciones"], campos=True),
    }


def vacio(cambios: dict[str, Any]) -> bool:
    return not any(any(cambios[c].values()) for c in CLASES)


def probabilidades(antes: dict[str, Any], despues: dict[str, Any]) -> list[dict[str, Any]]:
    """Cada probabilidad de la tirada de acción que se mueve (nivel, resistencia, grado)."""
    movidas = []
    for clave, grados in despues.get("accion", {}).items():
        previos = antes.get("accion", {}).get(clave, {})
        nivel, resistencia = clave.split("/")
        for grado, valor in grados.items():
            if previos.get(grado) != valor:
                movidas.append(
                    {
                        "nivel": int(nivel),
                        "resistencia": int(resistencia),
                        "grado": grado,
                        "antes": previos.get(grado),
                        "despues": valor,
                    }
                )
    return movidas
