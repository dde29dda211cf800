"""Lo que escribe quien lee en un formulario, leído como lo leería una persona.

Un formulario da textos: «2,5», «−2», «5.400», «15, 10, 12». Aquí se convierten en los
valores de la regla con la declaración de cada ``Campo`` (su tipo, sus opciones y sus
límites), y lo que no se puede leer se dice con la etiqueta del campo, no con su nombre
interno: «Nivel: escribe un número entero, como 3».
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.modelo import Campo, Regla
from tapiz_rules.modelo.formato import MENOS, fuera_de_limites

_ENTERO = re.compile(r"[+-]?\d+")
_MILES = re.compile(r"[+-]?\d{1,3}(?:\.\d{3})+")
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")
SI = {"sí", "si", "s", "true", "1", "on"}
NO = {"no", "n", "false", "0", "off", ""}


class ErrorLectura(ErrorTapiz):
    """Un dato del formulario que no se puede leer; ``campo`` es el nombre de la entrada."""

    def __init__(self, mensaje: str, campo: str | None = None) -> None:
        super().__init__(mensaje)
        self.campo = campo


def _limpio(texto: str) -> str:
    return texto.strip().replace(MENOS, "-").replace("\u2013", "-").replace(" ", "")


def leer_entero(texto: str) -> int | None:
    """«3», «+2», «−2», «5.400»; None si no es un entero escrito así."""
    limpio = _limpio(texto)
    if _MILES.fullmatch(limpio):
        limpio = limpio.replace(".", "")
    return int(limpio) if _ENTERO.fullmatch(limpio) else None


def leer_decimal(texto: str) -> float | None:
    """«2,5», «2.5», «−0,75», «5.400»; None si no es un número."""
    limpio = _limpio(texto)
    if _MILES.fullmatch(limpio):
        return float(limpio.replace(".", ""))
    return float(limpio.replace(",", ".")) if _DECIMAL.fullmatch(limpio) else None


def _opcion(campo: Campo, texto: str) -> Any:
    for valor, etiqueta in campo.opciones or ():
        if texto in (str(valor), etiqueta):
            return valor
    return texto


def _leer_texto(campo: Campo, texto: str) -> Any:
    etiqueta = campo.etiqueta
    if campo.opciones is not None:
        return _opcion(campo, texto)
    if campo.tipo is int:
        valor = leer_entero(texto)
        if valor is None:
            raise ErrorLectura(f"{etiqueta}: escribe un número entero, como 3.", campo.nombre)
        return valor
    if campo.tipo is float:
        numero = leer_decimal(texto)
        if numero is None:
            raise ErrorLectura(f"{etiqueta}: escribe un número, como 2 o 2,5.", campo.nombre)
        return numero
    if campo.tipo is bool:
        plegado = texto.strip().lower()
        if plegado not in SI | NO:
            raise ErrorLectura(f"{etiqueta}: responde sí o no.", campo.nombre)
        return plegado in SI
    if campo.tipo is list:
        partes = [p for p in re.split(r"[,;\s]+", texto.strip()) if p]
        enteros = [leer_entero(p) for p in partes]
        if not partes or any(e is None for e in enteros):
            raise ErrorLectura(
                f"{etiqueta}: escribe números enteros separados por comas, como 15, 10, 12.",
                campo.nombre,
            )
        return enteros
    return texto.strip()


def leer_campo(campo: Campo, dado: Any) -> Any:
    """El valor de un campo: un texto del formulario o un valor ya escrito en JSON."""
    if isinstance(dado, str):
        if not dado.strip() and campo.tipo is not str and campo.tipo is not bool:
            if campo.admite_nulo:
                return None
            if not campo.obligatorio:
                return campo.por_defecto
            raise ErrorLectura(f"Falta {campo.etiqueta.lower()}.", campo.nombre)
        dado = _leer_texto(campo, dado)
    _en_rango(campo, dado)
    return dado


def _en_rango(campo: Campo, valor: Any) -> None:
    if isinstance(valor, bool) or not isinstance(valor, int | float):
        return
    if fuera := fuera_de_limites(valor, campo.minimo, campo.maximo):
        raise ErrorLectura(f"{campo.etiqueta}: {fuera}.", campo.nombre)


def leer_entradas(regla: Regla, dadas: Mapping[str, Any]) -> dict[str, Any]:
    """Las entradas de la regla desde el formulario (las vacías opcionales no se pasan)."""
    valores: dict[str, Any] = {}
    for nombre, dado in dadas.items():
        campo = regla.entrada(nombre)
        if campo is None:
            raise ErrorLectura(f"Esta regla no pide «{nombre}».", nombre)
        valores[nombre] = leer_campo(campo, dado)
    return valores


def en_palabras(error: ErrorTapiz, regla: Regla) -> str:
    """El mensaje de un error del motor con las etiquetas de los campos en lugar de sus nombres."""
    if isinstance(error, ErrorLectura):
        return str(error)
    mensaje = str(error)
    for campo in (*regla.entradas, *regla.salidas):
        mensaje = mensaje.replace(f"«{campo.nombre}»", f"«{campo.etiqueta}»")
    culpable = (
        regla.entrada(error.campo) if isinstance(error, ErrorEntrada) and error.campo else None
    )
    if culpable is not None:
        sin_sujeto = mensaje.removeprefix(f"la entrada «{culpable.etiqueta}» ")
        mensaje = f"{culpable.etiqueta}: {sin_sujeto}"
    mensaje = mensaje[:1].upper() + mensaje[1:]
    return mensaje if mensaje.endswith((".", "?", "!")) else mensaje + "."
