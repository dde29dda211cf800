"""``nombres`` en un ``lienzo.yml``: cómo llama el Lienzo a las características, los
atributos y las habilidades (véase :mod:`tapiz_rules.sistemas.tapiz.nombres`)."""

from __future__ import annotations

from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.sistemas.tapiz.nombres import (
    ATRIBUTO,
    DE_SERIE,
    HABILIDAD,
    NOMBRES,
    Caracteristica,
    Nombres,
)

CLAVES = ("caracteristicas", "atributo", "habilidad")
PALABRAS = {*CLAVES, "caracteristica", "atributos", "habilidades", "nombres"}
"""Lo que alguien puede escribir en ``parametros`` buscando ``nombres``."""
_ABREVIATURAS = [c.abreviatura for c in DE_SERIE]


class ErrorNombres(ErrorTapiz):
    """Un error en ``nombres``; ``clave`` es la subclave donde está (para su línea)."""

    def __init__(self, mensaje: str, clave: str | None = None) -> None:
        super().__init__(mensaje)
        self.clave = clave


def leer_nombres(valor: Any) -> Nombres:
    if valor is None:
        return NOMBRES
    if not isinstance(valor, dict):
        raise ErrorNombres(f"«nombres» debe ser un mapa con claves entre: {', '.join(CLAVES)}")
    for clave in valor:
        if clave not in CLAVES:
            raise ErrorNombres(
                f"«nombres» no tiene «{clave}»; las claves válidas son: {', '.join(CLAVES)}",
                str(clave),
            )
    nombres = Nombres(
        _caracteristicas(valor.get("caracteristicas")),
        _singular_y_plural("atributo", valor.get("atributo"), ATRIBUTO),
        _singular_y_plural("habilidad", valor.get("habilidad"), HABILIDAD),
    )
    for que in ("abreviatura", "nombre"):
        vistos = [getattr(c, que) for c in nombres.caracteristicas]
        if len(set(vistos)) != len(vistos):
            repetido = next(v for v in vistos if vistos.count(v) > 1)
            raise ErrorNombres(
                f"dos características se llaman «{repetido}»: cada una necesita su {que}",
                "caracteristicas",
            )
    return nombres


def _texto(valor: Any, donde: str, clave: str) -> str:
    if not isinstance(valor, str) or not valor.strip():
        raise ErrorNombres(f"«{donde}» debe ser un texto, no «{valor}»", clave)
    return valor.strip()


def _caracteristicas(valor: Any) -> tuple[Caracteristica, ...]:
    if valor is None:
        return DE_SERIE
    clave = "caracteristicas"
    if not isinstance(valor, dict):
        raise ErrorNombres(
            "«nombres.caracteristicas» debe ser un mapa: la abreviatura de Tapiz y el nombre "
            "nuevo, p. ej. {FUE: Vigor} o {FUE: {nombre: Vigor, abreviatura: VIG}}",
            clave,
        )
    for abreviatura in valor:
        if abreviatura not in _ABREVIATURAS:
            raise ErrorNombres(
                f"Tapiz no tiene la característica «{abreviatura}»; las que tiene son: "
                f"{', '.join(_ABREVIATURAS)}",
                clave,
            )
    propias = []
    for de_serie in DE_SERIE:
        nuevo = valor.get(de_serie.abreviatura)
        donde = f"nombres.caracteristicas.{de_serie.abreviatura}"
        if nuevo is None:
            propias.append(de_serie)
        elif isinstance(nuevo, dict):
            sobra = [k for k in nuevo if k not in ("nombre", "abreviatura")]
            if sobra:
                raise ErrorNombres(
                    f"«{donde}» no tiene «{sobra[0]}»; las claves válidas son: nombre, abreviatura",
                    clave,
                )
            propias.append(
                Caracteristica(
                    _texto(nuevo.get("abreviatura", de_serie.abreviatura), donde, clave),
                    _texto(nuevo.get("nombre", de_serie.nombre), donde, clave),
                )
            )
        else:
            propias.append(Caracteristica(de_serie.abreviatura, _texto(nuevo, donde, clave)))
    return tuple(propias)


def _singular_y_plural(clave: str, valor: Any, de_serie: tuple[str, str]) -> tuple[str, str]:
    if valor is None:
        return de_serie
    if (
        not isinstance(valor, list)
        or len(valor) != 2
        or not all(isinstance(v, str) and v.strip() for v in valor)
    ):
        raise ErrorNombres(
            f"«nombres.{clave}» es el nombre en singular y en plural, en minúsculas, p. ej. "
            "[oficio, oficios]",
            clave,
        )
    return valor[0].strip(), valor[1].strip()
