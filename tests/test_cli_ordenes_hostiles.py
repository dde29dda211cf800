"""Las órdenes ante argumentos hostiles: un mensaje en español y código 2, nunca una traza.

Revisiones que parecen opciones de git, páginas que no son UTF-8, bytes nulos en las rutas,
JSON anidado sin fin y dos construcciones en la misma carpeta a la vez.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
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
@pytest.mark.parametrize("revision", ["--output={salida}", "--list", "-", ""])
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


@pytest.mark.parametrize("abre, cierra", [("[", "]"), ('{"a": ', "}")], ids=["listas", "objetos"])
@pytest.mark.parametrize("niveles", [33, 100_000])
def test_un_json_anidado_sin_fin(
    capsys: pytest.CaptureFixture[str], abre: str, cierra: str, niveles: int
) -> None:
    """Con 100.000 niveles, json.loads daba un RecursionError; con 33, pasaba al motor."""
    entrada = abre * niveles + "1" + cierra * niveles
    assert main(["regla", "accion", "--entrada", entrada]) == 2
    assert capsys.readouterr().err == (
        "tapiz: error: --entrada anida más de 32 listas u objetos unos dentro de otros\n"
    )


@pytest.mark.parametrize(
    "argumentos",
    [
        ["comprobar", "srd\0x"],
        ["exportar", "destino\0"],
        ["exportar", "--json", "\0"],
        ["reglas", "--lienzo", "a\0b"],
        ["pdf", "libro\0.pdf"],
    ],
)
def test_un_byte_nulo_en_una_ruta(
    capsys: pytest.CaptureFixture[str], argumentos: list[str]
) -> None:
    assert main(argumentos) == 2
    nulo = next(a for a in argumentos if "\0" in a).replace("\0", "\\0")
    assert capsys.readouterr().err == f"tapiz: error: el argumento «{nulo}» lleva un byte nulo\n"


def test_un_byte_nulo_en_la_carpeta_de_tapiz_yml(
    repositorio: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repositorio / "tapiz.yml").write_text('paginas: "srd\\0x"\n', encoding="utf-8")
    assert main(["comprobar"]) == 1
    assert capsys.readouterr().out == (
        "tapiz.yml:1: «paginas» es una carpeta (p. ej. srd): no lleva bytes nulos\n"
        "0 ejemplos, 1 fallo\n"
    )


def test_un_nombre_que_no_es_utf8_en_un_terminal_estricto(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """En un terminal UTF-8 que no es el de C.UTF-8 (``errors="strict"``), escribir la ruta de
    la página daba una traza de UnicodeEncodeError."""
    pagina = os.path.join(os.fsencode(tmp_path), b"mal-\xff.md")
    with open(pagina, "wb") as escribir:
        escribir.write(b"# Mal {#mal}\n\n```tapiz-regla\nregla: nada\n```\n")
    terminal = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(terminal, "utf-8", errors="strict"))
    assert main(["comprobar", os.fsdecode(pagina)]) == 1
    sys.stdout.flush()
    assert "mal-\\udcff.md:4: regla desconocida «nada»" in terminal.getvalue().decode("utf-8")


def test_sin_git_en_el_path(
    repositorio: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(repositorio / "sin-nada"))
    assert main(["cambios", "HEAD"]) == 2
    assert capsys.readouterr().err.startswith("tapiz: error: no se pudo ejecutar git: ")
