"""Chromium, o cada hilo de sus páginas, con una cuota de CPU (cgroups v1, ``cpu.cfs_quota_us``).

``Emulation.setCPUThrottlingRate`` (CDP) frena la página, pero apenas el Worker del motor:
``fases_vivo.py --cpu 4`` lo vio 1,45 veces más lento, no 4. Con una cuota, el navegador entero
(página, Worker, red y GPU) comparte esa fracción de un núcleo: con 0,25, lo que corre en un
solo hilo (el arranque de Pyodide) va unas cuatro veces más lento, y lo que corre a la vez en
varios, más aún. Es una cota pesimista de un móvil de gama media, donde cada hilo tiene su
núcleo. Pide permiso para escribir en ``/sys/fs/cgroup/cpu`` (root).

:func:`hilos_lentos` es la emulación fiel: cada hilo de la página, el Worker incluido, en su
propio cgroup con ``1/veces`` de un núcleo. CDP no puede hacerlo: ``Emulation.setCPUThrottlingRate``
enviado a la sesión de un Worker responde «Operation is only supported for pages, not workers».
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup/cpu")
PERIODO = 100_000
"""Microsegundos de cada periodo de la cuota."""
PERIODO_DE_UN_HILO = 10_000
"""El de cada hilo, más corto: un hilo que trabaja 10 ms no corre de un tirón y luego espera."""


def _descendientes(pid: int) -> list[int]:
    hijos: dict[int, list[int]] = {}
    for nombre in os.listdir("/proc"):
        if not nombre.isdigit():
            continue
        try:
            estado = Path(f"/proc/{nombre}/stat").read_text()
        except OSError:
            continue
        padre = int(estado.rsplit(")", 1)[1].split()[1])
        hijos.setdefault(padre, []).append(int(nombre))
    pendientes, todos = [pid], []
    while pendientes:
        for hijo in hijos.get(pendientes.pop(), []):
            todos.append(hijo)
            pendientes.append(hijo)
    return todos


@contextmanager
def cuota(fraccion: float) -> Iterator[None]:
    """Dentro, cada proceso de Chromium que desciende de este (el navegador ya lanzado, su
    zigoto y lo que este cree después) corre con ``fraccion`` de un núcleo."""
    grupo = CGROUP / f"tapiz-bench-{os.getpid()}"
    grupo.mkdir()
    try:
        (grupo / "cpu.cfs_period_us").write_text(str(PERIODO))
        (grupo / "cpu.cfs_quota_us").write_text(str(int(PERIODO * fraccion)))
        for pid in _descendientes(os.getpid()):
            with suppress(OSError):  # un proceso que ya terminó
                if "chrom" in Path(f"/proc/{pid}/comm").read_text():
                    (grupo / "cgroup.procs").write_text(str(pid))
        yield
    finally:
        for proceso in (grupo / "cgroup.procs").read_text().split():
            with suppress(OSError):
                (CGROUP / "cgroup.procs").write_text(proceso)
        grupo.rmdir()


def _hilos_de_las_paginas(pid: int) -> set[int]:
    """Los hilos de los procesos de página de Chromium que descienden de ``pid``, menos el
    principal de cada uno y el que lo frena (``Emulation.setCPUThrottlingRate`` lo detiene a
    ratos desde su propio hilo: frenado este, el principal iría más deprisa)."""
    hilos: set[int] = set()
    for proceso in _descendientes(pid):
        with suppress(OSError):
            if b"--type=renderer" not in Path(f"/proc/{proceso}/cmdline").read_bytes():
                continue
            for hilo in os.listdir(f"/proc/{proceso}/task"):
                nombre = Path(f"/proc/{proceso}/task/{hilo}/comm").read_text()
                if int(hilo) != proceso and not nombre.startswith("CPUThrottling"):
                    hilos.add(int(hilo))
    return hilos


@contextmanager
def hilos_lentos(veces: float) -> Iterator[None]:
    """Dentro, cada hilo de las páginas de Chromium salvo el principal (el Worker del motor, los
    que compilan el WebAssembly…) corre con ``1/veces`` de un núcleo, cada uno en su propio
    cgroup: como en un móvil, donde cada hilo tiene su núcleo y cada núcleo es ``veces`` más
    lento. Un hilo de fondo los busca cada 2 ms; el principal lo frena CDP."""
    grupos: dict[int, Path] = {}
    parar = threading.Event()

    def frenar() -> None:
        while not parar.wait(0.002):
            for hilo in _hilos_de_las_paginas(os.getpid()) - grupos.keys():
                grupo = CGROUP / f"tapiz-hilo-{os.getpid()}-{hilo}"
                grupo.mkdir()
                grupos[hilo] = grupo
                (grupo / "cpu.cfs_period_us").write_text(str(PERIODO_DE_UN_HILO))
                (grupo / "cpu.cfs_quota_us").write_text(str(int(PERIODO_DE_UN_HILO / veces)))
                with suppress(OSError):  # un hilo que ya terminó
                    (grupo / "tasks").write_text(str(hilo))

    buscador = threading.Thread(target=frenar, daemon=True)
    buscador.start()
    try:
        yield
    finally:
        parar.set()
        buscador.join()
        for grupo in grupos.values():
            for hilo in (grupo / "tasks").read_text().split():
                with suppress(OSError):
                    (CGROUP / "tasks").write_text(hilo)
            grupo.rmdir()
