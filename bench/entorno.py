"""El entorno de los procesos que mide un banco: con los ``.pyc`` de Python, como los tiene
quien instala el paquete (pip los compila al instalar; Python los escribe la primera vez).

Con ``PYTHONDONTWRITEBYTECODE`` (algunas máquinas de desarrollo, esta incluida) cada proceso
nuevo compila otra vez cada módulo que importa. MkDocs solo tardaba en construir el libro 0,88 s
en lugar de 0,68 s, y compilar lo que se importa al construir (los lenguajes de Pygments)
disimulaba lo que añade el plugin: su razón en frío era 1,20 sin ``.pyc`` y 1,33 con ellos.
Aquí se escriben en ``.cache/pyc`` (``PYTHONPYCACHEPREFIX``), no junto a las fuentes, como en
``tareas.py pruebas``.
"""

from __future__ import annotations

import os
from pathlib import Path

BYTECODE = Path(__file__).resolve().parent.parent / ".cache" / "pyc"


def con_bytecode(**cambios: str) -> dict[str, str]:
    """El entorno de este proceso con ``cambios`` y sin ``PYTHONDONTWRITEBYTECODE``."""
    entorno = dict(os.environ, **cambios)
    if entorno.pop("PYTHONDONTWRITEBYTECODE", ""):
        entorno.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE))
    return entorno
