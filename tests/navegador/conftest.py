"""Sitio construido con el mkdocs.yml real, servido en 127.0.0.1, y Chromium de Debian."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

RAIZ = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARGUMENTOS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
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
    """``mkdocs build`` con el mkdocs.yml del proyecto, publicado en ``url``.

    ``site_url`` apunta a donde se sirve en la prueba porque la navegación
    instantánea de Material solo intercepta los enlaces que están en el sitemap.
    ``TAPIZ_MKDOCS_YML`` permite probar otra configuración (por ejemplo, una copia
    con páginas de prueba); por defecto, la del proyecto.
    """
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


class _Silencioso(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Sin una línea por petición en la salida de pytest."""


def servir(directorio: Path) -> tuple[ThreadingHTTPServer, str]:
    """Sirve ``directorio`` en un puerto libre de 127.0.0.1 desde un hilo."""
    manejador = functools.partial(_Silencioso, directory=str(directorio))
    servidor = ThreadingHTTPServer(("127.0.0.1", 0), manejador)
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    return servidor, f"http://127.0.0.1:{servidor.server_port}/"


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
def sitio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL base del sitio recién construido."""
    destino = tmp_path_factory.mktemp("sitio")
    servidor, base = servir(destino)
    construir_sitio(destino, base)
    yield base
    servidor.shutdown()


@pytest.fixture(scope="session")
def navegador() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = lanzar_chromium(playwright)
        yield chromium
        chromium.close()


@dataclass
class Pestana:
    """Una página de Chromium que registra peticiones, errores de consola y de página."""

    page: Page
    base: str
    externas: list[str] = field(default_factory=list)
    errores: list[str] = field(default_factory=list)

    def ir(self, ruta: str) -> None:
        self.page.goto(self.base + ruta)
        self.page.wait_for_load_state("networkidle")

    def ir_a_la_calculadora(self, ruta: str = "hacer-cosas/") -> None:
        """Abre la página y baja hasta la calculadora, que solo se monta al acercarse."""
        self.ir(ruta)
        llevar_a_la_calculadora(self.page)


def llevar_a_la_calculadora(pagina: Page) -> None:
    """Baja hasta la calculadora, como quien lee, y espera a que muestre sus probabilidades."""
    pagina.locator(".tapiz-calculadora").first.scroll_into_view_if_needed()
    pagina.locator(".tapiz-calculadora table").first.wait_for()


def abrir_pestana(navegador: Browser, base: str, viewport: dict[str, int]) -> Pestana:
    contexto = navegador.new_context(viewport=viewport, locale="es-ES", service_workers="block")
    pestana = Pestana(contexto.new_page(), base)
    local = urlsplit(base).netloc

    def filtrar(ruta) -> None:
        url = ruta.request.url
        if urlsplit(url).netloc == local or url.startswith(("data:", "blob:")):
            ruta.continue_()
        else:
            pestana.externas.append(url)
            ruta.abort()

    contexto.route("**/*", filtrar)
    pestana.page.on(
        "console",
        lambda m: pestana.errores.append(f"consola: {m.text}") if m.type == "error" else None,
    )
    pestana.page.on("pageerror", lambda e: pestana.errores.append(f"página: {e}"))
    return pestana


@pytest.fixture
def pestana(navegador: Browser, sitio: str) -> Iterator[Pestana]:
    """Una pestaña de escritorio; al acabar, ni errores ni peticiones fuera de 127.0.0.1."""
    abierta = abrir_pestana(navegador, sitio, ESCRITORIO)
    yield abierta
    contexto = abierta.page.context
    errores, externas = list(abierta.errores), list(abierta.externas)
    contexto.close()
    assert errores == [], "errores en la consola o en la página"
    assert externas == [], "peticiones fuera de 127.0.0.1"
