"""Los bloques ejecutados por adelantado en otros procesos: lo mismo, y sin perder un error."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

from mkdocs_plugins import adelanto
from mkdocs_plugins.configuracion import cargar_configuracion
from tests.plugin.conftest import PAGINAS, construir, sitio

RAIZ = Path(__file__).resolve().parents[2]
CON_UN_PROCESO = "catalogo: false\n      procesos: 1"
RECUENTO = re.compile(r"caché de bloques, (\d+) aciertos y (\d+) fallos")


def _con(proyecto: Path, ajustes: str) -> None:
    yml = proyecto / "mkdocs.yml"
    yml.write_text(yml.read_text("utf-8").replace("catalogo: false", ajustes), encoding="utf-8")


def _publicado(proyecto: Path) -> dict[str, str]:
    sitio_ = proyecto / "site"
    return {
        str(f.relative_to(sitio_)): f.read_text("utf-8")
        for f in sorted(sitio_.rglob("*"))
        if f.suffix in {".html", ".json"}
    }


def test_en_frio_los_bloques_llegan_de_otro_proceso_y_publican_lo_mismo(tmp_path: Path) -> None:
    paginas = [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"]
    proyecto = sitio(tmp_path / "adelantado", paginas)
    _con(proyecto, CON_UN_PROCESO)
    resultado = construir(proyecto, "--strict", "--verbose")
    assert resultado.returncode == 0, resultado.stderr
    recuento = RECUENTO.search(resultado.stderr)
    assert recuento is not None
    assert int(recuento[1]) >= 3 and recuento[2] == "0"

    en_mkdocs = sitio(tmp_path / "en-mkdocs", paginas)
    _con(en_mkdocs, "catalogo: false\n      cache: false")
    assert construir(en_mkdocs, "--strict").returncode == 0
    assert _publicado(proyecto) == _publicado(en_mkdocs)


def test_un_error_se_informa_aunque_las_paginas_se_adelanten(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    _con(proyecto, CON_UN_PROCESO)
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode != 0
    for linea in PAGINAS.joinpath("ejemplo-valor-incorrecto.txt").read_text("utf-8").splitlines():
        assert linea in resultado.stderr


LIBRO_EN_FRIO = """
import logging, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
recuento = []
class Recoger(logging.Handler):
    def emit(self, registro):
        recuento.append(registro.getMessage())
logging.getLogger("mkdocs.plugins.tapiz").addHandler(Recoger(logging.DEBUG))
logging.getLogger("mkdocs.plugins.tapiz").setLevel(logging.DEBUG)
config = load_config("mkdocs.yml", site_dir=sys.argv[1])
tapiz = config.plugins["tapiz"].config
tapiz.procesos, tapiz.cache_dir = 1, sys.argv[2]
build(config)
print(*[m for m in recuento if "caché de bloques" in m])
"""


def test_todo_el_libro_se_adelanta_con_las_mismas_claves(tmp_path: Path) -> None:
    """Las páginas de serie, las de los Lienzos y el catálogo generado: ningún bloque se repite."""
    resultado = subprocess.run(
        [sys.executable, "-c", LIBRO_EN_FRIO, str(tmp_path / "site"), str(tmp_path / "cache")],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert resultado.returncode == 0, resultado.stderr
    recuento = RECUENTO.search(resultado.stdout)
    assert recuento is not None, resultado.stdout
    assert int(recuento[1]) > 300 and recuento[2] == "0"


def test_una_pagina_que_falla_en_el_otro_proceso_se_hace_en_mkdocs(tmp_path: Path) -> None:
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    trabajo = adelanto.Adelanto(configuracion, procesos=1)
    try:
        trabajo.encargar([adelanto.PaginaPendiente("srd/no-existe.md", str(tmp_path / "no.md"))])
        assert trabajo.entradas("srd/no-existe.md") == {}
        assert trabajo.entradas("srd/nunca-encargada.md") == {}
    finally:
        trabajo.cerrar()


def test_con_otros_hilos_vivos_no_se_bifurca() -> None:
    fin = threading.Event()
    hilo = threading.Thread(target=fin.wait)
    hilo.start()
    try:
        assert not adelanto.se_puede_bifurcar()
    finally:
        fin.set()
        hilo.join()
