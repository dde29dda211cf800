// @ts-check
// El motor de reglas del libro en un Web Worker: Pyodide (Python en WebAssembly) y el mismo
// paquete tapiz_rules que comprueba el libro al construirlo, publicados con el sitio en
// assets/tapiz/vivo/ (ningún otro servidor). Arranca con la primera petición; cada petición
// {tipo, sistema, edicion, opcionales, lienzo, …} se responde con tapiz_rules.vivo.responder,
// con los valores ya escritos como en el libro. Una lista de peticiones da una lista de
// respuestas (una sola ida y vuelta). Es un Worker clásico (importScripts) y no de módulo: así
// no depende de que el servidor sepa servir .mjs.
//
// El mismo guion es el motor de un Lienzo con Python (caja.js): allí corre en un Worker creado
// desde un blob: dentro de un marco aislado, sin red, y el primer mensaje le entrega los
// ficheros ({indice, ficheros: {nombre: ArrayBuffer}}) en lugar de descargarlos.
(() => {
  const ambito = /** @type {any} */ (self);
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

  /** @param {string} nombre */
  async function descargar(nombre) {
    const respuesta = await fetch(new URL(`../assets/tapiz/vivo/${nombre}`, ambito.location.href));
    if (!respuesta.ok) throw new Error(`${nombre}: HTTP ${respuesta.status}`);
    return respuesta.arrayBuffer();
  }

  /**
   * Los ficheros entregados, servidos a Pyodide como si los descargara: importScripts de un
   * blob: y un fetch que contesta con ellos (cualquier otra dirección va al fetch de siempre,
   * que en el marco aislado no llega a ninguna parte).
   * @param {string} indice
   * @param {Record<string, ArrayBuffer>} ficheros
   */
  function servir(indice, ficheros) {
    const tipos = { wasm: "application/wasm", js: "text/javascript", json: "application/json" };
    const original = ambito.fetch.bind(ambito);
    ambito.fetch = (/** @type {any} */ entrada, /** @type {any} */ opciones) => {
      const nombre = String(entrada?.url ?? entrada).slice(indice.length);
      const datos = String(entrada?.url ?? entrada).startsWith(indice) ? ficheros[nombre] : undefined;
      if (datos === undefined) return original(entrada, opciones);
      const tipo = /** @type {Record<string, string>} */ (tipos)[nombre.split(".").pop() ?? ""];
      return Promise.resolve(new Response(datos, { headers: { "Content-Type": tipo ?? "application/octet-stream" } }));
    };
    for (const guion of ["pyodide.js", "pyodide.asm.js"]) {
      const url = URL.createObjectURL(new Blob([ficheros[guion]], { type: "text/javascript" }));
      ambito.importScripts(url);
      URL.revokeObjectURL(url);
    }
  }

  /** @param {{ indice: string, ficheros: Record<string, ArrayBuffer> } | null} entregados */
  async function arrancar(entregados) {
    let carpeta, zip;
    if (entregados) {
      carpeta = entregados.indice;
      servir(carpeta, entregados.ficheros);
      zip = entregados.ficheros["motor.zip"];
    } else {
      carpeta = new URL("../assets/tapiz/vivo/pyodide/", ambito.location.href).href;
      ambito.importScripts(carpeta + "pyodide.js");
      zip = descargar("motor.zip");
    }
    const [pyodide, datos] = await Promise.all([ambito.loadPyodide({ indexURL: carpeta }), zip]);
    pyodide.unpackArchive(datos, "zip", { extractDir: "/tapiz" });
    return pyodide.runPython(ARRANQUE);
  }

  ambito.onmessage = async (/** @type {MessageEvent} */ evento) => {
    if (evento.data.ficheros) {
      motor ??= arrancar(evento.data);
      motor.catch(() => {});
      return;
    }
    const { id, peticion } = evento.data;
    try {
      motor ??= arrancar(null);
      const responder = await motor;
      const una = (/** @type {object} */ p) => JSON.parse(responder(JSON.stringify(p)));
      const respuesta = Array.isArray(peticion) ? peticion.map(una) : una(peticion);
      ambito.postMessage({ id, respuesta });
    } catch (error) {
      ambito.postMessage({ id, fallo: String(error?.message ?? error) });
    }
  };
})();
