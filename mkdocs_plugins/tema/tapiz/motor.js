// @ts-check
// El motor de reglas del libro en un Web Worker: Pyodide (Python en WebAssembly) y el mismo
// paquete tapiz_rules que comprueba el libro al construirlo, publicados con el sitio en
// assets/tapiz/vivo/ (ningún otro servidor). Arranca con la primera petición; cada petición
// {tipo, sistema, edicion, opcionales, lienzo, …} se responde con tapiz_rules.vivo.responder,
// con los valores ya escritos como en el libro. Una lista de peticiones da una lista de
// respuestas (una sola ida y vuelta). La página le manda también lo que dice descargas.json
// ({descargas}), que pide mientras llega este guion; mientras se descargan sus ficheros, sabe
// cuánto lleva ({progreso}). Es un Worker clásico (importScripts) y no de módulo: así
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
import codigo_generado
codigo_generado.desde_la_tabla()  # las dataclasses del motor, sin compilar nada
from tapiz_rules import vivo
with open("/tapiz/libro.json", encoding="utf-8") as fichero:
    vivo.preparar(fichero.read(), "/tapiz")
vivo.responder
`;
  /** @type {Promise<(peticion: string) => string> | null} */
  let motor = null;

  const TIPOS = { wasm: "application/wasm", js: "text/javascript", json: "application/json" };
  /** @param {string} nombre */
  const tipoDe = (nombre) => /** @type {Record<string, string>} */ (TIPOS)[nombre.split(".").pop() ?? ""] ?? "application/octet-stream";
  /** El fetch de siempre (el de servir lo sustituye). @type {typeof fetch} */
  const red = ambito.fetch.bind(ambito);
  /** Lo que dice el motor cuando no llega un fichero por la red; la página lo reconoce. */
  const SIN_RED = "sin conexión";
  /** @type {(descargas: Record<string, number> | null) => void} */
  let recibirDescargas = () => {};
  /** descargas.json, que la página pide mientras llega este guion ({descargas}; null si no pudo). */
  const deLaPagina = /** @type {Promise<Record<string, number> | null>} */ (
    new Promise((resolver) => (recibirDescargas = resolver))
  );

  /**
   * Pide los ficheros del motor (descargas.json dice cuáles son y cuántos bytes tiene cada uno)
   * y dice a la página cuánto lleva, {progreso: {recibidos, total}}, cada milésima. Los de
   * Pyodide, a la vez: cada respuesta se lee mientras llega (el WebAssembly se compila mientras
   * se descarga). motor.zip, cuando han llegado (o, si alguno no se leyera, cuando `arrancado`):
   * no hace falta hasta que Python ha arrancado, y así no les quita red.
   * @param {string} carpeta
   * @param {Promise<unknown>} arrancado
   * @returns {Promise<Record<string, Promise<Response>>>}
   */
  async function pedirTodo(carpeta, arrancado) {
    /** @param {string} nombre */
    const pedir = (nombre) =>
      red(carpeta + nombre).then(
        (respuesta) => {
          if (!respuesta.ok || !respuesta.body) throw new Error(`${nombre}: HTTP ${respuesta.status}`);
          return respuesta;
        },
        () => {
          throw new Error(SIN_RED);
        },
      );
    /** @type {Record<string, number>} */
    const tamanos = (await deLaPagina) ?? (await (await pedir("descargas.json")).json());
    const total = Object.values(tamanos).reduce((a, b) => a + b, 0);
    let recibidos = 0;
    let avisado = -1;
    const avisar = () => {
      const milesima = Math.floor((1000 * recibidos) / total);
      if (milesima === avisado) return;
      avisado = milesima;
      ambito.postMessage({ progreso: { recibidos, total } });
    };
    avisar();
    /** @type {Promise<void>[]} */
    const llegados = [];
    /** @param {string} nombre */
    const contado = (nombre) =>
      pedir(nombre).then((respuesta) => {
        /** @type {() => void} */
        let llegado = () => {};
        llegados.push(new Promise((resolver) => (llegado = resolver)));
        const contar = new TransformStream({
          transform(trozo, salida) {
            recibidos += trozo.byteLength;
            avisar();
            salida.enqueue(trozo);
          },
          flush: () => llegado(),
        });
        const cuerpo = /** @type {ReadableStream} */ (respuesta.body).pipeThrough(contar);
        return new Response(cuerpo, { headers: { "Content-Type": tipoDe(nombre) } });
      });
    const primeros = Object.keys(tamanos).filter((nombre) => nombre !== "motor.zip");
    /** @type {Record<string, Promise<Response>>} */
    const pedidos = Object.fromEntries(primeros.map((nombre) => [nombre, contado(nombre)]));
    const todos = Promise.all(Object.values(pedidos)).then(() => Promise.all(llegados));
    pedidos["motor.zip"] = Promise.race([todos, arrancado]).then(() => contado("motor.zip"));
    return pedidos;
  }

  /**
   * Sirve a Pyodide los ficheros ya pedidos, como si los descargara: importScripts de un blob:
   * para sus guiones y un fetch que contesta con ellos (cualquier otra dirección va al fetch de
   * siempre, que en el marco aislado de un Lienzo no llega a ninguna parte).
   * @param {string} indice la carpeta de Pyodide
   * @param {Record<string, Promise<Response>>} pedidos nombre dentro de `indice` → respuesta
   */
  async function servir(indice, pedidos) {
    ambito.fetch = (/** @type {any} */ entrada, /** @type {any} */ opciones) => {
      const url = String(entrada?.url ?? entrada);
      const pedido = url.startsWith(indice) ? pedidos[url.slice(indice.length)] : undefined;
      return pedido ?? red(entrada, opciones);
    };
    for (const guion of ["pyodide.js", "pyodide.asm.js"]) {
      const datos = await (await pedidos[guion]).arrayBuffer();
      const url = URL.createObjectURL(new Blob([datos], { type: "text/javascript" }));
      ambito.importScripts(url);
      URL.revokeObjectURL(url);
    }
  }

  /** @param {Record<string, ArrayBuffer>} ficheros */
  const respuestas = (ficheros) =>
    Object.fromEntries(
      Object.entries(ficheros).map(([nombre, datos]) => [
        nombre,
        Promise.resolve(new Response(datos, { headers: { "Content-Type": tipoDe(nombre) } })),
      ]),
    );

  /** @param {{ indice: string, ficheros: Record<string, ArrayBuffer> } | null} entregados */
  async function arrancar(entregados) {
    let carpeta, zip;
    /** @type {(valor?: unknown) => void} */
    let arrancado = () => {};
    const pyodideArrancado = new Promise((resolver) => (arrancado = resolver));
    if (entregados) {
      carpeta = entregados.indice;
      await servir(carpeta, respuestas(entregados.ficheros));
      zip = entregados.ficheros["motor.zip"];
    } else {
      const vivo = new URL("../assets/tapiz/vivo/", ambito.location.href).href;
      carpeta = vivo + "pyodide/";
      const pedidos = await pedirTodo(vivo, pyodideArrancado);
      const dePyodide = Object.fromEntries(
        Object.entries(pedidos)
          .filter(([nombre]) => nombre.startsWith("pyodide/"))
          .map(([nombre, pedido]) => [nombre.slice("pyodide/".length), pedido]),
      );
      await servir(carpeta, dePyodide);
      zip = pedidos["motor.zip"].then((respuesta) => respuesta.arrayBuffer());
    }
    const cargando = ambito.loadPyodide({ indexURL: carpeta });
    cargando.then(arrancado, arrancado);
    const [pyodide, datos] = await Promise.all([cargando, zip]);
    pyodide.unpackArchive(datos, "zip", { extractDir: "/tapiz" });
    return pyodide.runPython(ARRANQUE);
  }

  ambito.onmessage = async (/** @type {MessageEvent} */ evento) => {
    if ("descargas" in evento.data) {
      recibirDescargas(evento.data.descargas);
      return;
    }
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
