"""Banco de la orden de pruebas: cuánto tarda entera y cuáles son sus diez pruebas más lentas.

    uv run python bench/bench_suite.py                  # python3 tareas.py pruebas
    uv run python bench/bench_suite.py --revision 68cb47e -- uv run pytest

No afirma nada: ejecuta la orden una vez (en esta carpeta o, con ``--revision``, en una
copia de esa revisión sacada con ``git archive``), con ``--durations=10``, y muestra el
tiempo de reloj, la carga de la máquina antes y después (con dos núcleos compartidos, la
cifra depende mucho de lo que hagan los demás) y las diez pruebas más lentas. Las cifras
medidas se guardan a mano en ``bench/suite.md``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
ORDEN = ["python3", "tareas.py", "pruebas"]
DURACION = re.compile(r"^\s*\d+\.\d+s (?:call|setup|teardown)\s+\S+")


def carga() -> str:
    return " ".join(f"{valor:.1f}" for valor in os.getloadavg())


def medir(carpeta: Path, orden: list[str]) -> int:
    print(f"$ {' '.join(orden)}   (en {carpeta}, {os.cpu_count()} núcleos)")
    print(f"carga antes: {carga()}", flush=True)
    inicio = time.perf_counter()
    entorno = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    proceso = subprocess.run(
        [*orden, "--durations=10", "-p", "no:cacheprovider"],
        cwd=carpeta,
        env=entorno,
        capture_output=True,
        text=True,
        check=False,
    )
    segundos = time.perf_counter() - inicio
    lineas = proceso.stdout.splitlines()
    print(f"carga después: {carga()}")
    print(f"reloj: {segundos:.0f} s ({segundos / 60:.1f} min), salida {proceso.returncode}")
    print(next((linea for linea in reversed(lineas) if " in " in linea), "(sin resumen)"))
    print("las diez más lentas:")
    for linea in [linea for linea in lineas if DURACION.match(linea)][:10]:
        print(f"  {linea.strip()}")
    return proceso.returncode


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--revision", help="medir esta revisión de git, no la carpeta")
    argumentos.add_argument("orden", nargs="*", help="la orden (por omisión, la del README)")
    opciones = argumentos.parse_args()
    orden = opciones.orden or ORDEN
    if opciones.revision is None:
        return medir(RAIZ, orden)
    with tempfile.TemporaryDirectory() as carpeta:
        copia = Path(carpeta)
        archivo = ["git", "-C", str(RAIZ), "archive", "--format=tar", opciones.revision]
        contenido = subprocess.run(archivo, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(copia)], input=contenido, check=True)
        entorno = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
        subprocess.run(["uv", "sync", "--locked", "-q"], cwd=copia, check=True, env=entorno)
        return medir(copia, orden)


if __name__ == "__main__":
    sys.exit(main())
