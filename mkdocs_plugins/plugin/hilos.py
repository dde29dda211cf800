"""Lo que el plugin hace en un hilo de MkDocs mientras sigue la construcción.

Solo lo que espera a otros procesos casi todo el tiempo, como preguntar a git el historial
(antes lo hacía el auxiliar del adelanto, que así empieza antes sus páginas). El hilo empieza
tras bifurcar el auxiliar: no se bifurca un proceso con otros hilos.
Escribir cientos de ficheros en un hilo (la API, el motor) salía más caro que escribirlos al
final: cada llamada al sistema suelta el GIL y lo vuelve a pedir, y cada vez MkDocs tiene que
soltarlo (``bench/plugin.md``, «Sin hilos que escriban»). Cada tarea se recoge por su nombre
cuando hace falta; si falló, quien la recoge la hace otra vez en MkDocs, que así informa del
error como sin hilo (lo mismo que con los encargos del auxiliar).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


class Hilos:
    """Las tareas en marcha de una construcción, por nombre."""

    def __init__(self) -> None:
        self._en_marcha: dict[str, Future[Any]] = {}

    def empezar(self, nombre: str, hacer: Callable[[], Any]) -> None:
        hecha: Future[Any] = Future()

        def trabajar() -> None:
            try:
                hecha.set_result(hacer())
            except Exception as error:  # se rehace (y se informa) en MkDocs
                hecha.set_exception(error)

        self._en_marcha[nombre] = hecha
        threading.Thread(target=trabajar, name=f"tapiz-{nombre}", daemon=True).start()

    def en_marcha(self, nombre: str) -> bool:
        return nombre in self._en_marcha

    def recoger(self, nombre: str) -> Any:
        """Lo que dio la tarea, esperándola; None si no se empezó o si falló."""
        hecha = self._en_marcha.pop(nombre, None)
        if hecha is None or hecha.exception() is not None:
            return None
        return hecha.result()

    def esperar_todas(self) -> None:
        """Tras un error de la construcción: que ninguna siga escribiendo en el sitio."""
        for hecha in self._en_marcha.values():
            hecha.exception()
        self._en_marcha.clear()
