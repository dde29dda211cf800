"""La API del sitio leída como la leería un cliente: por HTTP, desde index.json.

Usa el sitio construido y servido de la sesión (``sitio``); no abre Chromium.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any
from urllib.parse import urljoin
from urllib.request import urlopen

import pytest
from jsonschema import Draft202012Validator

from mkdocs_plugins.nucleo.configuracion import configuracion_desde
from mkdocs_plugins.nucleo.ejecucion import coincide
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import sistema
from tests.navegador.conftest import RAIZ

pytestmark = pytest.mark.navegador


def _leer(url: str) -> Any:
    with urlopen(url, timeout=30) as respuesta:
        assert respuesta.status == 200, url
        return json.loads(respuesta.read().decode("utf-8"))


@pytest.fixture(scope="module")
def api(sitio: str) -> dict[str, Any]:
    """Cada fichero enlazado desde index.json, por su enlace."""
    base = urljoin(sitio, "api/v1/")
    indice = _leer(urljoin(base, "index.json"))
    enlaces = [e["enlace"] for clave in ("sistemas", "lienzos", "paginas") for e in indice[clave]]
    enlaces += [indice["ejemplos"], *indice["esquemas"].values()]
    return {"index.json": indice, **{e: _leer(urljoin(base, e)) for e in enlaces}}


def test_cada_enlace_del_indice_resuelve_y_valida(api: dict[str, Any]) -> None:
    indice = api["index.json"]
    esquemas = {tipo: api[enlace] for tipo, enlace in indice["esquemas"].items()}
    por_tipo = {"sistemas": "sistema", "lienzos": "lienzo", "paginas": "pagina"}
    Draft202012Validator(esquemas["indice"]).validate(indice)
    Draft202012Validator(esquemas["ejemplos"]).validate(api[indice["ejemplos"]])
    for clave, tipo in por_tipo.items():
        for entrada in indice[clave]:
            Draft202012Validator(esquemas[tipo]).validate(api[entrada["enlace"]])
    assert len(indice["paginas"]) >= 35


def test_cada_regla_de_tapiz_reglas_json_esta_en_la_api(api: dict[str, Any]) -> None:
    salida = subprocess.run(
        [sys.executable, "-m", "mkdocs_plugins.herramientas.cli", "reglas", "--json"],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    declaradas = json.loads(salida)["reglas"]
    publicadas = {
        (r["sistema"], r["nombre"]): r
        for e in api["index.json"]["sistemas"]
        for r in api[e["enlace"]]["reglas"]
    }
    assert declaradas
    for regla in declaradas:
        assert publicadas[(regla["sistema"], regla["nombre"])] == regla


def test_cada_ejemplo_da_lo_que_calcula_el_motor(api: dict[str, Any]) -> None:
    lienzos = {lz.nombre: lz for _, lz in configuracion_desde(RAIZ).lienzos}
    ejemplos = api[api["index.json"]["ejemplos"]]["ejemplos"]
    assert len(ejemplos) == 162
    distintos = []
    for ejemplo in ejemplos:
        if ejemplo["lienzo"]:
            reglamento = lienzos[ejemplo["lienzo"]].reglamento()
        else:
            reglamento = Reglamento(sistema(ejemplo["sistema"]))
        reglamento = reglamento.con(
            edicion=ejemplo["edicion"], opcionales=frozenset(ejemplo["opcionales"])
        )
        valores = reglamento.calcular(ejemplo["regla"], ejemplo["entradas"]).valores
        distintos += [
            (ejemplo["id"], salida)
            for salida, esperado in ejemplo["espera"].items()
            if not coincide(esperado, valores[salida])
        ]
    assert distintos == []


def test_cada_seccion_tiene_su_ancla_en_el_sitio(sitio: str, api: dict[str, Any]) -> None:
    def todas(secciones: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [x for s in secciones for x in (s, *todas(s["secciones"]))]

    for entrada in api["index.json"]["paginas"]:
        pagina = api[entrada["enlace"]]
        with urlopen(urljoin(sitio, pagina["url"]), timeout=30) as respuesta:
            html = respuesta.read().decode("utf-8")
        for seccion in todas(pagina["secciones"]):
            assert f'id="{seccion["id"]}"' in html, seccion["url"]
