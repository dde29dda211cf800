"""Los límites de una entrada que dependen de otra entrada de la misma regla.

La tirada de un peligro va de 1 a 6 con «1d6» y de 3 a 18 con «3d6»; el dado tirado, de 1 a
las caras de ese dado; el bonus elegido en ataque total solo vale con esa postura. Se declaran
una vez, en la entrada (``Entrada(segun=Segun(...), solo_con=("postura", "ataque_total"))``), y
de ahí salen la API (``declaracion``) y la ayuda de los formularios (``ayuda``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tapiz_rules.modelo import formato as fmt

if TYPE_CHECKING:
    from tapiz_rules.modelo.campos import Campo

Limite = int | float | None


@dataclass(frozen=True)
class Segun:
    """Unos límites que salen de otra entrada: ``limites(parametros, valor_de_la_otra)``."""

    entrada: str
    limites: Callable[[Any, Any], tuple[Limite, Limite]]
    texto: str = ""
    """Los límites para quien lee cuando la otra entrada es un número: «De 1 a las caras del
    dado tirado.» (si es una elección, se dicen caso por caso)."""


def rango(campo: Campo, parametros: Any, valores: dict[str, Any] | None) -> tuple[Limite, Limite]:
    """El mínimo y el máximo de ``campo`` con esos parámetros y, si los hay, esos valores."""
    minimo, maximo = campo.minimo, campo.maximo
    if campo.limites is not None and parametros is not None:
        minimo, maximo = campo.limites(parametros)
    segun = campo.segun
    if segun is not None and valores is not None and segun.entrada in valores:
        minimo, maximo = segun.limites(parametros, valores[segun.entrada])
    return minimo, maximo


def _de(campo: Campo, hermanas: Sequence[Campo], nombre: str) -> Campo:
    """La otra entrada de la regla (``entradas_de`` ya comprobó que existe)."""
    return next(c for c in hermanas if c.nombre == nombre)


def _valores(campo: Campo) -> tuple[Any, ...] | None:
    """Los valores de una entrada que se pueden enumerar (una elección, un sí/no)."""
    if campo.opciones is not None:
        return campo.valores_validos
    return (False, True) if campo.tipo is bool else None


def declaracion(campo: Campo, parametros: Any, hermanas: Sequence[Campo]) -> dict[str, Any]:
    """Lo que la API dice de los límites que dependen de otra entrada.

    ``segun``: de qué entrada dependen y, si sus valores se enumeran, los límites con cada
    uno (``casos``); si es un número, su ``descripcion``. ``solo_con``: la entrada solo admite
    un valor distinto del de por defecto cuando otra tiene ese valor."""
    datos: dict[str, Any] = {}
    if (segun := campo.segun) is not None:
        otra = _de(campo, hermanas, segun.entrada)
        valores = _valores(otra)
        datos["segun"] = {"entrada": segun.entrada}
        if valores is None:
            datos["segun"]["descripcion"] = segun.texto
        else:
            datos["segun"]["casos"] = [
                {"valor": v, **_limites(segun.limites(parametros, v))} for v in valores
            ]
    if campo.solo_con is not None:
        otra = _de(campo, hermanas, campo.solo_con[0])
        datos["solo_con"] = {"entrada": otra.nombre, "valor": campo.solo_con[1]}
    return datos


def _limites(par: tuple[Limite, Limite]) -> dict[str, Any]:
    return {c: v for c, v in zip(("minimo", "maximo"), par, strict=True) if v is not None}


def ayuda(campo: Campo, parametros: Any, hermanas: Sequence[Campo]) -> str:
    """Los límites para quien rellena el formulario: «De 1 a 6.», «Con «1d6», de 1 a 6; …»."""
    partes = []
    if campo.solo_con is not None:
        otra = _de(campo, hermanas, campo.solo_con[0])
        partes.append(f"Solo con {otra.etiqueta.lower()} «{otra.etiqueta_de(campo.solo_con[1])}».")
    segun = campo.segun if parametros is not None else None  # sin reglamento, lo fijo
    valores = None if segun is None else _valores(_de(campo, hermanas, segun.entrada))
    if segun is None:
        partes.append(fmt.limites(*rango(campo, parametros, None)))
    elif valores is None:
        partes.append(segun.texto)
    else:
        otra = _de(campo, hermanas, segun.entrada)
        casos = [
            f"{_caso(otra, v)}, {_en_minusculas(fmt.limites(*segun.limites(parametros, v)))}"
            for v in valores
        ]
        texto = "; ".join(casos)
        partes.append(f"{texto[:1].upper()}{texto[1:]}.")
    return " ".join(p for p in partes if p)


def _caso(otra: Campo, valor: Any) -> str:
    """«con «1d6»», «con «Corazón débil»», «sin «Corazón débil»»."""
    if otra.tipo is bool:
        return f"{'con' if valor else 'sin'} «{otra.etiqueta}»"
    return f"con «{otra.etiqueta_de(valor)}»"


def _en_minusculas(texto: str) -> str:
    return (texto[:1].lower() + texto[1:]).rstrip(".") or "sin límites"
