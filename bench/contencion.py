"""Cuánto pierde una construcción de MkDocs (sin el plugin) con el otro núcleo ocupado.

A demanda (``uv run python bench/contencion.py``); no afirma nada. Es el suelo del adelanto
(``bench/peso.md``): el auxiliar ocupa el otro núcleo casi toda la construcción, y en estas
máquinas virtuales eso frena también al proceso de MkDocs. Alterna, en procesos nuevos,
la construcción sin plugin de ``bench_peso`` sola y con un proceso que solo gira
(``while True: pass``) en el otro núcleo; imprime cada par y la mediana de sus razones.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bench_peso


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rondas", type=int, default=7)
    opciones = argumentos.parse_args()
    with tempfile.TemporaryDirectory() as carpeta:
        temporal = Path(carpeta)
        generadas = bench_peso._paginas_generadas(bench_peso.RAIZ, bench_peso.RAIZ / "srd")
        docs = bench_peso._con_generadas(bench_peso.RAIZ / "srd", temporal / "srd", generadas)
        bench_peso.construir(bench_peso.RAIZ, docs, bench_peso.SIN, temporal)  # en caliente
        pares = []
        for _ in range(opciones.rondas):
            sola = bench_peso.construir(bench_peso.RAIZ, docs, bench_peso.SIN, temporal).build
            giro = subprocess.Popen([sys.executable, "-c", "while True: pass"])
            try:
                time.sleep(0.2)
                ocupado = bench_peso.construir(bench_peso.RAIZ, docs, bench_peso.SIN, temporal)
            finally:
                giro.kill()
                giro.wait()
            pares.append((sola, ocupado.build))
            print(f"  sola {sola:.3f} s, con el otro núcleo ocupado {ocupado.build:.3f} s")
    razon = statistics.median(o / s for s, o in pares)
    print(f"Razón mediana ({len(pares)} pares): {razon:.2f}".replace(".", ","))


if __name__ == "__main__":
    main()
