"""Dónde se va el coste del plugin en una construcción en frío: la CPU de cada parte.

A demanda (``uv run python bench/desglose_peso.py``); no afirma nada. Alterna, en procesos
nuevos y con la caché vacía, la construcción sin plugin de ``bench_peso`` y una con plugin
en un solo proceso (``procesos: 0``) con un cronómetro de CPU (``time.process_time``) en
cada parte del plugin; imprime la mediana de cada parte como fracción de la CPU de
``build()`` sin plugin de la misma ronda. Es la base de «el suelo» de ``bench/peso.md``.
La CPU del proceso del Lienzo (otro proceso) no cuenta aquí: ``bench_peso`` la mide con
la de la orden entera.

Con ``--adelanto``, la construcción con plugin lleva el adelanto de serie y se mide solo
lo que queda en el proceso de MkDocs (lo que hacen los auxiliares no cuenta): es lo que
pesa en la pared con un núcleo libre para ellos. Con ``--pared``, tiempo de pared en lugar de
CPU, frente a la pared de ``build()`` sin plugin: así salen también las esperas (al proceso
del Lienzo, a los auxiliares, a git).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bench_peso

RAIZ = bench_peso.RAIZ
PARTES = {
    "bloques (ejecutar, comprobar, HTML, «Repetir»)": (
        "mkdocs_plugins.nucleo.vallas.fragmentos",
        "ejecutar",
    ),
    "estructura (markdown-it-py)": ("mkdocs_plugins.nucleo.fuente.estructura", "leer"),
    "API api/v1/": ("mkdocs_plugins.extension.api", "escribir"),
    "ficheros de datos": ("mkdocs_plugins.nucleo.datos.datos", "escribir"),
    "motor.zip": ("mkdocs_plugins.nucleo.vivo.motor", "publicar"),
    "tildes del índice de búsqueda": ("mkdocs_plugins.plugin.busqueda", "plegar_indice_busqueda"),
    "reglas y Lienzos (on_config)": ("mkdocs_plugins.plugin.plugin", "TapizPlugin.on_config"),
    "«Cambios», catálogo y «Estado» (on_files)": (
        "mkdocs_plugins.plugin.plugin",
        "TapizPlugin.on_files",
    ),
    "capítulos de «Estado del SRD»": ("mkdocs_plugins.nucleo.paginas.estado_srd", "capitulo"),
    "índice sin conexión": ("mkdocs_plugins.plugin.sin_conexion", "escribir"),
    "esperar y recoger el adelanto": (
        "mkdocs_plugins.plugin.adelanto.procesos",
        "Adelanto._esperar",
    ),
    "dados del texto y valores": ("mkdocs_plugins.extension.extension", "_DadosEnTexto.run"),
    "widgets y abreviaturas (on_page_content)": (
        "mkdocs_plugins.plugin.plugin",
        "TapizPlugin.on_page_content",
    ),
    "cabeceras (on_post_page)": ("mkdocs_plugins.plugin.plugin", "TapizPlugin.on_post_page"),
}
TODO = "todo el plugin (ganchos y extensión)"


_RELOJ = [time.process_time]
"""El reloj de las medidas: la CPU del proceso o, con ``--pared``, ``time.perf_counter``."""


class _RelojDeCpu:
    """Lo que ``cronometro`` usa de ``time``, con el reloj de las medidas."""

    @staticmethod
    def perf_counter() -> float:
        return _RELOJ[0]()


def _instalar(partes: dict[str, float]) -> Any:
    """Un cronómetro de CPU en cada parte y el de ``bench_plugin`` en todo el plugin."""

    def envolver(nombre: str, funcion: Callable[..., Any]) -> Callable[..., Any]:
        dentro = [False]

        @functools.wraps(funcion)
        def medida(*args: Any, **kwargs: Any) -> Any:
            if dentro[0]:
                return funcion(*args, **kwargs)
            dentro[0] = True
            inicio = _RELOJ[0]()
            try:
                return funcion(*args, **kwargs)
            finally:
                partes[nombre] = partes.get(nombre, 0.0) + _RELOJ[0]() - inicio
                dentro[0] = False

        return medida

    for nombre, (modulo, atributo) in PARTES.items():
        dueno: Any = importlib.import_module(modulo)
        *camino, final = atributo.split(".")
        for paso in camino:
            dueno = getattr(dueno, paso)
        setattr(dueno, final, envolver(nombre, getattr(dueno, final)))
    import cronometro

    cronometro.time = _RelojDeCpu  # type: ignore[assignment]
    reloj = cronometro.Cronometro()
    reloj.instalar()
    return reloj


def una(sitio: Path, cache: Path, adelanto: bool = False, pared: bool = False) -> None:
    """En el proceso de la construcción con plugin: la CPU (o la pared) de cada parte, en
    JSON."""
    import logging
    import os

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    partes: dict[str, float] = {}
    if pared:
        _RELOJ[0] = time.perf_counter
    reloj = _instalar(partes)
    os.chdir(RAIZ)
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    config = load_config(str(RAIZ / "mkdocs.yml"), site_dir=str(sitio))
    tapiz = config["plugins"]["tapiz"].config
    tapiz.cache_dir = str(cache)
    if not adelanto:
        tapiz.procesos = 0
    inicio = _RELOJ[0]()
    build(config)
    partes["build() con plugin"] = _RELOJ[0]() - inicio
    partes[TODO] = reloj.total
    print(json.dumps(partes))


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rondas", type=int, default=3)
    argumentos.add_argument(
        "--adelanto", action="store_true", help="con el adelanto: solo el proceso de MkDocs"
    )
    argumentos.add_argument(
        "--pared", action="store_true", help="tiempo de pared en lugar de CPU (y las esperas)"
    )
    argumentos.add_argument("--una", nargs=2, help=argparse.SUPPRESS)
    opciones = argumentos.parse_args()
    if opciones.una:
        una(Path(opciones.una[0]), Path(opciones.una[1]), opciones.adelanto, opciones.pared)
        return
    fracciones: dict[str, list[float]] = {}
    sin: list[float] = []
    with tempfile.TemporaryDirectory() as carpeta:
        temporal = Path(carpeta)
        docs_sin = bench_peso._con_generadas(
            RAIZ / "srd", temporal / "srd_sin", bench_peso._paginas_generadas(RAIZ, RAIZ / "srd")
        )
        for ronda in range(opciones.rondas + 1):  # la primera calienta discos y .pyc
            base = _cpu_sin(docs_sin, temporal, opciones.pared)
            con = _con_desglose(temporal, opciones.adelanto, opciones.pared)
            if ronda == 0:
                continue
            sin.append(base)
            for nombre, cpu in con.items():
                fracciones.setdefault(nombre, []).append(cpu / base)
    que = "Pared" if opciones.pared else "CPU"
    print(f"{que} de build() sin plugin: mediana {statistics.median(sin):.2f} s")
    donde = "con el adelanto, en el proceso de MkDocs" if opciones.adelanto else "1 proceso"
    print(f"{que} de cada parte del plugin (en frío, {donde}) / {que} de build() sin plugin:")
    for nombre, lista in sorted(fracciones.items(), key=lambda par: -statistics.median(par[1])):
        print(
            f"  {nombre:<48} {statistics.median(lista):6.3f}  [{min(lista):.3f} – {max(lista):.3f}]"
        )


def _cpu_sin(docs: Path, temporal: Path, pared: bool = False) -> float:
    sitio, cache = (Path(tempfile.mkdtemp(dir=temporal)) for _ in range(2))
    orden = [sys.executable, bench_peso.__file__, "--una", str(RAIZ), str(docs), bench_peso.SIN]
    hecha = subprocess.run(
        [*orden, str(sitio), str(cache)],
        check=True,
        capture_output=True,
        text=True,
        env=bench_peso._entorno(RAIZ),
    )
    build, _, cpu_mkdocs = json.loads(hecha.stdout.splitlines()[-1])[:3]
    return float(build if pared else cpu_mkdocs)


def _con_desglose(temporal: Path, adelanto: bool, pared: bool = False) -> dict[str, float]:
    sitio, cache = (Path(tempfile.mkdtemp(dir=temporal)) for _ in range(2))
    orden = [sys.executable, __file__, "--una", str(sitio / "s"), str(cache)]
    orden += ["--adelanto"] if adelanto else []
    orden += ["--pared"] if pared else []
    hecha = subprocess.run(
        orden, check=True, capture_output=True, text=True, env=bench_peso._entorno(RAIZ)
    )
    return dict(json.loads(hecha.stdout.splitlines()[-1]))


if __name__ == "__main__":
    main()
