"""En la página: el código que ``dataclasses`` genera para las clases del motor, compilado al
construir.

Al crear cada dataclass, ``dataclasses`` escribe el Python de sus métodos (``__init__``,
``__eq__``…) y lo compila. En Pyodide compilar es caro: era casi la mitad de lo que tardaba en
importarse el motor. ``precompilar.mjs`` guarda, al construir y con la misma Pyodide, cada código
compilado bajo su texto (:data:`TABLA`, junto a este módulo en ``motor.zip``). La página llama a
:func:`desde_la_tabla` antes de importar el motor: ``dataclasses`` toma de la tabla lo que ya
está y compila solo el texto que no encuentra (el de una clase de un Lienzo), igual que sin ella.

No importa nada del paquete: corre en la página, y con CPython al construir.
"""

import builtins
import dataclasses
import marshal
from pathlib import Path
from types import CodeType
from typing import Any

TABLA = "codigo_generado.marshal"


def compilar(fuente: str) -> CodeType:
    """Como lo compila ``exec`` dentro de ``dataclasses`` (sin ``from __future__``)."""
    return compile(fuente, "<string>", "exec", dont_inherit=True)


def instalar(compilados: dict[str, CodeType]) -> None:
    """``dataclasses`` ejecuta el código de ``compilados`` en lugar de compilar su texto."""

    def ejecutar(fuente: Any, globales: Any = None, locales: Any = None, /) -> None:
        if isinstance(fuente, str):
            fuente = compilados.get(fuente) or compilar(fuente)
        builtins.exec(fuente, globales, locales)

    dataclasses.exec = ejecutar  # type: ignore[attr-defined]


def desde_la_tabla() -> None:
    """Instala la tabla que va junto a este módulo; sin ella (el libro publicado sin
    precompilar), ``dataclasses`` compila, como siempre."""
    try:
        compilados = marshal.loads(Path(__file__).with_name(TABLA).read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return
    if isinstance(compilados, dict):
        instalar(compilados)
