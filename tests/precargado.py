"""``python -m mkdocs …`` sin pagar cada vez la importación de MkDocs, Material y el plugin.

Las pruebas del plugin construyen decenas de sitios pequeños con la orden real de MkDocs, cada
una en un proceso nuevo: importar MkDocs, Material, las extensiones y el plugin cuesta ~0,7 s
de CPU, más que construir el sitio. Aquí un proceso **precargado** (uno por proceso de pytest,
el primero que lo pide) importa todo eso una vez y, por cada orden, se bifurca (``os.fork``):
el hijo es un proceso nuevo con los módulos ya importados y sin nada construido, se va a la
carpeta del proyecto con el entorno de quien pide, ejecuta la orden de MkDocs (la misma
función que ``python -m mkdocs``), sus funciones de salida (``atexit``) y termina con su código.
Quien pide recibe lo mismo que de ``subprocess.run(..., capture_output=True, text=True)``.

Sin ``os.fork`` (fuera de Linux y macOS) ``mkdocs`` es ``subprocess.run`` sin más.

    python -m tests.precargado     # lo lanza ``mkdocs``, no una persona
"""

from __future__ import annotations

import atexit
import json
import os
import select
import subprocess
import sys
import tempfile
import threading
import traceback
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
ENTRADAS = [
    "mkdocs.__main__",
    "mkdocs.commands.build",
    "mkdocs.commands.serve",
    "material.plugins.search.plugin",
    "mkdocs_plugins.plugin",
]
"""Lo que importa una construcción antes de leer las páginas."""
PROPIOS = {"tapiz_rules", "mkdocs_plugins", "tests", "__main__", "__mp_main__"}
"""El código del proyecto no se precarga: el hijo lo importa de donde lo encuentre, como
``python -m`` (un proyecto de prueba con otro ``tapiz_rules``, por ejemplo, el suyo)."""


class _Precargado:
    """El proceso precargado de este proceso de pytest, lanzado la primera vez que se pide."""

    def __init__(self) -> None:
        self._proceso: subprocess.Popen[str] | None = None
        self._cerrojo = threading.Lock()

    def ejecutar(self, argumentos: list[str], cwd: Path, timeout: float) -> tuple[int, str, str]:
        with self._cerrojo, tempfile.TemporaryDirectory() as carpeta:
            salida, errores = Path(carpeta) / "salida", Path(carpeta) / "errores"
            pedido = {
                "argumentos": argumentos,
                "cwd": str(cwd),
                "entorno": dict(os.environ),
                "salida": str(salida),
                "errores": str(errores),
                "timeout": timeout,
            }
            proceso = self._en_marcha()
            assert proceso.stdin and proceso.stdout
            proceso.stdin.write(json.dumps(pedido) + "\n")
            proceso.stdin.flush()
            respuesta = proceso.stdout.readline()
            if not respuesta:
                self._proceso = None
                raise RuntimeError("el proceso precargado de MkDocs terminó sin responder")
            codigo = json.loads(respuesta)["codigo"]
            return codigo, salida.read_text("utf-8"), errores.read_text("utf-8")

    def _en_marcha(self) -> subprocess.Popen[str]:
        if self._proceso is None or self._proceso.poll() is not None:
            self._proceso = subprocess.Popen(
                [sys.executable, "-m", "tests.precargado"],
                cwd=RAIZ,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            atexit.register(self._proceso.kill)
        return self._proceso


_PRECARGADO = _Precargado()


def mkdocs(
    argumentos: list[str], cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python -m mkdocs ARGUMENTOS`` en ``cwd``, con la salida capturada como texto."""
    if not hasattr(os, "fork"):
        return subprocess.run(
            [sys.executable, "-m", "mkdocs", *argumentos],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    codigo, salida, errores = _PRECARGADO.ejecutar(argumentos, cwd, timeout)
    if codigo is None:
        raise subprocess.TimeoutExpired(["mkdocs", *argumentos], timeout, salida, errores)
    return subprocess.CompletedProcess(["mkdocs", *argumentos], codigo, salida, errores)


def _hijo(pedido: dict) -> None:
    """En el proceso bifurcado: la orden de MkDocs como ``python -m mkdocs``, y salir."""
    codigo = 1
    try:
        for fd, ruta in ((1, pedido["salida"]), (2, pedido["errores"])):
            os.dup2(os.open(ruta, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.chdir(pedido["cwd"])
        os.environ.clear()
        os.environ.update(pedido["entorno"])
        sys.path[0] = pedido["cwd"]  # como ``python -m``: la carpeta actual, primera
        sys.argv = ["mkdocs", *pedido["argumentos"]]
        from mkdocs.__main__ import cli

        cli.main(args=pedido["argumentos"], prog_name="mkdocs")
        codigo = 0
    except SystemExit as fin:
        if isinstance(fin.code, str):
            print(fin.code, file=sys.stderr)
        codigo = fin.code if isinstance(fin.code, int) else int(fin.code is not None)
    except BaseException:
        traceback.print_exc()
    finally:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(codigo)


def _esperar(pid: int, timeout: float) -> int | None:
    """El código de salida del hijo, o ``None`` (y el hijo, matado) si pasa de ``timeout``."""
    # Lo avisa el núcleo (pidfd); sin importar tests.esperas: aquí no se precarga nada propio.
    descriptor = os.pidfd_open(pid)
    try:
        salio = bool(select.select([descriptor], [], [], timeout)[0])
    finally:
        os.close(descriptor)
    if not salio:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        return None
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _modulos_ajenos() -> list[str]:
    """Los módulos que importan ``ENTRADAS`` y no son del proyecto. Se averigua en un hijo, que
    sí importa el código del proyecto: el proceso precargado no debe quedárselo."""
    lectura, escritura = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(lectura)
        for modulo in ENTRADAS:
            __import__(modulo)
        ajenos = [n for n in sys.modules if n.split(".")[0] not in PROPIOS]
        with os.fdopen(escritura, "w") as escrito:
            escrito.write("\n".join(ajenos))
        os._exit(0)
    os.close(escritura)
    with os.fdopen(lectura) as leido:
        ajenos = leido.read().split()
    os.waitpid(pid, 0)
    return ajenos


def _servir() -> None:
    for modulo in _modulos_ajenos():
        try:
            __import__(modulo)
        except Exception:
            continue
    respuestas = sys.stdout
    for linea in sys.stdin:
        pedido = json.loads(linea)
        respuestas.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _hijo(pedido)
        codigo = _esperar(pid, pedido["timeout"])
        respuestas.write(json.dumps({"codigo": codigo}) + "\n")
        respuestas.flush()


if __name__ == "__main__":
    _servir()
