"""Los bloques de las páginas, ejecutados por adelantado en otros procesos.

MkDocs convierte las páginas una tras otra en un solo proceso. En una
construcción sin caché, ejecutar los bloques (sobre todo precalcular «Repetir»)
es la mayor parte del coste del plugin; pero solo depende de cada página, así
que otros procesos pueden hacerlo mientras MkDocs convierte las anteriores,
como el plugin social de mkdocs-material reparte sus tarjetas.

Cada proceso convierte sus páginas con ``pagina.procesar`` (el mismo código que
pytest) y devuelve las entradas de caché de sus bloques; el plugin las ofrece a
la caché antes de convertir la página. Una entrada solo se usa si su clave (el
texto, el sitio y las reglas del bloque) coincide: si algo difiere, el bloque se
ejecuta en MkDocs como siempre. Los bloques con problemas nunca llegan a la
caché, así que sus mensajes salen siempre de la construcción.

Los procesos se bifurcan (``fork``) del de MkDocs, que ya tiene todo cargado.
Donde no se puede bifurcar sin riesgo (sin ``fork``, o con otros hilos vivos,
como en ``mkdocs serve``) no hay adelanto y todo se ejecuta en MkDocs.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs_plugins.bloques import separar_front_matter
from mkdocs_plugins.cache import Cache
from mkdocs_plugins.configuracion import Configuracion
from mkdocs_plugins.pagina import procesar


@dataclass(frozen=True)
class PaginaPendiente:
    """Lo que hace falta para convertir una página en otro proceso."""

    ruta: str
    """Como la nombran los mensajes (``srd/pagina.md``): es parte de la clave de sus bloques."""
    fichero: str | None
    contenido: str | None = None
    """El texto de una página generada, que no está en disco."""


def procesos_por_defecto() -> int:
    """Un proceso por núcleo libre: el otro es el de MkDocs."""
    return max((os.cpu_count() or 1) - 1, 0)


def se_puede_bifurcar() -> bool:
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


class Adelanto:
    """Las páginas encargadas a otros procesos y, por ruta, sus entradas de caché."""

    def __init__(self, configuracion: Configuracion, procesos: int) -> None:
        self._procesos = ProcessPoolExecutor(
            procesos,
            mp_context=multiprocessing.get_context("fork"),
            initializer=_preparar,
            initargs=(configuracion,),
        )
        self._encargos: dict[str, Future[dict[str, Any]]] = {}

    def encargar(self, paginas: list[PaginaPendiente]) -> None:
        for pagina in paginas:
            self._encargos[pagina.ruta] = self._procesos.submit(_entradas_de, pagina)

    def entradas(self, ruta: str) -> dict[str, Any]:
        """Las entradas de la página; ninguna si su encargo no ha empezado (se cancela:
        MkDocs la ejecuta antes que esperar a su turno) o si falló."""
        encargo = self._encargos.pop(ruta, None)
        if encargo is None or encargo.cancel():
            return {}
        try:
            return encargo.result()
        except Exception:  # un proceso roto o un fallo: el bloque se ejecuta en MkDocs
            return {}

    def cerrar(self) -> None:
        self._procesos.shutdown(wait=False, cancel_futures=True)
        self._encargos.clear()


_CONFIGURACION: Configuracion | None = None


def _preparar(configuracion: Configuracion) -> None:
    global _CONFIGURACION
    _CONFIGURACION = configuracion


def _entradas_de(pagina: PaginaPendiente) -> dict[str, Any]:
    """En el proceso auxiliar: convierte la página y devuelve lo que guardó en la caché."""
    configuracion = _CONFIGURACION
    assert configuracion is not None
    fichero = Path(pagina.fichero or "")
    texto = pagina.contenido
    if texto is None:
        texto = fichero.read_text("utf-8")
    markdown, desplazamiento = separar_front_matter(texto.replace("\r\n", "\n"))
    recogidas = Cache(None, huella="")
    procesar(pagina.ruta, markdown, desplazamiento, configuracion.reglamento_de(fichero), recogidas)
    return recogidas.guardadas()
