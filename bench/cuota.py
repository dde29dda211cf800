"""Chromium entero con una cuota de CPU (un cgroup v1 con ``cpu.cfs_quota_us``).

``Emulation.setCPUThrottlingRate`` (CDP) frena la página, pero apenas el Worker del motor:
``fases_vivo.py --cpu 4`` lo vio 1,45 veces más lento, no 4. Con una cuota, el navegador entero
(página, Worker, red y GPU) comparte esa fracción de un núcleo: con 0,25, lo que corre en un
solo hilo (el arranque de Pyodide) va unas cuatro veces más lento, y lo que corre a la vez en
varios, más aún. Es una cota pesimista de un móvil de gama media, donde cada hilo tiene su
núcleo. Pide permiso para escribir en ``/sys/fs/cgroup/cpu`` (root).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup/cpu")
PERIODO = 100_000
"""Microsegundos de cada periodo de la cuota."""


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
