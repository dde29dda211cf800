"""Rutas y enlaces simbólicos hostiles contra el núcleo y la orden ``tapiz``: ninguna traza.

A demanda (``uv run python bench/fuzz_rutas.py [casos] [--semilla N]``); el resultado de la
última ejecución, en ``bench/fuzz_rutas.md``. Cada caso es una carpeta de páginas al azar
(páginas UTF-8 y no UTF-8, nombres que no son UTF-8, carpetas y enlaces simbólicos: a
ficheros y carpetas de dentro, a ``..``, ``/``, ``/etc/passwd``, a una carpeta y a páginas de
fuera (una con un nombre que no es UTF-8), rotos,
a sí mismos y en bucle entre dos) y una orden con rutas al azar (``comprobar``, ``exportar``,
``exportar --json``, ``reglas --lienzo``, ``impacto`` con revisiones como ``--output=…``, con
bytes nulos, ``..``, rutas absolutas y nombres que no son UTF-8). Cuenta:

- **trazas**: una excepción que sale de ``main`` o de leer la configuración, o una salida que
  no se puede escribir en UTF-8 estricto (un terminal que no es el de C.UTF-8);
- **códigos**: ``main`` devuelve 0, 1 o 2, nada más;
- **fugas**: si la configuración se acepta, ningún fichero que MkDocs reúne (``get_files``, lo
  que se publica) ni ninguna página que leen la API y ``comprobar`` (``rglob``) está fuera de
  la carpeta de las páginas.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from mkdocs.config import load_config
from mkdocs.structure.files import get_files

from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo.fuente.configuracion import ErrorConfiguracion, cargar_configuracion

NOMBRES: list[bytes] = [
    b"a.md",
    b"b.md",
    b"c",
    b"\xc3\xb1and\xc3\xba.md",  # ñandú.md
    b"con espacio.md",
    b"-guion.md",
    b"..md",
    b".oculto.md",
    b"\xff.md",
    b"\xe1rbol.md",
    b"lienzo.yml",
    b"abreviaturas.txt",
    b"x" * 200 + b".md",
]
PAGINAS: list[bytes] = [
    "# Título {#titulo}\n\nTexto con 3d6.\n".encode(),
    b"# Mal\n\n\xff\xfe\n",
    b"---\ntitle: Cabecera\n---\n\n# Con cabecera {#cabecera}\n",
    b"",
]
DESTINOS = [
    "{dentro}",
    ".",
    "..",
    "../..",
    "/",
    "/etc/passwd",
    "/tmp",
    "{fuera}/secreto.md",
    "{fuera}/mal-\udcff.md",
    "{fuera}",
    "{absoluto_dentro}",
    "../srd/{dentro}",
    "{propio}",
    "{otro}",
    "no-existe.md",
    "\udcff.md",
]


def crear_caso(azar: random.Random, raiz: Path) -> Path:
    """Una carpeta ``srd/`` al azar bajo ``raiz/proyecto`` (y ``raiz/fuera``)."""
    proyecto = raiz / "proyecto"
    shutil.rmtree(proyecto, ignore_errors=True)
    srd = proyecto / "srd"
    srd.mkdir(parents=True)
    (proyecto / "tapiz.yml").write_text("paginas: srd\n", encoding="utf-8")
    carpetas = [srd]
    creados: list[bytes] = []
    for _ in range(azar.randint(1, 7)):
        carpeta = os.fsencode(azar.choice(carpetas))
        nombre = os.path.join(carpeta, azar.choice(NOMBRES))
        if os.path.lexists(nombre):
            continue
        tipo = azar.random()
        if nombre.endswith(b"lienzo.yml"):
            # Un lienzo.yml que no es UTF-8 (o que lleva a una página que no lo es) es de quien
            # carga los Lienzos, no de este banco: aquí siempre es un fichero legible.
            with open(nombre, "wb") as fichero:
                fichero.write(b"nombre: X\n")
        elif tipo < 0.55:
            with open(nombre, "wb") as fichero:
                fichero.write(azar.choice(PAGINAS))
        elif tipo < 0.75:
            os.mkdir(nombre)
            carpetas.append(Path(os.fsdecode(nombre)))
        else:
            os.symlink(destino(azar, raiz, srd, creados, nombre), nombre)
        creados.append(nombre)
    return proyecto


def destino(
    azar: random.Random, raiz: Path, srd: Path, creados: list[bytes], propio: bytes
) -> bytes:
    elegido = azar.choice(DESTINOS)
    interior = os.path.basename(azar.choice(creados)) if creados else b"a.md"
    valores = {
        "dentro": os.fsdecode(interior),
        "fuera": str(raiz / "fuera"),
        "absoluto_dentro": os.fsdecode(os.path.join(os.fsencode(srd), interior)),
        "propio": os.fsdecode(os.path.basename(propio)),
        "otro": os.fsdecode(os.path.basename(azar.choice(creados or [propio]))),
    }
    return os.fsencode(elegido.format(**valores))


def argumentos(azar: random.Random, proyecto: Path, raiz: Path) -> list[str]:
    """Una orden de ``tapiz`` con rutas al azar, relativas a ``proyecto`` (la carpeta actual)."""
    entradas = [
        os.fsdecode(os.path.relpath(os.path.join(actual, n), proyecto))
        for actual, carpetas, ficheros in os.walk(proyecto / "srd")
        for n in carpetas + ficheros
    ]
    rutas = [
        "srd",
        "srd/",
        ".",
        "..",
        "",
        "srd/\0",
        "\0",
        "no-existe",
        "/etc/passwd",
        "/dev/null",
        "srd/../srd",
        "\udcff",
        str(raiz / "fuera"),
        str(raiz / "fuera" / "secreto.md"),
        str(raiz / "fuera" / "mal-\udcff.md"),
        *entradas,
    ]
    ruta = azar.choice(rutas)
    orden = azar.random()
    if orden < 0.55:
        return ["comprobar", *azar.sample(rutas, azar.randint(0, 2))]
    if orden < 0.7:
        return ["exportar", "--json", str(raiz / "salida" / ruta.lstrip("/"))]
    if orden < 0.8:
        return ["exportar", str(raiz / "salida" / ruta.lstrip("/"))]
    if orden < 0.9:
        return ["reglas", "--lienzo", ruta]
    revision = azar.choice(["--output=x", "--list", "-", "", "HEAD\0", "HEAD", "\udcff", ruta])
    return [azar.choice(["impacto", "cambios"]), "--", revision]


def salida_estricta() -> io.TextIOWrapper:
    """Como la salida de un terminal UTF-8 que no es C.UTF-8: un nombre mal escrito falla."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")


def ejecutar(argv: list[str]) -> tuple[int | None, str | None]:
    salida = salida_estricta()
    errores = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    try:
        with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
            codigo = main(argv)
            salida.flush()
    except BaseException:
        return None, traceback.format_exc(limit=-3)
    return codigo, None


def dentro(ruta: str, carpeta: str) -> bool:
    """Como ``nucleo/fuente/carpeta.py``, copiado: el banco también se pasa a una versión sin él."""
    return ruta == carpeta or ruta.startswith(carpeta.rstrip(os.sep) + os.sep)


def fugas(proyecto: Path, mkdocs: object) -> list[str] | None:
    """Lo que publicaría MkDocs o leería la API desde fuera de la carpeta de las páginas
    (None si la configuración no se acepta)."""
    try:
        configuracion = cargar_configuracion(proyecto / "tapiz.yml", proyecto)
    except ErrorConfiguracion:
        return None
    real = os.path.realpath(configuracion.paginas)
    mkdocs["docs_dir"] = str(configuracion.paginas)  # type: ignore[index]
    publicados = [f.abs_src_path or "" for f in get_files(mkdocs)]  # type: ignore[arg-type]
    leidos = [str(f) for f in configuracion.paginas.rglob("*.md")]
    return [f for f in publicados + leidos if not dentro(os.path.realpath(f), real)]


def principal() -> int:
    opciones = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    opciones.add_argument("casos", type=int, nargs="?", default=10_000)
    opciones.add_argument("--semilla", type=int, default=39)
    leidas = opciones.parse_args()
    raiz = Path(tempfile.mkdtemp(prefix="fuzz-rutas-"))
    (raiz / "fuera").mkdir()
    (raiz / "fuera" / "secreto.md").write_text("# SECRETO\n", encoding="utf-8")
    with open(os.path.join(os.fsencode(raiz / "fuera"), b"mal-\xff.md"), "wb") as mal:
        mal.write(b"# Mal {#mal}\n\n```tapiz-regla\nregla: nada\n```\n")
    yml = raiz / "mkdocs.yml"
    yml.write_text("site_name: Fuzz\ndocs_dir: proyecto/srd\n", encoding="utf-8")
    (raiz / "proyecto" / "srd").mkdir(parents=True)
    mkdocs = load_config(str(yml))
    trazas: Counter[str] = Counter()
    codigos: Counter[int | None] = Counter()
    ejemplos: dict[str, str] = {}
    fugados: list[str] = []
    aceptados = 0
    antes, inicio = Path.cwd(), time.perf_counter()
    try:
        for caso in range(leidas.casos):
            azar = random.Random(leidas.semilla * 1_000_003 + caso)
            proyecto = crear_caso(azar, raiz)
            os.chdir(proyecto)
            try:
                encontradas = fugas(proyecto, mkdocs)
            except BaseException:
                encontradas = None
                trazas["leer la configuración"] += 1
                ejemplos.setdefault("leer la configuración", traceback.format_exc(limit=-3))
            if encontradas is not None:
                aceptados += 1
                fugados += encontradas
            argv = argumentos(azar, proyecto, raiz)
            codigo, traza = ejecutar(argv)
            codigos[codigo] += 1
            if traza is not None:
                clave = traza.strip().splitlines()[-1][:120]
                trazas[clave] += 1
                ejemplos.setdefault(clave, f"{argv!r}\n{traza}")
            os.chdir(antes)
    finally:
        os.chdir(antes)
        shutil.rmtree(raiz, ignore_errors=True)
    segundos = time.perf_counter() - inicio
    print(f"casos: {leidas.casos} (semilla {leidas.semilla}), {segundos:.0f} s")
    print(f"trazas: {sum(trazas.values())}")
    for clave, veces in trazas.most_common():
        print(f"  {veces} × {clave}\n{ejemplos[clave]}")
    print(f"códigos de salida: {dict(sorted(codigos.items(), key=str))}")
    print(f"carpetas aceptadas: {aceptados}; rechazadas con un mensaje: {leidas.casos - aceptados}")
    print(f"fugas (ficheros de fuera que MkDocs o la API leerían): {len(fugados)}")
    for fuga in fugados[:5]:
        print(f"  {fuga!r}")
    return 1 if trazas or fugados or set(codigos) - {0, 1, 2} else 0


if __name__ == "__main__":
    sys.exit(principal())
