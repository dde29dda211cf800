"""El código de un Lienzo en la página del lector no sale de su motor (issue 39, punto 1).

Un sitio pequeño con un Lienzo hostil (``lienzo_hostil/``), construido una vez por ejecución
con el MkDocs real y servido con el trabajador de servicio del libro. Su ``reglas.py`` pasa la
construcción y, en la página, intenta: pedir a otro servidor y al sitio (fetch, XHR,
WebSocket, EventSource, importScripts, un paquete de la CDN de Pyodide), escribir en las
cachés del sitio y registrar un trabajador de servicio, el almacenamiento, las cookies y el DOM
de la página, y mandar respuestas falsas con ids adivinados. Se mira lo que pasó fuera de su
motor, no lo que dice: qué pidieron los dos servidores, qué guardan las cachés del sitio y su
almacenamiento, qué muestra cada bloque de la página.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator

from tapiz_rules.sistemas import reglamento
from tests import segundo_plano
from tests.conftest import carpeta_comun
from tests.navegador.conftest import ESCRITORIO, Pestana, abrir_pestana, servir, site_url
from tests.navegador.test_sin_conexion import controlada

pytestmark = pytest.mark.navegador
RAIZ = Path(__file__).resolve().parents[2]
HOSTIL = Path(__file__).with_name("lienzo_hostil")
FALSO = "FALSIFICADO"
INTENTOS = [
    "fetch otro", "fetch sitio", "xhr otro", "xhr sitio", "importScripts otro",
    "importScripts sitio", "websocket otro", "websocket sitio", "eventsource otro",
    "eventsource sitio", "paquete de la CDN", "caches", "serviceWorker", "localStorage",
    "indexedDB", "cookie", "parent.document",
]  # fmt: skip


@pytest.fixture(scope="session")
def sitio_hostil(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """El sitio hostil construido (``mkdocs build --strict``) en segundo plano, una vez por
    ejecución (``tests/segundo_plano.py``)."""
    comun = carpeta_comun(tmp_path_factory)
    return segundo_plano.esperar("sitio_hostil", comun, comun / "hostil-sitio")


@dataclass
class Apuntadas:
    """Las rutas que pidió alguien a un servidor."""

    rutas: list[str] = field(default_factory=list)

    def fugas(self) -> list[str]:
        return [r for r in self.rutas if "fuga" in r]


def _servidor_que_apunta(apuntadas: Apuntadas) -> tuple[ThreadingHTTPServer, int]:
    """Otro origen (otro puerto): apunta cada petición, también la de un WebSocket."""

    class Otro(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            """Sin una línea por petición en la salida de pytest."""

        def do_GET(self) -> None:
            apuntadas.rutas.append(self.path)
            self.send_response(200)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Type", "text/javascript")
            self.end_headers()
            self.wfile.write(b"// nada")

    servidor = ThreadingHTTPServer(("127.0.0.1", 0), Otro)
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    return servidor, servidor.server_port


def _informe(pestana: Pestana, control: Locator) -> str:
    """Pulsa «Calcular» hasta que cada intento del Lienzo haya acabado, y da su informe."""
    pestana.page.wait_for_function(
        """([c, n]) => {
          const texto = c.querySelector('[data-salida="informe"]')?.textContent ?? '';
          if (texto.split('; ').length >= n && !texto.includes('pendiente')) return texto;
          c.querySelector('button[type=submit]')?.click();
          return false;
        }""",
        arg=[control.element_handle(), len(INTENTOS)],
        polling=100,
        timeout=180_000,
    )
    return control.locator('[data-salida="informe"]').inner_text()


HUELLAS = """async () => {
  const huellas = {};
  for (const nombre of await caches.keys()) {
    const cache = await caches.open(nombre);
    for (const peticion of await cache.keys()) {
      const datos = await (await cache.match(peticion)).arrayBuffer();
      const resumen = await crypto.subtle.digest("SHA-256", datos);
      huellas[nombre + " " + peticion.url] = Array.from(new Uint8Array(resumen),
        (b) => b.toString(16).padStart(2, "0")).join("");
    }
  }
  return huellas;
}"""
"""Cada entrada de las cachés del sitio y la huella (SHA-256) de lo que guarda."""

SIN_RED = """async (urls) => Object.fromEntries(await Promise.all(urls.map(async (url) => {
  try {
    const respuesta = await fetch(url);
    if (!respuesta.ok) return [url, `HTTP ${respuesta.status}`];
    const resumen = await crypto.subtle.digest("SHA-256", await respuesta.arrayBuffer());
    const hex = Array.from(new Uint8Array(resumen), (b) => b.toString(16).padStart(2, "0"));
    return [url, hex.join("")];
  } catch (error) {
    return [url, String(error)];
  }
})))"""
"""Pide de nuevo cada URL desde la página (sin red, responde el trabajador de servicio): su
huella SHA-256, o por qué no llegó."""

ALMACEN = """async () => ({
  local: Object.keys(localStorage),
  bases: (await indexedDB.databases()).map((b) => b.name),
  cookie: document.cookie,
  marcos: [...document.querySelectorAll("iframe")].map((m) => m.getAttribute("sandbox")),
})"""

EN_EL_MARCO = """() => {
  const intento = (f) => { try { f(); return "permitido"; } catch (error) { return error.name; } };
  return {
    origen: origin,
    padre: intento(() => parent.document.title),
    local: intento(() => localStorage.length),
    cookie: intento(() => document.cookie),
  };
}"""


def _por_url(huellas: dict[str, str]) -> dict[str, str]:
    return {clave.rsplit(" ", 1)[1]: huella for clave, huella in huellas.items()}


def test_el_codigo_de_un_lienzo_no_sale_de_su_motor(sitio_hostil: Path, navegador: Browser):
    apuntadas_sitio, apuntadas_otro = Apuntadas(), Apuntadas()
    servidor, base = servir(sitio_hostil, publicado_en=site_url())
    manejador = servidor.RequestHandlerClass.func  # type: ignore[attr-defined]
    original = manejador.do_GET

    def apuntar(self: Any) -> None:
        apuntadas_sitio.rutas.append(self.path)
        original(self)

    manejador.do_GET = apuntar  # la clase es de este servidor (servir la crea)
    otro, puerto_otro = _servidor_que_apunta(apuntadas_otro)
    pestana = abrir_pestana(navegador, base, ESCRITORIO, service_workers="allow")
    # Chromium avisa también de las peticiones que no deja salir: se mira cómo acaban.
    respondidas: list[str] = []
    fallidas: dict[str, str] = {}
    contexto = pestana.page.context
    contexto.on("response", lambda r: respondidas.append(r.url))
    contexto.on("requestfailed", lambda p: fallidas.setdefault(p.url, p.failure or ""))
    try:
        pestana.ir("lienzos/hostil/")
        controlada(pestana.page)
        antes = pestana.page.evaluate(HUELLAS)
        almacen_antes = pestana.page.evaluate(ALMACEN)
        assert antes, "el trabajador de servicio no guardó nada"

        espia = pestana.page.locator('details.tapiz-probar[data-regla="espia"]')
        espia.locator("summary").click()
        espia.get_by_label("Puerto de otro servidor", exact=True).fill(str(puerto_otro))
        espia.get_by_label("Puerto del sitio", exact=True).fill(str(servidor.server_port))
        informe = _informe(pestana, espia)
        intentos = dict(linea.split(": ", 1) for linea in informe.split("; "))
        assert sorted(intentos) == sorted(INTENTOS), informe
        assert [n for n, como in intentos.items() if como == "HECHO"] == [], informe

        # Otra regla del Lienzo, contestada por su propio código con una salida que no declara.
        disfraz = pestana.page.locator('details.tapiz-probar[data-regla="disfraz"]')
        disfraz.locator("summary").click()
        error = disfraz.locator(".tapiz-probar__resultado .tapiz-error")
        error.wait_for()
        assert error.inner_text() == (
            "El motor del Lienzo «Hostil» dio una respuesta que no se puede mostrar "
            "(otras salidas que las declaradas)."
        )

        # La regla del libro de la misma página, mientras el Lienzo manda respuestas falsas.
        libro = pestana.page.locator('details.tapiz-probar[data-regla="grado_efecto"]')
        libro.locator("summary").click()
        libro.get_by_label("Puntos", exact=True).fill("7")
        libro.get_by_role("button", name="Calcular").click()
        regla = reglamento("tapiz").regla("grado_efecto")
        valores = reglamento("tapiz").calcular("grado_efecto", {"puntos": 7}).valores
        esperado = {c.nombre: c.mostrar(valores[c.nombre], valores) for c in regla.salidas}
        pestana.page.wait_for_function(
            "([c, t]) => c.querySelector('[data-salida=\"grado\"]')?.textContent === t",
            arg=[libro.element_handle(), esperado["grado"]],
        )
        dados = libro.locator(".tapiz-probar__valores dd").all()
        assert {d.get_attribute("data-salida"): d.inner_text() for d in dados} == esperado

        # El marco del motor, visto desde dentro: origen opaco, sin nada del sitio ni la página.
        [marco] = [f for f in pestana.page.frames if f != pestana.page.main_frame]
        assert marco.evaluate(EN_EL_MARCO) == {
            "origen": "null",
            "padre": "SecurityError",
            "local": "SecurityError",
            "cookie": "SecurityError",
        }
        despues = pestana.page.evaluate(HUELLAS)
        almacen = pestana.page.evaluate(ALMACEN)
        texto = pestana.page.locator("body").inner_text()

        # Sin conexión, lo que la página entrega al motor del Lienzo (su marco no puede pedir
        # nada: connect-src 'none') sale de lo que guardó el trabajador de servicio.
        servidor.shutdown()
        contexto.set_offline(True)
        nuevas = {k: v for k, v in _por_url(despues).items() if k not in _por_url(antes)}
        del_motor = {
            **{url: huella for url, huella in _por_url(antes).items() if "/tapiz/motor.js" in url},
            **nuevas,
        }
        sin_red = pestana.page.evaluate(SIN_RED, sorted(del_motor))
    finally:
        pestana.page.context.close()
        servidor.shutdown()
        otro.shutdown()

    assert FALSO not in texto
    assert apuntadas_otro.rutas == []
    assert apuntadas_sitio.fugas() == []
    assert [u for u in respondidas if "fuga" in u] == []
    assert {f for u, f in fallidas.items() if "fuga" in u} <= {"csp"}
    # Lo que Chromium vio pedir fuera del sitio no salió: lo paró la política del marco.
    assert pestana.externas and {fallidas.get(u) for u in pestana.externas} == {"csp"}
    # Nada de lo guardado cambió; lo nuevo es lo que la página pidió para el motor del Lienzo,
    # con los bytes del sitio.
    assert {k: despues[k] for k in antes} == antes
    for clave in set(despues) - set(antes):
        ruta = clave.rsplit(" ", 1)[1].removeprefix(base).split("?")[0]
        assert ruta.startswith(("assets/tapiz/vivo/", "tapiz/")), clave
        assert despues[clave] == hashlib.sha256((sitio_hostil / ruta).read_bytes()).hexdigest()
    assert {u.removeprefix(base).split("?")[0] for u in nuevas} >= {
        "assets/tapiz/vivo/lienzos/0.zip",
        "assets/tapiz/vivo/pyodide/pyodide.asm.wasm",
    }
    assert len(del_motor) > len(nuevas) and sin_red == del_motor
    # Ni almacenamiento, ni bases de datos, ni cookies nuevas; un marco aislado, el del Lienzo.
    assert almacen == {**almacen_antes, "marcos": ["allow-scripts"]}
    assert almacen_antes["marcos"] == [] and almacen["bases"] == [] and almacen["cookie"] == ""
