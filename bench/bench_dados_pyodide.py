"""Banco de los dados en la página: la matriz de ``bench_dados.py`` en Pyodide, en Chromium.

A demanda (``uv run python bench/bench_dados_pyodide.py``); no afirma nada. Sirve en local
la Pyodide de ``node_modules/pyodide`` (la que publica el sitio) y un zip con las fuentes de
``tapiz_rules`` (el paquete y ``dados/``, lo que importa un cálculo) y de icepool (Python
puro: se copia de su instalación, sin descargar nada), y en Chromium sin interfaz:

- en caliente: una sola Pyodide con los dos motores ya importados; cada cálculo, repetido
  hasta llenar 20 ms (los relojes del navegador van a saltos de 0,1 ms), el mínimo de
  varias tandas por cálculo; la caché de Tapiz se vacía antes de cada cálculo, como en
  CPython;
- en frío: una página nueva con una Pyodide nueva por cálculo y motor; se mide importar y
  calcular (``runPython``), no el arranque de Pyodide, que es el mismo para los dos (se da
  aparte); los dos, desde sus fuentes ``.py`` (sin ``.pyc``: igual para ambos);
- la memoria: el tamaño de la memoria de WebAssembly tras el cálculo en frío (solo crece:
  es su máximo), menos la de la Pyodide recién arrancada;
- «iguales»: los dos resultados exactos, llevados a fracciones (``exacto``) y comparados
  dentro de Pyodide.
"""

from __future__ import annotations

import argparse
import inspect
import shutil
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

import icepool
from playwright.sync_api import Page, sync_playwright

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "bench"))
sys.path.insert(0, str(RAIZ / "tests" / "navegador"))
from bench_dados import Tarea, exacto, tareas  # noqa: E402
from conftest import lanzar_chromium, servir  # noqa: E402

PYODIDE = RAIZ / "node_modules" / "pyodide"
FICHEROS_PYODIDE = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

ARRANCAR = """async () => {
  if (!window.loadPyodide) {
    await new Promise((listo, fallo) => {
      const guion = Object.assign(document.createElement("script"), {src: "pyodide.js"});
      guion.onload = listo;
      guion.onerror = fallo;
      document.head.append(guion);
    });
  }
  const inicio = performance.now();
  const pyodide = await loadPyodide({indexURL: new URL(".", location.href).href});
  const arranque = performance.now() - inicio;
  const zip = await (await fetch("paquetes.zip")).arrayBuffer();
  const version = pyodide.runPython("import sys; f'{sys.version_info[0]}.{sys.version_info[1]}'");
  pyodide.unpackArchive(zip, "zip", {extractDir: `/lib/python${version}/site-packages`});
  window.__pyodide = pyodide;
  return {arranque, memoria: pyodide._module.HEAPU8.length, version: pyodide.version};
}"""

EN_FRIO = """([codigo]) => {
  const pyodide = window.__pyodide;
  const inicio = performance.now();
  pyodide.runPython(codigo);
  const tiempo = performance.now() - inicio;
  return {tiempo, memoria: pyodide._module.HEAPU8.length};
}"""

MEDIR_EN_CALIENTE = (
    """
import time
from fractions import Fraction
from tapiz_rules.dados.probabilidad import vaciar_caches
"""
    + inspect.getsource(exacto)
    + '''


def _nada():
    pass


def en_caliente(codigo, limpiar, tandas):
    """El mínimo, entre ``tandas``, del tiempo por cálculo de una tanda de al menos 20 ms."""
    compilado = compile(codigo, "<tarea>", "exec")
    espacio = {}
    exec(compilado, espacio)
    mejores = []
    for _ in range(tandas):
        veces, inicio = 0, time.perf_counter()
        while True:
            limpiar()
            exec(compilado, espacio)
            veces += 1
            transcurrido = time.perf_counter() - inicio
            if transcurrido >= 0.02:
                break
        mejores.append(transcurrido / veces)
    return min(mejores), espacio["resultado"]


def comparar(tapiz, ajeno, tandas):
    propio, resultado_propio = en_caliente(tapiz, vaciar_caches, tandas)
    del_ajeno, resultado_ajeno = en_caliente(ajeno, _nada, tandas)
    return [propio, del_ajeno, exacto(resultado_propio) == exacto(resultado_ajeno)]
'''
)

EN_CALIENTE = """([tapiz, ajeno, tandas]) => {
  const comparar = window.__pyodide.globals.get("comparar");
  const medido = comparar(tapiz, ajeno, tandas);
  const [propio, delAjeno, iguales] = medido.toJs();
  medido.destroy();
  comparar.destroy();
  return {propio, delAjeno, iguales};
}"""


def preparar(carpeta: Path) -> None:
    """La Pyodide del sitio, una página vacía y el zip con las fuentes de los dos motores."""
    for nombre in FICHEROS_PYODIDE:
        shutil.copyfile(PYODIDE / nombre, carpeta / nombre)
    (carpeta / "index.html").write_text("<!doctype html><title>dados</title>", "utf-8")
    paquete = RAIZ / "tapiz_rules"
    fuentes = [paquete / "__init__.py", paquete / "errores.py", paquete / "_rutas_antiguas.py"]
    fuentes += sorted((paquete / "dados").glob("*.py"))
    del_ajeno = Path(icepool.__file__).parent
    with zipfile.ZipFile(carpeta / "paquetes.zip", "w", zipfile.ZIP_DEFLATED) as zip_:
        for fuente in fuentes:
            zip_.write(fuente, fuente.relative_to(RAIZ).as_posix())
        for fuente in sorted(del_ajeno.rglob("*.py")):
            zip_.write(fuente, fuente.relative_to(del_ajeno.parent).as_posix())


def pyodide_nueva(pagina: Page, base: str) -> dict[str, float]:
    pagina.goto(base)
    arrancada: dict[str, float] = pagina.evaluate(ARRANCAR)
    return arrancada


def en_frio(pagina: Page, base: str, codigo: str) -> tuple[float, float]:
    """Importar y calcular en una Pyodide recién arrancada: milisegundos y MiB que crece."""
    arrancada = pyodide_nueva(pagina, base)
    medido = pagina.evaluate(EN_FRIO, [codigo])
    return medido["tiempo"], (medido["memoria"] - arrancada["memoria"]) / 2**20


def _ms(milisegundos: float) -> str:
    texto = f"{milisegundos:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")
    return texto + " ms"


def _razon(ajeno: float, propio: float) -> str:
    return f"{ajeno / propio:.2f}".replace(".", ",")


def _mib(valor: float) -> str:
    return f"{valor:.1f}".replace(".", ",")


def fila(pagina: Page, base: str, tarea: Tarea, tandas: int, frio: int) -> list[str]:
    caliente = pagina.evaluate(EN_CALIENTE, [tarea.tapiz, tarea.icepool, tandas])
    propios, ajenos = [], []
    for _ in range(frio):  # alternados: la carga de la máquina cae igual sobre los dos
        propios.append(en_frio(pagina, base, tarea.tapiz))
        ajenos.append(en_frio(pagina, base, tarea.icepool))
    pyodide_nueva(pagina, base)  # la de las medidas en caliente de la fila siguiente
    pagina.evaluate("(codigo) => window.__pyodide.runPython(codigo)", MEDIR_EN_CALIENTE)
    frio_propio = statistics.median(t for t, _ in propios)
    frio_ajeno = statistics.median(t for t, _ in ajenos)
    return [
        tarea.nombre,
        _ms(caliente["propio"] * 1000),
        _ms(caliente["delAjeno"] * 1000),
        _razon(caliente["delAjeno"], caliente["propio"]),
        _ms(frio_propio),
        _ms(frio_ajeno),
        _razon(frio_ajeno, frio_propio),
        _mib(max(m for _, m in propios)),
        _mib(max(m for _, m in ajenos)),
        "sí" if caliente["iguales"] else "**NO**",
    ]


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--tandas", type=int, default=5, help="en caliente")
    argumentos.add_argument("--frio", type=int, default=3, help="Pyodides nuevas por cálculo")
    opciones = argumentos.parse_args()
    with tempfile.TemporaryDirectory() as temporal, sync_playwright() as playwright:
        carpeta = Path(temporal)
        preparar(carpeta)
        servidor, base = servir(carpeta)
        navegador = lanzar_chromium(playwright)
        try:
            pagina = navegador.new_page()
            arrancada = pyodide_nueva(pagina, base)
            pagina.evaluate("(codigo) => window.__pyodide.runPython(codigo)", MEDIR_EN_CALIENTE)
            print(
                f"Chromium {navegador.version}, Pyodide {arrancada['version']}, icepool "
                f"{icepool.__version__}; arranque de Pyodide (sin los motores) "
                f"{_ms(arrancada['arranque'])}"
            )
            print()
            print(
                "| cálculo | Tapiz cal. | icepool cal. | razón | Tapiz frío | icepool frío"
                " | razón | MiB Tapiz | MiB icepool | iguales |"
            )
            print("|---|" + "---:|" * 8 + ":-:|")
            for tarea in tareas():
                print(
                    "| "
                    + " | ".join(fila(pagina, base, tarea, opciones.tandas, opciones.frio))
                    + " |",
                    flush=True,
                )
        finally:
            navegador.close()
            servidor.shutdown()


if __name__ == "__main__":
    main()
