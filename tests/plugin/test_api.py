"""La API estática: cada fichero valida contra su esquema publicado y se escribe igual dos veces."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mkdocs_plugins.extension import api
from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo import api_paginas
from mkdocs_plugins.nucleo.configuracion import configuracion_desde

RAIZ = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ficheros() -> dict[str, str]:
    return api.ficheros(configuracion_desde(RAIZ))


def _tipo(ruta: str) -> str:
    if ruta == "index.json":
        return "indice"
    if ruta == "ejemplos.json":
        return "ejemplos"
    return {"sistemas": "sistema", "lienzos": "lienzo", "paginas": "pagina"}[ruta.split("/")[0]]


def test_cada_fichero_valida_contra_su_esquema(ficheros: dict[str, str]) -> None:
    esquemas = {r: json.loads(t) for r, t in ficheros.items() if r.startswith("schemas/")}
    assert len(esquemas) == 5
    for esquema in esquemas.values():
        Draft202012Validator.check_schema(esquema)
    datos = {r: json.loads(t) for r, t in ficheros.items() if not r.startswith("schemas/")}
    for ruta, contenido in datos.items():
        validador = Draft202012Validator(esquemas[f"schemas/{_tipo(ruta)}.json"])
        errores = [e.message for e in validador.iter_errors(contenido)]
        assert errores == [], ruta


def test_un_fichero_roto_no_valida(ficheros: dict[str, str]) -> None:
    """El esquema de las páginas exige identificador, líneas y HTML en cada sección."""
    esquema = json.loads(ficheros["schemas/pagina.json"])
    pagina = json.loads(ficheros["paginas/posturas.json"])
    del pagina["secciones"][0]["secciones"][0]["html"]
    assert not Draft202012Validator(esquema).is_valid(pagina)


def test_las_secciones_llevan_su_identificador_lineas_y_contenido(
    ficheros: dict[str, str],
) -> None:
    posturas = json.loads(ficheros["paginas/posturas.json"])
    (raiz,) = posturas["secciones"]
    assert (raiz["id"], raiz["titulo"], raiz["reglas"], raiz["tablas"]) == (
        "posturas",
        "Posturas",
        ["postura"],
        ["posturas"],
    )
    normal = raiz["secciones"][0]
    assert normal["id"] == "normal" and normal["url"] == "posturas/#normal"
    assert normal["lineas"][0] == 32 and normal["ejemplos"] == ["posturas.md:38"]
    assert "tapiz-ejemplo" in normal["markdown"] and "tapiz-ejemplo" not in normal["html"]
    assert normal["html"].startswith("<p>Ésta es la postura estándar")


def test_el_codigo_de_las_secciones_va_sin_colorear_con_su_lenguaje(
    ficheros: dict[str, str],
) -> None:
    """Como lo escribe CommonMark: cada cliente lo colorea a su manera."""
    datos = json.loads(ficheros["paginas/colaborar/datos-abiertos.json"])
    html = "".join(s["html"] for s in _secciones(datos["secciones"]))
    assert '<code class="language-sh">BASE=' in html
    assert "<span" not in html


def _secciones(secciones: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [t for s in secciones for t in [s, *_secciones(s["secciones"])]]


def test_cada_ejemplo_del_libro_esta_con_su_linea(ficheros: dict[str, str]) -> None:
    ejemplos = json.loads(ficheros["ejemplos.json"])["ejemplos"]
    assert len(ejemplos) == 162
    normal = next(e for e in ejemplos if e["id"] == "posturas.md:38")
    assert normal["espera"] == {
        "mod_ataque": 0,
        "mod_resistencia": 0,
        "ultimo_en_iniciativa": False,
    }
    linea = (RAIZ / "srd/posturas.md").read_text("utf-8").splitlines()[normal["linea"] - 1]
    assert linea == "```tapiz-ejemplo"


def test_version_fecha_y_commit_reproducibles(
    ficheros: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    indice = json.loads(ficheros["index.json"])
    assert indice["version"] == "0.1.0"
    assert indice["commit"] and len(indice["commit"]) == 40
    assert api.ficheros(configuracion_desde(RAIZ)) == ficheros
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    otra = json.loads(api.ficheros(configuracion_desde(RAIZ))["index.json"])
    assert otra["fecha"] == "1970-01-01T00:00:00+00:00"


def test_tapiz_exportar_json_escribe_lo_mismo(
    ficheros: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(RAIZ)
    assert main(["exportar", "--json", str(tmp_path)]) == 0
    escritos = {
        f.relative_to(tmp_path / "api/v1").as_posix(): f.read_text("utf-8")
        for f in (tmp_path / "api/v1").rglob("*.json")
    }
    assert escritos == ficheros


@pytest.mark.parametrize(
    ("pagina", "url"),
    [
        ("index.md", ""),
        ("posturas.md", "posturas/"),
        ("lienzos/puertos-de-bruma/index.md", "lienzos/puertos-de-bruma/"),
    ],
)
def test_url_de_una_pagina(pagina: str, url: str) -> None:
    assert api_paginas.url_de(pagina) == url


def test_tapiz_exportar_para_zensical_no_se_queja_de_su_propio_catalogo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """El catálogo lo genera la orden (como el plugin): sus encabezados no se registran."""
    proyecto = tmp_path / "libro"
    shutil.copytree(RAIZ / "srd", proyecto / "srd")
    for fichero in ("tapiz.yml", "mkdocs.yml", "identificadores.yml"):
        shutil.copy(RAIZ / fichero, proyecto / fichero)
    monkeypatch.chdir(tmp_path)
    assert main(["exportar", str(proyecto / "srd")]) == 0
    assert main(["exportar", str(proyecto / "srd")]) == 0  # con el catálogo ya escrito
    assert (proyecto / "srd" / "catalogo.md").exists()
    assert "no declara su identificador" not in capsys.readouterr().err
    paginas = [f.ruta for f, _ in api.fuentes(configuracion_desde(proyecto))]
    assert "srd/catalogo.md" not in paginas and "srd/hacer-cosas.md" in paginas


def test_cada_seccion_dice_si_esta_pendiente(ficheros: dict[str, str]) -> None:
    tiradas = json.loads(ficheros["paginas/tiradas.json"])
    (raiz,) = tiradas["secciones"]
    estados = {s["id"]: s["pendiente"] for s in raiz["secciones"]}
    assert raiz["pendiente"] is False
    assert estados["tiradas-de-accion"] is True  # escrita solo en parte
    assert estados["tiradas-incrementales"] is True
    posturas = json.loads(ficheros["paginas/posturas.json"])
    assert posturas["secciones"][0]["secciones"][0]["pendiente"] is False


def test_la_carpeta_de_un_lienzo_es_relativa_a_las_paginas(ficheros: dict[str, str]) -> None:
    """La ruta absoluta diría dónde está el libro en la máquina de quien construye."""
    lienzo = json.loads(ficheros["lienzos/puertos-de-bruma.json"])
    assert lienzo["carpeta"] == "lienzos/puertos-de-bruma"
    esquema = Draft202012Validator(json.loads(ficheros["schemas/lienzo.json"]))
    assert esquema.is_valid(lienzo)
    assert not esquema.is_valid({**lienzo, "carpeta": str(RAIZ / "srd/lienzos/puertos-de-bruma")})
