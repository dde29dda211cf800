// @ts-check
// Conformidad de los dados en JavaScript con el motor de Python: lee el corpus que genera
// tests/conformidad/generar.py y comprueba notación canónica, mínimo y máximo, tiradas con
// semilla y errores de notación (mensaje y columna). Las probabilidades no: el navegador no las
// calcula (las trae la página o las da el motor en la página). Cada prueba cuenta sus casos: una
// rama que no corre, falla.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Generador } from "../../mkdocs_plugins/tema/tapiz/generador.js";
import { analizar, ErrorNotacion } from "../../mkdocs_plugins/tema/tapiz/notacion.js";
import { tirar } from "../../mkdocs_plugins/tema/tapiz/tirada.js";

/**
 * El corpus que escribe tests/conformidad/generar.py.
 * @typedef {{version: number,
 *   expresiones: {expresion: string, canonica: string, min: number, max: number,
 *     distribucion: Array<[number, string]>, media: string}[],
 *   tiradas: Array<{semilla: number} & import("../../mkdocs_plugins/tema/tapiz/tirada.js").Tirada>,
 *   errores: {expresion: string, columna: number | null, mensaje: string}[]}} Corpus
 */

const RUTA_CORPUS = process.env.TAPIZ_CORPUS ?? new URL("../conformidad/corpus.json", import.meta.url);
/** @type {Corpus} */
const corpus = JSON.parse(readFileSync(RUTA_CORPUS, "utf8"));

test("el corpus tiene la versión 4 y casos de cada tipo", () => {
  assert.equal(corpus.version, 4);
  assert.ok(corpus.expresiones.length > 0);
  assert.ok(corpus.tiradas.length > 0);
  assert.ok(corpus.errores.length > 0);
});

test("notación canónica, mínimo y máximo", () => {
  let vistas = 0;
  for (const caso of corpus.expresiones) {
    const arbol = analizar(caso.expresion);
    assert.equal(String(arbol), caso.canonica, caso.expresion);
    assert.equal(String(analizar(String(arbol))), caso.canonica, caso.expresion);
    assert.equal(arbol.minimo, caso.min, caso.expresion);
    assert.equal(arbol.maximo, caso.max, caso.expresion);
    vistas += 1;
  }
  assert.equal(vistas, corpus.expresiones.length);
  assert.ok(vistas >= 40);
});

test("tiradas con semilla: mismo total y mismos dados que Python", () => {
  for (const caso of corpus.tiradas) {
    const tirada = tirar(caso.expresion, new Generador(caso.semilla));
    const { semilla, ...esperada } = caso;
    assert.deepEqual(
      { expresion: tirada.expresion, total: tirada.total, dados: tirada.dados },
      { expresion: esperada.expresion, total: esperada.total, dados: esperada.dados },
      `${caso.expresion} con semilla ${semilla}`,
    );
  }
});

/** @param {string} expresion */
function errorDe(expresion) {
  try {
    analizar(expresion);
  } catch (error) {
    return error;
  }
  return null;
}

test("errores de notación: mismo mensaje y misma columna que Python", () => {
  const vistos = { notacion: 0, presupuesto: 0 };
  for (const caso of corpus.errores) {
    const error = errorDe(caso.expresion);
    if (error === null) {
      // Demasiado grande para tabular: se lee y se tira; el error es del cálculo exacto, que
      // solo hace Python (la construcción o el motor en la página).
      assert.match(caso.mensaje, /demasiado grande para calcular probabilidades exactas/, caso.expresion);
      vistos.presupuesto += 1;
      continue;
    }
    assert.ok(error instanceof ErrorNotacion, `«${caso.expresion}» debería fallar`);
    assert.equal(error.columna, caso.columna, caso.expresion);
    assert.equal(error.message, caso.mensaje, caso.expresion);
    vistos.notacion += 1;
  }
  assert.equal(vistos.notacion + vistos.presupuesto, corpus.errores.length);
  assert.ok(vistos.notacion >= 15 && vistos.presupuesto >= 1, JSON.stringify(vistos));
});

test("el generador es el mulberry32 de ARQUITECTURA.md", () => {
  /** @param {number} a */
  function mulberry32(a) {
    return function () {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (t ^ (t >>> 14)) >>> 0;
    };
  }
  for (const semilla of [0, 1, 42, 0xffffffff]) {
    const referencia = mulberry32(semilla);
    const generador = new Generador(semilla);
    for (let i = 0; i < 100; i += 1) assert.equal(generador.siguiente(), referencia());
  }
  assert.equal(new Generador(2 ** 32 + 7).siguiente(), new Generador(7).siguiente());
  assert.equal(new Generador(-1).siguiente(), new Generador(2 ** 32 - 1).siguiente());
});

test("la entrada hostil da un mensaje claro en vez de colgarse", () => {
  const larga = "1d6+".repeat(2500);
  assert.throws(() => analizar(larga), {
    message: `notación de dados «${larga.slice(0, 200)}…» (columna 201): la expresión tiene 10000 caracteres y el máximo es 200`,
  });
  assert.throws(() => analizar("99999999d99999999"), {
    message: "notación de dados «99999999d99999999» (columna 1): como mucho se pueden tirar 1000 dados, no 99999999",
  });
  assert.equal(tirar("1000d1000", new Generador(1)).dados.length, 1000);
});
