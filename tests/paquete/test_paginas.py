"""Una sola respuesta a «dónde están las páginas»: el ``docs_dir`` del ``mkdocs.yml`` de quien
diseña. Con un ejemplo equivocado en su repositorio, todas las órdenes fallan con su
«fichero:línea» y ninguna dice «passed»."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas import nuevo
from mkdocs_plugins.nucleo.fuente import proyecto
from mkdocs_plugins.nucleo.fuente.configuracion import ErrorConfiguracion, configuracion_desde
from tests.paquete.disenador import FALLO, entorno, equivocar
from tests.tutorial import tapiz


def test_un_ejemplo_equivocado_hace_fallar_todas_las_ordenes(tmp_path: Path) -> None:
    repositorio = tmp_path / "islas"
    nuevo.crear("Islas de Sal", repositorio)
    equivocar(repositorio)
    copia = repositorio / "site" / "lienzo.yml"  # lo que publicó un «mkdocs build» anterior
    copia.parent.mkdir()
    copia.write_text("nombre: [roto\n", encoding="utf-8")
    sitio = str(tmp_path / "sitio")  # no el site/ de la copia que pytest no debe recoger
    ordenes = {
        "mkdocs build --strict": [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", sitio],
        "pytest": [sys.executable, "-m", "pytest", "-v", *("-p", "no:randomly")],
    }
    salidas = {}
    for nombre, orden in ordenes.items():
        hecho = subprocess.run(
            orden, cwd=repositorio, env=entorno(), capture_output=True, text=True, check=False
        )
        salidas[nombre] = (hecho.returncode, hecho.stdout + hecho.stderr)
    # Las de ``tapiz``, con la función de su punto de entrada en este proceso (tests.tutorial).
    for argumentos in (
        ["comprobar"],
        ["pdf", str(tmp_path / "libro.pdf")],
        ["exportar", str(tmp_path / "exportado")],
        ["exportar", "--json", str(tmp_path / "api")],
    ):
        nombre = "tapiz " + " ".join(a for a in argumentos if not a.startswith("/"))
        salidas[nombre] = tapiz(argumentos, repositorio, entorno())
    for nombre, (codigo, salida) in salidas.items():
        assert codigo != 0, f"«{nombre}» no falla:\n{salida}"
        assert FALLO in salida, f"«{nombre}» no da el fichero y la línea:\n{salida}"
        # Ninguna da el libro por bueno: pytest cuenta el fallo (y las demás pruebas, bien).
        assert re.search(r"^=+ 1 failed, \d+ passed in ", salida, re.M) or "passed" not in salida
    # pytest recoge cada página de docs/ (y nada de site/): la portada, la declaración del
    # Lienzo, el ejemplo y los bloques de la página de reglas.
    recogidas = re.findall(r"^(docs/\S+?)::.*?\[(.+)\] (PASSED|FAILED)", salidas["pytest"][1], re.M)
    assert recogidas == [
        ("docs/index.md", "tablas y dados", "PASSED"),
        ("docs/lienzo.yml", "declaración", "PASSED"),
        ("docs/reglas.md", "Cuatro personas, tres días de camino", "FAILED"),
        ("docs/reglas.md", "tablas y dados", "PASSED"),
    ]
    assert re.search(r"^=+ 1 failed, 3 passed in ", salidas["pytest"][1], re.M)
    assert not (tmp_path / "libro.pdf").exists()


def test_las_paginas_son_las_de_docs_dir(tmp_path: Path) -> None:
    (tmp_path / "libro").mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: x\ndocs_dir: libro\nmarkdown_extensions:\n"
        "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
        encoding="utf-8",
    )
    dentro = tmp_path / "libro" / "capitulo"
    dentro.mkdir()
    assert configuracion_desde(dentro).paginas == (tmp_path / "libro").resolve()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    assert configuracion_desde(tmp_path).paginas == (tmp_path / "docs").resolve()


def test_docs_dir_heredado_y_de_una_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "comun.yml").write_text("docs_dir: ../paginas\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("INHERIT: base/comun.yml\n", encoding="utf-8")
    assert proyecto.paginas(tmp_path) == (tmp_path / "paginas").resolve()
    monkeypatch.setenv("PAGINAS_DEL_LIBRO", "otras")
    (tmp_path / "mkdocs.yml").write_text(
        "docs_dir: !ENV [PAGINAS_DEL_LIBRO, docs]\n", encoding="utf-8"
    )
    assert proyecto.paginas(tmp_path) == (tmp_path / "otras").resolve()


def test_paginas_en_tapiz_yml_que_no_son_las_de_mkdocs_yml_es_un_error(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    (tmp_path / "tapiz.yml").write_text("edicion: actual\npaginas: srd\n", encoding="utf-8")
    with pytest.raises(ErrorConfiguracion) as error:
        configuracion_desde(tmp_path)
    assert str(error.value) == (
        "tapiz.yml:2: «paginas: srd» no es la carpeta de las páginas de mkdocs.yml (docs): "
        "quita «paginas», la carpeta la dice docs_dir en mkdocs.yml"
    )


def test_un_mkdocs_yml_ilegible_se_dice_con_su_linea(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: x\ndocs_dir: [docs\n", encoding="utf-8")
    with pytest.raises(ErrorConfiguracion, match=r"^mkdocs\.yml:3: YAML no válido"):
        configuracion_desde(tmp_path)
