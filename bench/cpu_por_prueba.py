"""Complemento de pytest que mide la CPU de cada prueba, la de Chromium incluida.

    uv run pytest -p bench.cpu_por_prueba -n 2 --cpu-informe /tmp/cpu.json

Apunta, por prueba (preparación, llamada y recogida juntas), los segundos de CPU de todo lo que
lanza el proceso de pytest: con permiso para crear un grupo de control (cgroup v1 ``cpuacct``,
como root), cada proceso de pytest entra en uno propio y se lee su ``cpuacct.usage``, que
cuenta también los procesos de Chromium que ya no son sus descendientes; si no, el árbol de
procesos (hilos propios, hijos vivos como Chromium y su controlador, e hijos que ya
terminaron). Con dos núcleos compartidos el reloj de cada prueba dice poco; la CPU dice qué
cuesta cada una, y la suma por fichero dónde recortar. No afirma nada: escribe un JSON por
proceso (``--cpu-informe`` + el nombre del proceso de xdist) que ``bench/bench_suite.py --cpu``
resume.
"""

from __future__ import annotations

import json
import os
import resource
from collections.abc import Iterator
from pathlib import Path

import pytest

_TICKS = os.sysconf("SC_CLK_TCK")


def _hijos(pid: int) -> list[int]:
    hijos: list[int] = []
    for tarea in Path(f"/proc/{pid}/task").glob("*"):
        try:
            hijos += [int(p) for p in (tarea / "children").read_text().split()]
        except OSError:
            continue
    return hijos


def _cpu_del_proceso(pid: int) -> float:
    """utime + stime de ``pid`` y, por cutime + cstime, de sus hijos ya esperados."""
    try:
        campos = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(c) for c in campos[11:15]) / _TICKS


def cpu_del_arbol(raiz: int) -> float:
    total, pendientes = 0.0, _hijos(raiz)
    while pendientes:
        pid = pendientes.pop()
        total += _cpu_del_proceso(pid)
        pendientes += _hijos(pid)
    propia = resource.getrusage(resource.RUSAGE_SELF)
    hijos = resource.getrusage(resource.RUSAGE_CHILDREN)
    return total + propia.ru_utime + propia.ru_stime + hijos.ru_utime + hijos.ru_stime


CPUACCT = Path("/sys/fs/cgroup/cpuacct")
_GRUPO: list[Path] = []


def _grupo_actual() -> Path:
    """El cgroup ``cpuacct`` de este proceso (el de ``bench_suite.py``, si lo lanzó él)."""
    for linea in Path("/proc/self/cgroup").read_text().splitlines():
        _, controladores, ruta = linea.split(":", 2)
        if "cpuacct" in controladores.split(","):
            return CPUACCT / ruta.lstrip("/")
    return CPUACCT


def _entrar_en_un_grupo() -> None:
    """Un cgroup hijo del actual: su CPU sigue contando en la del padre."""
    grupo = _grupo_actual() / f"tapiz-pruebas-{os.getpid()}"
    try:
        grupo.mkdir()
        (grupo / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        return
    _GRUPO.append(grupo)


def cpu() -> float:
    if _GRUPO:
        return int((_GRUPO[0] / "cpuacct.usage").read_text()) / 1e9
    return cpu_del_arbol(os.getpid())


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--cpu-informe") and (CPUACCT / "cgroup.procs").exists():
        _entrar_en_un_grupo()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-informe", metavar="FICHERO", help="dónde escribir la CPU por prueba")


_MEDIDAS: dict[str, float] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    antes = cpu()
    yield
    _MEDIDAS[item.nodeid] = _MEDIDAS.get(item.nodeid, 0.0) + cpu() - antes


def pytest_sessionfinish(session: pytest.Session) -> None:
    destino = session.config.getoption("--cpu-informe")
    if destino and _MEDIDAS:
        nombre = os.environ.get("PYTEST_XDIST_WORKER", "principal")
        Path(f"{destino}.{nombre}").write_text(json.dumps(_MEDIDAS, indent=0), encoding="utf-8")
