"""``tapiz nuevo-lienzo NOMBRE [CARPETA]``: el repositorio de un Lienzo, listo para construir.

Escribe lo que necesita quien diseña para tener su libro comprobado y publicado desde su
propio repositorio: ``pyproject.toml`` (que depende de este paquete), ``mkdocs.yml`` con el
plugin, ``docs/`` con la portada, el Lienzo (``lienzo.yml`` y ``reglas.py`` con una regla) y
una página con su bloque de regla y un ejemplo comprobado, ``.gitignore``, el flujo de
GitHub Actions que comprueba y publica, y un README con las dos órdenes. Las plantillas van
en el paquete (``plantillas/lienzo/``). No sobrescribe nada: si ya existe alguno de esos
ficheros, no escribe ninguno.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from importlib import metadata
from pathlib import Path
from typing import Any

PLANTILLAS = Path(__file__).with_name("plantillas") / "lienzo"
FICHEROS = {
    "pyproject.toml": "pyproject.toml.txt",
    "mkdocs.yml": "mkdocs.yml.txt",
    ".gitignore": "gitignore.txt",
    ".github/workflows/publicar.yml": "publicar.yml.txt",
    "README.md": "README.md.txt",
    "docs/index.md": "index.md.txt",
    "docs/lienzo.yml": "lienzo.yml.txt",
    "docs/reglas.py": "reglas.py.txt",
    "docs/reglas.md": "reglas.md.txt",
}
"""Cada fichero del repositorio nuevo y la plantilla de la que sale."""
_NO_VALEN = re.compile(r'["\\`<>\x00-\x1f\x7f]')


class ErrorNuevo(Exception):
    """Un nombre o una carpeta que no sirven; el mensaje dice por qué."""


def carpeta_de(nombre: str) -> str:
    """«Islas de Sal» → «islas-de-sal»: sin tildes, en minúsculas y con guiones."""
    sin_tildes = unicodedata.normalize("NFKD", nombre).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", sin_tildes.lower()).strip("-") or "lienzo"


def _version() -> str:
    try:
        return metadata.version("tapiz-srd")
    except metadata.PackageNotFoundError:
        return "0.1.0"


def textos(nombre: str) -> dict[str, str]:
    """Cada fichero del repositorio con el nombre del Lienzo ya puesto."""
    nombre = nombre.strip()
    if not nombre or len(nombre) > 80 or _NO_VALEN.search(nombre):
        raise ErrorNuevo(
            f"«{nombre}» no sirve como nombre del Lienzo: entre 1 y 80 caracteres, sin comillas "
            "dobles, «\\», «`», «<» ni «>»; por ejemplo «Islas de Sal»"
        )
    cadena = json.dumps(nombre, ensure_ascii=False)
    sustituciones = {
        "__NOMBRE_YAML__": cadena,
        "__NOMBRE_PY__": cadena,
        "__DESCRIPCION_TOML__": json.dumps(
            f"{nombre}: un Lienzo del Sistema Tapiz", ensure_ascii=False
        ),
        "__PROYECTO__": carpeta_de(nombre),
        "__VERSION__": _version(),
        "__NOMBRE__": nombre,
    }
    salida = {}
    for destino, plantilla in FICHEROS.items():
        texto = (PLANTILLAS / plantilla).read_text(encoding="utf-8")
        for marca, valor in sustituciones.items():
            texto = texto.replace(marca, valor)
        salida[destino] = texto
    return salida


def crear(nombre: str, carpeta: Path) -> list[Path]:
    """Escribe el repositorio del Lienzo en ``carpeta`` y da los ficheros escritos."""
    contenidos = textos(nombre)
    if carpeta.exists() and not carpeta.is_dir():
        raise ErrorNuevo(f"«{carpeta}» ya existe y no es una carpeta")
    existentes = [destino for destino in contenidos if (carpeta / destino).exists()]
    if existentes:
        raise ErrorNuevo(
            f"no escribo nada: en «{carpeta}» ya existe{'n' if len(existentes) > 1 else ''} "
            f"{', '.join(existentes)}; elige otra carpeta o muévelo antes"
        )
    escritos = []
    for destino, texto in contenidos.items():
        fichero = carpeta / destino
        fichero.parent.mkdir(parents=True, exist_ok=True)
        fichero.write_text(texto, encoding="utf-8")
        escritos.append(fichero)
    return escritos


def ejecutar_nuevo_lienzo(args: argparse.Namespace) -> int:
    carpeta = Path(args.carpeta) if args.carpeta else Path(carpeta_de(args.nombre))
    try:
        escritos = crear(args.nombre, carpeta)
    except ErrorNuevo as error:
        print(f"tapiz: error: {error}", file=sys.stderr)
        return 2
    for fichero in escritos:
        print(f"escrito {fichero.as_posix()}")
    print(
        f"\nEl Lienzo «{args.nombre.strip()}» está en {carpeta.as_posix()}/. Para verlo y "
        f"comprobarlo:\n\n  cd {carpeta.as_posix()}\n  uv run tapiz motor    # una vez: "
        "Pyodide para las reglas en vivo\n  uv run mkdocs serve\n  uv run pytest"
    )
    return 0


def configurar_nuevo_lienzo(sub: Any) -> None:
    p = sub.add_parser(
        "nuevo-lienzo",
        help="crea el repositorio de un Lienzo: mkdocs.yml, docs/, reglas, pruebas y CI",
        description="Escribe en CARPETA (por defecto, el nombre en minúsculas y con guiones) "
        "un repositorio con el Lienzo NOMBRE: pyproject.toml, mkdocs.yml, docs/ con la "
        "portada, lienzo.yml, reglas.py con una regla y una página con su ejemplo comprobado, "
        ".gitignore, un flujo de GitHub Actions que comprueba y publica el sitio y un README. "
        "No sobrescribe ningún fichero.",
    )
    p.add_argument("nombre", metavar="NOMBRE", help="el nombre del Lienzo, p. ej. «Islas de Sal»")
    p.add_argument("carpeta", metavar="CARPETA", nargs="?", help="dónde escribirlo")
    p.set_defaults(ejecutar=ejecutar_nuevo_lienzo)
