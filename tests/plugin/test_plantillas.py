"""Las plantillas compiladas que guarda el plugin: solo se usan con un entorno como el suyo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
import pytest

from mkdocs_plugins.plugin import plantillas

TEXTO = "{% if quien %}Hola, {{ quien | saludo }}{% endif %}"


@jinja2.pass_context
def saludo(contexto: Any, nombre: str) -> str:
    return f"{nombre} ({contexto['lugar']})"


def _entorno(cache: jinja2.BytecodeCache, *, con_filtro: bool) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": TEXTO}), bytecode_cache=cache)
    if con_filtro:
        env.filters["saludo"] = saludo
    return env


def _compilaciones(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    hechas: list[str] = []
    compilar = jinja2.Environment.compile

    def contando(self: jinja2.Environment, *args: Any, **kwargs: Any) -> Any:
        hechas.append("x")
        return compilar(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", contando)
    return hechas


def test_un_entorno_con_otros_filtros_no_usa_lo_compilado_sin_ellos(tmp_path: Path) -> None:
    """Sin su filtro, Jinja compila una llamada sin el contexto que el filtro pide; con la caché
    de Jinja tal cual, el entorno que sí lo tiene usaría ese código."""
    cache = plantillas.cache(tmp_path)
    _entorno(cache, con_filtro=False).get_template("t.html")
    con = _entorno(cache, con_filtro=True).get_template("t.html")
    assert con.render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"
    (tmp_path / "tal-cual").mkdir()
    tal_cual = jinja2.FileSystemBytecodeCache(str(tmp_path / "tal-cual"))
    _entorno(tal_cual, con_filtro=False).get_template("t.html")
    reusada = _entorno(tal_cual, con_filtro=True).get_template("t.html")
    with pytest.raises(TypeError, match="nombre"):
        reusada.render(quien="Ana", lugar="Brumas")


def test_el_mismo_entorno_no_compila_otra_vez(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compilaciones = _compilaciones(monkeypatch)
    _entorno(plantillas.cache(tmp_path), con_filtro=True).get_template("t.html")
    assert len(compilaciones) == 1
    otra = _entorno(plantillas.cache(tmp_path), con_filtro=True).get_template("t.html")
    assert len(compilaciones) == 1  # de lo guardado en la carpeta, en un entorno nuevo
    assert otra.render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"
    assert plantillas.firma(otra.environment) == plantillas.firma(
        _entorno(plantillas.cache(tmp_path), con_filtro=True)
    )
