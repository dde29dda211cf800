"""Lo que es un tipo de valla y lo que deja cada bloque al ejecutarse."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mkdocs_plugins.nucleo.fuente.bloques import Bloque
from mkdocs_plugins.nucleo.fuente.problemas import Problema
from mkdocs_plugins.nucleo.vallas.ejecucion import Diferencia
from tapiz_rules.modelo import Reglamento


@dataclass(frozen=True)
class Fragmento:
    """Lo que deja un bloque: su HTML y, si es un ejemplo, su título, su ancla y sus datos."""

    bloque: Bloque
    html: str
    problema: Problema | None = None
    identificador: str = ""
    titulo: str = ""
    datos: str | None = None
    """Los datos de «Repetir» (en JSON), si el ejemplo tira dados."""
    avisos: tuple[Problema, ...] = ()
    """Lo que no es un error pero conviene mirar: entradas que no cambian lo que se afirma."""
    diferencias: tuple[Diferencia, ...] = ()
    """Si el único problema son valores de «espera» distintos de los del motor, cuáles."""

    @property
    def es_ejemplo(self) -> bool:
        return self.bloque.tipo == "tapiz-ejemplo"

    @property
    def es_prueba(self) -> bool:
        """Si pytest lo recoge como un ítem propio: los ejemplos y las comparativas."""
        from mkdocs_plugins.nucleo.vallas.tipos import VALLAS

        return VALLAS[self.bloque.tipo].es_prueba


@dataclass(frozen=True)
class Ejecucion:
    """Lo que un tipo de valla necesita para ejecutar uno de sus bloques."""

    bloque: Bloque
    ruta: str
    reglamento: Reglamento
    ancla: str
    """Su ancla en la página (solo los tipos que son pruebas la tienen)."""
    titulo: str


@dataclass(frozen=True)
class Valla:
    """Un tipo de valla ``tapiz-*``: cómo se lee, se ejecuta y se muestra uno de sus bloques.

    ``ejecutar`` lanza ``ErrorDePagina``, ``ErrorTapiz`` o ``ValoresDistintos`` ante un
    problema; ``fragmentos`` los convierte en un problema con su línea.
    """

    tipo: str
    ejecutar: Callable[[Ejecucion], Fragmento]
    es_prueba: bool
    """Si cada bloque es un ítem de pytest con título y ancla propios."""
