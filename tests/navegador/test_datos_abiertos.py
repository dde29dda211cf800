"""Un bot que solo usa el sitio servido: parte de ``api/v1/index.json`` y sigue sus enlaces.

Usa el sitio construido y servido de la sesión (``sitio``); no abre Chromium. No importa nada
del proyecto para leer la API: lo que sabe, lo sabe por HTTP, como un cliente de fuera.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urldefrag, urljoin
from urllib.request import urlopen

import pytest
from jsonschema import Draft202012Validator

pytestmark = pytest.mark.navegador


def _pedir(url: str) -> bytes:
    with urlopen(url, timeout=30) as respuesta:
        assert respuesta.status == 200, url
        return bytes(respuesta.read())


def _enlaces(valor: Any) -> Iterator[str]:
    if isinstance(valor, dict):
        for clave, hijo in valor.items():
            if clave == "enlace" and isinstance(hijo, str):
                yield hijo
            else:
                yield from _enlaces(hijo)
    elif isinstance(valor, list):
        for hijo in valor:
            yield from _enlaces(hijo)


def _urls(valor: Any) -> Iterator[str]:
    """Cada ``url`` y cada enlace del ``html``."""
    if isinstance(valor, dict):
        for clave, hijo in valor.items():
            if clave == "url" and isinstance(hijo, str):
                yield hijo
            elif clave == "html" and isinstance(hijo, str):
                yield from (h for h in re.findall(r'href="([^"]*)"', hijo) if ":" not in h)
            else:
                yield from _urls(hijo)
    elif isinstance(valor, list):
        for hijo in valor:
            yield from _urls(hijo)


class Bot:
    """Lo que haría el autor de un bot: leer el índice y seguir enlaces."""

    def __init__(self, sitio: str) -> None:
        self.api = urljoin(sitio, "api/v1/")
        self.indice = json.loads(_pedir(urljoin(self.api, "index.json")))
        # El índice dice cómo se resuelve cada dirección; en una copia, dos carpetas arriba.
        self.raiz = urljoin(self.api, "../../")
        self.leidos: dict[str, Any] = {"index.json": self.indice}

    def leer(self, enlace: str) -> Any:
        if enlace not in self.leidos:
            self.leidos[enlace] = json.loads(_pedir(urljoin(self.api, enlace)))
        return self.leidos[enlace]

    def recorrer(self) -> dict[str, Any]:
        pendientes = list(_enlaces(self.indice))
        while pendientes:
            enlace = pendientes.pop()
            if enlace not in self.leidos:
                pendientes += list(_enlaces(self.leer(enlace)))
        return self.leidos

    def esquema(self, datos: dict[str, Any]) -> dict[str, Any]:
        relativo = datos["$schema"].removeprefix(self.indice["base"] + "api/v1/")
        return dict(self.leer(relativo))

    def direccion(self, url: str) -> str:
        return urljoin(self.raiz, url)


@pytest.fixture(scope="module")
def bot(sitio: str) -> Bot:
    return Bot(sitio)


def test_sigue_cada_enlace_y_cada_fichero_valida(bot: Bot) -> None:
    leidos = bot.recorrer()
    assert len(leidos) > 400
    for enlace, datos in leidos.items():
        if enlace.startswith("schemas/"):
            Draft202012Validator.check_schema(datos)
            continue
        assert datos["$id"] == bot.indice["base"] + "api/v1/" + enlace
        assert datos["licencia"]["url"].startswith("https://creativecommons.org/")
        Draft202012Validator(bot.esquema(datos)).validate(datos)


def test_cada_url_lleva_a_su_pagina_y_a_su_ancla(bot: Bot) -> None:
    paginas: dict[str, str] = {}
    urls = {u for datos in bot.recorrer().values() for u in _urls(datos) if ":" not in u}
    assert len(urls) > 280
    for url in sorted(urls):
        pagina, ancla = urldefrag(bot.direccion(url))
        if pagina not in paginas:
            try:
                paginas[pagina] = _pedir(pagina).decode("utf-8")
            except HTTPError as error:
                pytest.fail(f"{url}: {error}")
        if ancla:
            assert f'id="{ancla}"' in paginas[pagina], url


def test_encuentra_defensa_ferrea_y_la_cita_con_su_enlace(bot: Bot) -> None:
    posturas = next(p for p in bot.indice["paginas"] if p["titulo"] == "Posturas")
    secciones = bot.leer(posturas["enlace"])["secciones"]
    defensa = next(s for s in secciones if s["titulo"] == "Defensa férrea")
    cita = f"> {defensa['markdown'].strip()}\n\n— {bot.direccion(defensa['url'])}"
    assert "+4" in cita and "{{" not in cita
    assert cita.endswith("posturas/#defensa-ferrea")
    html = _pedir(bot.direccion(defensa["url"])).decode("utf-8")
    assert 'id="defensa-ferrea"' in html


def test_lee_una_tabla_y_las_unidades_de_su_regla(bot: Bot) -> None:
    resumen = next(t for t in bot.indice["tablas"] if t["id"] == "tabla-movimiento-combate")
    tabla = bot.leer(resumen["enlace"])
    assert tabla["columnas"][1] == "Distancia por punto de movimiento"
    assert [f[1] for f in tabla["filas"]][:2] == ["1 metro por ronda", "2 metros por ronda"]
    regla = bot.leer(
        next(r for r in bot.indice["reglas"] if r["id"] == "movimiento-combate")["enlace"]
    )
    unidades = {c["clave"]: c["unidad"] for c in regla["salidas"]}
    assert "m" in unidades.values()
    assert re.fullmatch(r"[a-z_]+", next(iter(unidades)))
