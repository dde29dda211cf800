"""Banco de la carga del motor en la página, con la CPU limitada por CDP y la red por el banco.

A demanda; no afirma nada. Uso::

    uv run python bench/bench_carga.py SITIO_BASE SITIO_NUEVO [--veces N]

Sirve los dos sitios construidos (``mkdocs build``), cada uno con su servidor local que
comprime con gzip lo que un servidor estático comprime (no los ``.zip``), y mide en Chromium,
con la caché vacía (un contexto nuevo por visita) y alternando base y nuevo en cada escenario:

- del toque en el primer «Probar» de «Hacer cosas» a que se ve cuánto lleva la carga (un «%»
  junto al control) y al primer resultado. El toque es el de un dedo: ``pointerover`` y
  ``pointerdown`` al llegar (lo que ya empieza a cargar el motor) y el clic ``--toque`` ms
  después, al levantarlo (100 por defecto; el reloj empieza al llegar el dedo);
- después, cada resultado nuevo (enviar el formulario hasta que cambia la salida; mediana);
- los bytes del motor que salen del servidor (con gzip si se comprimieron).

Escenarios: sin límites; un móvil de gama media (CPU 4× más lenta, 10 Mbps, 100 ms); y
1,6 Mbps con la misma CPU, desde justo antes del clic. La CPU se limita con
``Emulation.setCPUThrottlingRate`` (CDP) en la página. La red, en el servidor del banco
(:class:`Red`: la latencia en cada respuesta y un ancho de banda compartido): el
``Network.emulateNetworkConditions`` de la página no llega al Worker del motor, que hace las
descargas (su dominio ``Network`` no ve ni un byte de ``assets/tapiz/vivo/``).

La limitación de CPU de CDP apenas llega a ese Worker (``fases_vivo.py --cpu 4``: 1,45 veces más
lento): con ``--cuota 0.25``, Chromium entero corre con un cuarto de núcleo (``cuota.py``, una
cota pesimista) y los escenarios no frenan la CPU con CDP. Con ``--hilos``, la emulación fiel:
CDP frena la página y cada uno de sus otros hilos (el Worker, los que compilan el WebAssembly)
corre en su propio cgroup con la misma fracción de un núcleo (``cuota.hilos_lentos``).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import statistics
import sys
import threading
import time
from contextlib import ExitStack, nullcontext
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
sys.path.insert(0, str(RAIZ / "bench"))
from bench_vivo import EVALUAR  # noqa: E402
from conftest import ESCRITORIO, lanzar_chromium  # noqa: E402
from cuota import cuota, hilos_lentos  # noqa: E402

PAGINA = "hacer-cosas/"
COMPRIMIBLES = {".html", ".js", ".css", ".json", ".wasm", ".xml", ".svg", ".txt", ".mjs"}
ESCENARIOS: list[tuple[str, float, float | None, float]] = [
    # nombre, CPU (veces más lenta), bits por segundo (None: sin límite), latencia en ms
    ("sin límites", 1, None, 0),
    ("móvil medio: CPU 4×, 10 Mbps, 100 ms", 4, 10e6, 100),
    ("CPU 4×, 1,6 Mbps, 100 ms", 4, 1.6e6, 100),
]

PRIMERO = """async (toque) => {
  const control = document.querySelector('details.tapiz-probar[data-regla="accion"]');
  let progreso = null;
  const inicio = performance.now();
  const vigia = new MutationObserver(() => {
    const ve = /\\d\\s?%/.test(control.textContent);
    if (progreso === null && ve) progreso = performance.now() - inicio;
  });
  vigia.observe(control, { subtree: true, childList: true, characterData: true });
  const listo = new Promise((resolver) => {
    const fin = new MutationObserver(() => {
      if (control.querySelector(".tapiz-probar__valores dd")) { fin.disconnect(); resolver(); }
    });
    fin.observe(control, { subtree: true, childList: true });
  });
  // Un toque de verdad: el dedo llega (pointerover, pointerdown) y el clic llega al levantarlo.
  const resumen = control.querySelector("summary");
  for (const tipo of ["pointerover", "pointerdown"]) {
    resumen.dispatchEvent(new PointerEvent(tipo, { bubbles: true, pointerType: "touch" }));
  }
  await new Promise((hecho) => setTimeout(hecho, toque));
  resumen.click();
  await listo;
  vigia.disconnect();
  return { primero: performance.now() - inicio, progreso };
}"""

SIGUIENTES = EVALUAR
"""Cada resultado después del primero: el mismo bucle de ``bench_vivo.py``."""


class Red:
    """La red de quien lee, en el servidor: cada respuesta espera la latencia y los bytes de
    todas salen a lo sumo a ``bps`` (un solo cubo para todas las conexiones, como un enlace)."""

    def __init__(self) -> None:
        self.bps: float | None = None
        self.latencia = 0.0
        self._cerrojo = threading.Lock()
        self._libre = 0.0
        self.del_motor = 0
        """Bytes enviados de ``assets/tapiz/vivo/`` (con gzip si se comprimieron)."""

    def esperar(self, bytes_: int) -> None:
        if self.bps is None:
            return
        with self._cerrojo:
            ahora = time.monotonic()
            self._libre = max(self._libre, ahora) + bytes_ * 8 / self.bps
            hasta = self._libre
        time.sleep(max(0.0, hasta - time.monotonic()))


TROZO = 16 * 1024


class _ConGzip(SimpleHTTPRequestHandler):
    """Como un servidor estático: gzip para lo que se comprime, ``max-age=600``, y la red de
    ``red``."""

    comprimidos: ClassVar[dict[Path, bytes]] = {}
    red: ClassVar[Red]

    def send_response(self, code: int, message: str | None = None) -> None:
        time.sleep(self.red.latencia)
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while trozo := source.read(TROZO):
            self.red.esperar(len(trozo))
            outputfile.write(trozo)
            if "/assets/tapiz/vivo/" in self.path:
                self.red.del_motor += len(trozo)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self) -> None:
        ruta = Path(self.translate_path(self.path))
        if ruta.is_dir():
            ruta = ruta / "index.html"
        acepta = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (ruta.is_file() and acepta and ruta.suffix in COMPRIMIBLES):
            super().do_GET()
            return
        if ruta not in self.comprimidos:
            self.comprimidos[ruta] = gzip.compress(ruta.read_bytes(), 6)
        cuerpo = self.comprimidos[ruta]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(ruta)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(cuerpo)))
        self.end_headers()
        self.copyfile(io.BytesIO(cuerpo), self.wfile)


def servir(carpeta: Path, red: Red) -> tuple[ThreadingHTTPServer, str]:
    manejador = type("Manejador", (_ConGzip,), {"comprimidos": {}, "red": red})
    servidor = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(manejador, directory=str(carpeta))
    )
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    return servidor, f"http://127.0.0.1:{servidor.server_port}/"


def visita(
    navegador: Any,
    base: str,
    red: Red,
    escenario: tuple[float, float | None, float],
    toque: float,
    hilos: bool = False,
) -> dict[str, Any]:
    cpu, bps, ms = escenario
    contexto = navegador.new_context(viewport=ESCRITORIO)
    try:
        pagina = contexto.new_page()
        pagina.goto(base + PAGINA, wait_until="load")
        cdp = contexto.new_cdp_session(pagina)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        red.bps, red.latencia, red.del_motor = bps, ms / 1000, 0
        try:
            with hilos_lentos(cpu) if hilos and cpu > 1 else nullcontext():
                medida = pagina.evaluate(PRIMERO, toque)
        finally:
            red.bps, red.latencia = None, 0.0
        siguientes = pagina.evaluate(SIGUIENTES, 10)
        return {**medida, "siguiente": statistics.median(siguientes), "bytes": red.del_motor}
    finally:
        contexto.close()


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("base", type=Path)
    argumentos.add_argument("nuevo", type=Path)
    argumentos.add_argument("--veces", type=int, default=2)
    argumentos.add_argument(
        "--escenarios", type=int, nargs="+", help="solo estos (1, 2, 3: en el orden de arriba)"
    )
    argumentos.add_argument("--toque", type=float, default=100, help="ms del dedo en la pantalla")
    argumentos.add_argument(
        "--cuota",
        type=float,
        help="Chromium entero con esta fracción de un núcleo (cuota.py) en lugar de frenar la CPU"
        " con CDP, que apenas frena el Worker del motor",
    )
    argumentos.add_argument(
        "--hilos",
        action="store_true",
        help="además de la página, cada uno de sus otros hilos (el Worker del motor, los que"
        " compilan el WebAssembly) igual de lento, cada uno en su cgroup (cuota.py)",
    )
    opciones = argumentos.parse_args()
    from playwright.sync_api import sync_playwright

    red = Red()
    servidores = {
        nombre: servir(carpeta, red)
        for nombre, carpeta in (("base", opciones.base), ("nuevo", opciones.nuevo))
    }
    with sync_playwright() as playwright, ExitStack() as pila:
        navegador = lanzar_chromium(playwright)
        elegidos = [ESCENARIOS[n - 1] for n in opciones.escenarios or range(1, 4)]
        if opciones.cuota:
            pila.enter_context(cuota(opciones.cuota))
            elegidos = [
                (f"{nombre} (la CPU: {opciones.cuota:g} de un núcleo para todo Chromium)", 1, b, m)
                for nombre, _, b, m in elegidos
            ]
        elif opciones.hilos:
            elegidos = [
                (f"{nombre} (y cada hilo de la página)" if cpu > 1 else nombre, cpu, b, m)
                for nombre, cpu, b, m in elegidos
            ]
        for escenario, cpu, bps, ms in elegidos:
            medidas: dict[str, list[dict[str, Any]]] = {"base": [], "nuevo": []}
            for _ in range(opciones.veces):
                for nombre, (_, url) in servidores.items():
                    medidas[nombre].append(
                        visita(navegador, url, red, (cpu, bps, ms), opciones.toque, opciones.hilos)
                    )
            print(f"\n{escenario}")
            mediana = {
                n: statistics.median(m["primero"] for m in v) / 1000 for n, v in medidas.items()
            }
            for nombre, lista in medidas.items():
                progresos = [m["progreso"] for m in lista if m["progreso"] is not None]
                progreso = f"{statistics.median(progresos) / 1000:.2f} s" if progresos else "nunca"
                veces = ", ".join(f"{m['primero'] / 1000:.2f}" for m in lista)
                siguiente = statistics.median(m["siguiente"] for m in lista)
                print(
                    f"  {nombre:6} primer resultado {mediana[nombre]:6.2f} s ({veces}); "
                    f"se ve cuánto lleva: {progreso}; siguiente {siguiente:.1f} ms; "
                    f"motor por la red {lista[0]['bytes'] / 1e6:.2f} MB"
                )
            print(f"  nuevo/base: {mediana['nuevo'] / mediana['base']:.2f}")
        navegador.close()
    for servidor, _ in servidores.values():
        servidor.shutdown()


if __name__ == "__main__":
    main()
