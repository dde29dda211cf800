"""El libro construido con el mkdocs.yml real, servido en 127.0.0.1, y Chromium de Debian.

Cada proceso de pytest-xdist abre su propio Chromium y su propio servidor, pero todos sirven
la misma construcción del libro (``libro``, en ``tests/conftest.py``).
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Locator, Page, Request

from tests import esperas
from tests.navegador import axe

RAIZ = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARGUMENTOS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Nada sale de la máquina: un nombre que no sea 127.0.0.1 no se resuelve. Las peticiones
    # fuera del sitio se registran igual (Pestana.externas) y las pruebas fallan por ellas.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
ESCRITORIO = {"width": 1366, "height": 900}
MOVIL = {"width": 390, "height": 844}


CONSTRUIR = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config

configuracion, destino, url = sys.argv[1:]
build(load_config(configuracion, site_dir=destino, site_url=url))
"""


def construir_sitio(destino: Path, url: str) -> None:
    """``mkdocs build`` publicado en ``url`` (para capturas.py y medidas.py, que no son pruebas;
    las pruebas usan el libro de ``tests/conftest.py``)."""
    configuracion = os.environ.get("TAPIZ_MKDOCS_YML", str(RAIZ / "mkdocs.yml"))
    proceso = subprocess.run(
        [sys.executable, "-c", CONSTRUIR, configuracion, str(destino), url],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert proceso.returncode == 0, f"mkdocs build falló:\n{proceso.stdout}\n{proceso.stderr}"


class _Servidor(SimpleHTTPRequestHandler):
    """Sirve una carpeta bajo ``prefijo``, como GitHub Pages (con ``max-age=600``), y axe en
    ``axe.EN_EL_SERVIDOR``.

    Con ``publicado_en`` (el ``site_url`` con que se construyó), el sitemap dice las
    direcciones de este servidor en lugar de las de la publicación: la navegación instantánea
    de Material solo intercepta los enlaces que están en el sitemap, y así lo hace como en el
    sitio publicado.
    """

    prefijo = "/"
    publicado_en: str | None = None
    base = ""
    pedidas: list[str] | None = None

    def log_message(self, format: str, *args: object) -> None:
        """Sin una línea por petición en la salida de pytest."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        ruta = path.split("?", 1)[0].split("#", 1)[0]
        if ruta == axe.EN_EL_SERVIDOR:
            return str(axe.AXE)
        if not ruta.startswith(self.prefijo):
            return str(Path(self.directory) / "no-existe" / "fuera-del-prefijo")
        return super().translate_path("/" + path[len(self.prefijo) :])

    def do_GET(self) -> None:
        if self.pedidas is not None:
            self.pedidas.append(self.path)
        if self.publicado_en and self.path.split("?", 1)[0] == self.prefijo + "sitemap.xml":
            texto = Path(self.translate_path(self.path)).read_text(encoding="utf-8")
            cuerpo = texto.replace(self.publicado_en, self.base).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(cuerpo)))
            self.end_headers()
            self.wfile.write(cuerpo)
            return
        super().do_GET()


def servir(
    directorio: Path, publicado_en: str | None = None, pedidas: list[str] | None = None
) -> tuple[ThreadingHTTPServer, str]:
    """Sirve ``directorio`` en un puerto libre de 127.0.0.1 desde un hilo; en ``pedidas``, la
    ruta de cada petición que le llega.

    Con ``publicado_en`` se sirve en su misma ruta (``/tapiz-srd/``) y el sitemap lleva las
    direcciones de este servidor; sin él, en la raíz.
    """
    prefijo = urlsplit(publicado_en).path if publicado_en else "/"
    atributos = {"prefijo": prefijo, "publicado_en": publicado_en, "pedidas": pedidas}
    manejador = type("Manejador", (_Servidor,), atributos)
    servidor = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(manejador, directory=str(directorio))
    )
    manejador.base = f"http://127.0.0.1:{servidor.server_port}{prefijo}"
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    return servidor, manejador.base


def site_url() -> str:
    """El ``site_url`` del mkdocs.yml con que se construye el libro."""
    texto = Path(os.environ.get("TAPIZ_MKDOCS_YML", str(RAIZ / "mkdocs.yml"))).read_text("utf-8")
    encontrado = re.search(r"^site_url:\s*(\S+)", texto, re.MULTILINE)
    assert encontrado, "mkdocs.yml no tiene site_url"
    return encontrado.group(1).rstrip("/") + "/"


def lanzar_chromium(playwright) -> Browser:
    if not CHROMIUM.exists():
        pytest.fail(
            "No encuentro Chromium en /usr/bin/chromium. Las pruebas de navegador lo necesitan: "
            "instálalo con «sudo apt-get install chromium» (Debian/Ubuntu) y vuelve a ejecutar "
            "«uv run pytest -m navegador».",
            pytrace=False,
        )
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGUMENTOS, headless=True)


@pytest.fixture(scope="session")
def sitio(libro: Path) -> Iterator[str]:
    """URL base del libro construido, servido en la misma ruta que en su ``site_url``."""
    servidor, base = servir(libro, publicado_en=site_url())
    yield base
    servidor.shutdown()


NAVEGAR = """(url) => {
  window.__antes = document.querySelector('.md-content article');
  const enlace = Object.assign(document.createElement('a'), {href: url});
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
}"""
"""Un enlace a ``url`` pulsado en la página: la navegación instantánea de Material lo atiende."""

UN_FOTOGRAMA = "() => new Promise((listo) => requestAnimationFrame(() => setTimeout(listo)))"


@dataclass
class Pestana:
    """Una página de Chromium que registra peticiones, errores de consola y de página."""

    page: Page
    base: str
    externas: list[str] = field(default_factory=list)
    errores: list[str] = field(default_factory=list)
    en_curso: set[Request] = field(default_factory=set)
    sin_motor: bool = False

    def ir(self, ruta: str) -> None:
        """Abre la página y espera a que termine todo lo que pidió al cargar.

        No es «networkidle», que espera además medio segundo sin peticiones en cada página:
        aquí basta con que no quede ninguna en curso tras un fotograma sin pedir nada más.
        """
        self.page.goto(self.base + ruta)
        self.esperar_a_la_red()

    def esperar_a_la_red(self) -> None:
        def sin_peticiones() -> bool:
            # La respuesta de evaluate llega después de los avisos de las peticiones anteriores.
            self.page.evaluate(UN_FOTOGRAMA)
            return not self.en_curso

        esperas.hasta_que(
            sin_peticiones,
            lambda: f"peticiones que no terminan: {sorted(p.url for p in self.en_curso)}",
            60,
        )

    def navegar(self, ruta: str) -> None:
        """Como quien pulsa un enlace del libro: la navegación instantánea de Material cambia
        el contenido sin volver a cargar la página, así que sus módulos (y el motor de reglas,
        si ya arrancó) siguen vivos. A la misma página se vuelve pasando por la portada, para
        que su contenido sea el del libro otra vez."""
        if self.page.url.split("#")[0] == self.base + ruta.split("#")[0]:
            self.navegar("" if ruta else "dados/")
        self.page.evaluate(NAVEGAR, self.base + ruta)
        # Sin el fragmento: navigation.tracking de Material lo cambia al desplazarse.
        self.page.wait_for_function(
            "(url) => document.querySelector('.md-content article') !== window.__antes"
            " && location.href.split('#')[0] == url",
            arg=self.base + ruta.split("#")[0],
        )
        self.esperar_a_la_red()

    def ir_a_la_calculadora(self, ruta: str = "hacer-cosas/") -> None:
        """Abre la página y baja hasta la calculadora, que solo se monta al acercarse."""
        self.ir(ruta)
        llevar_a_la_calculadora(self.page)


TODO_COMPUESTO = "* { content-visibility: visible !important; }"


def texto_entero(pagina: Page, selector: str) -> str:
    """El ``innerText`` de ``selector`` con todo compuesto: de lo que Chromium aún no ha
    compuesto (``content-visibility: auto``, como las tablas de la comparativa lejos de la
    vista) ``innerText`` no da nada, y una comprobación del texto lo pasaría por alto."""
    estilo = pagina.add_style_tag(content=TODO_COMPUESTO)
    try:
        return pagina.locator(selector).inner_text()
    finally:
        estilo.evaluate("e => e.remove()")


COMPUESTA = """t => [...t.querySelectorAll('.tapiz-ejemplo__cuerpo > :first-child')]
  .every((e) => e.checkVisibility({contentVisibilityAuto: true}))"""


def tarjeta_a_la_vista(tarjeta: Locator) -> Locator:
    """Lleva una tarjeta a la vista, como quien va a pulsarla, y espera a que su cuerpo esté
    compuesto: lejos de la vista no se compone (``content-visibility``), y al componerse cambia
    de alto y mueve sus botones; un clic justo entonces caería en otro sitio."""
    tarjeta.scroll_into_view_if_needed()
    tarjeta.page.wait_for_function(COMPUESTA, arg=tarjeta.element_handle())
    return tarjeta


def llevar_a_la_calculadora(pagina: Page) -> None:
    """Baja hasta la calculadora, como quien lee, y espera a que su módulo la haya montado (la
    tabla ya viene escrita en la página: sin esperar, un clic en «Tirar» llegaría antes)."""
    pagina.locator(".tapiz-calculadora").first.scroll_into_view_if_needed()
    pagina.locator(".tapiz-calculadora[data-tapiz-montada] table").first.wait_for()


_META = "document.querySelector('.md-search-result__meta').textContent"
_RESULTADOS_QUIETOS = """() => {
  const ahora = document.querySelector('.md-search-result__list').innerHTML;
  const antes = window.__tapizResultados ?? {html: null, veces: 0};
  window.__tapizResultados = {html: ahora, veces: ahora === antes.html ? antes.veces + 1 : 0};
  return window.__tapizResultados.veces >= 3;
}"""
"""La lista de resultados no ha cambiado en tres lecturas seguidas."""


def buscar(pagina: Page, consulta: str) -> None:
    """Escribe ``consulta`` en el buscador de Material y espera a que su lista esté completa.

    Material busca al soltar cada tecla, y la lista de una búsqueda anterior puede seguir ahí
    o rehacerse (y moverse) después: se vacía el campo con una tecla (vuelve «Teclee…»), se
    escribe la consulta menos su última letra, se pulsa esta (una sola búsqueda, la de la
    consulta entera) y se espera a que la lista deje de cambiar.
    """
    campo = pagina.locator(".md-search__input")
    campo.click()
    # El clic abre el buscador (Material lo abre al enfocar el campo); si llega mientras la
    # navegación instantánea termina, Material puede cerrarlo después con el foco aún en el
    # campo, y otro clic ya no lo enfoca: se espera a verlo abierto y, si no lo está, se quita
    # el foco del campo y, en la mirada siguiente, se le vuelve a dar. En la misma tarea no:
    # Material mira el foco tras un milisegundo y solo si cambió (debounceTime y
    # distinctUntilChanged), y quitarlo y darlo a la vez no es un cambio.
    pagina.wait_for_function(
        """() => document.getElementById('__search').checked || (() => {
          const campo = document.querySelector('.md-search__input');
          if (document.activeElement === campo) campo.blur(); else campo.focus();
          return false;
        })()""",
        polling=100,
    )
    campo.fill("")
    campo.press("Backspace")
    pagina.wait_for_function(f"() => /Teclee|Inicializando/.test({_META})")
    campo.fill(consulta[:-1])
    campo.press(consulta[-1])
    pagina.wait_for_function(f"() => !/Teclee|Inicializando/.test({_META})")
    pagina.locator(".md-search-result__item").first.wait_for()
    pagina.wait_for_function(_RESULTADOS_QUIETOS, polling=100)


TEMAS = {"light": "default", "dark": "slate"}
"""El esquema de color del sistema y el tema de Material que le corresponde."""
_AL_CAMBIAR = {"light": "Cambiar a modo claro", "dark": "Cambiar a modo oscuro"}


def cambiar_esquema(pagina: Page, esquema: str, viewport: dict[str, int] | None = None) -> None:
    """El tema de ``esquema`` (y el tamaño de ``viewport``) en la misma página, como quien
    pulsa el botón del tema: sin volver a cargarla. Material recuerda la elección, así que
    las páginas siguientes de la pestaña se abren con ese tema."""
    if viewport is not None:
        pagina.set_viewport_size(viewport)
    if pagina.get_attribute("body", "data-md-color-scheme") != TEMAS[esquema]:
        pagina.locator(f"label[title='{_AL_CAMBIAR[esquema]}']").click()
    assert pagina.get_attribute("body", "data-md-color-scheme") == TEMAS[esquema]
    pagina.evaluate(FIN_DE_LAS_TRANSICIONES)


FIN_DE_LAS_TRANSICIONES = """() => Promise.all(document.getAnimations()
    .filter((animacion) => animacion instanceof CSSTransition)
    .map((transicion) => transicion.finished.catch(() => null)))"""
"""Espera a que acaben las transiciones de CSS en curso (una cancelada también acaba); las del
tema duran 125–250 ms."""


SIN_MOTOR = """(() => {
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, opciones) {
      if (String(url).includes("/tapiz/motor.js")) throw new Error("motor apagado en esta prueba");
      super(url, opciones);
    }
  };
})()"""
"""Para las pruebas que no miran el motor en la página: sin él, la página se queda con lo
precalculado (como sin WebAssembly) y no arranca Pyodide por detrás (unos 6 s de CPU cada vez,
que se llevaba de la otra prueba en curso). La búsqueda de Material sigue con su Worker."""


def apagar_el_motor(pestana: Pestana) -> None:
    if not pestana.sin_motor:
        pestana.page.context.add_init_script(SIN_MOTOR)
        pestana.sin_motor = True


SIN_TRANSICIONES = """document.addEventListener("DOMContentLoaded", () => {
  if (window !== window.top) return;  // el marco aislado de un Lienzo no admite estilos en línea
  const estilo = document.createElement("style");
  const todo = "*:not(.md-search, .md-search *)";
  estilo.textContent = `${todo}, ${todo}::before, ${todo}::after { transition: none !important; }`;
  document.head.append(estilo);
});"""
"""Las pruebas miran el estado al que se llega, no el camino: sin las transiciones de CSS (las
del tema duran 125–250 ms), un cambio de esquema o de estado no pinta quince fotogramas en una
página de miles de elementos (unos 7 s de CPU en el recorrido de las páginas). Las del buscador
de Material se quedan: sin ellas, tras abrir un resultado, los siguientes no se muestran."""


BUSCADOR_AL_ENFOCARLO = """(() => {
  const Original = window.Worker;
  window.Worker = class extends EventTarget {
    constructor(url, opciones) {
      const delBuscador = /\\/workers\\/(search|busqueda)\\./.test(String(url));
      if (!delBuscador) return new Original(url, opciones);
      super();
      const cola = [];
      this.onmessage = this.onerror = null;
      this.postMessage = (mensaje, transferir) => cola.push([mensaje, transferir]);
      this.terminate = () => {};
      const empezar = () => {
        const real = new Original(url, opciones);
        real.onmessage = (evento) => {
          const copia = new MessageEvent("message", { data: evento.data });
          this.onmessage?.(copia);
          this.dispatchEvent(copia);
        };
        real.onerror = (evento) => this.onerror?.(evento);
        for (const [mensaje, transferir] of cola) real.postMessage(mensaje, transferir);
        this.postMessage = (mensaje, transferir) => real.postMessage(mensaje, transferir);
        this.terminate = () => real.terminate();
      };
      const alEnfocar = (evento) => {
        if (!evento.target?.matches?.(".md-search__input")) return;
        document.removeEventListener("focusin", alEnfocar);
        empezar();
      };
      document.addEventListener("focusin", alEnfocar);
    }
  };
})()"""
"""El trabajador del buscador de Material (el de ``busqueda.js`` y el suyo) arranca cuando
alguien enfoca el buscador, no en cada carga: construir su índice son unos 0,26 s de CPU por
página cargada, casi la mitad de la carga, y la mayoría de las pruebas no buscan. Los mensajes
que la página le manda antes (el índice) esperan y le llegan en orden al arrancar."""


def abrir_pestana(
    navegador: Browser,
    base: str,
    viewport: dict[str, int],
    service_workers: Literal["allow", "block"] = "block",
) -> Pestana:
    """Sin el trabajador de servicio del libro salvo que se pida (test_sin_conexion.py): las
    demás pruebas miran lo que sirve el servidor."""
    contexto = navegador.new_context(
        viewport=viewport, locale="es-ES", service_workers=service_workers
    )
    contexto.add_init_script(SIN_TRANSICIONES)
    contexto.add_init_script(BUSCADOR_AL_ENFOCARLO)
    pestana = Pestana(contexto.new_page(), base)
    local = urlsplit(base).netloc

    # Sin contexto.route, que desactiva la caché HTTP y pasa cada petición por Python: las de
    # fuera no llegan a salir (--host-resolver-rules) y aquí solo se apuntan.
    def pedida(peticion: Request) -> None:
        pestana.en_curso.add(peticion)
        url = peticion.url
        if urlsplit(url).netloc != local and not url.startswith(("data:", "blob:")):
            pestana.externas.append(url)

    contexto.on("request", pedida)
    contexto.on("requestfinished", lambda peticion: pestana.en_curso.discard(peticion))
    contexto.on("requestfailed", lambda peticion: pestana.en_curso.discard(peticion))
    pestana.page.on(
        "console",
        lambda m: pestana.errores.append(f"consola: {m.text}") if m.type == "error" else None,
    )
    pestana.page.on("pageerror", lambda e: pestana.errores.append(f"página: {e}"))
    return pestana


@pytest.fixture(scope="session")
def _compartida(navegador: Browser, sitio: str) -> Iterator[Pestana]:
    abierta = abrir_pestana(navegador, sitio, ESCRITORIO)
    apagar_el_motor(abierta)
    yield abierta
    abierta.page.context.close()


def _como_nueva(pestana: Pestana) -> None:
    """Deja la pestaña compartida como una recién abierta: sin nada guardado en el navegador
    (el tema, las reglas elegidas), con el tamaño de escritorio, en pantalla y en blanco."""
    pagina = pestana.page
    if pagina.url.startswith(pestana.base):
        pagina.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    for otra in pagina.context.pages:
        if otra != pagina:
            otra.close()
    pagina.emulate_media(media="null")
    pagina.set_viewport_size(ESCRITORIO)
    pagina.goto("about:blank")
    pestana.errores.clear()
    pestana.externas.clear()
    pestana.en_curso.clear()


@pytest.fixture
def pestana(_compartida: Pestana) -> Iterator[Pestana]:
    """Una pestaña de escritorio sin el motor en la página (lo prueban las que usan ``viva``);
    al acabar, ni errores ni peticiones fuera de 127.0.0.1. Es la misma para todas las pruebas
    de un proceso, dejada como nueva entre una y otra (``_como_nueva``): abrir un contexto de
    Chromium por prueba costaba más CPU que muchas de las pruebas (proceso y cachés nuevos).
    Las que miran qué se descarga al abrir una página usan ``pestana_nueva``."""
    _como_nueva(_compartida)
    yield _compartida
    errores, externas = list(_compartida.errores), list(_compartida.externas)
    _como_nueva(_compartida)
    assert errores == [], "errores en la consola o en la página"
    assert externas == [], "peticiones fuera de 127.0.0.1"


@pytest.fixture
def pestana_nueva(navegador: Browser, sitio: str) -> Iterator[Pestana]:
    """Una pestaña de escritorio en un contexto nuevo (cachés vacías, el motor disponible);
    al acabar, ni errores ni peticiones fuera de 127.0.0.1."""
    abierta = abrir_pestana(navegador, sitio, ESCRITORIO)
    yield abierta
    contexto = abierta.page.context
    errores, externas = list(abierta.errores), list(abierta.externas)
    contexto.close()
    assert errores == [], "errores en la consola o en la página"
    assert externas == [], "peticiones fuera de 127.0.0.1"


ARRANCAR_EL_MOTOR = """async (modulo) => {
  const vivo = await import(modulo);
  vivo.arrancar();
  while (vivo.estado === "cargando") await new Promise((listo) => setTimeout(listo, 50));
  return vivo.estado;
}"""


@pytest.fixture(scope="session")
def con_motor(navegador: Browser, sitio: str) -> Iterator[Pestana]:
    """Una pestaña de escritorio con el motor de reglas ya arrancado en la página (Pyodide:
    varios segundos de CPU cada vez que arranca). La comparten, en cada proceso, las pruebas
    del motor en la página, que van de una página a otra con ``Pestana.navegar``, como quien
    lee: el motor arranca una vez y sigue vivo."""
    pestana = abrir_pestana(navegador, sitio, ESCRITORIO)
    pestana.ir("hacer-cosas/")
    estado = pestana.page.evaluate(ARRANCAR_EL_MOTOR, pestana.base + "tapiz/vivo.js")
    assert estado == "listo", pestana.errores
    yield pestana
    pestana.page.context.close()


@pytest.fixture
def viva(con_motor: Pestana) -> Iterator[Pestana]:
    """La pestaña con el motor en marcha; al acabar, ni errores ni peticiones fuera de
    127.0.0.1, y las reglas del libro (las que elige quien lee, otra vez las de siempre) en
    el escritorio."""
    con_motor.errores.clear()
    con_motor.externas.clear()
    yield con_motor
    errores, externas = list(con_motor.errores), list(con_motor.externas)
    con_motor.page.evaluate("() => localStorage.clear()")
    con_motor.page.set_viewport_size(ESCRITORIO)
    assert errores == [], "errores en la consola o en la página"
    assert externas == [], "peticiones fuera de 127.0.0.1"
