// El Python que la página importa al arrancar, compilado de antemano con la misma Pyodide
// (CPython 3.13 en WebAssembly): lo ejecuta precompilado.py con Node al construir el libro.
// Pyodide publica su biblioteca estándar como fuentes (.py) y compilarlas en el navegador es
// lo que más tarda en arrancar. Uso:
//   node precompilar.mjs CARPETA_PYODIDE CARPETA_FUENTES CARPETA_SALIDA MODULO…
// Importa cada MODULO de CARPETA_FUENTES (y, si es un paquete, cada uno de los suyos) y escribe
// en CARPETA_SALIDA python_stdlib.zip (el de Pyodide, con cada módulo que se importó en .pyc en
// lugar de .py) y pyc.zip (cada módulo importado de CARPETA_FUENTES, en .pyc: motor.py lo
// publica en lugar de su .py).
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodide, fuentes, salida] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const entradas = process.argv.slice(5);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodide, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodide + path.sep });
for (const [carpeta, punto] of [[fuentes, "/fuentes"], [salida, "/salida"]]) {
  py.FS.mkdirTree(punto);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: carpeta }, punto);
}
py.globals.set("entradas", py.toPy(entradas));
py.runPython(`
import importlib, importlib.util, pkgutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

FECHA = (1980, 1, 1, 0, 0, 0)
ESTANDAR = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"

def pyc(fuente, nombre):
    codigo = compile(fuente, nombre, "exec", dont_inherit=True)
    return _code_to_hash_pyc(codigo, importlib.util.source_hash(fuente), checked=False)

def escribir(archivo, nombre, datos):
    archivo.writestr(zipfile.ZipInfo(nombre, FECHA), datos, zipfile.ZIP_DEFLATED, 9)

sys.path.insert(0, "/fuentes")
for entrada in entradas:
    raiz = importlib.import_module(entrada)
    for modulo in pkgutil.walk_packages(getattr(raiz, "__path__", []), entrada + "."):
        importlib.import_module(modulo.name)

usados, propios = set(), set()
for modulo in list(sys.modules.values()):
    origen = getattr(getattr(modulo, "__spec__", None), "origin", None) or ""
    if origen.startswith(ESTANDAR + "/") and origen.endswith(".py"):
        usados.add(origen[len(ESTANDAR) + 1 :])
    elif origen.startswith("/fuentes/") and origen.endswith(".py"):
        propios.add(Path(origen))

with zipfile.ZipFile(ESTANDAR) as origen, zipfile.ZipFile("/salida/python_stdlib.zip", "w") as z:
    for entrada in origen.infolist():
        datos = origen.read(entrada)
        if entrada.filename in usados:
            escribir(z, entrada.filename + "c", pyc(datos, f"{ESTANDAR}/{entrada.filename}"))
        else:
            escribir(z, entrada.filename, datos)

with zipfile.ZipFile("/salida/pyc.zip", "w") as z:
    for fichero in sorted(propios):
        relativo = fichero.relative_to("/fuentes").as_posix()
        escribir(z, relativo + "c", pyc(fichero.read_bytes(), relativo))
`);
