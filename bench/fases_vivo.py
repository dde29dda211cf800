"""Dónde se va el arranque del motor en la página, por fases, en Chromium con la caché vacía.

A demanda (``uv run python bench/fases_vivo.py [veces] [--fuentes]``); no afirma nada.
Construye el sitio como ``bench_vivo.py`` y, en una página del libro, arranca un Worker que
hace lo mismo que ``tapiz/motor.js`` con marcas de tiempo entre fase y fase: descargar y
evaluar ``pyodide.js`` y ``pyodide.asm.js``, compilar e instanciar ``pyodide.asm.wasm``, el
arranque del intérprete, las importaciones de Pyodide al arrancar (``finalizeBootstrap``),
desempaquetar ``motor.zip``, importar el motor y la primera respuesta. Con ``--fuentes``
alterna visitas con lo publicado sin precompilar (como sin Node). Da la mediana, el mínimo
y el máximo de cada fase. (Para marcar el arranque del intérprete, aquí ``pyodide.asm.js`` se
carga antes de ``loadPyodide``: ``motor.js`` lo descarga a la vez que el WebAssembly.)
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from contextlib import nullcontext
from pathlib import Path

from bench_vivo import (
    ESCRITORIO,
    PAGINA,
    carga,
    construir_sitio,
    lanzar_chromium,
    servir,
    variantes,
)
from cuota import hilos_lentos

FASES = """(() => {
  self.onmessage = async () => {
    const t0 = performance.now();
    const marcas = {};
    const marca = (clave) => { marcas[clave] = performance.now() - t0; };
    const base = new URL("../assets/tapiz/vivo/", self.location.href).href;
    const carpeta = base + "pyodide/";
    const instanciar = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (respuesta, importaciones) => {
      marca("wasm");
      const hecho = await instanciar(respuesta, importaciones);
      marca("instanciado");
      return hecho;
    };
    const zip = fetch(base + "motor.zip").then((r) => r.arrayBuffer());
    self.importScripts(carpeta + "pyodide.js", carpeta + "pyodide.asm.js");
    marca("js");
    const crear = self._createPyodideModule;
    self._createPyodideModule = async (ajustes) => {
      const modulo = await crear(ajustes);
      marca("interprete");
      return modulo;
    };
    const pyodide = await self.loadPyodide({ indexURL: carpeta });
    marca("pyodide");
    pyodide.unpackArchive(await zip, "zip", { extractDir: "/tapiz" });
    marca("desempaquetado");
    const responder = pyodide.runPython(`
import sys
sys.path.insert(0, "/tapiz")
import codigo_generado
codigo_generado.desde_la_tabla()
from tapiz_rules import vivo
vivo.responder`);
    marca("motor");
    pyodide.runPython(`
with open("/tapiz/libro.json", encoding="utf-8") as fichero:
    vivo.preparar(fichero.read(), "/tapiz")`);
    responder(JSON.stringify({ tipo: "reglamento" }));
    marca("respuesta");
    self.postMessage(marcas);
  };
})();
"""
"""El Worker con marcas (se escribe solo en el sitio del banco, junto a ``tapiz/motor.js``)."""

ARRANCAR = """() => new Promise((listo, fallo) => {
  const trabajador = new Worker("../tapiz/fases.js");
  trabajador.onmessage = (evento) => listo(evento.data);
  trabajador.onerror = (evento) => fallo(new Error(evento.message));
  trabajador.postMessage(null);
})"""

TRAMOS = (
    ("descargar y evaluar pyodide.js y pyodide.asm.js", None, "js"),
    ("compilar e instanciar pyodide.asm.wasm (streaming)", "wasm", "instanciado"),
    ("arrancar el intérprete", "instanciado", "interprete"),
    ("importaciones de Pyodide al arrancar (finalizeBootstrap)", "interprete", "pyodide"),
    ("desempaquetar motor.zip", "pyodide", "desempaquetado"),
    ("importar el motor", "desempaquetado", "motor"),
    ("preparar el libro y primera respuesta", "motor", "respuesta"),
    ("total, del Worker a la primera respuesta", None, "respuesta"),
)


def una_visita(navegador, base: str, cpu: float = 1, hilos: bool = False) -> dict[str, float]:
    contexto = navegador.new_context(viewport=ESCRITORIO, service_workers="block")
    pagina = contexto.new_page()
    pagina.goto(base + PAGINA)
    pagina.wait_for_load_state("networkidle")
    if cpu != 1:  # como bench_carga.py: ¿llega la limitación de la página a su Worker?
        contexto.new_cdp_session(pagina).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    with hilos_lentos(cpu) if hilos and cpu != 1 else nullcontext():
        marcas: dict[str, float] = pagina.evaluate(ARRANCAR)
    contexto.close()
    return marcas


def main(veces: int, fuentes: bool, cpu: float = 1, hilos: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as carpeta:
        sitio = Path(carpeta)
        servidor, base = servir(sitio)
        construir_sitio(sitio, base)
        (sitio / "tapiz" / "fases.js").write_text(FASES, encoding="utf-8")
        medidas = variantes(sitio, None, fuentes)
        carga_antes = carga()
        visitas: dict[str, list[dict[str, float]]] = {nombre: [] for nombre in medidas}
        with sync_playwright() as playwright:
            navegador = lanzar_chromium(playwright)
            for _ in range(veces):
                for nombre, ficheros in medidas.items():
                    for ruta, datos in ficheros.items():
                        (sitio / ruta).write_bytes(datos)
                    visitas[nombre].append(una_visita(navegador, base, cpu, hilos))
            navegador.close()
        servidor.shutdown()
    print(f"Arranque del motor en «{PAGINA}» por fases, {veces} visitas con la caché vacía")
    print(f"  CPU {cpu:g}× más lenta (Emulation.setCPUThrottlingRate en la página)")
    if hilos:
        print("  y también cada uno de sus otros hilos, el Worker incluido (cuota.hilos_lentos)")
    print(f"  carga de la máquina (1, 5 y 15 min): al empezar {carga_antes}; al acabar {carga()}")
    for nombre, lista in visitas.items():
        print(f"  {'lo publicado' if nombre == 'ahora' else 'sin precompilar (fuentes)'}:")
        for texto, desde, hasta in TRAMOS:
            ms = [v[hasta] - (v[desde] if desde else 0.0) for v in lista]
            print(
                f"    {texto}: mediana {statistics.median(ms):.0f} ms "
                f"(mín. {min(ms):.0f}, máx. {max(ms):.0f})"
            )


if __name__ == "__main__":
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("veces", nargs="?", type=int, default=5)
    argumentos.add_argument(
        "--fuentes", action="store_true", help="también sin precompilar (como sin Node)"
    )
    argumentos.add_argument("--cpu", type=float, default=1, help="CPU N veces más lenta")
    argumentos.add_argument(
        "--hilos", action="store_true", help="con --cpu, también el Worker y los demás hilos"
    )
    leidos = argumentos.parse_args()
    main(leidos.veces, leidos.fuentes, leidos.cpu, leidos.hilos)
