"""Con ``--dirty`` (``mkdocs serve --dirty``), MkDocs solo convierte la página guardada: el
sitio queda como el de una construcción entera, y las comprobaciones entre páginas siguen."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown import Markdown
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.config_options import Plugins
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from mkdocs_plugins.extension import Pagina, TapizExtension
from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.plugin.sucio import Sucio
from tapiz_rules.sistemas import reglamento
from tests.plugin.conftest import PAGINAS, construir, sitio

OTRA = """\
# Otra página {#otra-pagina}

Vuelve a [la página correcta](correcta.md#una-pagina-correcta) y tira 2d6.

## Una prueba {#una-prueba define="prueba, pruebas"}

```tapiz-ejemplo {#seis-puntos}
titulo: Seis puntos
regla: grado_efecto
entradas:
  puntos: 6
espera:
  grado: menor
```
"""
TERCERA = """\
# Tercera {#tercera}

## Un duelo {#un-duelo define="duelo"}

Tira 4d8.
"""
PUBLICADO_POR_EL_PLUGIN = ("assets/tapiz", "search/search_index.json")


def _construir(proyecto: Path, orden: str = "serve") -> None:
    """Como una reconstrucción de ``mkdocs serve --dirty``: MkDocs vuelve a leer
    ``mkdocs.yml`` y conserva los plugins (el buscador de Material, y este). Con ``build``,
    el sitio que se publica (con lo de leerlo sin conexión)."""
    configuracion = load_config(config_file=str(proyecto / "mkdocs.yml"))
    configuracion.plugins.on_startup(command=orden, dirty=True)
    build(configuracion, dirty=True)


def _guardar(fichero: Path, texto: str) -> None:
    """Escribe la página con una fecha posterior a la de su HTML, como al guardarla."""
    fichero.write_text(texto, encoding="utf-8")
    fecha = fichero.stat().st_mtime_ns + 10**9
    os.utime(fichero, ns=(fecha, fecha))


def _lo_del_plugin(sitio_: Path) -> dict[str, bytes]:
    ficheros: dict[str, bytes] = {}
    for parte in PUBLICADO_POR_EL_PLUGIN:
        ruta = sitio_ / parte
        for fichero in sorted(ruta.rglob("*")) if ruta.is_dir() else [ruta]:
            if fichero.is_file():
                ficheros[fichero.relative_to(sitio_).as_posix()] = fichero.read_bytes()
    return ficheros


@pytest.fixture(autouse=True)
def plugins_propios() -> Iterator[None]:
    """Plugins nuevos para estas pruebas, como en un ``mkdocs serve`` nuevo: MkDocs los
    conserva en el proceso (el buscador de Material, con lo de ``--dirty``) y no pasan a
    las demás pruebas."""
    opcion = MkDocsConfig.plugins
    assert isinstance(opcion, Plugins)
    conservados = opcion.plugin_cache
    antes = dict(conservados)
    conservados.clear()
    yield
    conservados.clear()
    conservados.update(antes)


@pytest.fixture
def proyecto(tmp_path: Path) -> Path:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    yml = proyecto / "mkdocs.yml"  # con el buscador de Material, como el libro
    texto = yml.read_text("utf-8").replace("plugins:\n", "plugins:\n  - search\n")
    yml.write_text(texto + "  - attr_list\n", encoding="utf-8")
    (proyecto / "srd" / "otra.md").write_text(OTRA, encoding="utf-8")
    (proyecto / "srd" / "tercera.md").write_text(TERCERA, encoding="utf-8")
    return proyecto


def test_con_dirty_queda_lo_de_una_construccion_entera(proyecto: Path) -> None:
    _construir(proyecto)
    correcta = proyecto / "site" / "correcta" / "index.html"
    antes = correcta.stat().st_mtime_ns
    guardada = OTRA.replace("2d6", "3d10").replace("puntos: 6", "puntos: 7")
    _guardar(proyecto / "srd" / "otra.md", guardada)
    (proyecto / "srd" / "tercera.md").unlink()

    _construir(proyecto)

    assert correcta.stat().st_mtime_ns == antes  # MkDocs no la convirtió otra vez
    assert construir(proyecto, "--site-dir", "entera").returncode == 0  # en otro proceso
    sucio, entera = _lo_del_plugin(proyecto / "site"), _lo_del_plugin(proyecto / "entera")
    assert sucio == entera
    # Lo que se comprueba arriba no está vacío: los datos de la página que no se convirtió,
    # los de la que se guardó, y el índice con las definiciones, sin las de la que se quitó.
    datos = entera["assets/tapiz/datos.json"].decode()
    assert "3d10" in datos and "1d20+1d8!+3" in datos and "2d6" not in datos
    indice = entera["search/search_index.json"].decode()
    assert (
        '"terminos":"prueba pruebas"' in indice
        and "Una página correcta" in indice
        and "duelo" not in indice
    )


def test_la_navegacion_lleva_el_titulo_de_las_paginas_que_no_se_convierten(
    proyecto: Path,
) -> None:
    """«Otra página» no tiene título en su cabecera: el suyo sale de su encabezado, sin el
    ``{#otra-pagina}`` que lleva en el Markdown."""
    _construir(proyecto, "build")
    correcta = proyecto / "srd" / "correcta.md"
    _guardar(correcta, correcta.read_text("utf-8") + "\nOtro párrafo.\n")
    _construir(proyecto, "build")
    assert construir(proyecto, "--site-dir", "entera").returncode == 0
    guardada = (proyecto / "site" / "correcta" / "index.html").read_text("utf-8")
    assert guardada == (proyecto / "entera" / "correcta" / "index.html").read_text("utf-8")
    assert "Otra página" in guardada and "{#otra-pagina}" not in guardada


def test_un_enlace_a_una_seccion_que_ya_no_esta_se_avisa_sin_convertir_quien_enlaza(
    proyecto: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _construir(proyecto)
    correcta = proyecto / "srd" / "correcta.md"
    texto = correcta.read_text("utf-8")
    _guardar(correcta, texto.replace("{#una-pagina-correcta}", "{#otro-nombre}"))
    otra = proyecto / "site" / "otra" / "index.html"
    antes = otra.stat().st_mtime_ns

    with caplog.at_level(logging.INFO, logger="mkdocs"):
        _construir(proyecto)

    assert otra.stat().st_mtime_ns == antes
    avisos = [r.getMessage() for r in caplog.records if "anchor" in r.getMessage()]
    assert avisos == [
        "Doc file 'otra.md' contains a link 'correcta.md#una-pagina-correcta', but the doc "
        "'correcta.md' does not contain an anchor '#una-pagina-correcta'."
    ]


def test_si_cambia_una_pagina_con_plantilla_propia_se_convierten_todas(proyecto: Path) -> None:
    """El libro completo reúne el contenido de las demás: su plantilla solo ve el de las que
    MkDocs convierte."""
    libro = proyecto / "srd" / "libro.md"
    libro.write_text("---\ntemplate: main.html\n---\n\n# Libro {#libro}\n", encoding="utf-8")
    _construir(proyecto)
    correcta, otra = (proyecto / "site" / p / "index.html" for p in ("correcta", "otra"))
    antes = correcta.stat().st_mtime_ns, otra.stat().st_mtime_ns
    _guardar(libro, libro.read_text("utf-8") + "\nOtro párrafo.\n")

    _construir(proyecto)

    assert correcta.stat().st_mtime_ns != antes[0] and otra.stat().st_mtime_ns != antes[1]


def test_si_cambian_las_reglas_del_libro_se_convierten_todas(
    proyecto: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """``tapiz.yml`` (como el motor o un Lienzo) decide todas las páginas, y no es una."""
    _construir(proyecto)
    correcta = proyecto / "site" / "correcta" / "index.html"
    antes = correcta.stat().st_mtime_ns
    (proyecto / "tapiz.yml").write_text("sistema: tapiz\n", encoding="utf-8")

    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.tapiz"):
        _construir(proyecto)

    assert correcta.stat().st_mtime_ns != antes
    assert "esta vez MkDocs convierte todas las páginas" in caplog.text


def _paginas(carpeta: Path, nombres: list[str]) -> Files:
    (carpeta / "srd").mkdir(exist_ok=True)
    ficheros = []
    for nombre in nombres:
        (carpeta / "srd" / nombre).write_text(f"# {nombre}\n", encoding="utf-8")
        fichero = File(nombre, str(carpeta / "srd"), str(carpeta / "site"), True)
        Path(fichero.abs_dest_path).parent.mkdir(parents=True, exist_ok=True)
        Path(fichero.abs_dest_path).write_text("<html>", encoding="utf-8")
        ficheros.append(fichero)
    return Files(ficheros)


def _fecha(files: Files, nombre: str) -> int:
    fichero = files.get_file_from_path(nombre)
    assert fichero is not None
    return os.stat(fichero.abs_dest_path).st_mtime_ns


def test_la_hoja_se_convierte_otra_vez_si_cambio_otra_pagina(tmp_path: Path) -> None:
    files = _paginas(tmp_path, ["hoja.md", "reglas.md", "nada.md"])
    configuracion = load_config(config_file=None, site_dir=str(tmp_path / "site"))
    configuracion.plugins.on_startup(command="serve", dirty=True)
    reconstruccion = Sucio()
    assert not reconstruccion.empezar(configuracion, "h")  # la primera: no sabe de las demás
    reconstruccion.preparar(files, False, [])
    assert {_fecha(files, n) for n in ("hoja.md", "reglas.md", "nada.md")} == {0}

    for fichero in files:  # ya convertidas, como las deja MkDocs
        pagina = Page(None, fichero, configuracion)
        pagina.markdown, pagina.present_anchor_ids = "", set()
        os.utime(fichero.abs_dest_path)
    reconstruccion.lo_leido(files)
    reconstruccion.completa = True
    assert reconstruccion.empezar(configuracion, "h")
    reconstruccion.preparar(files, True, ["hoja.md"])
    assert _fecha(files, "hoja.md") > 0  # nada cambió: nada que convertir

    reglas = files.get_file_from_path("reglas.md")
    assert reglas is not None and reglas.abs_src_path is not None
    _guardar(Path(reglas.abs_src_path), "# Otras reglas\n")
    reconstruccion.preparar(files, True, ["hoja.md"])
    assert _fecha(files, "hoja.md") == 0
    assert _fecha(files, "nada.md") > 0


def test_la_hoja_depende_de_todas_las_paginas_y_avisa_de_una_regla_que_no_muestra_ninguna(
    tmp_path: Path,
) -> None:
    (tmp_path / "sin-reglas.md").write_text("# Nada\n", encoding="utf-8")
    shutil.copy(PAGINAS / "correcta.md", tmp_path / "correcta.md")
    extension = TapizExtension()
    extension.pagina = Pagina("srd/hoja.md", reglamento(), 0, tmp_path, "hoja.md")
    Markdown(extensions=[*EXTENSIONES, extension]).convert("```tapiz-regla\nwidget: hoja\n```\n")
    estado = extension.ultimo
    assert estado is not None and estado.lee_todas
    assert "que ninguna página del libro muestra en un bloque tapiz-regla" in str(
        estado.problemas[0]
    )
