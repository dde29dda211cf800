"""El libro sin conexión, en Chromium: la primera visita descarga cada fichero una vez y lo que
guarda el trabajador de servicio además de la página cabe en su presupuesto; con el trabajador
instalado, sin red (el servidor apagado y el navegador sin conexión) se navega por lo leído, se
busca, se tiran dados y se repite una tarjeta; y una construcción nueva se anuncia y, al
recargar, se ve.

Cada prueba sirve el libro con su propio servidor (el de la sesión no se puede apagar) y en un
contexto de Chromium que deja funcionar a los trabajadores de servicio.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.plugin import sin_conexion as adaptador
from tests.navegador.conftest import (
    ESCRITORIO,
    Pestana,
    abrir_pestana,
    apagar_el_motor,
    servir,
    site_url,
    tarjeta_a_la_vista,
)
from tests.navegador.test_widgets import TOTAL, anuncio_tras

pytestmark = pytest.mark.navegador


def controlada(pagina: Page) -> str:
    """Espera a que el trabajador controle la página (se activa al acabar de guardar la
    lista) y da su dirección. El plazo solo evita colgarse si no llega a registrarse."""
    pagina.wait_for_function("() => navigator.serviceWorker.controller", timeout=180_000)
    return str(pagina.evaluate("() => navigator.serviceWorker.controller.scriptURL"))


GUARDADAS = """async () => {
  const claves = [];
  for (const nombre of await caches.keys()) {
    const cache = await caches.open(nombre);
    for (const peticion of await cache.keys()) claves.push(nombre + " " + peticion.url);
  }
  return claves;
}"""


class Sitio:
    """Una carpeta servida por un servidor propio, que la prueba puede apagar."""

    def __init__(self, carpeta: Path) -> None:
        self.carpeta = carpeta
        self.servidor: ThreadingHTTPServer
        self.pedidas: list[str] = []
        """La ruta de cada petición que llega al servidor (la red, no la caché del navegador)."""
        self.servidor, self.base = servir(carpeta, site_url(), self.pedidas)

    def apagar(self) -> None:
        self.servidor.shutdown()
        self.servidor.server_close()

    def lista(self) -> dict[str, Any]:
        return json.loads((self.carpeta / sin_conexion.LISTA).read_text(encoding="utf-8"))


@pytest.fixture
def abrir(navegador: Browser) -> Iterator[Callable[[Sitio], Pestana]]:
    """Abre una pestaña con trabajadores de servicio; al acabar, sin errores ni peticiones
    fuera de 127.0.0.1."""
    abiertas: list[Pestana] = []

    def abrir_en(sitio: Sitio) -> Pestana:
        pestana = abrir_pestana(navegador, sitio.base, ESCRITORIO, service_workers="allow")
        apagar_el_motor(pestana)  # Pyodide no se descarga: aquí no se piden reglas en vivo
        abiertas.append(pestana)
        return pestana

    yield abrir_en
    for pestana in abiertas:
        pestana.page.context.close()
        assert pestana.errores == [], "errores en la consola o en la página"
        assert pestana.externas == [], "peticiones fuera de 127.0.0.1"


GZIP_DE_LO_GUARDADO = """async (dela) => {
  const tamanos = {};
  for (const nombre of await caches.keys()) {
    const cache = await caches.open(nombre);
    for (const peticion of await cache.keys()) {
      const url = peticion.url.split("?")[0];
      if (dela.includes(url)) continue;
      const cuerpo = (await cache.match(peticion)).body.pipeThrough(new CompressionStream("gzip"));
      tamanos[url] = (await new Response(cuerpo).arrayBuffer()).byteLength;
    }
  }
  return tamanos;
}"""
"""Los bytes con gzip (el de Chromium) de cada respuesta guardada que no pidió la página."""
DE_LA_PAGINA = """() => [location.href]
  .concat(performance.getEntriesByType("resource").map((e) => e.name))
  .map((url) => url.split(/[?#]/)[0].replace(/\\/$/, "/index.html"))"""
"""Lo que descargó la página (su HTML y cuanto pidió), como las claves de lo guardado."""


def _repetidas(sitio: Sitio) -> list[str]:
    """Las rutas que llegaron al servidor más de una vez. Salvo el sitemap: este servidor lo
    reescribe con su dirección (``servir``), su huella ya no es la de la lista y el trabajador
    lo vuelve a pedir; publicado tal cual, es como los demás."""
    veces = Counter(sitio.pedidas)
    return [r for r, n in veces.items() if n > 1 and not r.endswith("/sitemap.xml")]


def _claves(sitio: Sitio, rutas: dict[str, str]) -> set[str]:
    return {f"{sitio.base}{ruta}?v={huella}" for ruta, huella in rutas.items()}


def _guardadas(pestana: Pestana) -> set[str]:
    return {clave.rsplit(" ", 1)[1] for clave in pestana.page.evaluate(GUARDADAS)}


def test_sin_red_se_navega_se_busca_y_se_tiran_dados(
    libro: Path, abrir: Callable[[Sitio], Pestana]
) -> None:
    sitio = Sitio(libro)
    pestana = abrir(sitio)
    pagina = pestana.page
    pestana.ir("")
    assert controlada(pagina) == sitio.base + sin_conexion.TRABAJADOR
    # La primera visita: cada fichero se pide una vez a la red (lo que ya descargó la página, el
    # trabajador lo toma de la caché del navegador), y lo que guarda además de la página, con
    # gzip, cabe en el presupuesto.
    assert _repetidas(sitio) == []
    de_la_pagina = pagina.evaluate(DE_LA_PAGINA)
    ademas = pagina.evaluate(GZIP_DE_LO_GUARDADO, de_la_pagina)
    assert ademas and sum(ademas.values()) <= adaptador.PRESUPUESTO, ademas
    assert f"{sitio.base}index.html" in de_la_pagina and f"{sitio.base}index.html" not in ademas
    lista = sitio.lista()
    guardadas = _guardadas(pestana)
    assert _claves(sitio, lista["precache"]) <= guardadas
    assert not any("/assets/tapiz/vivo/" in clave for clave in guardadas)
    # Lo que va bajo demanda se guarda al pedirlo (aquí, un fichero de Pyodide sin arrancarlo).
    pyodide = next(r for r in lista["bajo_demanda"] if r.endswith("pyodide.js"))
    assert pagina.evaluate(f"fetch('{sitio.base}{pyodide}').then((r) => r.status)") == 200
    clave_pyodide = f"{sitio.base}{pyodide}?v={lista['bajo_demanda'][pyodide]}"
    assert clave_pyodide in _guardadas(pestana)

    # Las páginas de cada capítulo se guardan al leerlas (las lee quien lee, aún con red).
    capitulos = (("tiradas/", "Tiradas"), ("dano/", "Daño"), ("hacer-cosas/", "Hacer cosas"))
    for ruta, _ in (*capitulos, ("magia/", ""), ("sistemas/ratas/", "")):
        assert pagina.evaluate(f"fetch('{sitio.base}{ruta}').then((r) => r.status)") == 200
    assert _repetidas(sitio) == []

    sitio.apagar()
    pagina.context.set_offline(True)

    # Por el menú, como quien lee (la navegación instantánea pide la página al trabajador).
    for ruta, titulo in capitulos:
        pagina.locator(f"nav.md-nav--primary a[href$='{ruta}']").first.click()
        pagina.wait_for_url(f"**/{ruta}")
        # La dirección cambia antes que el contenido: se espera al título de la página nueva.
        pagina.locator("article h1").filter(has_text=titulo).first.wait_for()
    texto = anuncio_tras(pestana, pagina.locator("button.tapiz-dados").first.click)
    assert TOTAL.search(texto), texto
    # «Probar» necesita el motor, que no se guardó: lo dice nombrando la conexión.
    probar = pagina.locator("details.tapiz-probar").first
    probar.locator("summary").click()
    estado = probar.locator(".tapiz-probar__estado[role='status']")
    estado.filter(has_text="Sin conexión:").wait_for()
    assert "este navegador" not in estado.inner_text()

    # Por su dirección, cargando la página entera (con la consulta que deja el buscador).
    for ruta in ("magia/", "sistemas/ratas/?h=rata"):
        respuesta = pagina.goto(sitio.base + ruta)
        assert respuesta is not None and respuesta.ok and respuesta.from_service_worker
    # Repetir una tarjeta de Ratas en las paredes, con sus datos guardados.
    tarjeta = tarjeta_a_la_vista(pagina.locator(".tapiz-ejemplo:has(button.tapiz-repetir)").first)
    tarjeta.locator("button.tapiz-repetir").click()
    tarjeta.locator(".tapiz-ejemplo__resumen").wait_for()
    assert tarjeta.locator(".tapiz-ejemplo__resumen").inner_text().startswith("Con dados nuevos")

    # El buscador, con su índice y su trabajador guardados.
    pagina.locator(".md-search__input").click()
    pagina.locator(".md-search__input").type("posturas")
    pagina.wait_for_function(
        "() => !/Teclee|Inicializando/.test("
        "document.querySelector('.md-search-result__meta').textContent)"
    )
    pagina.locator(".md-search-result__item").first.wait_for()
    titulos = pagina.locator(".md-search-result__item h1").all_text_contents()
    assert any("Posturas" in t for t in titulos), titulos

    # Una página que no existe da la de «no encontrada» del libro, también guardada.
    respuesta = pagina.goto(sitio.base + "no-existe/")
    assert respuesta is not None and respuesta.from_service_worker
    assert pagina.locator("article h1").first.inner_text() == "Página no encontrada"


def test_una_version_nueva_se_anuncia_y_se_ve_al_recargar(
    libro: Path, abrir: Callable[[Sitio], Pestana], tmp_path: Path
) -> None:
    """La construcción nueva se imita cambiando una página de una copia y volviendo a escribir
    la lista y el trabajador, como hace el plugin al final de cada construcción."""
    carpeta = tmp_path / "sitio"
    shutil.copytree(libro, carpeta, ignore=shutil.ignore_patterns("vivo", "api"))
    bajo_demanda = adaptador.BAJO_DEMANDA
    siempre = [*adaptador.siempre(["es"]), *adaptador.PAGINAS_SIEMPRE]
    anterior = sin_conexion.publicar(
        carpeta, sin_conexion.inventario(carpeta, bajo_demanda, siempre)
    )
    sitio = Sitio(carpeta)
    try:
        pestana = abrir(sitio)
        pagina = pestana.page
        pestana.ir("")
        controlada(pagina)
        assert pagina.locator(".tapiz-version-nueva").count() == 0

        historia = carpeta / "index.html"
        html = historia.read_text(encoding="utf-8")
        nuevo = '<p id="prueba-nueva">Un párrafo de la versión nueva.</p>'
        historia.write_text(re.sub("</h1>", "</h1>" + nuevo, html, count=1), encoding="utf-8")
        nueva = sin_conexion.publicar(
            carpeta, sin_conexion.inventario(carpeta, bajo_demanda, siempre)
        )
        assert nueva.version != anterior.version

        # Al volver a abrirla se ve la guardada, y el navegador encuentra la versión nueva.
        pagina.reload()
        assert pagina.locator("#prueba-nueva").count() == 0
        aviso = pagina.locator(".tapiz-version-nueva[role=status]")
        aviso.get_by_role("button", name="Recargar").wait_for()
        assert aviso.inner_text().startswith("Hay una versión nueva del libro.")
        with pagina.expect_navigation():
            aviso.get_by_role("button", name="Recargar").press("Enter")
        pagina.locator("#prueba-nueva").wait_for()
        assert controlada(pagina).endswith(sin_conexion.TRABAJADOR)
        guardadas = _guardadas(pestana)
        ruta = "index.html"
        assert f"{sitio.base}{ruta}?v={nueva.precache[ruta]}" in guardadas
        # Lo de la versión anterior se borró; lo que no cambió se guardó una vez.
        assert f"{sitio.base}{ruta}?v={anterior.precache[ruta]}" not in guardadas
        assert len(guardadas) == len(nueva.precache) + 1  # y la lista
        assert len({c.rsplit(" ", 1)[0] for c in pagina.evaluate(GUARDADAS)}) == 1
    finally:
        sitio.apagar()


def test_mientras_carga_el_motor_el_libro_sin_conexion_espera(
    libro: Path, abrir: Callable[[Sitio], Pestana]
) -> None:
    """registro.js no registra el trabajador mientras el motor de reglas carga (vivo.js lo dice
    en ``<html data-tapiz-motor>``): nada del libro sin conexión se descarga a la vez que lo que
    quien lee espera. Aquí el motor está apagado, y es la prueba la que dice que carga."""
    sitio = Sitio(libro)
    pestana = abrir(sitio)
    pagina = pestana.page
    pagina.context.add_init_script(
        "addEventListener('DOMContentLoaded', () => {"
        " document.documentElement.dataset.tapizMotor = 'cargando'; })"
    )
    pestana.ir("")
    pagina.wait_for_function("() => document.documentElement.dataset.tapizSinConexion")
    assert pagina.evaluate("async () => await navigator.serviceWorker.getRegistration()") is None
    assert not any(sin_conexion.TRABAJADOR in ruta for ruta in sitio.pedidas)
    pagina.evaluate("""() => {
      document.documentElement.dataset.tapizMotor = "listo";
      document.dispatchEvent(new CustomEvent("tapiz:carga"));
    }""")
    assert controlada(pagina) == sitio.base + sin_conexion.TRABAJADOR
    assert "tapizSinConexion" not in pagina.evaluate(
        "() => ({...document.documentElement.dataset})"
    )
