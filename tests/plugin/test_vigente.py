"""Fuera de MkDocs (Zensical: una extensión nueva por página), la configuración del libro y sus
Lienzos se cargan una vez, y otra vez en cuanto cambia uno de sus ficheros."""

from __future__ import annotations

from pathlib import Path

from mkdocs_plugins.extension.vigente import configuracion_vigente
from mkdocs_plugins.plugin import TapizPlugin
from tests.plugin.test_lienzo import LIENZO, _proyecto


def _grados(carpeta: Path) -> dict[str, int]:
    (_, lienzo), *_ = configuracion_vigente(carpeta).lienzos
    return {grado.nombre: grado.puntos for grado in lienzo.reglamento().parametros.grados}


def test_la_misma_configuracion_mientras_nada_cambia(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, LIENZO)
    primera = configuracion_vigente(proyecto / "srd" / "islas")
    assert configuracion_vigente(proyecto) is primera
    assert configuracion_vigente(proyecto / "srd") is primera


def test_un_lienzo_o_tapiz_yml_que_cambian_se_cargan_otra_vez(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, LIENZO)
    primera = configuracion_vigente(proyecto)
    assert _grados(proyecto) == {"menor": 4, "mayor": 8, "extremo": 12}

    declaracion = proyecto / "srd" / "islas" / "lienzo.yml"
    declaracion.write_text(LIENZO.replace("menor: 4", "menor: 5") + "# más\n", "utf-8")
    assert configuracion_vigente(proyecto) is not primera
    assert _grados(proyecto) == {"menor": 5, "mayor": 8, "extremo": 12}

    segunda = configuracion_vigente(proyecto)
    (proyecto / "tapiz.yml").write_text("edicion: '2017'\n", encoding="utf-8")
    tercera = configuracion_vigente(proyecto)
    assert tercera is not segunda and tercera.base != segunda.base


def test_un_lienzo_nuevo_se_carga(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path, LIENZO)
    assert len(configuracion_vigente(proyecto).lienzos) == 1
    otro = proyecto / "srd" / "otro"
    otro.mkdir()
    (otro / "lienzo.yml").write_text("nombre: Otro Lienzo\n", encoding="utf-8")
    assert len(configuracion_vigente(proyecto).lienzos) == 2


def test_mkdocs_serve_no_vuelve_a_cargar_lo_que_no_cambio(tmp_path: Path) -> None:
    """Cada reconstrucción de ``mkdocs serve`` llama a ``on_config``: la configuración y el
    proceso de cada Lienzo siguen si nada cambió. ``mkdocs build`` la carga siempre."""
    proyecto = _proyecto(tmp_path, LIENZO)
    fichero, paginas = proyecto / "tapiz.yml", proyecto / "srd"
    sirviendo = TapizPlugin()
    sirviendo.on_startup(command="serve", dirty=False)
    primera = sirviendo._cargar_configuracion(fichero, proyecto, paginas)
    assert sirviendo._cargar_configuracion(fichero, proyecto, paginas) is primera

    declaracion = paginas / "islas" / "lienzo.yml"
    declaracion.write_text(LIENZO.replace("menor: 4", "menor: 5") + "# más\n", "utf-8")
    segunda = sirviendo._cargar_configuracion(fichero, proyecto, paginas)
    assert segunda is not primera
    (_, lienzo), *_ = segunda.lienzos
    assert lienzo.reglamento().parametros.grados[0].puntos == 5

    construyendo = TapizPlugin()
    construyendo.on_startup(command="build", dirty=False)
    una = construyendo._cargar_configuracion(fichero, proyecto, paginas)
    assert construyendo._cargar_configuracion(fichero, proyecto, paginas) is not una
