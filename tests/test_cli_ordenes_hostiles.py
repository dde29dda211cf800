"""Las órdenes ante argumentos hostiles: un mensaje en español y código 2, nunca una traza.

Revisiones que parecen opciones de git, páginas que no son UTF-8, bytes nulos en las rutas,
JSON anidado sin fin y dos construcciones en la misma carpeta a la vez.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid"]


@pytest.fixture
def repositorio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Un libro de una página en un git con un commit, como carpeta actual."""
    (tmp_path / "srd").mkdir()
    (tmp_path / "srd" / "index.md").write_text("# Inicio {#inicio}\n", encoding="utf-8")
    (tmp_path / "tapiz.yml").write_text("paginas: srd\n", encoding="utf-8")
    for orden in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "base"]):
        subprocess.run([*GIT, *orden], cwd=tmp_path, check=True, capture_output=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("orden", ["cambios", "impacto"])
@pytest.mark.parametrize("revision", ["--output={salida}", "--list", "-", "HEAD\0"])
def test_una_revision_que_parece_una_opcion_no_llega_a_git(
    repositorio: Path, capsys: pytest.CaptureFixture[str], orden: str, revision: str
) -> None:
    salida = repositorio.parent / "escrito-por-git"
    revision = revision.format(salida=salida)
    assert main([orden, "--", revision]) == 2
    mostrada = revision.replace("\0", "\\0")
    assert capsys.readouterr().err == (
        f"tapiz: error: «{mostrada}» no es una revisión de git (p. ej. HEAD~1, v1.0.0 u "
        "origin/main): no puede estar vacía, empezar por «-» ni llevar un byte nulo\n"
    )
    assert not salida.exists()
