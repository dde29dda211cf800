// @ts-check
// El motor de reglas del libro para quien programa (se publica como api/v1/tapiz.mjs).
//
// Carga lo mismo que las reglas en vivo de la página, publicado con el sitio en
// assets/tapiz/vivo/: Python en WebAssembly (Pyodide) y motor.zip, el paquete tapiz_rules que
// comprueba el libro al construirlo. Evalúa cualquier regla por su identificador de la API con
// entradas y salidas en JSON, y responde a un error como «tapiz regla --json»:
// {"error": {"mensaje": …, "entrada": …}}. Funciona en Node 18 o posterior y en navegadores.
//
//   import { cargar } from "https://tapiz-rpg.github.io/tapiz-srd/api/v1/tapiz.mjs";
//   const motor = await cargar();
//   motor.evaluar("postura", { postura: "defensa_ferrea", nivel: 3 });
//
// Node no importa módulos de otro servidor: se descarga este fichero y se le dice dónde está el
// sitio, cargar({ sitio: "https://tapiz-rpg.github.io/tapiz-srd/" }).

const ARRANQUE = `
import sys
sys.path.insert(0, "/tapiz")
import codigo_generado
codigo_generado.desde_la_tabla()  # las dataclasses del motor, sin compilar nada
from tapiz_rules.evaluar import del_libro
with open("/tapiz/libro.json", encoding="utf-8") as fichero:
    responder = del_libro(fichero.read(), "/tapiz")
responder
`;

/**
 * @typedef {{sistema?: string, edicion?: string, opcionales?: string[], lienzo?: string}} Contexto
 * Los identificadores de la API: sistema «tapiz», «d20» o «ratas»; edición «actual» o «2017»;
 * reglas opcionales como «tzr0001»; el Lienzo por su identificador («puertos-de-bruma»).
 */

/**
 * @typedef {object} Motor
 * @property {(regla: string, entradas?: object, contexto?: Contexto) => any} evaluar
 *   La respuesta de la regla: {valores, exactos, pasos}, o {error: {mensaje, entrada}}.
 */

/**
 * Arranca el motor (unos segundos: Pyodide y el motor se descargan una vez).
 * @param {{sitio?: string | URL}} [opciones] la raíz del sitio; por defecto, la de este módulo
 * @returns {Promise<Motor>}
 */
export async function cargar(opciones = {}) {
  const sitio = new URL(opciones.sitio ?? new URL("../../", import.meta.url));
  const vivo = new URL("assets/tapiz/vivo/", sitio);
  const carpeta = EN_NODE ? await copiaLocal(new URL("pyodide/", vivo)) : new URL("pyodide/", vivo).href;
  const loadPyodide = await cargador(carpeta);
  /** @param {URL} zip un motor: el del libro, o el de un Lienzo con Python */
  const arrancar = async (zip) => {
    const [pyodide, datos] = await Promise.all([
      loadPyodide({ indexURL: carpeta }),
      descargar(zip).then((respuesta) => respuesta.arrayBuffer()),
    ]);
    pyodide.unpackArchive(datos, "zip", { extractDir: "/tapiz" });
    return pyodide.runPython(ARRANQUE);
  };
  // Cada Lienzo con Python se calcula en su propio motor, como en la página (lienzos.json).
  const lienzos = /** @type {Record<string, {id: string, zip: string}>} */ (
    await fetch(new URL("lienzos.json", vivo))
      .then((respuesta) => (respuesta.ok ? respuesta.json() : {}))
      .catch(() => ({}))
  );
  const [delLibro, ...propios] = await Promise.all([
    arrancar(new URL("motor.zip", vivo)),
    ...Object.values(lienzos).map((l) => arrancar(new URL(l.zip, vivo))),
  ]);
  /** @type {Map<string, any>} */
  const motores = new Map();
  Object.entries(lienzos).forEach(([nombre, lienzo], i) => {
    motores.set(nombre, propios[i]);
    motores.set(lienzo.id, propios[i]);
  });
  return {
    evaluar(regla, entradas = {}, contexto = {}) {
      const responder = motores.get(contexto.lienzo ?? "") ?? delLibro;
      return JSON.parse(responder(JSON.stringify({ ...contexto, regla, entradas })));
    },
  };
}

const EN_NODE = typeof process === "object" && process.versions?.node !== undefined;
const PYODIDE = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/**
 * En Node, Pyodide lee sus ficheros del disco: se descargan del sitio a una carpeta temporal.
 * @param {URL} origen
 * @returns {Promise<string>}
 */
async function copiaLocal(origen) {
  const { mkdtemp, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const carpeta = await mkdtemp(join(tmpdir(), "tapiz-pyodide-"));
  await Promise.all(
    PYODIDE.map(async (nombre) => {
      const respuesta = await descargar(new URL(nombre, origen));
      await writeFile(join(carpeta, nombre), new Uint8Array(await respuesta.arrayBuffer()));
    }),
  );
  return carpeta + "/";
}

/** @param {URL} url */
async function descargar(url) {
  const respuesta = await fetch(url);
  if (!respuesta.ok) throw new Error(`${url}: HTTP ${respuesta.status}`);
  return respuesta;
}

/**
 * La función loadPyodide del pyodide.js del sitio (el cargador clásico que usa la página),
 * que la deja en globalThis: en Node, desde la copia local; en un navegador, desde el sitio.
 * @param {string} carpeta
 * @returns {Promise<(opciones: object) => Promise<any>>}
 */
async function cargador(carpeta) {
  const global = /** @type {any} */ (globalThis);
  if (typeof global.loadPyodide !== "function") {
    if (EN_NODE) {
      const { createRequire } = await import("node:module");
      createRequire(import.meta.url)(carpeta + "pyodide.js");
    } else {
      new Function(await (await descargar(new URL("pyodide.js", carpeta))).text())();
    }
  }
  return global.loadPyodide;
}
