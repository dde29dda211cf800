"""Las versiones publicadas y la de esta construcción.

Una sola fuente, la rama principal: las secciones de versión de ``CHANGELOG.md`` (Keep a
Changelog, ``## [0.2.0] - 2026-11-27``). El commit de cada versión es el de su etiqueta
``v0.2.0`` si la hay; si no, el que nombra su encabezado (``## [0.2.0] - 2026-11-27 -
a1b2c3d``) o, sin nombrarlo, el commit que escribió el encabezado en el CHANGELOG. Las
etiquetas ``v*`` sin sección también cuentan. La fecha es siempre la del commit.

Reproducible: la fecha de la construcción es la de su commit (o ``SOURCE_DATE_EPOCH`` si está
definida), no la de la hora en que se construye.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tapiz_rules.errores import ErrorTapiz

CHANGELOG = "CHANGELOG.md"
_ENCABEZADO = re.compile(r"^## \[(?P<version>\d[^\]]*)\](?P<resto>.*)$", re.M)
"""Una sección de una versión publicada; «[Sin publicar]» no empieza por una cifra."""
_COMMIT = re.compile(r"(?<![0-9a-f-])[0-9a-f]{7,40}(?![0-9a-f-])")


@dataclass(frozen=True)
class Version:
    version: str | None
    """None: aún no se ha publicado ninguna versión."""
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


def secciones(texto: str) -> list[tuple[str, str | None]]:
    """Las versiones publicadas del CHANGELOG, de la más antigua a la más nueva, con el commit
    que nombra su encabezado (o None)."""
    encontradas = []
    for encabezado in _ENCABEZADO.finditer(texto):
        commit = _COMMIT.search(encabezado["resto"])
        encontradas.append((encabezado["version"].strip(), commit[0] if commit else None))
    return encontradas[::-1]


def _etiquetas(raiz: Path) -> dict[str, str]:
    """Cada etiqueta ``v*`` (sin la «v») con su commit, de la más antigua a la más nueva."""
    salida = _git(
        raiz,
        "for-each-ref",
        "--sort=creatordate",
        "--format=%(refname:short) %(*objectname) %(objectname)",
        "refs/tags/v*",
    )
    etiquetas = {}
    for linea in (salida or "").splitlines():
        partes = linea.split()  # anotada: nombre, commit y etiqueta; ligera: nombre y commit
        if len(partes) in (2, 3):
            etiquetas[partes[0].removeprefix("v")] = partes[1]
    return etiquetas


def _escritas(raiz: Path) -> dict[str, str]:
    """Por versión, el primer commit que escribió su encabezado en el CHANGELOG (una orden)."""
    salida = _git(
        raiz,
        "log",
        "--reverse",
        "--no-color",
        "--no-ext-diff",
        "-U0",
        "--format=%x01%H",
        r"-G^## \[[0-9]",
        "--",
        CHANGELOG,
    )
    if _git(raiz, "rev-parse", "--is-shallow-repository") == "true":
        raise ErrorTapiz(
            f"{CHANGELOG}: para saber el commit de cada versión hace falta la historia de git, "
            "y este clon es superficial: git fetch --unshallow (o fetch-depth: 0 en GitHub Actions)"
        )
    escritas: dict[str, str] = {}
    commit = ""
    for linea in (salida or "").splitlines():
        if linea.startswith("\x01"):
            commit = linea[1:]
        elif (encabezado := _ENCABEZADO.match(linea[1:])) and linea.startswith("+"):
            escritas.setdefault(encabezado["version"].strip(), commit)
    return escritas


def versiones(raiz: Path) -> list[Version]:
    """Las versiones publicadas, de la más antigua a la más nueva. Una sección aún sin commit
    (se está preparando) no cuenta hasta que se hace."""
    changelog = raiz / CHANGELOG
    del_changelog = secciones(changelog.read_text("utf-8")) if changelog.is_file() else []
    etiquetas = _etiquetas(raiz)
    sin_commit = [v for v, commit in del_changelog if v not in etiquetas and commit is None]
    escritas = _escritas(raiz) if sin_commit else {}
    commits = {v: etiquetas.get(v) or commit or escritas.get(v) for v, commit in del_changelog}
    commits |= {v: c for v, c in etiquetas.items() if v not in commits}
    por_commit = _commits(raiz, {v: c for v, c in commits.items() if c})
    publicadas = [Version(v, fecha, completo) for v, (completo, fecha) in por_commit.items()]
    return sorted(publicadas, key=lambda v: datetime.fromisoformat(v.fecha or ""))


def _commits(raiz: Path, commits: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Por versión, su commit completo y su fecha (una orden de git)."""
    if not commits:
        return {}
    salida = _git(raiz, "show", "-s", "--format=%H %cI", "--end-of-options", *commits.values())
    if salida is None and _git(raiz, "rev-parse", "HEAD") is not None:
        for version, commit in commits.items():
            if _git(raiz, "show", "-s", "--format=%H", "--end-of-options", commit) is None:
                raise ErrorTapiz(
                    f"{CHANGELOG}: la versión {version} es del commit {commit}, que no está en "
                    "git (¿un clon superficial? hace falta la historia: git fetch --unshallow)"
                )
    if salida is None:  # fuera de git: ninguna versión tiene commit
        return {}
    lineas = [linea.split(" ", 1) for linea in salida.splitlines()]
    return {v: (completo, fecha) for v, (completo, fecha) in zip(commits, lineas, strict=True)}


def publicada(raiz: Path) -> Version:
    """La última versión publicada (la de la página «Cambios», el feed e ``index.json``)."""
    todas = versiones(raiz)
    return todas[-1] if todas else Version(None, None, None)


def leer(raiz: Path) -> Version:
    """Esta construcción: el commit y la fecha de ``HEAD`` (su versión es la de ``publicada``)."""
    commit_y_fecha = _git(raiz, "log", "-1", "--format=%H %cI")
    commit, fecha = commit_y_fecha.split(" ", 1) if commit_y_fecha else (None, None)
    if (epoca := os.environ.get("SOURCE_DATE_EPOCH", "").strip()).isdigit():
        fecha = datetime.fromtimestamp(int(epoca), UTC).isoformat()
    return Version(None, fecha, commit)
