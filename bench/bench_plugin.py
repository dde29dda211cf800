"""Banco de pruebas del plugin: cuánto añade a la construcción y cuánto pesan sus páginas.

Se ejecuta a demanda (``uv run python bench/bench_plugin.py``) y no afirma
nada: imprime razones medidas en la misma ejecución, porque estas máquinas
son compartidas y ruidosas.

- el libro sin el plugin (``enabled: false``: las vallas quedan como código),
  con el plugin y sin caché (``cache: false``: todo se calcula, como en una
  construcción desde cero) y con el plugin y la caché de una construcción
  anterior (``mkdocs build`` otra vez, o ``mkdocs serve`` tras un cambio);
  mediana de varias repeticiones alternas;
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


MODOS = ("sin plugin", "sin caché", "con caché")


def construir(docs: Path, modo: str, sitio: Path, cache: Path) -> float:
    config = load_config(str(RAIZ / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(sitio))
    if docs.name != "srd":
        config["nav"] = None
    tapiz = config.plugins["tapiz"].config
    tapiz.enabled = modo != "sin plugin"
    tapiz.cache = modo == "con caché"
    tapiz.cache_dir = str(cache)
    inicio = time.perf_counter()
    build(config)
    return time.perf_counter() - inicio


def medir(docs: Path, repeticiones: int, sitio: Path, cache: Path) -> dict[str, float]:
    """Mediana de cada modo, alternándolos (mismo ruido para todos); la caché, ya caliente."""
    construir(docs, "con caché", sitio, cache)
    tiempos: dict[str, list[float]] = {modo: [] for modo in MODOS}
    for _ in range(repeticiones):
        for modo in MODOS:
            tiempos[modo].append(construir(docs, modo, sitio, cache))
    return {modo: statistics.median(t) for modo, t in tiempos.items()}


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
        construir(RAIZ / "srd", "sin caché", sitio, tmp)  # calienta importaciones y el tema
        filas = []
        for veces, docs in ((1, RAIZ / "srd"), (10, libro_multiplicado(tmp, 10))):
            filas.append((veces, medir(docs, opciones.repeticiones, sitio, tmp / f"cache{veces}")))
        ejemplos, por_ejemplo = doctest_por_ejemplo(RAIZ / "srd")

    print("Construcción del libro con el plugin «tapiz» frente a sin él (mediana, en caliente)")
    print(
        f"{'libro':>6} {'sin plugin':>11} {'sin caché':>10} {'razón':>6} {'coste':>7}"
        f" {'con caché':>10} {'razón':>6} {'coste':>7}"
    )
    for veces, t in filas:
        base = t["sin plugin"]
        columnas = "".join(
            f" {t[modo]:>9.3f}s {t[modo] / base:>6.3f} {t[modo] - base:>6.3f}s"
            for modo in MODOS[1:]
        )
        print(f"{veces:>5}× {base:>10.3f}s{columnas}")
    print(f"({opciones.repeticiones} repeticiones de cada construcción; medianas)")
    (_, uno), (_, diez) = filas
    for modo in MODOS[1:]:
        crecimiento = (diez[modo] - diez["sin plugin"]) / max(uno[modo] - uno["sin plugin"], 1e-9)
        print(f"Crecimiento 10×/1× del coste del plugin, {modo}: {crecimiento:.2f}")
    print(f"Crecimiento 10×/1× de MkDocs sin plugin: {diez['sin plugin'] / uno['sin plugin']:.2f}")
    print(
        f"Doc-test (páginas enteras): {ejemplos} ejemplos, {por_ejemplo * 1000:.2f} ms por ejemplo"
    )
    if not opciones.sin_navegador:
        import bench_paginas

        bench_paginas.main()


if __name__ == "__main__":
    main()
