"""Banco de pruebas del plugin: cuánto añade a la construcción y cuánto pesan sus páginas.

Se ejecuta a demanda (``uv run python bench/bench_plugin.py``) y no afirma
nada: imprime razones medidas en la misma ejecución, porque estas máquinas
son compartidas y ruidosas.

Cada construcción va en un proceso nuevo, como ``mkdocs build``, y se mide su
``build()`` (importar y leer mkdocs.yml cuesta lo mismo con plugin que sin él) y,
aparte, la orden entera, que es lo que espera quien construye:

- el libro sin el plugin (``enabled: false``: las vallas quedan como código);
  con el plugin en frío, con la caché vacía (la primera construcción tras
  clonar o tras cambiar el motor): en un solo proceso (``procesos: 0``) y con
  los bloques adelantados en los demás núcleos (``procesos`` por defecto); en
  frío y además sin la caché del usuario (las plantillas del tema, que compila
  la primera construcción de cualquier proyecto en la máquina, como los ``.pyc``
  de lo instalado: ``plugin/plantillas.py``); y con la caché de una
  construcción anterior (``mkdocs build`` otra vez, o ``mkdocs serve`` tras un
  cambio); mediana de varias repeticiones alternas. La caché del usuario es una
  carpeta del banco (``XDG_CACHE_HOME``), no la de quien lo ejecuta;
- lo mismo con un libro sintético diez veces mayor, y cuánto crece el coste
  propio del plugin (lineal: diez veces las páginas, unas diez veces el coste);
- el tiempo de doc-test por ejemplo;
- con ``bench_paginas``, el peso de las páginas publicadas y el tiempo del clic
  en un dado a su anuncio en Chromium (omítelo con ``--sin-navegador``).
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cronometro import Cronometro
from entorno import con_bytecode
from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.fuente.bloques import separar_front_matter
from mkdocs_plugins.plugin import adelanto

RAIZ = Path(__file__).resolve().parent.parent


def libro_multiplicado(destino: Path, veces: int) -> Path:
    """Una copia de ``srd/`` repetida ``veces`` veces en subcarpetas.

    El libro completo (``libro.md``) va una sola vez: reúne todas las páginas, y diez
    copias suyas, cada una con las diez copias del libro, crecerían con el cuadrado.
    """
    docs = destino / f"srd_x{veces}"
    shutil.copytree(RAIZ / "srd", docs)
    for copia in range(1, veces):
        sin_libro = shutil.ignore_patterns("libro.md")
        shutil.copytree(RAIZ / "srd", docs / f"copia{copia}", ignore=sin_libro)
        for declaracion in (docs / f"copia{copia}").glob("lienzos/*/lienzo.yml"):
            # Cada Lienzo necesita un nombre propio: el de la copia lleva su número.
            texto = declaracion.read_text("utf-8")
            nombre = next(linea for linea in texto.splitlines() if linea.startswith("nombre:"))
            declaracion.write_text(texto.replace(nombre, f"{nombre} {copia}", 1), "utf-8")
    return docs


def registrar_copias(docs: Path) -> None:
    """Las copias (``copia3/posturas.md``) con los identificadores de su página, como en el
    ``identificadores.yml`` de un libro así: sin esto, cada encabezado de una copia sería
    «nuevo sin registrar» (un aviso por encabezado). La comprobación sigue, con el mismo
    coste que en el libro. Se cambia lo que lee el registro, no solo ``del_proyecto``: el
    auxiliar del adelanto lo lee también, y sin las copias encontraba problemas en cada una y
    dejaba que MkDocs las comprobara otra vez."""
    leer = identificadores.leer
    copias = sorted(c.name for c in docs.glob("copia*"))

    def con_copias(fichero: Path) -> identificadores.Registro | None:
        registro = leer(fichero)
        if registro is None:
            return None
        return registro | {f"{c}/{p}": ids for c in copias for p, ids in registro.items()}

    identificadores.leer = con_copias


SIN_LA_DEL_USUARIO = "en frío, sin caché del usuario"
MODOS = ("sin plugin", "en frío, 1 proceso", "en frío", SIN_LA_DEL_USUARIO, "con caché")
PROCESOS = adelanto.procesos_por_defecto()
CRONOMETRO = Cronometro()
CRONOMETRO.instalar()


@dataclass
class Medida:
    total: float
    propio: float
    """El tiempo dentro del código del plugin (``cronometro``)."""
    minimo: float = 0.0
    """La construcción más rápida: la que menos ruido de la máquina sufrió."""
    pareada: float = 1.0
    """Mediana, ronda a ronda, del tiempo frente al de la construcción sin plugin de la misma
    ronda: lo que el ruido lento de la máquina (que afecta a toda una ronda) no mueve."""
    orden: float = 0.0
    """La orden entera, como ``mkdocs build``: arrancar Python, importar, leer mkdocs.yml,
    construir y salir (con el plugin desactivado, MkDocs también lo importa)."""
    orden_pareada: float = 1.0
    cpu: float = 0.0
    """CPU de ``build()`` (usuario y sistema, con la de los procesos auxiliares ya esperados):
    en una máquina compartida y cargada, la pared mide sobre todo las esperas."""
    cpu_pareada: float = 1.0


def construir(docs: Path, modo: str, temporal: Path, cache: Path) -> Medida:
    """Una construcción en un proceso nuevo, como ``mkdocs build``: nada queda en memoria de
    la anterior (ni cachés del motor ni módulos calientes de los que bifurcar). Cada modo
    publica en su carpeta, la misma de una vez a otra, como quien construye y vuelve a
    construir (o ``mkdocs serve``): MkDocs la vacía antes de escribir (y el plugin aparta lo
    suyo, que vuelve si no cambia)."""
    sitio = temporal / f"sitio-{docs.name}-{modo}"
    sitio.mkdir(exist_ok=True)
    cache_dir = cache if modo == "con caché" else Path(tempfile.mkdtemp(dir=temporal))
    del_usuario = temporal / "usuario"
    if modo == SIN_LA_DEL_USUARIO:
        del_usuario = Path(tempfile.mkdtemp(dir=temporal))
    orden = [sys.executable, __file__, "--una-construccion", str(docs), modo, str(sitio)]
    entorno = con_bytecode(XDG_CACHE_HOME=str(del_usuario))
    inicio = time.perf_counter()
    try:
        hecha = subprocess.run(
            [*orden, str(cache_dir)], check=True, capture_output=True, text=True, env=entorno
        )
        entera = time.perf_counter() - inicio
    finally:
        for carpeta in {cache_dir, del_usuario} - {cache, temporal / "usuario"}:
            shutil.rmtree(carpeta)
    total, propio, cpu = json.loads(hecha.stdout.splitlines()[-1])
    return Medida(total, propio, orden=entera, cpu=cpu)


def construir_aqui(docs: Path, modo: str, sitio: Path, cache_dir: Path) -> Medida:
    """Lo que mide cada proceso: ``build()`` de MkDocs, sin importar ni leer mkdocs.yml."""
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    config = load_config(str(RAIZ / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(sitio))
    if docs.name != "srd":
        config["nav"] = None
        registrar_copias(docs)
    tapiz = config.plugins["tapiz"].config
    tapiz.enabled = modo != "sin plugin"
    tapiz.procesos = 0 if modo == "en frío, 1 proceso" else PROCESOS
    tapiz.cache_dir = str(cache_dir)
    CRONOMETRO.total = 0.0
    cpu = _cpu()
    inicio = time.perf_counter()
    build(config)
    return Medida(time.perf_counter() - inicio, CRONOMETRO.total, cpu=_cpu() - cpu)


def _cpu() -> float:
    propio, hijos = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return propio.ru_utime + propio.ru_stime + hijos.ru_utime + hijos.ru_stime


def medir(docs: Path, repeticiones: int, temporal: Path, cache: Path) -> dict[str, Medida]:
    """Mediana de cada modo, alternándolos (mismo ruido para todos); la caché, ya caliente: la
    primera construcción la llena (en frío, con el auxiliar) y la segunda guarda la API (que
    en frío calcula el auxiliar, en otro proceso)."""
    construir(docs, "con caché", temporal, cache)
    construir(docs, "con caché", temporal, cache)
    medidas: dict[str, list[Medida]] = {modo: [] for modo in MODOS}
    for _ in range(repeticiones):
        for modo in MODOS:
            medidas[modo].append(construir(docs, modo, temporal, cache))
    sin_plugin = medidas["sin plugin"]

    def pareada(lista: list[Medida], campo: str) -> float:
        razones = zip(lista, sin_plugin, strict=True)
        return statistics.median(getattr(m, campo) / getattr(b, campo) for m, b in razones)

    return {
        modo: Medida(
            statistics.median(m.total for m in lista),
            statistics.median(m.propio for m in lista),
            min(m.total for m in lista),
            pareada(lista, "total"),
            statistics.median(m.orden for m in lista),
            pareada(lista, "orden"),
            statistics.median(m.cpu for m in lista),
            pareada(lista, "cpu"),
        )
        for modo, lista in medidas.items()
    }


def doctest_por_ejemplo(docs: Path) -> tuple[int, float]:
    """Lo que cuesta comprobar el libro como pytest (convertir cada página), por ejemplo."""
    paginas = [separar_front_matter(p.read_text("utf-8")) for p in sorted(docs.rglob("*.md"))]
    inicio = time.perf_counter()
    ejemplos = sum(procesar("srd/p.md", md, d).total_ejemplos for md, d in paginas)
    return ejemplos, (time.perf_counter() - inicio) / max(ejemplos, 1)


def tiempos(tiempo: float, sin_plugin: float) -> str:
    """Tiempo, razón y coste frente a la construcción sin plugin."""
    return f"{tiempo:>7.3f}s {tiempo / sin_plugin:>6.3f} {tiempo - sin_plugin:>6.3f}s"


def imprimir_tabla(
    filas: list[tuple[int, dict[str, Medida]]],
    columnas: str,
    celdas: Callable[[Medida, Medida], str],
) -> None:
    """Una fila por libro y modo; ``celdas`` recibe su medida y la del libro sin plugin."""
    print(f"{'libro':>6} {'modo':>19} {'tiempo':>8} {'razón':>6} {'coste':>7}{columnas}")
    for veces, medidas in filas:
        for modo in MODOS:
            print(f"{veces:>5}× {modo:>19} {celdas(medidas[modo], medidas['sin plugin'])}")


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--repeticiones", type=int, default=5)
    argumentos.add_argument("--sin-navegador", action="store_true")
    argumentos.add_argument("--una-construccion", nargs=4, help=argparse.SUPPRESS)
    opciones = argumentos.parse_args()
    if opciones.una_construccion:
        docs, modo, sitio, cache_dir = opciones.una_construccion
        medida = construir_aqui(Path(docs), modo, Path(sitio), Path(cache_dir))
        print(json.dumps([medida.total, medida.propio, medida.cpu]))
        return
    with tempfile.TemporaryDirectory() as temporal:
        tmp = Path(temporal)
        construir(RAIZ / "srd", "en frío", tmp, tmp / "calentar")  # la caché del disco
        filas = []
        for veces, docs in ((1, RAIZ / "srd"), (10, libro_multiplicado(tmp, 10))):
            # El libro pequeño es barato: más repeticiones para que su mediana sea estable.
            repeticiones = opciones.repeticiones * (3 if veces == 1 else 1)
            filas.append((veces, medir(docs, repeticiones, tmp, tmp / f"cache{veces}")))
        ejemplos, por_ejemplo = doctest_por_ejemplo(RAIZ / "srd")

    print("Construcción del libro con el plugin «tapiz» frente a sin él (medianas)")
    print("  coste: con plugin menos sin plugin; propio: tiempo dentro del código del plugin")
    print(f"  en frío: caché vacía; los bloques, adelantados en {PROCESOS} proceso(s) más")
    print("  pareada: mediana de las razones de cada ronda (frente al sin plugin de su ronda)")
    print("  mín.: la construcción más rápida de cada modo frente a la más rápida sin plugin")
    imprimir_tabla(
        filas,
        f" {'propio':>7} {'pareada':>8} {'mín.':>6}",
        lambda m, b: (
            f"{tiempos(m.total, b.total)} {m.propio:>6.3f}s"
            f" {m.pareada:>8.3f} {m.minimo / b.minimo:>6.3f}"
        ),
    )
    print(
        f"({opciones.repeticiones * 3} repeticiones del libro y {opciones.repeticiones} del "
        "libro diez veces mayor; medianas)"
    )
    print("La orden entera, como «mkdocs build» (arrancar, importar, leer mkdocs.yml, construir)")
    imprimir_tabla(
        filas,
        f" {'pareada':>8}",
        lambda m, b: f"{tiempos(m.orden, b.orden)} {m.orden_pareada:>8.3f}",
    )
    print("La CPU de build() (usuario y sistema, con la de los auxiliares)")
    imprimir_tabla(
        filas,
        f" {'pareada':>8}",
        lambda m, b: f"{tiempos(m.cpu, b.cpu)} {m.cpu_pareada:>8.3f}",
    )
    (_, uno), (_, diez) = filas
    for modo in MODOS[1:]:
        propio = diez[modo].propio / max(uno[modo].propio, 1e-9)
        coste_uno = uno[modo].total - uno["sin plugin"].total
        coste_diez = diez[modo].total - diez["sin plugin"].total
        # Un coste que el ruido deja en cero o por debajo no es una base para una razón.
        coste = (
            f"{coste_diez / coste_uno:.2f}"
            if coste_uno > 0.005 and coste_diez > 0
            else "— (dentro del ruido)"
        )
        print(f"Crecimiento 10×/1× del plugin, {modo}: propio {propio:.2f}, coste {coste}")
    mkdocs = diez["sin plugin"].total / uno["sin plugin"].total
    print(f"Crecimiento 10×/1× de MkDocs sin plugin: {mkdocs:.2f}")
    print(
        f"Doc-test (páginas enteras): {ejemplos} ejemplos, {por_ejemplo * 1000:.2f} ms por ejemplo"
    )
    if not opciones.sin_navegador:
        import bench_paginas

        bench_paginas.main()


if __name__ == "__main__":
    main()
