"""El repositorio de quien diseña un Lienzo, fuera de este: lo que escribe ``tapiz nuevo-lienzo``
y las órdenes con que se comprueba, tal como las escribe (``mkdocs``, ``pytest``, ``tapiz``)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

EJEMPLO = "docs/reglas.md"
LINEA_DEL_VALOR = 15
"""La línea de ``espera: {raciones: 12}`` en la página que escribe el andamio."""


def entorno(sin_node: bool = False) -> dict[str, str]:
    """El de las órdenes: sin el aviso de MkDocs 2 y, con ``sin_node``, sin Node en el PATH
    (como quien diseña sin él: las reglas en vivo se publican sin precompilar)."""
    variables = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    variables.pop("PYTHONPATH", None)
    if sin_node:
        carpetas = variables.get("PATH", "").split(os.pathsep)
        variables["PATH"] = os.pathsep.join(c for c in carpetas if not (Path(c) / "node").exists())
    return variables


def ejecutar(
    orden: list[str], carpeta: Path, sin_node: bool = False
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        orden, cwd=carpeta, capture_output=True, text=True, env=entorno(sin_node), check=False
    )


def equivocar(carpeta: Path) -> None:
    """Cambia el número que espera el ejemplo de la página: 12 raciones pasan a ser 13."""
    pagina = carpeta / EJEMPLO
    texto = pagina.read_text(encoding="utf-8")
    assert texto.splitlines()[LINEA_DEL_VALOR - 1] == "espera: {raciones: 12}"
    pagina.write_text(texto.replace("raciones: 12}", "raciones: 13}"), encoding="utf-8")


FALLO = (
    f"{EJEMPLO}:{LINEA_DEL_VALOR}: el ejemplo «Cuatro personas, tres días de camino» no "
    "coincide con el motor (regla «provisiones»):\n"
    f"  - raciones (línea {LINEA_DEL_VALOR}): la página espera 13, el motor calcula 12"
)
"""El mensaje del ejemplo equivocado, el mismo en todas las órdenes."""
