"""Una guía como tutorial comprobado (lo que hace Sybil con la documentación): sus bloques,
leídos con markdown-it-py, se ejecutan en orden en una copia del proyecto.

- Un bloque con ``title="ruta"`` (```` ```{.yaml title="srd/…/lienzo.yml"} ````) es un
  fichero: se escribe en la copia con ese contenido. Con llaves: sin Pygments (el adelanto
  del plugin no colorea), SuperFences solo admite ``title`` como atributo.
- Un bloque ``console`` son órdenes (``$ orden``) y lo que escriben; lo escrito (salida y
  errores juntos) debe ser lo que muestra la guía. ``…`` en una línea es cualquier texto; una
  línea que solo tiene ``…``, cualquier número de líneas.
- Un bloque ``bash`` son órdenes que deben terminar bien (lo que escriben no se compara).
- ``<!-- guía: sin ejecutar -->`` justo antes de un bloque lo deja sin ejecutar (un
  servidor que no termina, un PDF de un minuto).

``uv run`` se quita de cada orden: las órdenes usan el entorno de las pruebas (el mismo que
crearía ``uv sync``), sin que uv cree otro en la copia. ``tapiz`` se ejecuta en este proceso,
como Sybil sus ejemplos: la misma función que su punto de entrada (``console_scripts``), con
los mismos argumentos, la carpeta, el entorno y lo que escribe, salida y errores juntos; en un
proceso nuevo, cada orden importaba otra vez MkDocs y el publicador (medio segundo de CPU).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from mkdocs_plugins.nucleo.fuente.bloques import separar_front_matter

SIN_EJECUTAR = "<!-- guía: sin ejecutar -->"
_TITULO = re.compile(r'title="([^"]+)"')


@dataclass(frozen=True)
class Paso:
    linea: int
    """La línea (desde 1) de la guía donde empieza el bloque."""
    fichero: str = ""
    contenido: str = ""
    orden: str = ""
    esperado: tuple[str, ...] | None = None
    """Lo que la guía muestra que escribe la orden (None: no se compara)."""


def pasos(texto: str) -> list[Paso]:
    markdown, desplazamiento = separar_front_matter(texto)
    encontrados: list[Paso] = []
    anterior = ""
    for token in MarkdownIt("commonmark").parse(markdown):
        if token.type == "fence" and token.map is not None and anterior != SIN_EJECUTAR:
            linea = token.map[0] + desplazamiento + 1
            encontrados += _del_bloque(token.info, token.content, linea)
        anterior = token.content.strip() if token.type == "html_block" else ""
    return encontrados


def _del_bloque(info: str, contenido: str, linea: int) -> list[Paso]:
    lenguaje = info.split(maxsplit=1)[0] if info.strip() else ""
    if titulo := _TITULO.search(info):
        return [Paso(linea, fichero=titulo.group(1), contenido=contenido)]
    if lenguaje == "bash":
        ordenes = [o for o in contenido.splitlines() if o.strip() and not o.startswith("#")]
        return [Paso(linea, orden=o) for o in ordenes]
    if lenguaje != "console":
        return []
    bloque: list[Paso] = []
    orden, salida = "", list[str]()
    for renglon in [*contenido.splitlines(), "$ "]:
        if renglon.startswith("$ "):
            if orden:
                bloque.append(Paso(linea, orden=orden, esperado=tuple(salida)))
            orden, salida = renglon[2:], []
        else:
            salida.append(renglon)
    return bloque


def _patron(esperado: tuple[str, ...]) -> re.Pattern[str]:
    partes = [
        r"(?:.*\n)*?"
        if linea.strip() == "…"
        else ".*".join(map(re.escape, linea.split("…"))) + r"\n"
        for linea in esperado
    ]
    return re.compile("".join(partes))


def coincide(escrito: str, esperado: tuple[str, ...]) -> bool:
    lineas = [linea.rstrip() for linea in escrito.splitlines()]
    texto = "".join(f"{linea}\n" for linea in lineas)
    return _patron(tuple(e.rstrip() for e in esperado)).fullmatch(texto) is not None


def ejecutar(paso: Paso, carpeta: Path) -> str | None:
    """Hace el paso en ``carpeta``; None si sale lo que dice la guía, o qué salió."""
    if paso.fichero:
        destino = carpeta / paso.fichero
        destino.parent.mkdir(parents=True, exist_ok=True)
        destino.write_text(paso.contenido, encoding="utf-8")
        return None
    partes = shlex.split(paso.orden)
    if partes[:2] == ["uv", "run"]:
        partes = partes[2:]
    entorno = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "NO_COLOR": "1",
        "COLUMNS": "80",
    }
    entorno.pop("PYTEST_ADDOPTS", None)
    entorno.pop("PYTEST_XDIST_WORKER", None)
    if partes[0] == "tapiz":
        codigo, escrito = tapiz(partes[1:], carpeta, entorno)
    else:
        proceso = subprocess.run(
            partes,
            cwd=carpeta,
            env=entorno,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        codigo, escrito = proceso.returncode, proceso.stdout
    if paso.esperado is None:
        return None if codigo == 0 else escrito or f"estado {codigo}"
    return None if coincide(escrito, paso.esperado) else escrito


def tapiz(argumentos: list[str], carpeta: Path, entorno: dict[str, str]) -> tuple[int, str]:
    """``tapiz ARGUMENTOS`` en ``carpeta`` con ``entorno``, en este proceso: su código de salida
    y lo que escribió (salida y errores juntos)."""
    from mkdocs_plugins.herramientas.cli import main

    escrito = io.StringIO()
    with (
        _en(carpeta, entorno),
        contextlib.redirect_stdout(escrito),
        contextlib.redirect_stderr(escrito),
    ):
        try:
            codigo = main(argumentos)
        except SystemExit as salida:  # argparse: --help (0) o una orden mal escrita (2)
            codigo = salida.code if isinstance(salida.code, int) else int(salida.code is not None)
    return codigo, escrito.getvalue()


@contextlib.contextmanager
def _en(carpeta: Path, entorno: dict[str, str]) -> Iterator[None]:
    """La carpeta y el entorno de una orden, mientras dura; después, los de antes."""
    antes, variables = Path.cwd(), dict(os.environ)
    os.chdir(carpeta)
    os.environ.clear()
    os.environ.update(entorno)
    try:
        yield
    finally:
        os.chdir(antes)
        os.environ.clear()
        os.environ.update(variables)
