"""Los límites que el motor exige a una entrada entera y su declaración no dice.

A demanda (``uv run python bench/limites_sin_declarar.py``); no afirma nada. Prueba cada regla
con las entradas de un ejemplo del libro y una entrada entera fuera de lo declarado: por debajo
del mínimo (o -1, si no declara mínimo) y por encima del máximo (o 10.000.000). Si el motor la
rechaza nombrándola y la declaración no tiene ese límite, lo lista: es lo que falta declarar en
``Entrada(minimo=…, maximo=…, limites=…)`` para que la API lo publique.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs_plugins.herramientas.impacto import casos_del_libro
from mkdocs_plugins.nucleo.configuracion import configuracion_desde
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Campo, Reglamento
from tapiz_rules.sistemas import reglamento

RAIZ = Path(__file__).resolve().parent.parent


def _fuera(campo: Campo, elegido: Reglamento) -> list[tuple[str, int, int | float | None]]:
    minimo, maximo = campo.minimo, campo.maximo
    if campo.limites is not None:
        minimo, maximo = campo.limites(elegido.parametros)
    debajo = int(minimo) - 1 if minimo is not None else -1
    encima = int(maximo) + 1 if maximo is not None else 10**7
    return [("mínimo", debajo, minimo), ("máximo", encima, maximo)]


def sin_declarar(caso: dict[str, Any]) -> list[str]:
    elegido = reglamento(caso["sistema"], caso["edicion"], caso["opcionales"])
    faltan = []
    for campo in elegido.regla(caso["regla"]).entradas:
        if campo.tipo is not int or campo.opciones is not None:
            continue
        for lado, valor, declarado in _fuera(campo, elegido):
            try:
                elegido.calcular(caso["regla"], {**caso["entradas"], campo.nombre: valor})
            except ErrorTapiz as error:
                if f"«{campo.nombre}»" in str(error) and declarado is None:
                    faltan.append(f"{caso['sistema']}/{caso['regla']} «{campo.nombre}», {lado}")
    return faltan


def main() -> None:
    os.chdir(RAIZ)
    vistas: set[tuple[str, str]] = set()
    faltan: list[str] = []
    for caso in casos_del_libro(configuracion_desde(RAIZ)):
        if (caso["sistema"], caso["regla"]) not in vistas:
            vistas.add((caso["sistema"], caso["regla"]))
            faltan += sin_declarar(caso)
    print("\n".join(faltan))
    print(f"{len(faltan)} límites sin declarar en {len(vistas)} reglas con ejemplos")


if __name__ == "__main__":
    main()
