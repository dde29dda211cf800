"""Banco de la API de datos abiertos: su peso con gzip y su tiempo frente al del sitio.

A demanda (``uv run python bench/bench_api.py``); no afirma nada. En la misma ejecución
construye el libro sin la API (``api: false``) y escribe la API aparte, y da la razón
entre los dos tiempos (medianas de ``--repeticiones``) y el peso de ``api/v1/`` con gzip, también
como razón del peso del sitio (cada fichero comprimido por separado, como los sirve un hosting).
"""

from __future__ import annotations

import argparse
import gzip
import logging
import os
import statistics
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_plugins.extension import api
from mkdocs_plugins.nucleo.api.api import CARPETA
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde

RAIZ = Path(__file__).resolve().parent.parent


def construir_sitio(destino: Path) -> float:
    config = load_config(str(RAIZ / "mkdocs.yml"), site_dir=str(destino))
    config.plugins["tapiz"].config.api = False
    inicio = time.perf_counter()
    build(config)
    return time.perf_counter() - inicio


def escribir_api(destino: Path) -> float:
    inicio = time.perf_counter()
    api.escribir(destino, configuracion_desde(RAIZ))
    return time.perf_counter() - inicio


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--repeticiones", type=int, default=3)
    os.chdir(RAIZ)  # snippets lee srd/abreviaturas.txt relativo a la carpeta actual
    repeticiones = argumentos.parse_args().repeticiones
    logging.disable(logging.WARNING)
    sitios, apis = [], []
    with tempfile.TemporaryDirectory() as temporal:
        for vez in range(repeticiones):
            destino = Path(temporal) / f"sitio{vez}"
            sitios.append(construir_sitio(destino))
            apis.append(escribir_api(destino))
        carpeta = Path(temporal) / "sitio0" / CARPETA
        ficheros = sorted(f for f in carpeta.rglob("*") if f.is_file())
        crudo = sum(f.stat().st_size for f in ficheros)
        comprimido = sum(len(gzip.compress(f.read_bytes(), 9)) for f in ficheros)
        del_sitio = [
            f
            for f in (Path(temporal) / "sitio0").rglob("*")
            if f.is_file() and carpeta not in f.parents
        ]
        sitio_comprimido = sum(len(gzip.compress(f.read_bytes(), 9)) for f in del_sitio)
    sitio, datos = statistics.median(sitios), statistics.median(apis)
    print(f"Construcción del sitio (sin API): {sitio * 1000:.0f} ms")
    print(f"API api/v1/: {datos * 1000:.0f} ms, razón {datos / sitio:.2f} del sitio")
    print(
        f"API: {len(ficheros)} ficheros, {crudo / 1024:.0f} KB, {comprimido / 1024:.0f} KB con gzip"
    )
    print(
        f"Sitio sin la API: {len(del_sitio)} ficheros, {sitio_comprimido / 1024:.0f} KB con gzip; "
        f"la API pesa {comprimido / sitio_comprimido:.3f} del sitio"
    )


if __name__ == "__main__":
    main()
