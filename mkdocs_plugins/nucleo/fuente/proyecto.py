"""Dónde está un libro: la carpeta de su ``mkdocs.yml`` y la de sus páginas (``docs_dir``).

Es una sola respuesta para todo: la construcción, pytest, ``tapiz comprobar``, ``tapiz pdf``,
``tapiz exportar`` y la API toman las páginas del ``docs_dir`` de ``mkdocs.yml``, como
MkDocs. Aquí solo se lee esa clave (y ``INHERIT``, el ``mkdocs.yml`` del que hereda): las
etiquetas de Python del fichero (``!!python/name:…``) no se ejecutan, y ``!ENV`` se resuelve
como lo hace MkDocs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from tapiz_rules.errores import ErrorTapiz

MKDOCS = "mkdocs.yml"
DOCS_DIR = "docs"
"""El ``docs_dir`` de MkDocs cuando ``mkdocs.yml`` no lo dice."""


class ErrorMkdocs(ErrorTapiz):
    """``mkdocs.yml`` no se puede leer; el mensaje empieza por «mkdocs.yml:línea:»."""


class _Cargador(yaml.SafeLoader):
    """YAML seguro que deja en None las etiquetas que no conoce (``!!python/name:…``)."""


def _env(cargador: yaml.SafeLoader, nodo: yaml.Node) -> Any:
    """``!ENV NOMBRE`` o ``!ENV [NOMBRE, OTRO, valor por defecto]``, como en MkDocs."""
    if isinstance(nodo, yaml.ScalarNode):
        return os.environ.get(str(cargador.construct_scalar(nodo)))
    if isinstance(nodo, yaml.SequenceNode):
        *nombres, defecto = cargador.construct_sequence(nodo) or [None]
        return next((os.environ[n] for n in nombres if n in os.environ), defecto)
    return None


_Cargador.add_constructor("!ENV", _env)
_Cargador.add_multi_constructor("", lambda cargador, sufijo, nodo: None)


def paginas(raiz: Path) -> Path | None:
    """El ``docs_dir`` del ``mkdocs.yml`` de ``raiz`` (por defecto ``docs``, como MkDocs);
    None si ``raiz`` no tiene ``mkdocs.yml``."""
    fichero = raiz / MKDOCS
    if not fichero.is_file():
        return None
    return (fichero.parent / _docs_dir(fichero, set())).resolve()


def _docs_dir(fichero: Path, vistos: set[Path]) -> str:
    vistos.add(fichero.resolve())
    try:
        datos = yaml.load(fichero.read_text(encoding="utf-8"), Loader=_Cargador)
    except yaml.YAMLError as error:
        marca = getattr(error, "problem_mark", None)
        linea = marca.line + 1 if marca is not None else 1
        raise ErrorMkdocs(f"{fichero.name}:{linea}: YAML no válido: {error}") from None
    if not isinstance(datos, dict):
        return DOCS_DIR
    if datos.get("docs_dir"):
        return str(datos["docs_dir"])
    padre = datos.get("INHERIT")
    if isinstance(padre, str) and (fichero.parent / padre).resolve() not in vistos:
        heredado = fichero.parent / padre
        if heredado.is_file():
            return os.path.relpath(heredado.parent / _docs_dir(heredado, vistos), fichero.parent)
    return DOCS_DIR
