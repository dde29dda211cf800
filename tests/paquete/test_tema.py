"""El tema del paquete (plantillas, widgets, estilos) lo añade el plugin a las carpetas de
MkDocs, como un ``custom_dir`` que nadie escribe; el ``custom_dir`` de quien construye manda."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import load_config

from mkdocs_plugins.plugin import arranque


def _config(carpeta: Path, custom_dir: str | None) -> object:
    (carpeta / "docs").mkdir(exist_ok=True)
    tema = "theme:\n  name: material\n" + (f"  custom_dir: {custom_dir}\n" if custom_dir else "")
    (carpeta / "mkdocs.yml").write_text(f"site_name: x\n{tema}", encoding="utf-8")
    return load_config(str(carpeta / "mkdocs.yml"))


def test_sin_custom_dir_el_tema_del_paquete_va_primero(tmp_path: Path) -> None:
    config = _config(tmp_path, None)
    arranque.anadir_tema(config)  # type: ignore[arg-type]
    arranque.anadir_tema(config)  # type: ignore[arg-type]  # otra construcción de serve
    carpetas = config.theme.dirs  # type: ignore[attr-defined]
    assert carpetas[0] == str(arranque.TEMA)
    assert carpetas.count(str(arranque.TEMA)) == 1
    assert Path(carpetas[1], "base.html").is_file()  # después, las de Material
    entorno = config.theme.get_env()  # type: ignore[attr-defined]
    assert entorno.get_template("main.html").filename == str(arranque.TEMA / "main.html")


def test_el_custom_dir_de_quien_construye_manda(tmp_path: Path) -> None:
    propio = tmp_path / "propio"
    propio.mkdir()
    (propio / "main.html").write_text('{% extends "base.html" %}', encoding="utf-8")
    config = _config(tmp_path, "propio")
    arranque.anadir_tema(config)  # type: ignore[arg-type]
    carpetas = config.theme.dirs  # type: ignore[attr-defined]
    assert carpetas[:2] == [str(propio), str(arranque.TEMA)]
    entorno = config.theme.get_env()  # type: ignore[attr-defined]
    assert entorno.get_template("main.html").filename == str(propio / "main.html")
    assert entorno.get_template("partials/copyright.html").filename == str(
        arranque.TEMA / "partials" / "copyright.html"
    )
