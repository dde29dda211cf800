"""``tapiz cambios REV1 REV2``: reglas, parámetros y secciones que cambian entre dos versiones."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main

RAIZ = Path(__file__).resolve().parents[2]
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid"]


def git(carpeta: Path, *orden: str) -> None:
    subprocess.run([*GIT, *orden], cwd=carpeta, check=True, capture_output=True)


def cambiar(fichero: Path, antes: str, despues: str) -> None:
    texto = fichero.read_text("utf-8")
    assert antes in texto
    fichero.write_text(texto.replace(antes, despues, 1), "utf-8")


@pytest.fixture(scope="module")
def versiones(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Una copia del motor y del libro con dos versiones: v1 y v2, que cambia el umbral del
    grado menor (5 → 4) y el título de una sección de Posturas (su identificador sigue)."""
    carpeta = tmp_path_factory.mktemp("versiones")
    for nombre in ("tapiz_rules", "srd"):
        ignorar = shutil.ignore_patterns("__pycache__")
        shutil.copytree(RAIZ / nombre, carpeta / nombre, ignore=ignorar)
    shutil.copy(RAIZ / "tapiz.yml", carpeta / "tapiz.yml")
    git(carpeta, "init", "-q")
    git(carpeta, "add", "-A")
    git(carpeta, "commit", "-qm", "primera")
    git(carpeta, "tag", "v1")
    parametros = carpeta / "tapiz_rules" / "sistemas" / "tapiz" / "parametros.py"
    cambiar(parametros, 'Grado("menor", 5, 2)', 'Grado("menor", 4, 2)')
    cambiar(carpeta / "srd" / "posturas.md", "## Apuntar {#apuntar}", "## Apuntar bien {#apuntar}")
    git(carpeta, "commit", "-qam", "segunda")
    git(carpeta, "tag", "v2")
    return carpeta


def test_cambios_entre_dos_versiones(
    versiones: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(versiones)
    assert main(["cambios", "v1", "v2"]) == 0
    salida = capsys.readouterr().out
    assert salida.startswith("## Cambios de v1 a v2\n")
    assert "#### Cambia `tapiz/grados`" in salida
    assert "#### Cambia «Grados de efecto y consecuencia» (`tapiz/grados_efecto`)" in salida
    assert "| `0.puntos` | 5 | 4 |" in salida
    assert "#### Cambia «Apuntar bien» (`apuntar`)" in salida
    assert "| título | Apuntar | Apuntar bien |" in salida
    assert "### Impacto en las probabilidades y en los ejemplos" in salida
    assert "| 0 | 10 | 45,0 % | 55,0 % | 25,0 % → 30,0 % |" in salida
    assert "Reglas" not in salida  # ninguna declaración de regla cambia


def test_cambios_en_json_y_sin_cambios(
    versiones: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(versiones)
    assert main(["cambios", "v1", "v2", "--json"]) == 0
    informe = json.loads(capsys.readouterr().out)
    (parametro,) = informe["parametros"]["cambiadas"]
    assert parametro["nombre"] == "tapiz/grados"
    assert {"campo": "0.puntos", "antes": 5, "despues": 4} in parametro["campos"]
    (seccion,) = informe["secciones"]["cambiadas"]
    assert seccion["nombre"] == "apuntar"
    assert seccion["campos"][0] == {
        "campo": "titulo",
        "antes": "Apuntar",
        "despues": "Apuntar bien",
    }
    menor = [p for p in informe["probabilidades"] if p["grado"] == "p_menor"]
    assert menor and all(p["despues"] > p["antes"] for p in menor)
    assert informe["reglas"] == {"anadidas": [], "quitadas": [], "cambiadas": []}
    assert main(["cambios", "v2"]) == 0  # v2 es el árbol de trabajo
    salida = capsys.readouterr().out
    assert salida.startswith("## Cambios de v2 al árbol de trabajo\n")
    assert "Ningún cambio en reglas, tablas, parámetros ni secciones." in salida
    assert main(["cambios", "v0", "v2"]) == 2
    assert capsys.readouterr().err.startswith("tapiz: error: no encuentro la revisión «v0»")
