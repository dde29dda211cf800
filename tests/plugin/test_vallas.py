"""Los tipos de valla viven en una tabla: un tipo nuevo es un módulo y una fila, nada más."""

from __future__ import annotations

import pytest

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo import vallas
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina
from mkdocs_plugins.nucleo.vallas import Ejecucion, Fragmento, Valla


def test_los_tres_tipos_del_libro_estan_en_la_tabla():
    assert tuple(vallas.VALLAS) == ("tapiz-regla", "tapiz-ejemplo", "tapiz-comparativa")
    assert [v.tipo for v in vallas.VALLAS.values() if v.es_prueba] == [
        "tapiz-ejemplo",
        "tapiz-comparativa",
    ]


def _saludo(hecho: Ejecucion) -> Fragmento:
    if "mal" in hecho.bloque.cuerpo:
        raise ErrorDePagina(hecho.bloque.linea, "el saludo no puede ser «mal»")
    return Fragmento(hecho.bloque, f"<p class='saludo'>{hecho.bloque.cuerpo.strip()}</p>")


@pytest.fixture
def con_un_tipo_nuevo(monkeypatch: pytest.MonkeyPatch) -> None:
    nueva = Valla("tapiz-saludo", _saludo, es_prueba=False)
    monkeypatch.setitem(vallas.VALLAS, nueva.tipo, nueva)


@pytest.mark.usefixtures("con_un_tipo_nuevo")
def test_un_tipo_nuevo_en_la_tabla_se_muestra_y_sus_errores_llevan_su_linea():
    bien = procesar("srd/saludo.md", "# Hola\n\n```tapiz-saludo\nbuenas\n```\n")
    assert "<p class='saludo'>buenas</p>" in bien.html
    assert bien.problemas == []
    mal = procesar("srd/saludo.md", "# Hola\n\nTexto.\n\n```tapiz-saludo\nmal\n```\n")
    assert [str(p) for p in mal.problemas] == ["srd/saludo.md:5: el saludo no puede ser «mal»"]


def test_sin_la_fila_el_tipo_no_existe():
    procesada = procesar("srd/saludo.md", "```tapiz-saludo\nbuenas\n```\n")
    assert "saludo'" not in procesada.html
    assert [p.mensaje for p in procesada.problemas] == [
        "tipo de bloque desconocido «tapiz-saludo»; "
        "los válidos son: tapiz-regla, tapiz-ejemplo, tapiz-comparativa"
    ]
