"""Un Lienzo en un libro: sus páginas con sus reglas, y sus errores en los tres caminos."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo.fuente.configuracion import cargar_configuracion
from tapiz_rules.lienzos.incluir import leer_declaracion
from tapiz_rules.lienzos.lienzo import FICHERO
from tests.plugin.conftest import PAGINAS, construir, sitio

LIENZO = """\
nombre: Islas de Sal
parametros:
  grados: {menor: 4, mayor: 8, extremo: 12}
"""
PAGINA_LIENZO = """\
# Islas {#islas}

```tapiz-ejemplo {#cuatro-puntos}
titulo: Cuatro puntos ya son un efecto
regla: grado_efecto
entradas: {puntos: 4}
espera: {grado: menor}
```
"""
ROTO = """\
nombre: Islas de Sal
parametros:
  grados: {menor: 4}
  impedimentos: nada
"""
MENSAJE_ROTO = (
    "srd/islas/lienzo.yml:4: un Lienzo no puede cambiar el parámetro «impedimentos»; "
    "los que puede cambiar son: dado_base, grados,"
)


def _proyecto(destino: Path, lienzo: str) -> Path:
    proyecto = sitio(destino, [PAGINAS / "correcta.md"])
    islas = proyecto / "srd" / "islas"
    islas.mkdir()
    (islas / "lienzo.yml").write_text(lienzo, encoding="utf-8")
    (islas / "index.md").write_text(PAGINA_LIENZO, encoding="utf-8")
    return proyecto


def test_las_paginas_del_lienzo_usan_sus_reglas_y_las_del_libro_no(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, LIENZO)
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    html = (proyecto / "site" / "islas" / "index.html").read_text("utf-8")
    assert "Lienzo «Islas de Sal»" in html
    # correcta.md espera que 4 puntos no lleguen a un efecto menor: sigue pasando.
    assert "Error en un bloque Tapiz" not in (
        proyecto / "site" / "correcta" / "index.html"
    ).read_text("utf-8")


def test_el_reglamento_de_una_pagina_es_el_del_lienzo_que_la_contiene(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, LIENZO)
    vecina = proyecto / "srd" / "islas-vecinas"  # empieza igual, pero no está dentro
    vecina.mkdir()
    configuracion = cargar_configuracion(None, proyecto, proyecto / "srd")
    islas = configuracion.reglamento_de(proyecto / "srd" / "islas" / "index.md")
    assert islas.lienzo is not None and islas.lienzo.nombre == "Islas de Sal"
    assert configuracion.reglamento_de(proyecto / "srd" / "islas" / "sub" / "p.md") == islas
    desde_fuera = proyecto / "srd" / "islas-vecinas" / ".." / "islas" / "index.md"
    assert configuracion.reglamento_de(desde_fuera) == islas
    for fuera in (vecina / "index.md", proyecto / "srd" / "correcta.md", proyecto / "srd"):
        assert configuracion.reglamento_de(fuera) == configuracion.base


def test_un_lienzo_roto_detiene_la_construccion_con_fichero_y_linea(tmp_path: Path) -> None:
    proceso = construir(_proyecto(tmp_path, ROTO), "--strict")
    assert proceso.returncode != 0
    assert MENSAJE_ROTO in proceso.stderr
    assert "Traceback" not in proceso.stderr


def test_un_lienzo_roto_en_tapiz_comprobar_desde_cualquier_carpeta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = _proyecto(tmp_path, ROTO)
    (proyecto / "tapiz.yml").write_text("paginas: srd\n", encoding="utf-8")
    monkeypatch.chdir(proyecto / "srd" / "islas")
    assert main(["comprobar"]) == 1
    salida = capsys.readouterr().out
    assert salida.startswith(MENSAJE_ROTO)
    assert salida.endswith("0 ejemplos, 1 fallo\n")


def test_un_lienzo_roto_en_pytest(tmp_path: Path, pytester: pytest.Pytester) -> None:
    _proyecto(pytester.path, ROTO)
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    resultado = pytester.runpytest()
    resultado.stdout.fnmatch_lines([f"*{MENSAJE_ROTO}*"])
    assert resultado.ret != 0
    assert "Traceback" not in resultado.stdout.str()


def test_tapiz_comprobar_usa_la_configuracion_de_tapiz_yml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = _proyecto(tmp_path, LIENZO)
    (proyecto / "tapiz.yml").write_text("paginas: srd\nedicion: '1999'\n", encoding="utf-8")
    monkeypatch.chdir(proyecto)
    assert main(["comprobar"]) == 1
    assert capsys.readouterr().out == (
        "tapiz.yml:2: edición desconocida «1999» del sistema «tapiz»; las válidas son: "
        "actual, 2017\n0 ejemplos, 1 fallo\n"
    )


def test_cada_tabla_de_un_lienzo_del_libro_esta_en_sus_paginas(libro: Path) -> None:
    """Las que sustituye, las nuevas y las de sus reglas de datos (la niebla de Puertos de
    Bruma): una tabla que ninguna página muestra no la ve quien lee, ni en el PDF. Se leen
    de su declaración, sin cargar su Python (que no declara tablas)."""
    srd = Path(__file__).resolve().parents[2] / "srd"
    declaraciones = sorted(srd.rglob(FICHERO))
    assert declaraciones
    for fichero in declaraciones:
        valores = leer_declaracion(fichero, fichero.name).documento.valores
        nombres = {
            n for clave in ("tablas", "tablas_nuevas", "reglas") for n in valores.get(clave) or {}
        }
        carpeta = libro / fichero.parent.relative_to(srd)
        html = "".join(p.read_text(encoding="utf-8") for p in carpeta.rglob("*.html"))
        assert {n for n in nombres if f'data-tabla="{n}"' not in html} == set(), fichero
