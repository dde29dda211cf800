"""Las reglas de datos de un Lienzo («tirada → resultado»): la regla y la tabla que la muestra.

Una regla de datos es una tabla: quien la lee necesita ver sus filas, no solo su
título. Por eso cada una declara también una tabla con su nombre (``tabla: niebla``
en un bloque ``tapiz-regla``), con cada fila como el tramo de tiradas que le toca.
"""

from __future__ import annotations

from typing import Annotated, Any

from tapiz_rules.dados import distribucion
from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.modelo import (
    Campo,
    DefinicionTabla,
    Entrada,
    Regla,
    Resultado,
    Tabla,
    regla,
    unidades,
)
from tapiz_rules.modelo.formato import miles

Tramos = tuple[tuple[int, str], ...]


def regla_de_tabla(nombre: str, datos: Any, seccion: str) -> tuple[Regla, DefinicionTabla]:
    """Una regla de datos: un número (una tirada) → la fila de la tabla que le corresponde;
    y esa tabla, para la página."""
    if not isinstance(datos, dict):
        raise ErrorTapiz(
            f"la regla «{nombre}» debe ser un mapa con titulo, entrada, salida y filas"
        )
    titulo, entrada, salida, filas = (
        datos.get(k) for k in ("titulo", "entrada", "salida", "filas")
    )
    if not isinstance(titulo, str) or not isinstance(entrada, str) or not isinstance(salida, str):
        raise ErrorTapiz(
            f"la regla «{nombre}» necesita «titulo», «entrada» y «salida» (las etiquetas que "
            "leerá la gente, p. ej. entrada: Tirada de 1d6)"
        )
    if not isinstance(filas, list) or not filas:
        raise ErrorTapiz(f"la regla «{nombre}» necesita «filas»: una lista de [desde, resultado]")
    tramos: list[tuple[int, str]] = []
    for fila in filas:
        if (
            not isinstance(fila, list)
            or len(fila) != 2
            or isinstance(fila[0], bool)
            or not isinstance(fila[0], int)
        ):
            raise ErrorTapiz(f"cada fila de «{nombre}» es [desde, resultado], no {fila!r}")
        tramos.append((fila[0], str(fila[1])))
    if [t[0] for t in tramos] != sorted({t[0] for t in tramos}):
        raise ErrorTapiz(f"las filas de «{nombre}» deben ir de menor a mayor, sin repetir «desde»")
    dados = datos.get("dados")
    minimo, maximo = tramos[0][0], None
    if dados is not None:
        dist = distribucion(str(dados))
        minimo, maximo = dist.minimo, dist.maximo
    fijos = tuple(tramos)
    return (
        _crear_regla_de_tabla(nombre, titulo, seccion, entrada, salida, fijos, minimo, maximo),
        _tabla(nombre, titulo, seccion, (entrada, salida), fijos, maximo),
    )


def rango(desde: int, hasta: int | None) -> str:
    """Las tiradas de una fila: «3–5», «6» o «7 o más» (la última, si el dado no tiene
    máximo)."""
    if hasta is None:
        return f"{miles(desde)} o más"
    return miles(desde) if hasta == desde else f"{miles(desde)}–{miles(hasta)}"


def _tabla(
    nombre: str,
    titulo: str,
    seccion: str,
    columnas: tuple[str, str],
    tramos: Tramos,
    maximo: int | None,
) -> DefinicionTabla:
    hastas = [siguiente - 1 for siguiente, _ in tramos[1:]] + [maximo]
    filas = tuple((rango(d, h), valor) for (d, valor), h in zip(tramos, hastas, strict=True))
    tabla = Tabla(titulo, columnas, filas)
    descripcion = f"{titulo}: la fila de cada tirada."
    return DefinicionTabla(nombre, titulo, seccion, descripcion, lambda _p: tabla)


def _crear_regla_de_tabla(
    nombre: str,
    titulo: str,
    seccion: str,
    entrada: str,
    salida: str,
    tramos: Tramos,
    minimo: int,
    maximo: int | None,
) -> Regla:
    def consultar(p: Any, tirada: int) -> Resultado:
        if tirada < tramos[0][0]:
            raise ErrorEntrada(
                f"la tabla de «{nombre}» empieza en {tramos[0][0]}; no tiene fila para {tirada}",
                "tirada",
            )
        desde, valor = [t for t in tramos if t[0] <= tirada][-1]
        return Resultado({"resultado": valor}, (f"{entrada} {tirada} (desde {desde}): {valor}",))

    consultar.__doc__ = f"{titulo}: se busca la fila de la tirada en la tabla del Lienzo."
    consultar.__annotations__ = {
        "p": Any,
        "tirada": Annotated[
            int, Entrada(entrada, minimo=minimo, maximo=maximo, unidad=unidades.SIN_UNIDAD)
        ],
        "return": Resultado,
    }
    return regla(
        nombre,
        titulo=titulo,
        seccion=seccion,
        salidas=[Campo("resultado", str, salida)],
    )(consultar)
