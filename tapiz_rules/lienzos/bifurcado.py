"""El proceso de un Lienzo bifurcado del que comprueba, en lugar de un Python arrancado de cero.

Arrancar un intérprete nuevo e importar ``tapiz_rules`` cuesta unos 90 ms; bifurcar el
proceso que ya lo tiene importado, unos 7. El aislamiento es el mismo que el de
``python -m tapiz_rules.lienzos.trabajador``: otro proceso, en su propia sesión, que no ve
más que sus dos tubos (los demás descriptores heredados pasan a ser ``/dev/null`` antes de
tocar el código del Lienzo), que se encierra igual (:mod:`tapiz_rules.lienzos.encierro`) y
que contesta con JSON; lo que cambie en su copia de la memoria no vuelve.

Bifurcar solo es seguro en un proceso sin otros hilos y sin memoria compartida con otros
procesos (la de ``multiprocessing`` seguiría compartida sin sus descriptores): por
eso solo se bifurca dentro de :func:`permitido`, que abre quien sabe que es así (el plugin
de MkDocs al leer las reglas, antes de bifurcar su adelanto); en cualquier otro caso se
arranca un Python nuevo.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_PERMITIDO = [False]
_RESERVA = [False]
_SALIR = os._exit
"""El de verdad: el trabajador sustituye ``os._exit`` para que el Lienzo no pueda usarlo."""


@contextlib.contextmanager
def permitido(*, reserva: bool = False) -> Iterator[None]:
    """Mientras dure, los procesos de los Lienzos se bifurcan (si se puede, véase arriba).

    Con ``reserva``, cada Lienzo bifurca además otro proceso para el único proceso que quien
    lo pide bifurcará después (el adelanto del plugin): al heredarlo, ese no tiene que
    arrancar un Python de cero, que no puede bifurcar (comparte memoria con quien lo creó)."""
    antes = _PERMITIDO[0], _RESERVA[0]
    _PERMITIDO[0], _RESERVA[0] = True, reserva
    try:
        yield
    finally:
        _PERMITIDO[0], _RESERVA[0] = antes


def con_reserva() -> bool:
    return _RESERVA[0]


def se_puede() -> bool:
    return (
        _PERMITIDO[0]
        and sys.platform == "linux"  # con fork seguro y /proc (véase _tapar_los_heredados)
        and threading.active_count() == 1
    )


class Bifurcado:
    """Lo que ``Trabajador`` usa de ``subprocess.Popen``, para un proceso bifurcado."""

    def __init__(self, carpeta: Path) -> None:
        peticiones, hacia_el_hijo = os.pipe()
        desde_el_hijo, respuestas = os.pipe()
        for flujo in (sys.stdout, sys.stderr):
            flujo.flush()  # lo pendiente no puede salir también por el hijo
        self.pid = os.fork()
        if self.pid == 0:
            _en_el_hijo(peticiones, respuestas, carpeta)
        os.close(peticiones)
        os.close(respuestas)
        self.stdin: BinaryIO = os.fdopen(hacia_el_hijo, "wb")
        self.stdout: BinaryIO = os.fdopen(desde_el_hijo, "rb")
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, estado = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # ya lo recogió otro: no se sabe con qué código
                self.returncode = -1
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(estado)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if timeout is None and self.returncode is None:  # sin límite: esperar sin sondear
            try:
                self.returncode = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
            except ChildProcessError:  # ya lo recogió otro: no se sabe con qué código
                self.returncode = -1
            return self.returncode
        hasta = None if timeout is None else time.monotonic() + timeout
        while (codigo := self.poll()) is None:
            if hasta is not None and time.monotonic() >= hasta:
                import subprocess  # aquí: en la página (Pyodide) no se importa

                raise subprocess.TimeoutExpired(f"Lienzo ({self.pid})", timeout or 0)
            time.sleep(0.005)
        return codigo

    def kill(self) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)


def _en_el_hijo(peticiones: int, respuestas: int, carpeta: Path) -> None:
    """En el proceso bifurcado: solo sus dos tubos, y el bucle del trabajador. Nunca vuelve
    (ni con una excepción, que seguiría por el código del proceso que comprueba)."""
    try:
        # Lo heredado no se recoge aquí: sus finalizadores (borrar una carpeta temporal,
        # cerrar un fichero) son cosa del otro proceso.
        gc.freeze()
        os.setsid()  # su propia sesión y su grupo, que se mata entero al cerrarlo
        os.dup2(peticiones, 0)
        os.dup2(respuestas, 1)
        _tapar_los_heredados()
        os.chdir(carpeta)
        sys.dont_write_bytecode = True  # como «python -B»: nada de __pycache__ en las páginas
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.stdin = os.fdopen(0, "r", closefd=False)
        from tapiz_rules.lienzos import trabajador as _trabajador_lienzo

        _trabajador_lienzo.main()
    except BaseException:  # el hijo acaba aquí pase lo que pase, y dice por qué
        with contextlib.suppress(BaseException):
            traceback.print_exc()
        _SALIR(70)
    _SALIR(0)


def _tapar_los_heredados() -> None:
    """Cada descriptor heredado (salvo la entrada, la salida y los errores) pasa a ser
    ``/dev/null``: el código del Lienzo no puede escribir por ellos, y un objeto heredado
    que cierre el suyo no cierra uno de los tubos (cerrarlos sin más dejaría su número libre
    para el próximo que se abra)."""
    nulo = os.open(os.devnull, os.O_RDWR)
    for nombre in os.listdir("/proc/self/fd"):
        descriptor = int(nombre)
        if descriptor > 2 and descriptor != nulo:
            with contextlib.suppress(OSError):  # el de la propia lista ya está cerrado
                os.dup2(nulo, descriptor)
    os.close(nulo)
