"""``tapiz nuevo-lienzo``: lo que escribe, con el nombre bien puesto en cada fichero, y lo que
no sobrescribe. Que lo escrito se construye y se prueba lo muestran test_paginas.py (con este
entorno) y test_instalado.py (con el paquete instalado en otro)."""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path

import pytest
import yaml

from mkdocs_plugins.herramientas import cli, nuevo


def test_escribe_el_repositorio_de_un_lienzo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(["nuevo-lienzo", "Ñandúes: el sur"]) == 0
    carpeta = tmp_path / "nandues-el-sur"
    escritos = sorted(f.relative_to(carpeta).as_posix() for f in carpeta.rglob("*") if f.is_file())
    assert escritos == sorted(nuevo.FICHEROS)
    salida = capsys.readouterr().out
    assert "escrito nandues-el-sur/docs/reglas.py" in salida
    assert "uv run mkdocs serve\n  uv run pytest" in salida
    mkdocs = yaml.safe_load((carpeta / "mkdocs.yml").read_text("utf-8"))
    assert mkdocs["site_name"] == "Ñandúes: el sur"
    assert mkdocs["docs_dir"] == "docs"
    assert "custom_dir" not in mkdocs["theme"]
    assert mkdocs["plugins"][1] == {"tapiz": {"nombre_corto": "Ñandúes: el sur"}}
    lienzo = yaml.safe_load((carpeta / "docs" / "lienzo.yml").read_text("utf-8"))
    assert lienzo["nombre"] == "Ñandúes: el sur"
    proyecto = tomllib.loads((carpeta / "pyproject.toml").read_text("utf-8"))["project"]
    assert proyecto["name"] == "nandues-el-sur"
    assert proyecto["dependencies"] == ["tapiz-srd>=0.1.0"]
    reglas = ast.parse((carpeta / "docs" / "reglas.py").read_text("utf-8"))
    assert "REGLAS" in {n.id for n in ast.walk(reglas) if isinstance(n, ast.Name)}


def test_lo_escrito_se_comprueba_y_el_ejemplo_cuenta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nuevo.crear("Islas de Sal", tmp_path)
    assert cli.main(["comprobar", str(tmp_path / "docs")]) == 0
    assert capsys.readouterr().out == "1 ejemplo, 0 fallos\n"


def test_el_flujo_de_ci_comprueba_y_publica_con_las_ordenes_del_readme(tmp_path: Path) -> None:
    nuevo.crear("Islas de Sal", tmp_path)
    flujo = yaml.safe_load((tmp_path / ".github/workflows/publicar.yml").read_text("utf-8"))
    pasos = flujo["jobs"]["comprobar"]["steps"]
    ordenes = [p["run"] for p in pasos if "run" in p]
    assert ordenes == [
        "uv sync",
        "uv run tapiz motor",
        "uv run pytest",
        "uv run mkdocs build --strict",
    ]
    readme = (tmp_path / "README.md").read_text("utf-8")
    assert "uv run mkdocs serve" in readme and "uv run pytest" in readme
    publicar = flujo["jobs"]["publicar"]
    assert publicar["needs"] == "comprobar"
    assert [p["uses"] for p in publicar["steps"]] == ["actions/deploy-pages@v4"]
    gitignore = (tmp_path / ".gitignore").read_text("utf-8").split()
    assert {"site/", ".cache/", ".venv/"} <= set(gitignore)


def test_no_sobrescribe_nada(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Mío\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Mío\n", encoding="utf-8")
    assert cli.main(["nuevo-lienzo", "Islas de Sal", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"tapiz: error: no escribo nada: en «{tmp_path}» ya existen mkdocs.yml, docs/index.md; "
        "elige otra carpeta o muévelo antes\n"
    )
    assert sorted(f.name for f in tmp_path.rglob("*")) == ["docs", "index.md", "mkdocs.yml"]
    assert (tmp_path / "docs" / "index.md").read_text("utf-8") == "# Mío\n"


@pytest.mark.parametrize("nombre", ["", "   ", 'Islas "de" Sal', "a\\b", "x" * 81, "<script>"])
def test_un_nombre_que_no_sirve(
    nombre: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["nuevo-lienzo", nombre, str(tmp_path / "l")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("tapiz: error: «") and "no sirve como nombre del Lienzo" in error
    assert not (tmp_path / "l").exists()


def test_las_plantillas_van_en_el_paquete() -> None:
    """Junto al código (hatchling las mete en la rueda); test_instalado.py las usa instaladas."""
    assert nuevo.PLANTILLAS.is_relative_to(Path(nuevo.__file__).parent)
    assert sorted(p.name for p in nuevo.PLANTILLAS.iterdir()) == sorted(nuevo.FICHEROS.values())
    assert json.loads(json.dumps(nuevo.textos("Islas"))) == nuevo.textos("Islas")
