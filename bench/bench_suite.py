"""Banco de la orden de pruebas: cuánto tarda entera y cuáles son sus diez pruebas más lentas.

    uv run python bench/bench_suite.py                  # python3 tareas.py pruebas
    uv run python bench/bench_suite.py --revision 68cb47e -- uv run pytest

No afirma nada: ejecuta la orden una vez (en esta carpeta o, con ``--revision``, en una
copia de esa revisión sacada con ``git archive``), con ``--durations=10``, y muestra el
tiempo de reloj, la carga de la máquina antes y después (con dos núcleos compartidos, la
cifra depende mucho de lo que hagan los demás) y las diez pruebas más lentas. Como root, la
orden corre en su propio grupo de control (cgroup v1 ``cpuacct``) y se muestra también la CPU
de todo lo que lanzó, Chromium incluido: la carga de otros la mueve mucho menos que el reloj.
Con ``--cpu`` (solo sin ``--revision``) añade ``bench/cpu_por_prueba.py`` y muestra las diez
pruebas que más CPU gastan. Las cifras medidas se guardan a mano en ``bench/suite.md``.
"""

from __future__ import annotations

import argparse
import json
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


CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def grupo_de_control() -> Path | None:
    """Un cgroup ``cpuacct`` nuevo para la orden, o ninguno si no se puede crear."""
    grupo = CPUACCT / f"tapiz-suite-{os.getpid()}"
    try:
        grupo.mkdir()
    except OSError:
        return None
    return grupo


def medir(carpeta: Path, orden: list[str], extra: list[str] | None = None) -> int:
    print(f"$ {' '.join(orden)}   (en {carpeta}, {os.cpu_count()} núcleos)")
    print(f"carga antes: {carga()}", flush=True)
    grupo = grupo_de_control()
    entrar = None
    if grupo is not None:
        procesos = grupo / "cgroup.procs"

        def entrar() -> None:
            procesos.write_text(str(os.getpid()))

    inicio = time.perf_counter()
    entorno = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    proceso = subprocess.run(
        [*orden, "--durations=10", "-p", "no:cacheprovider", *(extra or [])],
        cwd=carpeta,
        env=entorno,
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=entrar,
    )
    segundos = time.perf_counter() - inicio
    if grupo is not None:
        cpu = int((grupo / "cpuacct.usage").read_text()) / 1e9
        print(f"CPU de la orden y de todo lo que lanzó (cgroup): {cpu:.0f} s")
    lineas = proceso.stdout.splitlines()
    print(f"carga después: {carga()}")
    print(f"reloj: {segundos:.0f} s ({segundos / 60:.1f} min), salida {proceso.returncode}")
    print(next((linea for linea in reversed(lineas) if " in " in linea), "(sin resumen)"))
    for linea in lineas:
        if linea.startswith(("FAILED ", "ERROR ")):
            print(linea)
    print("las diez más lentas:")
    for linea in [linea for linea in lineas if DURACION.match(linea)][:10]:
        print(f"  {linea.strip()}")
    return proceso.returncode


def resumen_de_cpu(informe: Path) -> None:
    medidas: dict[str, float] = {}
    for fichero in informe.parent.glob(informe.name + ".*"):
        medidas.update(json.loads(fichero.read_text(encoding="utf-8")))
    guardado = Path(tempfile.gettempdir()) / "tapiz-cpu-por-prueba.json"
    guardado.write_text(json.dumps(medidas, indent=1, sort_keys=True), encoding="utf-8")
    total = sum(medidas.values())
    print(f"CPU por prueba: {total:.0f} s en {len(medidas)} pruebas; las diez que más:")
    for nombre, segundos in sorted(medidas.items(), key=lambda m: -m[1])[:10]:
        print(f"  {segundos:6.1f} s  {nombre}")
    por_fichero: dict[str, float] = {}
    for nombre, segundos in medidas.items():
        fichero = nombre.split("::", 1)[0]
        por_fichero[fichero] = por_fichero.get(fichero, 0.0) + segundos
    print(f"por fichero, los veinticinco que más (cada prueba, en {guardado}):")
    for fichero, segundos in sorted(por_fichero.items(), key=lambda m: -m[1])[:25]:
        print(f"  {segundos:6.1f} s  {fichero}")


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--revision", help="medir esta revisión de git, no la carpeta")
    argumentos.add_argument("--cpu", action="store_true", help="también la CPU de cada prueba")
    argumentos.add_argument("orden", nargs="*", help="la orden (por omisión, la del README)")
    opciones = argumentos.parse_args()
    orden = opciones.orden or ORDEN
    if opciones.revision is None and opciones.cpu:
        with tempfile.TemporaryDirectory() as carpeta:
            informe = Path(carpeta) / "cpu.json"
            extra = ["-p", "bench.cpu_por_prueba", "--cpu-informe", str(informe)]
            codigo = medir(RAIZ, orden, extra)
            resumen_de_cpu(informe)
            return codigo
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
