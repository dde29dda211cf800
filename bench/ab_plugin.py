"""Dos versiones del plugin, en la misma ejecución: ¿un cambio abarata la construcción?

A demanda; no afirma nada. Con la máquina compartida, la razón frente a MkDocs solo se mueve
cinco o diez puntos de una ejecución a otra; para comparar un cambio hay que medir las dos
versiones alternando, cada construcción en un proceso nuevo (como ``mkdocs build``):

    git worktree add /tmp/antes HEAD~3
    ln -s "$PWD/node_modules" /tmp/antes/node_modules
    uv run python bench/ab_plugin.py /tmp/antes . --rondas 14 --modos "con caché" "en frío"

Cada ronda construye MkDocs solo (sin el plugin) y luego cada versión en cada modo; la razón
de cada construcción es frente a MkDocs solo de su ronda, y se da la mediana. «En frío», con
una caché vacía; «con caché», con la de la construcción anterior de esa versión y ese modo.
Cada versión importa su propio código (``PYTHONPATH`` a su carpeta) y publica en su carpeta.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from entorno import con_bytecode

MODOS = ("con caché", "en frío")


def construir(raiz: Path, modo: str, sitio: Path, cache: Path) -> float:
    """Una construcción del libro de ``raiz``, en un proceso nuevo: los segundos de ``build()``.
    La caché del usuario (las plantillas compiladas) es una carpeta junto a ``cache``, la misma
    en cada modo: «en frío» es la primera construcción de un proyecto en una máquina usada."""
    entorno = con_bytecode(PYTHONPATH=str(raiz), XDG_CACHE_HOME=str(cache.parent / "usuario"))
    orden = [sys.executable, __file__, "--una", str(raiz), modo, str(sitio), str(cache)]
    hecha = subprocess.run(orden, check=True, capture_output=True, text=True, env=entorno)
    return float(json.loads(hecha.stdout.splitlines()[-1]))


def una(raiz: Path, modo: str, sitio: Path, cache: Path) -> float:
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    config = load_config(str(raiz / "mkdocs.yml"), site_dir=str(sitio))
    tapiz = config.plugins["tapiz"].config
    tapiz.enabled = modo != "sin plugin"
    tapiz.cache_dir = str(cache) if modo == "con caché" else tempfile.mkdtemp()
    inicio = time.perf_counter()
    build(config)
    return time.perf_counter() - inicio


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("versiones", nargs="*", type=Path, help="carpetas del proyecto")
    argumentos.add_argument("--rondas", type=int, default=10)
    argumentos.add_argument("--modos", nargs="+", choices=MODOS, default=list(MODOS))
    argumentos.add_argument("--una", nargs=4, help=argparse.SUPPRESS)
    opciones = argumentos.parse_args()
    if opciones.una:
        raiz, modo, sitio, cache = opciones.una
        print(json.dumps(una(Path(raiz), modo, Path(sitio), Path(cache))))
        return
    versiones = [v.resolve() for v in opciones.versiones]
    with tempfile.TemporaryDirectory() as temporal:
        carpeta = Path(temporal)
        variantes = [(versiones[0], "sin plugin")] + [
            (v, m) for v in versiones for m in opciones.modos
        ]

        def donde(numero: int) -> tuple[Path, Path]:
            return carpeta / f"sitio{numero}", carpeta / f"cache{numero}"

        for numero, (version, modo) in enumerate(variantes):  # los .pyc y la caché, llena
            for _ in range(2 if modo == "con caché" else 1):
                construir(version, modo, *donde(numero))
        tiempos: list[list[float]] = [[] for _ in variantes]
        for _ in range(opciones.rondas):
            for numero, (version, modo) in enumerate(variantes):
                tiempos[numero].append(construir(version, modo, *donde(numero)))
    print(f"{opciones.rondas} rondas; razón: mediana, ronda a ronda, frente a MkDocs solo")
    for (version, modo), medidos in zip(variantes, tiempos, strict=True):
        razon = statistics.median(t / s for t, s in zip(medidos, tiempos[0], strict=True))
        mediana = statistics.median(medidos)
        print(f"{version!s:40} {modo:11} {mediana:7.3f} s  razón {razon:5.3f}")


if __name__ == "__main__":
    main()
