"""El escritor de páginas: MkDocs desde la primera y otro proceso desde la última, cada página
una vez, con lo que registra el otro proceso en MkDocs y sin perder una página que falle."""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from mkdocs_plugins.plugin.adelanto.escritor import PLANTILLA_VACIA, Escritor, ganchos_conocidos
from tests import esperas
from tests.plugin.conftest import PAGINAS, publicado, sitio


def _paginas(cuantas: int) -> list[Any]:
    return [
        SimpleNamespace(meta={}, active=False, file=SimpleNamespace(src_uri=f"p{n}.md"))
        for n in range(cuantas)
    ]


def _como_mkdocs(paginas: list[Any], construir: Any) -> Escritor:
    """El bucle de MkDocs: la primera página bifurca el escritor; de cada una que es del
    escritor solo queda la plantilla vacía."""
    escritor: Escritor | None = None
    for pagina in paginas:
        if escritor is not None and escritor.es_ajena(pagina):
            assert pagina.meta["template"] == PLANTILLA_VACIA
            escritor.devolver_plantilla(pagina)
            continue
        construir(pagina)
        if escritor is None:
            escritor = Escritor(paginas, pagina, construir)
        escritor.tras(pagina)
    assert escritor is not None
    return escritor


def test_cada_pagina_la_escribe_uno_solo(tmp_path: Path) -> None:
    """MkDocs espera a que el escritor haya escrito una página antes de seguir con la suya:
    así los dos escriben alguna, y ninguna se escribe dos veces."""
    paginas = _paginas(12)
    mkdocs = os.getpid()
    una_del_escritor = multiprocessing.get_context("fork").Event()

    def construir(pagina: Any) -> None:
        fichero = tmp_path / pagina.file.src_uri
        assert not fichero.exists(), f"{fichero.name} se escribe dos veces"
        fichero.write_text(str(os.getpid()), "utf-8")
        if os.getpid() != mkdocs:
            una_del_escritor.set()
        elif pagina is not paginas[0]:
            assert una_del_escritor.wait(esperas.PLAZO), "el escritor no escribe"

    _como_mkdocs(paginas, construir).terminar()
    quien = [(tmp_path / p.file.src_uri).read_text("utf-8") for p in paginas]
    assert quien[0] == str(mkdocs) and quien[-1] != str(mkdocs)
    primera_del_escritor = quien.index(quien[-1])
    assert set(quien[:primera_del_escritor]) == {str(mkdocs)}
    assert set(quien[primera_del_escritor:]) == {quien[-1]}
    assert all("template" not in p.meta for p in paginas)


def test_lo_que_registra_el_escritor_llega_a_mkdocs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Un aviso del otro proceso se registra en MkDocs (cuenta en ``--strict``); el «Page
    skipped» de MkDocs para las páginas en blanco no sale."""
    paginas = _paginas(6)
    mkdocs = os.getpid()
    una_del_escritor = multiprocessing.get_context("fork").Event()

    def construir(pagina: Any) -> None:
        logging.getLogger("mkdocs.plugins.prueba").warning(f"aviso de {pagina.file.src_uri}")
        if os.getpid() != mkdocs:
            una_del_escritor.set()
        elif pagina is not paginas[0]:
            assert una_del_escritor.wait(esperas.PLAZO), "el escritor no escribe"

    with caplog.at_level(logging.INFO):
        escritor = _como_mkdocs(paginas, construir)
        omitida = f"Page skipped: '{paginas[-1].file.src_uri}'. Generated empty output."
        logging.getLogger("mkdocs.commands.build").info(omitida)
        escritor.terminar()
    avisos = {r.getMessage() for r in caplog.records if r.levelno == logging.WARNING}
    assert avisos == {f"aviso de {p.file.src_uri}" for p in paginas}
    assert omitida not in caplog.text


def test_la_pagina_que_falla_en_el_escritor_la_escribe_mkdocs(tmp_path: Path) -> None:
    """Si el escritor falla en una página, MkDocs la escribe al terminar (y un error saldría
    allí, como sin escritor)."""
    paginas = _paginas(5)
    mkdocs = os.getpid()

    def construir(pagina: Any) -> None:
        if os.getpid() != mkdocs:
            raise RuntimeError("falla en el escritor")
        (tmp_path / pagina.file.src_uri).write_text("mkdocs", "utf-8")

    escritor = Escritor(paginas, paginas[0], construir)
    construir(paginas[0])
    escritor.terminar()  # el escritor tomó la última, falló y no tomó más
    escritas = sorted(f.name for f in tmp_path.iterdir())
    assert escritas == ["p0.md", "p4.md"]


def test_con_un_plugin_desconocido_al_escribir_no_hay_escritor() -> None:
    """Un plugin que no se conoce con un gancho al escribir cada página podría reunir algo de
    cada una para el final: con él, MkDocs las escribe todas."""
    from material.plugins.search.plugin import SearchPlugin

    from mkdocs_plugins.plugin.plugin import TapizPlugin

    class Reune:
        def on_post_page(self, output: str, **_: Any) -> str:
            return output

    conocidos = {"page_context": [SearchPlugin().on_page_context], "post_page": []}
    conocidos["post_page"].append(TapizPlugin().on_post_page)
    config: Any = SimpleNamespace(plugins=SimpleNamespace(events=conocidos))
    assert ganchos_conocidos(config)
    conocidos["post_page"].append(Reune().on_post_page)
    assert not ganchos_conocidos(config)


def test_lo_ya_creado_queda_fuera_de_la_recogida_mientras_escribe(tmp_path: Path) -> None:
    """Al bifurcar, lo creado (las páginas convertidas) sale de la recogida de basura: recorrerlo
    copiaría en cada proceso la memoria que comparten. Al cerrar vuelve, salvo que ya estuviera
    fuera antes (el plugin congela lo cargado en toda la construcción y lo devuelve al final)."""

    def construir(pagina: Any) -> None:
        (tmp_path / pagina.file.src_uri).write_text("", "utf-8")

    assert gc.get_freeze_count() == 0
    escritor = _como_mkdocs(_paginas(4), construir)
    assert gc.get_freeze_count() > 0
    escritor.terminar()
    assert gc.get_freeze_count() == 0

    gc.freeze()
    try:
        escritor = _como_mkdocs(_paginas(4), construir)
        escritor.terminar()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


CON_EL_AUXILIAR = """
import sys
from mkdocs.__main__ import cli
from mkdocs_plugins.plugin.adelanto import encargos
encargos.Aviso.avisado = lambda self: sys.argv[1] == "libre"
cli(["build", "--strict", "-v"])
"""
ESCRIBE_OTRO = "Otro proceso escribe las páginas desde la última"


def test_el_escritor_espera_a_que_el_auxiliar_deje_libre_su_nucleo(tmp_path: Path) -> None:
    """Con el auxiliar aún ocupado (en frío, en un libro pequeño), otro proceso solo le quitaría
    núcleo: MkDocs escribe todas las páginas; en cuanto avisa de que solo espera a MkDocs, el
    escritor se bifurca. El sitio, el mismo byte a byte."""
    paginas = [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"]
    publicados = {}
    for auxiliar in ("libre", "ocupado"):
        proyecto = sitio(tmp_path / auxiliar, paginas)
        mkdocs_yml = proyecto / "mkdocs.yml"
        mkdocs_yml.write_text(
            mkdocs_yml.read_text("utf-8").replace(
                "catalogo: false", "catalogo: false\n      api: true"
            ),
            "utf-8",
        )
        hecha = subprocess.run(
            [sys.executable, "-c", CON_EL_AUXILIAR, auxiliar],
            cwd=proyecto,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert hecha.returncode == 0, hecha.stderr
        assert (ESCRIBE_OTRO in hecha.stderr) == (auxiliar == "libre"), hecha.stderr
        publicados[auxiliar] = publicado(proyecto)
    assert "api/v1/index.json" in publicados["libre"]
    assert publicados["libre"] == publicados["ocupado"]
