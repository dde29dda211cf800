"""Una regla por su identificador, con entradas y salidas en JSON.

Es lo que da ``tapiz regla --json`` y lo que responde el módulo JavaScript publicado con la
API (``api/v1/tapiz.mjs``, que ejecuta este mismo paquete con Pyodide): la misma respuesta y
los mismos errores, ``{"error": {"mensaje": …, "entrada": …}}``.

Una petición es ``{"regla": "reparto-puntos", "entradas": {…}}`` y, si hace falta,
``"sistema"``, ``"edicion"``, ``"opcionales"`` y ``"lienzo"``, con los identificadores de la
API. La respuesta lleva ``valores`` (las salidas como las declara la regla), ``exactos`` (las
que el motor calcula exactas, como fracción junto a su decimal) y ``pasos``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import PurePosixPath
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento, Resultado

__all__ = ["error_en_json", "evaluar", "exacto", "resultado_en_json"]


def exacto(valor: Fraction) -> dict[str, Any]:
    """Una fracción exacta junto a su decimal: ``{"fraccion": "20/27", "decimal": 0.74…}``."""
    return {"fraccion": f"{valor.numerator}/{valor.denominator}", "decimal": float(valor)}


def resultado_en_json(resultado: Resultado) -> dict[str, Any]:
    return {
        "valores": resultado.valores,
        "exactos": {clave: exacto(valor) for clave, valor in resultado.exactos.items()},
        "pasos": list(resultado.pasos),
    }


def error_en_json(error: ErrorTapiz | str) -> dict[str, Any]:
    """Un error como lo da toda orden con ``--json``: su mensaje y la entrada culpable."""
    return {"error": {"mensaje": str(error), "entrada": getattr(error, "campo", None)}}


def evaluar(
    peticion: str | Mapping[str, Any], reglamento_de: Callable[[Mapping[str, Any]], Reglamento]
) -> dict[str, Any]:
    """La respuesta a una petición (un error se responde, nunca se lanza)."""
    try:
        datos = _objeto(json.loads(peticion) if isinstance(peticion, str) else peticion)
        entradas = datos.get("entradas", {})
        if not isinstance(entradas, Mapping):
            raise ErrorTapiz('«entradas» debe ser un objeto JSON, por ejemplo {"puntos": 7}')
        elegido = reglamento_de(datos)
        regla = elegido.regla(str(datos.get("regla") or ""))
        return resultado_en_json(regla.ejecutar(elegido.parametros, entradas))
    except json.JSONDecodeError as error:
        return error_en_json(f"la petición no es JSON válido (columna {error.colno})")
    except ErrorTapiz as error:
        return error_en_json(error)


def _objeto(datos: Any) -> Mapping[str, Any]:
    if not isinstance(datos, Mapping):
        raise ErrorTapiz('la petición debe ser un objeto JSON, por ejemplo {"regla": "accion"}')
    return datos


def opcionales(peticion: Mapping[str, Any]) -> list[str]:
    """Los códigos de las reglas opcionales de una petición (``tzr0001`` → ``TZR0001``)."""
    dadas = peticion.get("opcionales") or []
    return [str(o).upper() for o in dadas] if isinstance(dadas, list) else []


def del_libro(libro: str, carpeta: str) -> Callable[[str], str]:
    """Quien responde a las peticiones (JSON) con las reglas del libro publicado: su
    ``libro.json`` (los Lienzos ya leídos) y la carpeta donde se desempaquetó ``motor.zip``.
    Lo usa el módulo JavaScript; un Lienzo se nombra por su identificador de la API."""
    from tapiz_rules import vivo

    datos = json.loads(libro)
    vivo.preparar(datos, carpeta)
    lienzos = {  # el identificador de la API: el nombre de la carpeta de su lienzo.yml
        PurePosixPath(str(d["ruta"])).parent.name: str(d["nombre"])
        for d in datos.get("lienzos", [])
    }

    def reglamento_de(peticion: Mapping[str, Any]) -> Reglamento:
        lienzo = str(peticion.get("lienzo") or "")
        return vivo.reglamento(
            {
                "sistema": peticion.get("sistema") or "tapiz",
                "edicion": peticion.get("edicion") or "",
                "opcionales": opcionales(peticion),
                "lienzo": lienzos.get(lienzo, lienzo),
            }
        )

    def responder(peticion: str) -> str:
        return json.dumps(evaluar(peticion, reglamento_de), ensure_ascii=False)

    return responder
