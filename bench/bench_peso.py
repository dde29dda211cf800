"""Banco del peso del plugin en una construcción en frío (issue 29, punto 6).

A demanda (``uv run python bench/bench_peso.py``); no afirma nada. En la misma ejecución,
alternando las variantes ronda a ronda, construye en procesos nuevos, con la caché del
plugin vacía:

- **sin plugin**: MkDocs sin ``tapiz`` ni su extensión (las vallas quedan como código), con
  las mismas páginas: el catálogo, «Cambios» y «Estado del SRD», que genera el plugin, van
  como ficheros con el mismo Markdown; el mismo tema y el mismo buscador. Solo se registra
  el filtro de Jinja con que la plantilla del libro completo reescribe sus enlaces;
- **con plugin** en un solo proceso (``procesos: 0``: todo su trabajo en la cuenta) y con
  los bloques adelantados en otro núcleo (``procesos`` por defecto);
- y, con ``--antes CARPETA`` (otra copia del proyecto, p. ej. ``git worktree add``), las
  dos variantes con plugin también con el código de esa copia.

Lo hace con el libro y con un libro diez veces mayor (diez copias de ``srd/``). De cada
construcción mide el tiempo de ``build()`` (pared), la CPU de la orden entera (el
proceso y sus hijos: los auxiliares del adelanto, el proceso del Lienzo, git) y la CPU de
``build()`` en el proceso de MkDocs solo (sin sus hijos: con un núcleo libre para los
auxiliares, es la pared que queda si MkDocs no los espera); las razones son medianas de
las de cada ronda frente al sin plugin de la misma ronda. Con plugin mide además la API
(``api/v1/``): el tiempo que pasa en ella el proceso de MkDocs (prepararla y escribirla o,
con el adelanto, esperarla y escribirla) frente al de su construcción, y su peso con gzip.
Imprime la carga media de la máquina durante la ejecución y, de la mediana de las razones de
``build()``, su intervalo del 95 % (remuestreo): en estas máquinas compartidas, con pocas
rondas, la mediana de la misma versión va de 1,08 a 1,16.
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from entorno import con_bytecode

RAIZ = Path(__file__).resolve().parent.parent
SIN = "sin plugin"
VARIANTES = ("1 proceso", "adelanto")


@dataclass
class Medida:
    build: float
    cpu: float
    api: float = 0.0
    carga: float = 0.0
    cpu_mkdocs: float = 0.0
    """La CPU de ``build()`` en el proceso de MkDocs, sin la de sus hijos."""


@dataclass
class Libro:
    veces: int
    docs_plugin: Path
    docs_sin: Path
    medidas: dict[str, list[Medida]] = field(default_factory=dict)


def _paginas_generadas(codigo: Path, docs: Path) -> dict[str, str]:
    """El Markdown del catálogo, de «Cambios» y de «Estado del SRD» (el de las páginas de
    ``docs``), tal como los genera el plugin."""
    orden = [sys.executable, __file__, "--generadas", str(codigo), str(docs)]
    hecho = subprocess.run(orden, check=True, capture_output=True, text=True, env=_entorno(codigo))
    return dict(json.loads(hecho.stdout))


def generadas_aqui(codigo: Path, docs: Path) -> None:
    from mkdocs_plugins.herramientas import publicar_cambios
    from mkdocs_plugins.herramientas.historial import historial
    from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
    from mkdocs_plugins.nucleo.paginas import catalogo, estado_srd

    calculado = historial(configuracion_desde(codigo))
    paginas = {
        catalogo.RUTA: catalogo.markdown(),
        publicar_cambios.RUTA: publicar_cambios.markdown(calculado),
        estado_srd.RUTA: _estado_del_srd(codigo, docs),
    }
    print(json.dumps(paginas))


def _estado_del_srd(codigo: Path, docs: Path) -> str:
    """«Estado del SRD» como la genera el plugin con las páginas de ``docs``."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    from mkdocs_plugins.nucleo.paginas import estado_srd
    from mkdocs_plugins.plugin import estado

    os.chdir(codigo)
    config = load_config(str(codigo / "mkdocs.yml"), docs_dir=str(docs))
    if docs.name.startswith("srd_x"):
        config["nav"] = None
    ficheros = get_files(config)
    config.plugins._current_plugin = "tapiz"  # como si lo llamara MkDocs
    estado.anadir_pagina(ficheros, config)
    generada = ficheros.get_file_from_path(estado_srd.RUTA)
    assert generada is not None
    return generada.content_string


def libro_multiplicado(destino: Path, veces: int) -> Path:
    """``srd/`` y ``veces - 1`` copias en subcarpetas (el libro completo va una vez: reúne
    todas las páginas y sus copias crecerían con el cuadrado), como ``bench_plugin``."""
    docs = destino / f"srd_x{veces}"
    shutil.copytree(RAIZ / "srd", docs)
    for copia in range(1, veces):
        shutil.copytree(
            RAIZ / "srd", docs / f"copia{copia}", ignore=shutil.ignore_patterns("libro.md")
        )
    return docs


def _con_generadas(docs: Path, destino: Path, generadas: dict[str, str]) -> Path:
    shutil.copytree(docs, destino)
    for ruta, texto in generadas.items():
        (destino / ruta).write_text(texto, "utf-8")
    return destino


def _entorno(codigo: Path) -> dict[str, str]:
    """El código de esa copia, y con los ``.pyc`` de Python: sin ellos (con
    ``PYTHONDONTWRITEBYTECODE``, como en algunas máquinas de desarrollo) cada construcción
    compilaría otra vez cada módulo que importa, MkDocs y el plugin, y eso no es lo que
    pesa en la máquina de quien construye el libro."""
    return con_bytecode(PYTHONPATH=str(codigo))


def construir(codigo: Path, docs: Path, variante: str, temporal: Path) -> Medida:
    """Una construcción en un proceso nuevo, como ``mkdocs build``, con la caché vacía.

    Con la máquina muy cargada, la importación del ``reglas.py`` de un Lienzo puede pasar
    de su límite (5 s) y la construcción falla: se repite (hasta dos veces más) y se dice.
    """
    for intento in range(3):
        try:
            return _construir(codigo, docs, variante, temporal)
        except subprocess.CalledProcessError as error:
            ultima = (error.stderr or "").strip().splitlines()[-1:] or ["?"]
            print(f"  (falló «{variante}», intento {intento + 1}: {ultima[0]})", flush=True)
    raise SystemExit(f"«{variante}» falló tres veces")


def _construir(codigo: Path, docs: Path, variante: str, temporal: Path) -> Medida:
    sitio = Path(tempfile.mkdtemp(dir=temporal))
    cache = Path(tempfile.mkdtemp(dir=temporal))
    orden = [sys.executable, __file__, "--una", str(codigo), str(docs), variante]
    antes = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        hecha = subprocess.run(
            [*orden, str(sitio), str(cache)],
            check=True,
            capture_output=True,
            text=True,
            env=_entorno(codigo),
        )
    finally:
        shutil.rmtree(sitio, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
    despues = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (despues.ru_utime - antes.ru_utime) + (despues.ru_stime - antes.ru_stime)
    build, api, cpu_mkdocs = json.loads(hecha.stdout.splitlines()[-1])
    return Medida(build, cpu, api, os.getloadavg()[0], cpu_mkdocs)


def construir_aqui(codigo: Path, docs: Path, variante: str, sitio: Path, cache: Path) -> None:
    """En el proceso de cada construcción: ``build()`` de MkDocs con esa variante."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.chdir(codigo)  # snippets lee srd/abreviaturas.txt relativo a la carpeta actual
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    config = load_config(str(codigo / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(sitio))
    if docs.name.startswith("srd_x"):
        config["nav"] = None
    api = [0.0]
    if variante == SIN:
        _sin_plugin(config)
    else:
        _con_plugin(config, docs, variante, cache, api)
    inicio, cpu = time.perf_counter(), time.process_time()
    build(config)
    print(json.dumps([time.perf_counter() - inicio, api[0], time.process_time() - cpu]))


def _sin_plugin(config: object) -> None:
    from mkdocs.plugins import BasePlugin, PluginCollection

    from mkdocs_plugins.nucleo.marcado.enlaces import reubicar_enlaces

    class Filtro(BasePlugin):  # type: ignore[type-arg]
        def on_env(self, env, /, *, config, files):  # type: ignore[no-untyped-def]
            env.filters["tapiz_reubicar_enlaces"] = reubicar_enlaces
            return env

    # Una colección nueva: quitar «tapiz» de la cargada dejaría sus ganchos registrados.
    sin_tapiz = PluginCollection()
    for nombre, plugin in config["plugins"].items():  # type: ignore[index]
        if nombre != "tapiz":
            sin_tapiz[nombre] = plugin
    sin_tapiz["filtro"] = Filtro()
    config["plugins"] = sin_tapiz  # type: ignore[index]
    extensiones = config["markdown_extensions"]  # type: ignore[index]
    config["markdown_extensions"] = [e for e in extensiones if e != "mkdocs_plugins.extension"]  # type: ignore[index]


def _sumando_a(acumulado: list[float], funcion: Any) -> Any:
    """``funcion``, que suma a ``acumulado[0]`` los segundos (pared) que tarda cada llamada."""

    def cronometrada(*args: Any, **kwargs: Any) -> Any:
        inicio = time.perf_counter()
        try:
            return funcion(*args, **kwargs)
        finally:
            acumulado[0] += time.perf_counter() - inicio

    return cronometrada


def _con_plugin(config: object, docs: Path, variante: str, cache: Path, api: list[float]) -> None:
    from mkdocs_plugins.extension import api as api_estatica
    from mkdocs_plugins.nucleo.api import identificadores
    from mkdocs_plugins.plugin.adelanto import procesos as adelanto

    tapiz = config["plugins"]["tapiz"].config  # type: ignore[index]
    tapiz.procesos = 0 if variante.startswith("1 proceso") else adelanto.procesos_por_defecto()
    tapiz.cache_dir = str(cache)
    api_estatica.escribir = _sumando_a(api, api_estatica.escribir)
    # Con el adelanto, lo que MkDocs pasa en la API es esperar el encargo que la escribe.
    encargo = adelanto.Adelanto.encargo
    esperar_la_api = _sumando_a(api, encargo)

    def encargo_cronometrado(self: Any, nombre: str) -> Any:
        return (esperar_la_api if nombre == "api" else encargo)(self, nombre)

    adelanto.Adelanto.encargo = encargo_cronometrado  # type: ignore[method-assign]
    copias = sorted(c.name for c in docs.glob("copia*"))
    if copias:  # cada copia con los identificadores de su página, como bench_plugin
        del_proyecto = identificadores.del_proyecto

        def con_copias(configuracion):  # type: ignore[no-untyped-def]
            registro = del_proyecto(configuracion) or {}
            return registro | {f"{c}/{p}": i for c in copias for p, i in registro.items()}

        identificadores.del_proyecto = con_copias


def peso_de_la_api(codigo: Path, docs: Path, temporal: Path) -> tuple[int, int, int]:
    """Ficheros, bytes y bytes con gzip de ``api/v1/`` en una construcción con plugin."""
    sitio = temporal / "sitio-api"
    cache = Path(tempfile.mkdtemp(dir=temporal))
    orden = [sys.executable, __file__, "--una", str(codigo), str(docs), VARIANTES[0]]
    for intento in range(3):  # como en ``construir``: la máquina cargada puede hacerla fallar
        hecha = subprocess.run(
            [*orden, str(sitio), str(cache)],
            env=_entorno(codigo),
            check=False,
            capture_output=True,
        )
        if hecha.returncode == 0:
            break
        print(f"  (falló la construcción de la API, intento {intento + 1})", flush=True)
    ficheros = sorted((sitio / "api" / "v1").rglob("*.json"))
    crudo = sum(f.stat().st_size for f in ficheros)
    comprimido = sum(len(gzip.compress(f.read_bytes(), 9)) for f in ficheros)
    shutil.rmtree(sitio)
    return len(ficheros), crudo, comprimido


def _razon(libro: Libro, variante: str, campo: str) -> tuple[float, float, float]:
    """Mediana, mínimo y máximo de las razones de cada ronda frente al sin plugin."""
    pares = zip(libro.medidas[variante], libro.medidas[SIN], strict=True)
    razones = [getattr(m, campo) / getattr(b, campo) for m, b in pares]
    return statistics.median(razones), min(razones), max(razones)


def _intervalo(libro: Libro, variante: str, remuestras: int = 2000) -> tuple[float, float]:
    """El intervalo del 95 % de la mediana de las razones de ``build()`` (remuestreo con
    reemplazo, semilla fija): con pocas rondas, o en una hora ruidosa, sale ancho."""
    pares = zip(libro.medidas[variante], libro.medidas[SIN], strict=True)
    razones = [m.build / b.build for m, b in pares]
    azar = random.Random(0)
    medianas = sorted(
        statistics.median(azar.choices(razones, k=len(razones))) for _ in range(remuestras)
    )
    return medianas[int(0.025 * remuestras)], medianas[int(0.975 * remuestras) - 1]


def _cifra(valor: float) -> str:
    return f"{valor:.2f}".replace(".", ",")


def imprimir(libros: list[Libro], api: tuple[int, int, int], cargas: list[float]) -> None:
    print("Construcción en frío con el plugin «tapiz» frente a MkDocs sin él (mismas páginas)")
    print("  razón: mediana de las razones de cada ronda [mínima – máxima]")
    print(
        f"{'libro':>6} {'variante':>22} {'build() s':>10} {'razón build()':>22} "
        f"{'CPU orden s':>12} {'razón CPU':>22} {'CPU MkDocs s':>12} {'razón CPU MkDocs':>22} "
        f"{'API / build()':>14}"
    )
    for libro in libros:
        for variante, medidas in libro.medidas.items():
            build = statistics.median(m.build for m in medidas)
            cpu = statistics.median(m.cpu for m in medidas)
            propia = statistics.median(m.cpu_mkdocs for m in medidas)
            fila = f"{libro.veces:>5}× {variante:>22} {build:>10.2f}"
            if variante == SIN:
                print(f"{fila} {'':>22} {cpu:>12.2f} {'':>22} {propia:>12.2f}")
                continue
            razones = [_razon(libro, variante, c) for c in ("build", "cpu", "cpu_mkdocs")]
            api_parte = statistics.median(m.api / m.build for m in medidas)
            r_build, r_cpu, r_propia = (
                f"{_cifra(r[0]):>6} [{_cifra(r[1])} – {_cifra(r[2])}]     " for r in razones
            )
            print(
                f"{fila} {r_build} {cpu:>12.2f} {r_cpu} {propia:>12.2f} {r_propia} "
                f"{_cifra(api_parte):>14}"
            )
            bajo, alto = _intervalo(libro, variante)
            print(f"{'':>30} mediana de razón build(), al 95 %: {_cifra(bajo)} – {_cifra(alto)}")
        rondas = len(libro.medidas[SIN])
        print(f"  ({rondas} rondas del libro {libro.veces}×)")
    ficheros, crudo, comprimido = api
    print(
        f"API api/v1/ del libro: {ficheros} ficheros, {crudo / 1024:.0f} KB, "
        f"{comprimido / 1024:.0f} KB con gzip"
    )
    print(
        "Carga media (1 min) durante las construcciones: mediana "
        f"{_cifra(statistics.median(cargas))}, de {_cifra(min(cargas))} a "
        f"{_cifra(max(cargas))}; {os.cpu_count()} núcleos"
    )


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rondas", type=int, default=5, help="rondas del libro (1×)")
    argumentos.add_argument("--rondas-x10", type=int, default=2)
    argumentos.add_argument("--antes", type=Path, help="otra copia del proyecto que comparar")
    argumentos.add_argument("--sin-x10", action="store_true", help="solo el libro")
    argumentos.add_argument("--solo-x10", action="store_true", help="solo el libro 10×")
    argumentos.add_argument(
        "--sin-adelanto", action="store_true", help="solo la variante de un proceso"
    )
    argumentos.add_argument(
        "--solo-adelanto", action="store_true", help="solo la variante con el adelanto"
    )
    argumentos.add_argument("--una", nargs=5, help=argparse.SUPPRESS)
    argumentos.add_argument("--generadas", nargs=2, help=argparse.SUPPRESS)
    opciones = argumentos.parse_args()
    if opciones.una:
        codigo, docs, variante, sitio, cache = opciones.una
        construir_aqui(Path(codigo), Path(docs), variante, Path(sitio), Path(cache))
        return
    if opciones.generadas:
        generadas_aqui(*(Path(p) for p in opciones.generadas))
        return
    codigos = {"": RAIZ}
    if opciones.antes:
        codigos = {" (antes)": opciones.antes.resolve(), "": RAIZ}
    nombres = VARIANTES[:1] if opciones.sin_adelanto else VARIANTES
    nombres = VARIANTES[1:] if opciones.solo_adelanto else nombres
    variantes = [(f"{v}{sufijo}", codigo) for v in nombres for sufijo, codigo in codigos.items()]
    cargas: list[float] = []
    with tempfile.TemporaryDirectory() as carpeta:
        temporal = Path(carpeta)
        generadas = _paginas_generadas(RAIZ, RAIZ / "srd")
        libros = [
            Libro(1, RAIZ / "srd", _con_generadas(RAIZ / "srd", temporal / "srd_sin", generadas))
        ]
        if not opciones.sin_x10:
            diez = libro_multiplicado(temporal, 10)
            libros.append(
                Libro(
                    10,
                    diez,
                    _con_generadas(diez, temporal / "srd_x10_sin", _paginas_generadas(RAIZ, diez)),
                )
            )
        # La caché del disco y los .pyc de cada copia del código, antes de medir.
        construir(RAIZ, libros[0].docs_sin, SIN, temporal)
        for codigo in codigos.values():
            construir(codigo, libros[0].docs_plugin, VARIANTES[0], temporal)
        api = peso_de_la_api(RAIZ, RAIZ / "srd", temporal)
        if opciones.solo_x10:
            libros = libros[1:]
        for libro in libros:
            libro.medidas = {SIN: [], **{v: [] for v, _ in variantes}}
            rondas = opciones.rondas if libro.veces == 1 else opciones.rondas_x10
            for ronda in range(rondas):
                orden = [(SIN, RAIZ), *variantes]
                if ronda % 2:  # alternar también el orden dentro de la ronda
                    orden.reverse()
                for variante, codigo in orden:
                    docs = libro.docs_sin if variante == SIN else libro.docs_plugin
                    medida = construir(codigo, docs, variante, temporal)
                    libro.medidas[variante].append(medida)
                    print(
                        f"  {libro.veces}× ronda {ronda + 1} {variante}: build() "
                        f"{medida.build:.2f} s, CPU {medida.cpu:.2f} s, CPU MkDocs "
                        f"{medida.cpu_mkdocs:.2f} s, API {medida.api:.2f} s, "
                        f"carga {medida.carga:.1f}",
                        flush=True,
                    )
                    cargas.append(medida.carga)
    imprimir(libros, api, cargas)
    print("Reproducir: uv run python bench/bench_peso.py " + " ".join(sys.argv[1:]))


if __name__ == "__main__":
    main()
