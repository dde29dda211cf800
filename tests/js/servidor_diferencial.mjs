// @ts-check
// Servidor de la prueba diferencial (tests/diferencial): lee una petición JSON por línea en
// stdin, {"expresion": "...", "semilla": n}, y responde una línea JSON con lo que dicen los dados
// de JavaScript: notación canónica, tirada con semilla y errores (las probabilidades solo las
// calcula Python).
// Un solo proceso para todos los ejemplos: cada uno cuesta un viaje de ida y vuelta.

import { createInterface } from "node:readline";

import { Generador } from "../../mkdocs_plugins/tema/tapiz/generador.js";
import { analizar, ErrorNotacion } from "../../mkdocs_plugins/tema/tapiz/notacion.js";
import { tirar } from "../../mkdocs_plugins/tema/tapiz/tirada.js";

/**
 * El resultado de `calculo` o, si lanza ErrorNotacion, su mensaje y su columna.
 * @template T
 * @param {() => T} calculo
 * @returns {{valor: T} | {error: {mensaje: string, columna: number | null}}}
 */
function capturar(calculo) {
  try {
    return { valor: calculo() };
  } catch (error) {
    if (!(error instanceof ErrorNotacion)) throw error;
    return { error: { mensaje: error.message, columna: error.columna } };
  }
}

/** @param {{expresion: string, semilla: number}} peticion */
export function responder({ expresion, semilla }) {
  return {
    analisis: capturar(() => String(analizar(expresion))),
    tirada: capturar(() => tirar(expresion, new Generador(semilla))),
  };
}

const lineas = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const linea of lineas) {
  let respuesta;
  try {
    respuesta = responder(JSON.parse(linea));
  } catch (error) {
    respuesta = { fallo: String(error instanceof Error ? error.stack : error) };
  }
  process.stdout.write(`${JSON.stringify(respuesta)}\n`);
}
