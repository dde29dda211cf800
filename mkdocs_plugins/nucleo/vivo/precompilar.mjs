// El Python que la página importa, compilado de antemano con la misma Pyodide (CPython 3.13 en
// WebAssembly): lo ejecuta precompilado.py con Node al construir el libro. Pyodide publica su
// biblioteca estándar entera (2,4 MB) y en fuentes (.py): compilarlas en el navegador es lo que
// más tarda en arrancar, y el motor usa menos de una cuarta parte. Uso:
//   node precompilar.mjs CARPETA_PYODIDE CARPETA_FUENTES CARPETA_SALIDA MODULO… [?MODULO…]
// Importa cada MODULO de CARPETA_FUENTES (y, si es un paquete, cada uno de los suyos) y cada
// ?MODULO de la biblioteca estándar si existe (lo que importan los Lienzos), recorre lo
// que la página hace con Pyodide además (desempaquetar un zip, formatear un error de Python) y
// escribe en CARPETA_SALIDA python_stdlib.zip (solo los módulos de la biblioteca estándar que se
// importaron, en .pyc), pyc.zip (cada módulo importado de CARPETA_FUENTES, en .pyc: motor.py lo
// publica en lugar de su .py), codigo_generado.marshal (el código que dataclasses genera para
// cada clase, compilado: véase codigo_generado.py, que ha de estar en CARPETA_FUENTES) y base.txt
// (los ficheros de la estándar que importan los MODULO, sin los ?MODULO).
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodide, fuentes, salida] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const entradas = process.argv.slice(5);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodide, "pyodide.mjs")).href);
// Sin las columnas de cada instrucción en los .pyc (-X no_debug_ranges): solo sirven para señalar
// con ^^^ en una traza, que quien lee nunca ve, y son casi un tercio de lo que pesan comprimidos.
const py = await loadPyodide({ indexURL: pyodide + path.sep, args: ["-X", "no_debug_ranges"] });
for (const [carpeta, punto] of [[fuentes, "/fuentes"], [salida, "/salida"]]) {
  py.FS.mkdirTree(punto);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: carpeta }, punto);
}
// Lo que la página hace con Pyodide además de importar: desempaquetar motor.zip y, ante un
// error de Python, formatearlo; lo que importen también ha de publicarse.
const vacio = new Uint8Array([80, 75, 5, 6, ...new Array(18).fill(0)]);
py.unpackArchive(vacio, "zip", { extractDir: "/tmp/vacio" });
try {
  py.runPython("raise ValueError('prueba')");
} catch {
  // Solo importaba lo que se importa al formatear el error.
}
py.globals.set("entradas", py.toPy(entradas));
py.runPython(`
import importlib, importlib.util, pkgutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

FECHA = (1980, 1, 1, 0, 0, 0)
SIN_DOCSTRINGS = 2  # la biblioteca estándar sin docstrings ni assert: nadie los lee aquí
ESTANDAR = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"

def pyc(fuente, nombre, optimizar=0):
    codigo = compile(fuente, nombre, "exec", dont_inherit=True, optimize=optimizar)
    return _code_to_hash_pyc(codigo, importlib.util.source_hash(fuente), checked=False)

def escribir(archivo, nombre, datos):
    archivo.writestr(zipfile.ZipInfo(nombre, FECHA), datos, zipfile.ZIP_DEFLATED, 9)

def importados():
    """Los ficheros de la biblioteca estándar y de /fuentes de cada módulo importado."""
    usados, propios = set(), set()
    for modulo in list(sys.modules.values()):
        origen = getattr(getattr(modulo, "__spec__", None), "origin", None) or ""
        if origen.startswith(ESTANDAR + "/") and origen.endswith(".py"):
            usados.add(origen[len(ESTANDAR) + 1 :])
        elif origen.startswith("/fuentes/") and origen.endswith(".py"):
            propios.add(Path(origen))
    return usados, propios

sys.path.insert(0, "/fuentes")
# El código que dataclasses genera y compila al crear cada clase, guardado bajo su texto: la
# página lo toma de ahí (codigo_generado.py) en lugar de compilarlo.
import builtins, codigo_generado, dataclasses, marshal
generados = {}

def registrar(fuente, globales=None, locales=None, /):
    if isinstance(fuente, str):
        fuente = generados.setdefault(fuente, codigo_generado.compilar(fuente))
    builtins.exec(fuente, globales, locales)

dataclasses.exec = registrar
for entrada in entradas:
    if entrada.startswith("?"):
        continue
    raiz = importlib.import_module(entrada)
    for modulo in pkgutil.walk_packages(getattr(raiz, "__path__", []), entrada + "."):
        importlib.import_module(modulo.name)
# Lo que importan los de siempre, antes de lo de los Lienzos: precompilado.py lo guarda para
# saber si lo que importa otro Lienzo añade algo.
Path("/salida/base.txt").write_text("\\n".join(sorted(importados()[0])))
for entrada in entradas:
    if entrada.startswith("?"):  # lo que importa el Python de un Lienzo, si es de la estándar
        try:
            importlib.import_module(entrada[1:])
        except ImportError:
            pass

usados, propios = importados()

with zipfile.ZipFile(ESTANDAR) as origen, zipfile.ZipFile("/salida/python_stdlib.zip", "w") as z:
    for entrada in origen.infolist():
        if entrada.filename in usados:
            datos = origen.read(entrada)
            compilado = pyc(datos, f"{ESTANDAR}/{entrada.filename}", SIN_DOCSTRINGS)
            escribir(z, entrada.filename + "c", compilado)

Path(f"/salida/{codigo_generado.TABLA}").write_bytes(marshal.dumps(generados))

with zipfile.ZipFile("/salida/pyc.zip", "w") as z:
    for fichero in sorted(propios):
        relativo = fichero.relative_to("/fuentes").as_posix()
        escribir(z, relativo + "c", pyc(fichero.read_bytes(), relativo))
`);
