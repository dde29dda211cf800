"""Banco de pruebas del plugin: cuánto añade a la construcción y cuánto pesan sus páginas.

Se ejecuta a demanda (``uv run python bench/bench_plugin.py``) y no afirma
nada: imprime razones medidas en la misma ejecución, porque estas máquinas
son compartidas y ruidosas.

- libro con el plugin frente al mismo libro con el plugin apagado
  (``enabled: false``: las vallas quedan como código), mediana de varias
  repeticiones alternas;
- lo mismo con un libro sintético diez veces mayor, y cuánto crece el coste
  propio del plugin (lineal: diez veces las páginas, unas diez veces el coste);
- el tiempo de doc-test por ejemplo;
- con ``bench_paginas``, el peso de las páginas publicadas y el tiempo del clic
  en un dado a su anuncio en Chromium (omítelo con ``--sin-navegador``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_plugins.bloques import separar_front_matter
from mkdocs_plugins.pagina import procesar

RAIZ = Path(__file__).resolve().parent.parent


def libro_multiplicado(destino: Path, veces: int) -> Path:
    """Una copia de ``srd/`` repetida ``veces`` veces en subcarpetas."""
    docs = destino / f"srd_x{veces}"
    for copia in range(veces):
        shutil.copytree(
            RAIZ / "srd", docs if copia == 0 else docs / f"copia{copia}", dirs_exist_ok=True
        )
    return docs


def construir(docs: Path, activado: bool, sitio: Path) -> float:
    config = load_config(str(RAIZ / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(sitio))
    if docs.name != "srd":
        config["nav"] = None
    config.plugins["tapiz"].config.enabled = activado
    inicio = time.perf_counter()
    build(config)
    return time.perf_counter() - inicio


def medir(docs: Path, repeticiones: int, sitio: Path) -> tuple[float, float]:
    """Mediana de construcciones alternando con y sin plugin (mismo ruido para ambas)."""
    con, sin = [], []
    for _ in range(repeticiones):
        sin.append(construir(docs, False, sitio))
        con.append(construir(docs, True, sitio))
    return statistics.median(con), statistics.median(sin)


def doctest_por_ejemplo(docs: Path) -> tuple[int, float]:
    """Lo que cuesta comprobar el libro como pytest (convertir cada página), por ejemplo."""
    paginas = [separar_front_matter(p.read_text("utf-8")) for p in sorted(docs.rglob("*.md"))]
    inicio = time.perf_counter()
    ejemplos = sum(procesar("srd/p.md", md, d).total_ejemplos for md, d in paginas)
    return ejemplos, (time.perf_counter() - inicio) / max(ejemplos, 1)


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--repeticiones", type=int, default=5)
    argumentos.add_argument("--sin-navegador", action="store_true")
    opciones = argumentos.parse_args()
    import logging

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as temporal:
        tmp = Path(temporal)
        sitio = tmp / "site"
        construir(RAIZ / "srd", True, sitio)  # calienta importaciones y cachés del tema
        filas = []
        for veces, docs in ((1, RAIZ / "srd"), (10, libro_multiplicado(tmp, 10))):
            con, sin = medir(docs, opciones.repeticiones, sitio)
            filas.append((veces, con, sin))
        ejemplos, por_ejemplo = doctest_por_ejemplo(RAIZ / "srd")

    print("Construcción del libro con el plugin «tapiz» frente a sin él (mediana, en caliente)")
    print(f"{'libro':>8} {'con plugin':>12} {'sin plugin':>12} {'razón':>7} {'coste plugin':>13}")
    for veces, con, sin in filas:
        print(f"{veces:>7}× {con:>11.3f}s {sin:>11.3f}s {con / sin:>7.3f} {con - sin:>12.3f}s")
    print(f"({opciones.repeticiones} repeticiones de cada construcción; medianas)")
    (_, con1, sin1), (_, con10, sin10) = filas
    print(
        f"Crecimiento 10×/1×: con plugin {con10 / con1:.2f}, sin plugin {sin10 / sin1:.2f}, "
        f"coste del plugin {(con10 - sin10) / max(con1 - sin1, 1e-9):.2f}"
    )
    print(
        f"Doc-test (páginas enteras): {ejemplos} ejemplos, {por_ejemplo * 1000:.2f} ms por ejemplo"
    )
    if not opciones.sin_navegador:
        import bench_paginas

        bench_paginas.main()


if __name__ == "__main__":
    main()
