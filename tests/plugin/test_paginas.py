"""Cada página de muestra produce exactamente su mensaje, con fichero y línea."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.extension.pagina import comprobar_ficheros, procesar
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from tests.plugin.conftest import PAGINAS, paginas_incorrectas, sitio


@pytest.mark.parametrize("pagina", paginas_incorrectas(), ids=lambda p: p.stem)
def test_pagina_incorrecta_da_su_mensaje(pagina: Path, tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [pagina])
    informe = comprobar_ficheros([proyecto / "srd" / pagina.name], configuracion_desde(proyecto))
    obtenido = "".join(f"{problema}\n" for problema in informe.problemas)
    assert obtenido == pagina.with_suffix(".txt").read_text(encoding="utf-8")


def test_pagina_correcta_no_tiene_problemas(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    informe = comprobar_ficheros([proyecto / "srd" / "correcta.md"], configuracion_desde(proyecto))
    assert informe.problemas == []
    assert informe.ejemplos == 2


def test_todas_las_paginas_de_muestra_estan_cubiertas() -> None:
    sin_mensaje = {p.stem for p in PAGINAS.glob("*.md")} - {p.stem for p in paginas_incorrectas()}
    assert sin_mensaje == {"correcta", "ejemplo-html-hostil"}


def test_un_ejemplo_con_dados_enormes_se_comprueba_pero_no_se_repite() -> None:
    markdown = (
        "```tapiz-ejemplo\n"
        "regla: grado_efecto\n"
        "entradas: {puntos: 3500}\n"
        "dados: {puntos: 1000d6}\n"
        "espera: {grado: extremo}\n"
        "```\n"
    )
    procesada = procesar("srd/enorme.md", markdown)
    assert procesada.problemas == []
    assert procesada.ejemplos == {}
    assert "tapiz-repetir" not in procesada.fragmentos[0].html
    assert "Ejemplo resuelto" in procesada.fragmentos[0].html
