"""Genera lo que el JavaScript toma de Python: ``contrato.js`` y los widgets de ``dados.js``.

Los límites de la notación viven una sola vez, en ``tapiz_rules/dados/limites.py``; el
JavaScript los importa de este módulo generado. El presupuesto del cálculo exacto y su modelo
de coste no van: el navegador no calcula probabilidades (las trae la página o las da el motor
en la página). Los widgets viven en ``mkdocs_plugins/nucleo/widgets/widgets.py``; su tabla se
escribe entre las marcas de ``dados.js`` (no en un módulo aparte: es la base de toda página y no
debe pedir un fichero más). Uso: ``uv run python -m desarrollo.contrato`` (reescribe los dos
ficheros; la salida es determinista y se guarda en git).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs_plugins.nucleo.widgets.widgets import tabla_js
from tapiz_rules.dados import LIMITES, PROFUNDIDAD_POR_DEFECTO

RUTA = Path(__file__).resolve().parent.parent / "mkdocs_plugins" / "tema" / "tapiz" / "contrato.js"
DADOS = RUTA.with_name("dados.js")
ORDEN = "uv run python -m desarrollo.contrato"
SOLO_PYTHON = frozenset({"trabajo"})
"""Los límites que solo mira el motor de Python: el presupuesto del cálculo exacto."""
_TABLA = re.compile(
    r"(// GENERADO desde mkdocs_plugins/nucleo/widgets/widgets\.py[^\n]*\n)"
    r"(.*?)(\n// hasta aquí\.)",
    re.S,
)


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
                "Topes de una expresión de dados.",
                {c: v for c, v in vars(LIMITES).items() if c not in SOLO_PYTHON},
            ),
            "/** La profundidad de «!» cuando no se escribe número. */",
            f"export const PROFUNDIDAD_POR_DEFECTO = {PROFUNDIDAD_POR_DEFECTO};",
            "",
        ]
    )


def dados_js_al_dia(fuente: str) -> str:
    """``dados.js`` con la tabla de widgets que da el registro, entre sus marcas."""
    if not _TABLA.search(fuente):
        raise SystemExit("dados.js no tiene las marcas de la tabla de widgets")
    return _TABLA.sub(lambda m: m.group(1) + tabla_js() + m.group(3), fuente, count=1)


def main() -> None:
    RUTA.write_text(texto_del_contrato(), encoding="utf-8")
    DADOS.write_text(dados_js_al_dia(DADOS.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"escritos {RUTA} y {DADOS}")


if __name__ == "__main__":
    main()
