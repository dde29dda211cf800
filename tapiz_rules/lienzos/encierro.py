"""Lo que el sistema operativo impide al código de un Lienzo, antes de importarlo.

El proceso de un Lienzo se encierra a sí mismo justo antes de importar su
``reglas.py`` (después ya no puede deshacerlo):

- solo las variables de entorno de :data:`ENTORNO`;
- límites del núcleo (``setrlimit``): un tiempo de CPU para todo el proceso, ningún
  fichero que crezca, ningún volcado de memoria, ningún proceso nuevo (este no vale para
  ``root``) y, en Linux, :data:`MEMORIA` bytes de memoria más de los que ya tiene;
- en Linux, morir si muere quien lo arrancó (``PR_SET_PDEATHSIG``), aunque no pudiera
  cerrarlo (un ``kill -9`` a la construcción);
- en Linux (x86-64 y ARM64), un filtro seccomp: ni procesos nuevos (``fork``, hilos,
  ``exec``), ni sockets, ni señales a otro proceso, ni ``ptrace``, ni leer o escribir
  la memoria de otro, ni cambiar sus límites, ni ``io_uring``, montajes o módulos;
- en Linux con Landlock (5.13 o posterior), el sistema de ficheros: leer solo la
  carpeta del Lienzo, el motor y la instalación de Python; escribir, en ninguna parte.

:func:`encerrar` devuelve lo que pudo aplicar; las pruebas comprueban cada parte
desde un Lienzo hostil (``tests/modelo/test_lienzo_encierro.py``). Solo lo importa el
proceso del Lienzo y quien lo arranca, nunca la página (Pyodide no tiene ``resource``).
"""

from __future__ import annotations

import ctypes
import math
import os
import resource
import signal
import struct
import sys
from pathlib import Path
from typing import Any, NamedTuple

ENTORNO = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "TZ", "SYSTEMROOT")
"""Las únicas variables de entorno que ve el código de un Lienzo (nada de claves de la CI)."""
MEMORIA = 1 << 30
"""Bytes de memoria virtual que el código del Lienzo puede añadir a los del proceso."""
CPU_POR_LIMITE = 10
"""El tiempo de CPU del proceso entero: diez veces el límite de una llamada."""

_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_PDEATHSIG = 1
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2
_PERMITE = 0x7FFF0000
_NIEGA = 0x00050000 | 1  # SECCOMP_RET_ERRNO | EPERM
_NO_EXISTE = 0x00050000 | 38  # ENOSYS: clone3 así, y la libc prueba con clone
_TIOCSTI = 0x5412
_CLONE3 = 435


# Números de las llamadas al sistema (asm/unistd_64.h y asm-generic/unistd.h).
class _Llamadas(NamedTuple):
    arch: int
    prohibidas: tuple[int, ...]
    senales: tuple[int, ...]
    prlimit64: int
    ioctl: int
    prctl: int


_ARQUITECTURAS = {
    "x86_64": _Llamadas(
        0xC000003E,
        (
            *(41, 57, 58, 56, 59, 322, 424, 434, 438, 101, 310, 311, 425, 426, 427, 272, 308),
            *(165, 166, 155, 161, 321, 298, 250, 248, 249, 175, 313, 176, 246, 320, 169, 167),
            *(168, 160, 323, 304, 303, 430, 432, 429, 428),
        ),
        (62, 200, 234, 129, 297),
        302,
        16,
        157,
    ),
    "aarch64": _Llamadas(
        0xC00000B7,
        (
            *(198, 220, 221, 281, 424, 434, 438, 117, 270, 271, 425, 426, 427, 97, 268, 40, 39),
            *(41, 51, 280, 241, 219, 217, 218, 105, 273, 106, 104, 294, 142, 224, 225, 164, 282),
            *(265, 264, 430, 432, 429, 428),
        ),
        (129, 130, 131, 138, 240),
        261,
        29,
        167,
    ),
}
"""socket, fork, vfork, clone, execve, execveat, pidfd_*, ptrace, process_vm_*, io_uring_*,
unshare, setns, montajes, chroot, bpf, perf_event_open, claves, módulos, kexec, reboot,
swap, setrlimit, userfaultfd, *_by_handle_at y el montaje nuevo; las de señales (kill,
tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo) solo hacia el propio proceso; prctl,
salvo PR_SET_PDEATHSIG. clone3 (435 en las dos) da ENOSYS, para que la libc pruebe con
clone, que da EPERM."""

_LANDLOCK_CREAR, _LANDLOCK_REGLA, _LANDLOCK_ENCERRAR = 444, 445, 446
_LEER_FICHERO, _LEER_CARPETA = 1 << 2, 1 << 3


def encerrar(carpeta: Path, limite: float, padre: int) -> tuple[str, ...]:
    """Encierra este proceso (véase arriba); devuelve los nombres de lo aplicado. ``padre``
    es el proceso que lo arrancó: si muere (aunque sea sin poder cerrarlo), este muere con él."""
    aplicado = ["límites", "entorno"]
    for variable in set(os.environ) - set(ENTORNO):
        del os.environ[variable]
    _limites(limite)
    if sys.platform != "linux":
        return tuple(aplicado)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0:
        aplicado.append("huérfano")
    if os.getppid() != padre:  # murió antes de pedirlo
        os.kill(os.getpid(), signal.SIGKILL)
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return tuple(aplicado)
    if _landlock(libc, _lecturas(carpeta)):
        aplicado.append("landlock")
    if _seccomp(libc):
        aplicado.append("seccomp")
    return tuple(aplicado)


def _limites(limite: float) -> None:
    uso = resource.getrusage(resource.RUSAGE_SELF)
    cpu = math.ceil(uso.ru_utime + uso.ru_stime + CPU_POR_LIMITE * limite)
    limites = {
        resource.RLIMIT_CPU: (cpu, cpu + 1),
        resource.RLIMIT_FSIZE: (0, 0),
        resource.RLIMIT_CORE: (0, 0),
        resource.RLIMIT_NPROC: (0, 0),
    }
    if (memoria := _memoria_actual()) is not None:
        limites[resource.RLIMIT_AS] = (memoria + MEMORIA, memoria + MEMORIA)
    for recurso, (blando, duro) in limites.items():
        _, actual = resource.getrlimit(recurso)
        if actual != resource.RLIM_INFINITY:
            blando, duro = min(blando, actual), min(duro, actual)
        resource.setrlimit(recurso, (blando, duro))
    # Escribir un fichero es un error (EFBIG) en la línea del Lienzo, no una muerte callada.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _memoria_actual() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _lecturas(carpeta: Path) -> list[Path]:
    motor = Path(__file__).resolve().parents[1]
    prefijos = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    sistema = ("/usr/lib", "/usr/lib64", "/lib", "/lib64", "/etc/ld.so.cache")
    return [carpeta.resolve(), motor, *map(Path, sorted(prefijos)), *map(Path, sistema)]


def _syscall(libc: Any, numero: int, *argumentos: int | ctypes.Array[ctypes.c_char]) -> int:
    convertidos = [ctypes.c_long(a) if isinstance(a, int) else a for a in argumentos]
    return int(libc.syscall(ctypes.c_long(numero), *convertidos))


def version_landlock() -> int:
    """La versión de Landlock de este sistema (0 si no lo hay)."""
    if sys.platform != "linux":
        return 0
    return max(0, _syscall(ctypes.CDLL(None, use_errno=True), _LANDLOCK_CREAR, 0, 0, 1))


def _landlock(libc: Any, lecturas: list[Path]) -> bool:
    """Leer solo bajo ``lecturas``; escribir, crear, borrar, ejecutar: en ninguna parte. Con
    una versión de Landlock que lo permite, ni conexiones TCP ni señales fuera del proceso."""
    version = version_landlock()
    if version < 1:
        return False
    fs = (1 << 13) - 1
    fs |= (1 << 13) if version >= 2 else 0  # REFER
    fs |= (1 << 14) if version >= 3 else 0  # TRUNCATE
    fs |= (1 << 15) if version >= 5 else 0  # IOCTL_DEV
    campos = [fs]
    if version >= 4:
        campos.append(0b11)  # BIND_TCP, CONNECT_TCP
    if version >= 6:
        campos.append(0b11)  # SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL
    atributos = ctypes.create_string_buffer(struct.pack(f"={len(campos)}Q", *campos))
    conjunto = _syscall(libc, _LANDLOCK_CREAR, atributos, len(atributos.raw), 0)
    if conjunto < 0:
        return False
    try:
        for ruta in lecturas:
            _permitir_leer(libc, conjunto, ruta)
        return _syscall(libc, _LANDLOCK_ENCERRAR, conjunto, 0) == 0
    finally:
        os.close(conjunto)


def _permitir_leer(libc: Any, conjunto: int, ruta: Path) -> None:
    try:
        descriptor = os.open(ruta, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return
    try:
        acceso = _LEER_FICHERO | (_LEER_CARPETA if ruta.is_dir() else 0)
        regla = ctypes.create_string_buffer(struct.pack("=Qi", acceso, descriptor))
        _syscall(libc, _LANDLOCK_REGLA, conjunto, 1, regla, 0)
    finally:
        os.close(descriptor)


def _seccomp(libc: Any) -> bool:
    tabla = _ARQUITECTURAS.get(os.uname().machine)
    if tabla is None:
        return False
    programa = _programa(tabla, os.getpid())
    instrucciones = (ctypes.c_uint64 * len(programa))(*programa)

    class _Programa(ctypes.Structure):
        _fields_ = [("largo", ctypes.c_ushort), ("filtro", ctypes.c_void_p)]

    cabecera = _Programa(len(programa), ctypes.addressof(instrucciones))
    return int(libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(cabecera), 0, 0)) == 0


def _instruccion(codigo: int, k: int, si: int = 0, no: int = 0) -> int:
    """Una ``struct sock_filter`` (código, saltos si/no, constante) como un entero de 64 bits."""
    return int.from_bytes(struct.pack("=HBBI", codigo, si, no, k), sys.byteorder)


def _programa(tabla: _Llamadas, pid: int) -> list[int]:
    def cargar(desplazamiento: int) -> int:  # BPF_LD | BPF_W | BPF_ABS
        return _instruccion(0x20, desplazamiento)

    def igual(k: int, si: int = 0, no: int = 0) -> int:  # BPF_JMP | BPF_JEQ | BPF_K
        return _instruccion(0x15, k, si, no)

    def devolver(k: int) -> int:  # BPF_RET | BPF_K
        return _instruccion(0x06, k)

    # seccomp_data: nr (0), arch (4), ip (8), args[i] (16 + 8·i; la mitad baja primero).
    p = [cargar(4), igual(tabla.arch, 1, 0), devolver(_NIEGA), cargar(0)]
    if tabla.arch == 0xC000003E:  # las llamadas x32 (bit 30) no entran por aquí
        p += [_instruccion(0x35, 0x40000000, 0, 1), devolver(_NIEGA)]
    for numero in tabla.prohibidas:
        p += [igual(numero, 0, 1), devolver(_NIEGA)]
    p += [igual(_CLONE3, 0, 1), devolver(_NO_EXISTE)]
    for numero in tabla.senales:  # a sí mismo (su pid, o 0: su grupo, que es solo él)
        p += [igual(numero, 0, 5), cargar(16), igual(pid, 2, 0), igual(0, 1, 0)]
        p += [devolver(_NIEGA), devolver(_PERMITE)]
    # prctl salvo PR_SET_PDEATHSIG (que muera con quien lo arrancó).
    p += [igual(tabla.prctl, 0, 4), cargar(16), igual(_PR_SET_PDEATHSIG, 0, 1)]
    p += [devolver(_NIEGA), devolver(_PERMITE)]
    # prlimit64 solo para leer (el nuevo límite, args[2], es NULL).
    p += [igual(tabla.prlimit64, 0, 6), cargar(32), igual(0, 0, 2), cargar(36)]
    p += [igual(0, 1, 0), devolver(_NIEGA), devolver(_PERMITE)]
    # ioctl salvo TIOCSTI (meter texto en la terminal de otro).
    p += [igual(tabla.ioctl, 0, 3), cargar(24), igual(_TIOCSTI, 0, 1)]
    p += [devolver(_NIEGA), devolver(_PERMITE)]
    return p
