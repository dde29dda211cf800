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
    primera = plantillas.cache(tmp_path)
    _entorno(primera, con_filtro=True).get_template("t.html")
    assert len(compilaciones) == 1
    primera.guardar()
    otra = _entorno(plantillas.cache(tmp_path), con_filtro=True).get_template("t.html")
    assert len(compilaciones) == 1  # de lo guardado en el fichero, en un entorno nuevo
    assert otra.render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"
    assert plantillas.firma(otra.environment) == plantillas.firma(
        _entorno(plantillas.cache(tmp_path), con_filtro=True)
    )


def test_el_fichero_guarda_solo_lo_usado_y_no_se_reescribe_si_nada_cambia(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dos = {"t.html": TEXTO, "otra.html": "{{ 1 + 1 }}"}
    cache = plantillas.cache(tmp_path)
    env = jinja2.Environment(loader=jinja2.DictLoader(dos), bytecode_cache=cache)
    env.get_template("t.html"), env.get_template("otra.html")
    cache.guardar()
    fichero = tmp_path / plantillas.FICHERO
    assert len(plantillas.leer(fichero)) == 2
    solo_una = plantillas.cache(tmp_path)
    compilaciones = _compilaciones(monkeypatch)
    jinja2.Environment(loader=jinja2.DictLoader(dos), bytecode_cache=solo_una).get_template(
        "t.html"
    )
    assert compilaciones == []
    solo_una.guardar()
    assert len(plantillas.leer(fichero)) == 1  # «otra.html» ya no se usa
    antes = fichero.stat().st_mtime_ns
    igual = plantillas.cache(tmp_path)
    jinja2.Environment(loader=jinja2.DictLoader(dos), bytecode_cache=igual).get_template("t.html")
    igual.guardar()
    assert fichero.stat().st_mtime_ns == antes


def test_un_fichero_estropeado_se_compila_otra_vez(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / plantillas.FICHERO).write_bytes(b"\x00no es marshal")
    compilaciones = _compilaciones(monkeypatch)
    plantilla = _entorno(plantillas.cache(tmp_path), con_filtro=True).get_template("t.html")
    assert len(compilaciones) == 1
    assert plantilla.render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"


def test_un_filtro_anadido_despues_cambia_la_firma_de_las_siguientes(tmp_path: Path) -> None:
    cache = plantillas.cache(tmp_path)
    env = _entorno(cache, con_filtro=False)
    antes = cache.get_bucket(env, "t.html", None, TEXTO).key
    assert cache.get_bucket(env, "t.html", None, TEXTO).key == antes
    env.filters["saludo"] = saludo
    assert cache.get_bucket(env, "t.html", None, TEXTO).key != antes


def test_un_fichero_que_no_se_puede_escribir_no_corta_la_construccion(tmp_path: Path) -> None:
    (tmp_path / plantillas.FICHERO).mkdir()  # donde iría el fichero hay una carpeta
    cache = plantillas.cache(tmp_path)
    plantilla = _entorno(cache, con_filtro=True).get_template("t.html")
    cache.guardar()
    assert plantilla.render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"
    assert (tmp_path / plantillas.FICHERO).is_dir()


def test_la_primera_construccion_de_otro_proyecto_usa_lo_compilado_del_usuario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Las plantillas del tema son las mismas en cada proyecto: lo que compiló uno lo lee otro
    de la caché del usuario, sin compilar; si su texto cambia, se compila otra vez."""
    del_usuario = tmp_path / "usuario"
    del_usuario.mkdir()
    compilaciones = _compilaciones(monkeypatch)
    uno = plantillas.cache(tmp_path / "uno", del_usuario)
    _entorno(uno, con_filtro=True).get_template("t.html")
    assert len(compilaciones) == 1
    assert len(list(del_usuario.glob("*.jinja"))) == 1
    otro = _entorno(plantillas.cache(tmp_path / "otro", del_usuario), con_filtro=True)
    assert otro.get_template("t.html").render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"
    assert len(compilaciones) == 1
    cambiada = jinja2.Environment(
        loader=jinja2.DictLoader({"t.html": "{{ quien }}"}),
        bytecode_cache=plantillas.cache(tmp_path / "tercero", del_usuario),
    )
    cambiada.filters["saludo"] = saludo
    assert cambiada.get_template("t.html").render(quien="Ana") == "Ana"
    assert len(compilaciones) == 2


def test_lo_estropeado_en_la_caché_del_usuario_se_compila_otra_vez(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    del_usuario = tmp_path / "usuario"
    del_usuario.mkdir()
    _entorno(plantillas.cache(tmp_path / "uno", del_usuario), con_filtro=True).get_template(
        "t.html"
    )
    (guardada,) = del_usuario.glob("*.jinja")
    guardada.write_bytes(guardada.read_bytes()[:40])
    compilaciones = _compilaciones(monkeypatch)
    otro = _entorno(plantillas.cache(tmp_path / "otro", del_usuario), con_filtro=True)
    assert otro.get_template("t.html").render(quien="Ana", lugar="Brumas") == "Hola, Ana (Brumas)"
    assert len(compilaciones) == 1


def test_la_caché_del_usuario_es_solo_suya(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lo que hay en ella se ejecuta: una carpeta en la que pueden escribir otros no se usa."""
    monkeypatch.setattr(plantillas.platformdirs, "user_cache_dir", lambda _: str(tmp_path))
    carpeta = plantillas.carpeta_del_usuario()
    assert carpeta == tmp_path / "plantillas"
    assert carpeta.stat().st_mode & 0o777 == 0o700
    carpeta.chmod(0o777)
    assert plantillas.carpeta_del_usuario() is None
    carpeta.rmdir()
    carpeta.symlink_to(tmp_path, target_is_directory=True)
    assert plantillas.carpeta_del_usuario() is None
