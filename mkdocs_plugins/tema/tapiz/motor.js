// @ts-check
// El motor de reglas del libro en un Web Worker: Pyodide (Python en WebAssembly) y el mismo
// paquete tapiz_rules que comprueba el libro al construirlo, publicados con el sitio en
// assets/tapiz/vivo/ (ningún otro servidor). Arranca con la primera petición; cada petición
// {tipo, sistema, edicion, opcionales, lienzo, …} se responde con tapiz_rules.vivo.responder,
// con los valores ya escritos como en el libro. Una lista de peticiones da una lista de
// respuestas (una sola ida y vuelta). Es un Worker clásico (importScripts) y no de módulo: así
// no depende de que el servidor sepa servir .mjs.
(() => {
  const ambito = /** @type {any} */ (self);
  const BASE = new URL("../assets/tapiz/vivo/", ambito.location.href);
  const ARRANQUE = `
import sys
sys.path.insert(0, "/tapiz")
from tapiz_rules import vivo
with open("/tapiz/libro.json", encoding="utf-8") as fichero:
    vivo.preparar(fichero.read(), "/tapiz")
vivo.responder
`;
  /** @type {Promise<(peticion: string) => string> | null} */
  let motor = null;

  async function arrancar() {
    const carpeta = new URL("pyodide/", BASE).href;
    ambito.importScripts(carpeta + "pyodide.js");
    const [pyodide, zip] = await Promise.all([
      ambito.loadPyodide({ indexURL: carpeta }),
      fetch(new URL("motor.zip", BASE)).then((respuesta) => {
        if (!respuesta.ok) throw new Error(`motor.zip: HTTP ${respuesta.status}`);
        return respuesta.arrayBuffer();
      }),
    ]);
    pyodide.unpackArchive(zip, "zip", { extractDir: "/tapiz" });
    return pyodide.runPython(ARRANQUE);
  }

  ambito.onmessage = async (/** @type {MessageEvent} */ evento) => {
    const { id, peticion } = evento.data;
    try {
      motor ??= arrancar();
      const responder = await motor;
      const una = (/** @type {object} */ p) => JSON.parse(responder(JSON.stringify(p)));
      const respuesta = Array.isArray(peticion) ? peticion.map(una) : una(peticion);
      ambito.postMessage({ id, respuesta });
    } catch (error) {
      ambito.postMessage({ id, fallo: String(error?.message ?? error) });
    }
  };
})();
