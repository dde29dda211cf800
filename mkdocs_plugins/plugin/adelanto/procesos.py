"""Los bloques de las páginas, ejecutados por adelantado en otros procesos.

MkDocs convierte las páginas una tras otra en un solo proceso. En una
construcción sin caché, ejecutar los bloques (sobre todo precalcular «Repetir»)
es la mayor parte del coste del plugin; pero solo depende de cada página, así
que otros procesos pueden hacerlo mientras MkDocs convierte las anteriores,
como el plugin social de mkdocs-material reparte sus tarjetas.

Cada proceso pasa sus páginas por los preprocesadores de Markdown (ahí
``pymdownx.superfences`` encuentra las vallas y llama a la extensión, como en la
construcción) y envía las entradas de caché de sus bloques, más las de las
distribuciones de los dados de su texto, que necesitan los ficheros de datos; el plugin
las ofrece a la caché antes de convertir la página. Envía
también la estructura que markdown-it-py leyó del texto de la página: si MkDocs da a la
extensión exactamente ese texto, no lo lee otra vez.
Una entrada solo se usa si su clave (el texto, el sitio y las reglas del bloque)
coincide: si algo difiere, el bloque se ejecuta en MkDocs como siempre. Los
bloques con problemas nunca llegan a la caché, así que sus mensajes salen siempre
de la construcción.

El primer proceso hace también los encargos del plugin: lo que solo depende de la
fuente. Unos antes de sus páginas, porque MkDocs los necesita pronto (el historial de
versiones) o tardan (la precompilación del motor); los demás al acabarlas (la página
«Estado del SRD», los ficheros de la API ``api/v1/``). MkDocs los recoge cuando los
necesita; si ese proceso falló, los hace él, como sin adelanto.

Los procesos se bifurcan (``fork``) del de MkDocs, que ya tiene todo cargado.
Donde no se puede bifurcar sin riesgo (sin ``fork``, en macOS, o con otros hilos
vivos, como en las reconstrucciones de ``mkdocs serve``) no hay adelanto y todo se
ejecuta en MkDocs.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mkdocs_plugins.nucleo.fuente import Configuracion
from mkdocs_plugins.plugin.adelanto import salida
from mkdocs_plugins.plugin.adelanto.ejecutor import Ejecutor, Leida, PaginaPendiente, orden
from mkdocs_plugins.plugin.adelanto.reparto import Reparto


@dataclass(frozen=True)
class ConPagina:
    """Lo que da un encargo que además escribe una página generada (``pagina``, con su texto):
    el auxiliar la lee como las suyas y MkDocs recibe, con ``valor``, lo que leyó (véase
    ``Adelanto.encargo``)."""

    valor: Any
    pagina: PaginaPendiente
    entradas: dict[str, Any] | None = None
    leida: Leida | None = None


def procesos_por_defecto() -> int:
    """Un proceso por núcleo libre: el otro es el de MkDocs."""
    return max((os.cpu_count() or 1) - 1, 0)


def se_puede_bifurcar() -> bool:
    """Con ``fork``, sin otros hilos vivos y fuera de macOS (donde bifurcar no es seguro)."""
    return (
        sys.platform != "darwin"
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    )


class Congelado:
    """Lo ya creado, fuera de la recogida de basura mientras viva un proceso bifurcado: si no,
    recorrerlo escribiría en páginas de memoria compartidas, que el sistema copiaría una a una
    en cada proceso (la pauta de la documentación de ``gc.freeze``). ``soltar`` deja la
    recogida como estaba (el plugin ya congela lo cargado en «mkdocs build»).

    ``gc.get_freeze_count`` recorre todo lo congelado (unos 5 ms en el libro): solo se pregunta
    si no hay ya un ``Congelado`` vivo, que lo sabe sin contar."""

    vivos = 0

    def __init__(self) -> None:
        self._ya_congelado = Congelado.vivos > 0 or gc.get_freeze_count() > 0
        Congelado.vivos += 1
        gc.freeze()

    def soltar(self) -> None:
        Congelado.vivos -= 1
        if not self._ya_congelado:
            gc.unfreeze()


ESPERA_AL_TERMINAR = 5.0
"""Segundos que MkDocs espera a que un auxiliar termine ordenadamente antes de matarlo."""
SIN_PAGINA = -1
"""Lo que se envía sin ser de una página: el encargo ``n`` llega con el índice
``SIN_PAGINA - n``."""
Encargo = tuple[str, Callable[[], Any]]
"""Un nombre y lo que hay que hacer: lo hace el primer proceso auxiliar, antes o después de
sus páginas."""


class Adelanto:
    """Páginas repartidas entre los procesos auxiliares y MkDocs, sin esperar turnos.

    Cada página tiene un estado compartido: la toma quien llega antes. Los
    auxiliares la recorren en orden; MkDocs, al ir a convertir una que nadie ha
    tomado, se la queda y la ejecuta él. Si ya la tiene otro proceso, espera sus
    entradas, que llegan por una cola (cuyo hilo escribe mientras el proceso sigue);
    mientras no llegan, adelanta él las siguientes que nadie ha tomado.
    """

    def __init__(
        self,
        configuracion: Configuracion,
        paginas: list[PaginaPendiente],
        procesos: int,
        *,
        antes: Sequence[Encargo] = (),
        encargos: Sequence[Encargo] = (),
        markdown: tuple[list[Any], dict[str, Any]] | None = None,
    ) -> None:
        """Los ``encargos`` los hace el primer proceso, en orden, tras sus páginas (y los de
        ``antes``, antes de ellas): quien los pide debe recogerlos (``encargo``), o el
        proceso no puede acabar. ``markdown`` son las extensiones de la construcción y sus
        ajustes: con ellas, los procesos ven el texto de cada página como la extensión en
        MkDocs."""
        contexto = multiprocessing.get_context("fork")
        self._configuracion, self._paginas, self._markdown = configuracion, paginas, markdown
        self._propio: Ejecutor | None = None
        """El ejecutor de MkDocs para las páginas que adelanta mientras espera otra."""
        self._indices = {pagina.ruta: indice for indice, pagina in enumerate(paginas)}
        self._estados = Reparto(len(paginas), contexto)
        self._cola: multiprocessing.Queue[tuple[int, Any]] = contexto.Queue()
        self._recibidas: dict[int, Any] = {}
        self._leidas: dict[str, Leida] = {}
        self._de_encargos: dict[str, dict[str, Any]] = {}
        """Las entradas de las páginas que generan los encargos, por su ruta."""
        todos = [*antes, *encargos]
        self._encargos = {nombre: SIN_PAGINA - n for n, (nombre, _) in enumerate(todos)}
        self._procesos = [
            contexto.Process(
                target=_trabajar,
                args=(configuracion, paginas, self._estados, self._cola),
                kwargs={
                    "antes": antes if numero == 0 else (),
                    "encargos": encargos if numero == 0 else (),
                    "markdown": markdown,
                },
                daemon=True,
            )
            for numero in range(procesos)
        ]
        self._congelado = Congelado()
        for proceso in self._procesos:
            proceso.start()

    def entradas(self, ruta: str) -> dict[str, Any]:
        """Las entradas de la página: ninguna si MkDocs llega antes o si su proceso falló."""
        indice = self._indices.pop(ruta, None)
        if indice is None:
            return self._de_encargos.pop(ruta, {})
        if self._estados.para_mkdocs(indice):
            return {}
        recibido = self._esperar_pagina(indice)
        if recibido is None:
            return {}
        entradas, leida = recibido
        if leida is not None:
            self._leidas[ruta] = leida
        return dict(entradas)

    def leida(self, ruta: str) -> Leida | None:
        """La estructura de la página que leyó otro proceso (tras ``entradas``), si la hay."""
        return self._leidas.pop(ruta, None)

    def encargado(self, nombre: str) -> bool:
        """Si se encargó (y aún no se ha recogido)."""
        return nombre in self._encargos

    def encargo(self, nombre: str) -> Any:
        """Lo que dio ese encargo, esperándolo; None si no se encargó o si su proceso falló.

        Si además generó una página (``ConPagina``), lo que el auxiliar leyó de ella queda
        para cuando MkDocs la convierta (``entradas`` y ``leida``)."""
        indice = self._encargos.pop(nombre, None)
        hecho = None if indice is None else self._esperar(indice)
        if not isinstance(hecho, ConPagina):
            return hecho
        ruta = hecho.pagina.ruta
        self._de_encargos[ruta] = hecho.entradas or {}
        if hecho.leida is not None:
            self._leidas[ruta] = hecho.leida
        return hecho.valor

    def _esperar_pagina(self, indice: int) -> Any:
        """Lo que envíe el auxiliar que tomó esa página. Mientras no llega, MkDocs ejecuta él
        los bloques de las siguientes que nadie ha tomado, como haría el auxiliar: esperar
        sería dejar un núcleo parado, y cuando llegue a ellas ya estarán."""
        self._recoger()
        while indice not in self._recibidas:
            siguiente = self._estados.adelantar_para_mkdocs(indice)
            if siguiente is None:
                break
            self._recibidas[siguiente] = self._leer_aqui(self._paginas[siguiente])
            self._recoger()
        return self._esperar(indice)

    def _leer_aqui(self, pagina: PaginaPendiente) -> Any:
        """Lo que enviaría un auxiliar de esa página, leída en el proceso de MkDocs."""
        if self._propio is None:
            self._propio = Ejecutor(self._configuracion, self._markdown)
        try:
            return (self._propio.entradas_de(pagina), self._propio.leida)
        except Exception:  # sus bloques se ejecutarán al convertirla, con su mensaje
            return ({}, None)

    def _esperar(self, indice: int) -> Any:
        """Lo que envíen con ese índice; None si antes terminan todos los procesos."""
        self._recoger()
        while indice not in self._recibidas:
            try:
                recibido, enviado = self._cola.get(timeout=0.5)
            except queue.Empty:
                if not any(proceso.is_alive() for proceso in self._procesos):
                    self._recoger()  # lo que enviaron justo antes de acabar
                    return self._recibidas.pop(indice, None)
                continue
            self._recibidas[recibido] = enviado
        return self._recibidas.pop(indice)

    def _recoger(self) -> None:
        """Lo que ya está en la cola, sin esperar: vaciarla deja al auxiliar terminar y salir
        antes, y desde entonces MkDocs ya no comparte con él memoria que copiar al escribirla."""
        while True:
            try:
                recibido, entradas = self._cola.get_nowait()
            except queue.Empty:
                return
            self._recibidas[recibido] = entradas

    def cerrar(self, *, esperar: bool = True) -> None:
        """Termina los auxiliares. Sin ``esperar`` (cuando ya se recogió todo lo que envían y
        solo les queda salir), MkDocs sigue sin esperar a que salgan: ``multiprocessing`` los
        recoge después."""
        for proceso in self._procesos:
            proceso.terminate()  # sale ordenadamente (véase _trabajar)...
            if not esperar:
                continue
            proceso.join(ESPERA_AL_TERMINAR)
            if proceso.is_alive():  # ...o no: que no cuelgue la construcción
                proceso.kill()
                proceso.join()
        self._cola.close()
        self._congelado.soltar()


def _trabajar(
    configuracion: Configuracion,
    paginas: list[PaginaPendiente],
    estados: Reparto,
    cola: multiprocessing.Queue[tuple[int, Any]],
    *,
    antes: Sequence[Encargo] = (),
    encargos: Sequence[Encargo] = (),
    markdown: tuple[list[Any], dict[str, Any]] | None = None,
) -> None:
    """En un proceso auxiliar: los encargos de ``antes``; después toma cada página que nadie
    ha tomado (en el orden de ``ejecutor.orden``) y envía sus entradas; y después los demás
    ``encargos``.

    No toma la página que MkDocs necesita justo después de la que convierte: si el auxiliar
    la alcanza es que no va por delante, y MkDocs la esperaría; mejor que la haga él mientras
    el auxiliar hace la siguiente (si no, con un auxiliar que va justo a su paso, MkDocs
    esperaría en cada página)."""
    gc.freeze()  # lo heredado no se recorre al recoger basura: ni tiempo ni copias de memoria

    # Lo que no llegó a enviar ya no lo espera nadie.
    salida.al_terminar(cola.cancel_join_thread)
    ejecutor = Ejecutor(configuracion, markdown)
    _hacer(antes, cola, ejecutor)
    for indice in orden(paginas):
        if not estados.para_un_auxiliar(indice):
            continue
        try:
            enviado = (ejecutor.entradas_de(paginas[indice]), ejecutor.leida)
        except Exception:  # el bloque se ejecutará en MkDocs, que informará del problema
            enviado = ({}, None)
        cola.put((indice, enviado))
    _hacer(encargos, cola, ejecutor, primero=len(antes))


def _hacer(
    encargos: Sequence[Encargo],
    cola: multiprocessing.Queue[tuple[int, Any]],
    ejecutor: Ejecutor,
    primero: int = 0,
) -> None:
    """Envía lo que dé cada encargo (None si falla), con su índice; con lo que se lee de la
    página que genere, si genera una."""
    for numero, (_, hacer) in enumerate(encargos, primero):
        try:
            hecho = hacer()
        except Exception:  # MkDocs lo hará él, y dirá el error si lo hay
            hecho = None
        if isinstance(hecho, ConPagina):
            hecho = _leida(hecho, ejecutor)
        cola.put((SIN_PAGINA - numero, hecho))


def _leida(hecho: ConPagina, ejecutor: Ejecutor) -> ConPagina:
    """El encargo con lo que se leyó de su página (sin su texto: MkDocs ya lo tiene)."""
    sin_texto = replace(hecho.pagina, contenido=None)
    try:
        entradas = ejecutor.entradas_de(hecho.pagina)
    except Exception:  # MkDocs la convertirá él, y dirá el error si lo hay
        return replace(hecho, pagina=sin_texto)
    return replace(hecho, pagina=sin_texto, entradas=entradas, leida=ejecutor.leida)
