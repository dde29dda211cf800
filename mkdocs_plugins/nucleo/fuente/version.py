"""La versión publicada: la de pyproject.toml, con la fecha y el commit de git.

Reproducible: la fecha es la del commit (o ``SOURCE_DATE_EPOCH`` si está definida), no la
de la construcción, así que dos construcciones del mismo commit escriben lo mismo.
"""

from __future__ import annotations

import os
import subprocess
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class Version:
    version: str
    fecha: str | None
    commit: str | None


def _git(raiz: Path, *argumentos: str) -> str | None:
    try:
        hecho = subprocess.run(
            ["git", "-C", str(raiz), *argumentos],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return hecho.stdout.strip() if hecho.returncode == 0 else None


def version_de(raiz: Path) -> str:
    fichero = raiz / "pyproject.toml"
    if not fichero.is_file():
        return "0.0.0"
    proyecto = tomllib.loads(fichero.read_text("utf-8")).get("project", {})
    return str(proyecto.get("version", "0.0.0"))


def publicada(raiz: Path) -> Version:
    """La última versión publicada, de la misma fuente que la página «Cambios» y el feed: su
    etiqueta ``v*`` más reciente o, sin etiquetas, la versión de ``pyproject.toml`` con el
    commit que la puso y su fecha (que no cambian con cada commit)."""
    etiqueta = _git(
        raiz,
        "for-each-ref",
        "--sort=-creatordate",
        "--count=1",
        "--format=%(refname:short) %(*objectname) %(objectname) %(creatordate:iso-strict)",
        "refs/tags/v*",
    )
    partes = (etiqueta or "").split()
    if len(partes) in (3, 4):  # anotada, con el commit al que apunta; o ligera
        nombre, commit, fecha = partes[0], partes[1], partes[-1]
        return Version(nombre.removeprefix("v"), fecha, commit)
    puesta = _git(raiz, "log", "-1", "--format=%H %cI", "-G^version", "--", "pyproject.toml")
    if not puesta:
        return Version(version_de(raiz), None, None)
    commit, fecha = puesta.split(" ", 1)
    return Version(version_de(raiz), fecha, commit)


def leer(raiz: Path) -> Version:
    commit_y_fecha = _git(raiz, "log", "-1", "--format=%H %cI")
    commit, fecha = commit_y_fecha.split(" ", 1) if commit_y_fecha else (None, None)
    if (epoca := os.environ.get("SOURCE_DATE_EPOCH", "").strip()).isdigit():
        fecha = datetime.fromtimestamp(int(epoca), UTC).isoformat()
    return Version(version_de(raiz), fecha, commit)
