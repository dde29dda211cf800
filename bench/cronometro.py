"""El tiempo propio del plugin: el que pasa dentro de su código durante una construcción.

Restar dos construcciones (con y sin plugin) mide también lo que el plugin hace
hacer a otros (el buscador indexa páginas más ricas, el recolector de basura
recorre más objetos) y, con un coste de pocas decenas de milisegundos, el ruido
de la máquina pesa tanto como él. Este cronómetro envuelve los ganchos del
plugin y los puntos de entrada de su extensión de Markdown y suma su tiempo,
sin contar dos veces una llamada anidada.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from mkdocs_plugins import extension
from mkdocs_plugins.extension import extension as modulo_extension
from mkdocs_plugins.extension import valores
from mkdocs_plugins.nucleo.vallas import fragmentos
from mkdocs_plugins.plugin import TapizPlugin

GANCHOS = (
    "on_config",
    "on_pre_build",
    "on_files",
    "on_page_markdown",
    "on_page_content",
    "on_page_context",
    "on_post_page",
    "on_post_build",
)
PUNTOS: list[tuple[Any, str]] = [
    *((TapizPlugin, gancho) for gancho in GANCHOS),
    (fragmentos, "ejecutar"),
    (extension.Estado, "linea_de"),
    (modulo_extension._Fuente, "run"),
    (modulo_extension._DadosEnTexto, "run"),
    (valores.ValorDelMotor, "handleMatch"),
    (valores.DadosNarrados, "handleMatch"),
]


class Cronometro:
    def __init__(self) -> None:
        self.total = 0.0
        self._dentro = 0

    def instalar(self) -> None:
        """Envuelve los puntos; hay que hacerlo antes de cargar la configuración de MkDocs."""
        for dueno, nombre in PUNTOS:
            setattr(dueno, nombre, self._envolver(getattr(dueno, nombre)))

    def _envolver(self, funcion: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(funcion)
        def medida(*args: Any, **kwargs: Any) -> Any:
            if self._dentro:
                return funcion(*args, **kwargs)
            self._dentro += 1
            inicio = time.perf_counter()
            try:
                return funcion(*args, **kwargs)
            finally:
                self.total += time.perf_counter() - inicio
                self._dentro -= 1

        return medida
