"""Banco de las reglas en vivo (el motor del libro en Pyodide, en la página de quien lee).

A demanda (``uv run python bench/bench_vivo.py [veces] [--antes REV]``); no afirma nada.
Construye el sitio, lo sirve en local y mide en Chromium, con la caché vacía (un contexto
nuevo cada vez):

- del clic en el primer «Probar» de «Hacer cosas» al primer resultado en la página;
- la referencia de la misma ejecución: Pyodide solo, tal como viene de npm y sin el motor (un
  Worker que lo arranca con su ``python_stdlib.zip`` y evalúa ``1 + 1``), para leer el primer
  resultado como razón y no como segundos de una máquina que otros comparten;
- con ``--fuentes``, el mismo primer resultado sin nada precompilado (como se publica sin Node:
  la biblioteca estándar de npm, en fuentes, y ``tapiz_rules`` en ``.py``), alternando
  visitas con el de ahora: lo que da precompilar, con la misma página y la misma carga;
- con ``--antes REV``, el mismo primer resultado con el motor (``tapiz_rules``) de esa
  revisión en ``motor.zip`` (en fuentes), alternando visitas con el de ahora: lo que cambió
  el motor, con la misma Pyodide, la misma página y la misma carga de la máquina;
- después, cada evaluación: de enviar el formulario a que cambia el resultado (mediana, p95);
- los bytes que se descargan para el motor (lo que pide la página, y su tamaño con gzip, que
  es lo que viaja desde un servidor estático que comprime; con ``--fuentes``, también sin
  precompilar) y, como referencia en la misma ejecución, los del resto de la página antes de
  tocar nada, que no cambian.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from desarrollo.peso import peso_de_pagina

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
from conftest import ESCRITORIO, construir_sitio, lanzar_chromium, servir  # noqa: E402

PAGINA = "hacer-cosas/"
MOTOR = "/assets/tapiz/vivo/"
EVALUACIONES = 40

EVALUAR = """async (veces) => {
  const control = document.querySelector('details.tapiz-probar[data-regla="accion"]');
  const form = control.querySelector("form");
  const base = form.elements.namedItem("base");
  const salida = control.querySelector(".tapiz-probar__resultado");
  const tiempos = [];
  for (let i = 0; i < veces; i += 1) {
    const cambio = new Promise((listo) => {
      const vigia = new MutationObserver(() => { vigia.disconnect(); listo(); });
      vigia.observe(salida, { childList: true, subtree: true, characterData: true });
    });
    base.value = String(1 + (i % 20));
    const inicio = performance.now();
    form.requestSubmit();
    await cambio;
    tiempos.push(performance.now() - inicio);
  }
  return tiempos;
}"""


PYODIDE_SOLO = """(() => {
  self.onmessage = async () => {
    const carpeta = new URL("../assets/tapiz/vivo/pyodide/", self.location.href).href;
    const npm = new URL("../assets/tapiz/vivo/npm/", self.location.href).href;
    self.importScripts(carpeta + "pyodide.js");
    const pyodide = await self.loadPyodide({
      indexURL: carpeta,
      stdLibURL: npm + "python_stdlib.zip",
      lockFileURL: npm + "pyodide-lock.json",
    });
    self.postMessage(pyodide.runPython("1 + 1"));
  };
})();
"""
"""La referencia: lo que tarda Pyodide de npm, sin tocar, en arrancar sin el motor (se escribe
solo en el sitio que construye el banco, junto a ``tapiz/motor.js``, con la biblioteca estándar
y la lista de paquetes de npm en ``assets/tapiz/vivo/npm/``)."""
NPM = RAIZ / "node_modules" / "pyodide"
VIVO = MOTOR.strip("/")
SIN_PRECOMPILAR = ("python_stdlib.zip", "pyodide-lock.json")
"""Lo que cambia de Pyodide al publicarlo (con ``motor.zip``): con ``--fuentes``, el de npm."""

ARRANCAR_SOLO = """() => new Promise((listo, fallo) => {
  const trabajador = new Worker("../tapiz/pyodide-solo.js");
  trabajador.onmessage = (evento) => listo(evento.data);
  trabajador.onerror = (evento) => fallo(new Error(evento.message));
  trabajador.postMessage(null);
})"""


def percentil(valores: list[float], p: float) -> float:
    ordenados = sorted(valores)
    return ordenados[min(len(ordenados) - 1, round(p * (len(ordenados) - 1)))]


def una_visita(navegador, base: str) -> tuple[float, list[float], list[str], list[str]]:
    contexto = navegador.new_context(viewport=ESCRITORIO, service_workers="block")
    pedidas: list[str] = []
    contexto.on("request", lambda peticion: pedidas.append(peticion.url))
    pagina = contexto.new_page()
    pagina.goto(base + PAGINA)
    pagina.wait_for_load_state("networkidle")
    antes = list(pedidas)
    control = pagina.locator('details.tapiz-probar[data-regla="accion"]')
    inicio = time.perf_counter()
    control.locator("summary").click()
    control.locator(".tapiz-probar__valores dd").first.wait_for(timeout=180_000)
    primero = time.perf_counter() - inicio
    tiempos = pagina.evaluate(EVALUAR, EVALUACIONES)
    contexto.close()
    return primero, tiempos, antes, pedidas


def pyodide_solo(navegador, base: str) -> float:
    """Segundos hasta que Pyodide, sin el motor, evalúa ``1 + 1`` (caché vacía)."""
    contexto = navegador.new_context(viewport=ESCRITORIO, service_workers="block")
    pagina = contexto.new_page()
    pagina.goto(base + PAGINA)
    pagina.wait_for_load_state("networkidle")
    inicio = time.perf_counter()
    assert pagina.evaluate(ARRANCAR_SOLO) == 2
    segundos = time.perf_counter() - inicio
    contexto.close()
    return segundos


def motor_de_revision(motor: bytes, revision: str) -> bytes:
    """``motor.zip`` con el ``tapiz_rules`` de ``revision`` (lo demás, del de ahora)."""
    archivo = subprocess.run(
        ["git", "archive", "--format=tar", revision, "tapiz_rules"],
        cwd=RAIZ,
        capture_output=True,
        check=True,
    ).stdout
    ficheros: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(motor)) as ahora:
        for entrada in ahora.infolist():
            if not entrada.filename.startswith("tapiz_rules/"):
                ficheros[entrada.filename] = ahora.read(entrada)
    with tarfile.open(fileobj=io.BytesIO(archivo)) as tar:
        for miembro in tar.getmembers():
            leido = tar.extractfile(miembro) if miembro.name.endswith(".py") else None
            if leido is not None:
                ficheros[miembro.name] = leido.read()
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED) as nuevo:
        for nombre in sorted(ficheros):
            nuevo.writestr(nombre, ficheros[nombre])
    return salida.getvalue()


def resumen(segundos: list[float]) -> str:
    return (
        f"mediana {statistics.median(segundos):.2f} s "
        f"(mín. {min(segundos):.2f}, máx. {max(segundos):.2f})"
    )


def carga() -> str:
    return ", ".join(f"{c:.1f}" for c in os.getloadavg())


def bytes_del_motor(sitio: Path, pedidas: list[str], en_vez: dict[str, bytes]) -> tuple[int, int]:
    """Lo que se pidió de assets/tapiz/vivo/: bytes tal cual y con gzip (``en_vez``: ruta en el
    sitio → bytes de otra variante)."""
    ficheros = {u.split(MOTOR, 1)[1] for u in pedidas if MOTOR in u}
    rutas = [f"{VIVO}/{f}" for f in sorted(ficheros)]
    datos = [en_vez.get(r) or (sitio / r).read_bytes() for r in rutas]
    return sum(len(d) for d in datos), sum(len(gzip.compress(d, compresslevel=9)) for d in datos)


def variantes(sitio: Path, antes: str | None, fuentes: bool) -> dict[str, dict[str, bytes]]:
    """Cada variante que se mide: ruta en el sitio → bytes (lo que se escribe antes de visitar)."""
    motor = f"{VIVO}/motor.zip"
    ahora = {motor: (sitio / motor).read_bytes()}
    ahora |= {
        f"{VIVO}/pyodide/{n}": (sitio / VIVO / "pyodide" / n).read_bytes() for n in SIN_PRECOMPILAR
    }
    medidas = {"ahora": ahora}
    if fuentes:
        npm = {f"{VIVO}/pyodide/{n}": (NPM / n).read_bytes() for n in SIN_PRECOMPILAR}
        medidas["fuentes"] = {**npm, motor: motor_de_revision(ahora[motor], "HEAD")}
    if antes:
        medidas[antes] = {**ahora, motor: motor_de_revision(ahora[motor], antes)}
    return medidas


NOMBRES = {"ahora": "el motor de ahora", "fuentes": "sin precompilar (fuentes, como sin Node)"}


def main(veces: int = 3, antes: str | None = None, fuentes: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as carpeta:
        sitio = Path(carpeta)
        servidor, base = servir(sitio)
        construir_sitio(sitio, base)
        (sitio / "tapiz" / "pyodide-solo.js").write_text(PYODIDE_SOLO, encoding="utf-8")
        (sitio / VIVO / "npm").mkdir()
        for nombre in SIN_PRECOMPILAR:
            (sitio / VIVO / "npm" / nombre).write_bytes((NPM / nombre).read_bytes())
        medidas = variantes(sitio, antes, fuentes)
        peso = peso_de_pagina(sitio, PAGINA + "index.html")
        carga_antes = carga()
        solo: list[float] = []
        primeros: dict[str, list[float]] = {nombre: [] for nombre in medidas}
        visitas = []
        with sync_playwright() as playwright:
            navegador = lanzar_chromium(playwright)
            for _ in range(veces):
                solo.append(pyodide_solo(navegador, base))
                for nombre, ficheros in medidas.items():
                    for ruta, datos in ficheros.items():
                        (sitio / ruta).write_bytes(datos)
                    visita = una_visita(navegador, base)
                    primeros[nombre].append(visita[0])
                    if nombre == "ahora":
                        visitas.append(visita)
            navegador.close()
        for ruta, datos in medidas["ahora"].items():
            (sitio / ruta).write_bytes(datos)
        servidor.shutdown()
        evaluaciones = [t for v in visitas for t in v[1]]
        previas = visitas[0][2]
        crudo, comprimidos = bytes_del_motor(sitio, visitas[0][3], {})
        print(f"Reglas en vivo en «{PAGINA}», {veces} visitas con la caché vacía")
        print(
            f"  carga de la máquina (1, 5 y 15 min): al empezar {carga_antes}; al acabar {carga()}"
        )
        print(f"  peticiones al motor antes de tocar nada: {sum(MOTOR in u for u in previas)}")
        print(f"  código de la página antes de tocar nada (gzip): {peso.total_codigo} B")
        print(
            f"  motor descargado al pedirlo: {crudo / 1e6:.2f} MB, "
            f"{comprimidos / 1e6:.2f} MB con gzip"
        )
        if fuentes:
            crudo_f, gzip_f = bytes_del_motor(sitio, visitas[0][3], medidas["fuentes"])
            print(f"    sin precompilar: {crudo_f / 1e6:.2f} MB, {gzip_f / 1e6:.2f} MB con gzip")
        print(f"    razón motor / código de la página: {comprimidos / peso.total_codigo:.0f}")
        print(f"  referencia, Pyodide de npm solo hasta «1 + 1»: {resumen(solo)}")
        for nombre, segundos in primeros.items():
            motor = NOMBRES.get(nombre, f"el motor de {nombre} (en fuentes)")
            print(f"  primer «Probar» → primer resultado, {motor}: {resumen(segundos)}")
            razon = statistics.median(segundos) / statistics.median(solo)
            print(f"    razón con la referencia: {razon:.2f}")
        print(
            f"  cada evaluación después ({len(evaluaciones)}): mediana "
            f"{statistics.median(evaluaciones):.1f} ms, p95 {percentil(evaluaciones, 0.95):.1f} ms"
        )
        print(
            f"    razón primer resultado / evaluación: "
            f"{statistics.median(primeros['ahora']) * 1000 / statistics.median(evaluaciones):.0f}"
        )


if __name__ == "__main__":
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("veces", nargs="?", type=int, default=3)
    argumentos.add_argument("--antes", help="revisión de git cuyo motor se mide también")
    argumentos.add_argument(
        "--fuentes", action="store_true", help="también sin precompilar (como sin Node)"
    )
    leidos = argumentos.parse_args()
    main(leidos.veces, leidos.antes, leidos.fuentes)
