"""Genera ``site_overrides/tapiz/contrato.js``: los números del motor de dados que usa el navegador.

Los límites de la notación y las constantes del modelo de coste viven una sola
vez, en ``tapiz_rules/dados/limites.py``; el JavaScript los importa de este
módulo generado. Uso: ``uv run python -m desarrollo.contrato`` (reescribe
el fichero; la salida es determinista y se guarda en git).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from tapiz_rules.dados import COSTE, LIMITES, PROFUNDIDAD_POR_DEFECTO

RUTA = Path(__file__).resolve().parent.parent / "site_overrides" / "tapiz" / "contrato.js"
ORDEN = "uv run python -m desarrollo.contrato"


def _objeto(nombre: str, descripcion: str, valores: dict[str, int | float]) -> str:
    """Un objeto congelado con su tipo JSDoc (``number`` en cada campo, no el literal)."""
    campos = "".join(f"  {clave}: {json.dumps(valor)},\n" for clave, valor in valores.items())
    tipo = ", ".join(f"{clave}: number" for clave in valores)
    return (
        f"/**\n * {descripcion}\n * @type {{Readonly<{{{tipo}}}>}}\n */\n"
        f"export const {nombre} = Object.freeze({{\n{campos}}});\n"
    )


def texto_del_contrato() -> str:
    """El módulo ES, con una cabecera que dice de dónde sale y cómo regenerarlo."""
    return "\n".join(
        [
            "// @ts-check",
            "// GENERADO a partir de tapiz_rules/dados/limites.py: no editar a mano.",
            f"// Para regenerarlo: {ORDEN}",
            "",
            _objeto(
                "LIMITES",
                "Topes de una expresión de dados y presupuesto del cálculo exacto.",
                dataclasses.asdict(LIMITES),
            ),
            _objeto(
                "COSTE",
                "Constantes del modelo que estima el trabajo del cálculo exacto.",
                dataclasses.asdict(COSTE),
            ),
            "/** La profundidad de «!» cuando no se escribe número. */",
            f"export const PROFUNDIDAD_POR_DEFECTO = {PROFUNDIDAD_POR_DEFECTO};",
            "",
        ]
    )


def main() -> None:
    RUTA.write_text(texto_del_contrato(), encoding="utf-8")
    print(f"escrito {RUTA}")


if __name__ == "__main__":
    main()
