// @ts-check
// Conformidad del motor de dados en JavaScript con el de Python: lee el corpus que genera
// tests/conformidad/generar.py y comprueba notación canónica, distribuciones y medias exactas,
// tiradas con semilla, errores (mensaje y columna) y veredictos del presupuesto. Cada prueba
// cuenta sus casos: una rama que no corre, falla.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Generador } from "../../mkdocs_plugins/tema/tapiz/generador.js";
import { analizar, ErrorNotacion, LIMITES } from "../../mkdocs_plugins/tema/tapiz/notacion.js";
import {
  distribucion,
  estimarTrabajo,
  PRESUPUESTO_NAVEGADOR,
} from "../../mkdocs_plugins/tema/tapiz/probabilidad.js";
import { tirar } from "../../mkdocs_plugins/tema/tapiz/tirada.js";

/**
 * El corpus que escribe tests/conformidad/generar.py.
 * @typedef {{version: number,
 *   expresiones: {expresion: string, canonica: string, min: number, max: number,
 *     distribucion: Array<[number, string]>, media: string}[],
 *   tiradas: Array<{semilla: number} & import("../../mkdocs_plugins/tema/tapiz/tirada.js").Tirada>,
 *   errores: {expresion: string, columna: number | null, mensaje: string}[],
 *   presupuestos: {expresion: string, trabajo: number[], aceptada: boolean}[]}} Corpus
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

test("notación canónica, mínimo, máximo, distribución y media exactas", () => {
  let medias = 0;
  for (const caso of corpus.expresiones) {
    const arbol = analizar(caso.expresion);
    assert.equal(String(arbol), caso.canonica, caso.expresion);
    assert.equal(String(analizar(String(arbol))), caso.canonica, caso.expresion);
    const dist = distribucion(caso.expresion);
    assert.equal(dist.minimo, caso.min, caso.expresion);
    assert.equal(dist.maximo, caso.max, caso.expresion);
    assert.deepEqual(dist.items(), caso.distribucion, caso.expresion);
    assert.equal(dist.media, caso.media, caso.expresion);
    medias += 1;
  }
  assert.equal(medias, corpus.expresiones.length);
  assert.ok(medias >= 40);
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
    distribucion(expresion); // analiza y, si la notación vale, comprueba el presupuesto
  } catch (error) {
    return error;
  }
  return null;
}

test("errores: mismo mensaje y misma columna que Python", () => {
  let mensajes = 0;
  for (const caso of corpus.errores) {
    const error = errorDe(caso.expresion);
    assert.ok(error instanceof ErrorNotacion, `«${caso.expresion}» debería fallar`);
    assert.equal(error.columna, caso.columna, caso.expresion);
    assert.equal(error.message, caso.mensaje, caso.expresion);
    mensajes += 1;
  }
  assert.equal(mensajes, corpus.errores.length);
  assert.ok(mensajes >= 15);
});

test("presupuesto: mismo trabajo estimado y mismo veredicto que Python", () => {
  const veredictos = { aceptada: 0, rechazada: 0 };
  for (const caso of corpus.presupuestos) {
    const trabajo = estimarTrabajo(analizar(caso.expresion)).map(([, acumulado]) => acumulado);
    assert.deepEqual(trabajo, caso.trabajo, caso.expresion);
    assert.equal(trabajo[trabajo.length - 1] <= LIMITES.trabajo, caso.aceptada, caso.expresion);
    const error = errorDe(caso.expresion);
    if (caso.aceptada) {
      assert.equal(error, null, caso.expresion);
      veredictos.aceptada += 1;
    } else {
      assert.match(error.message, /demasiado grande para calcular probabilidades exactas/);
      veredictos.rechazada += 1;
    }
  }
  assert.ok(veredictos.aceptada >= 5 && veredictos.rechazada >= 5, JSON.stringify(veredictos));
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
  assert.throws(() => distribucion("1000d1000"), {
    message:
      "notación de dados «1000d1000» (columna 1): «1000d1000» es demasiado grande para calcular " +
      "probabilidades exactas; se puede tirar, pero no tabular",
  });
  assert.equal(tirar("1000d1000", new Generador(1)).dados.length, 1000);
  // En el navegador el presupuesto es menor: Python y el presupuesto completo lo aceptan.
  assert.equal(distribucion("100d20!kh1").minimo, 1);
  assert.throws(() => distribucion("100d20!kh1", { trabajo: PRESUPUESTO_NAVEGADOR }), {
    message:
      "notación de dados «100d20!kh1» (columna 1): «100d20!kh1» es demasiado grande para " +
      "calcular probabilidades exactas; se puede tirar, pero no tabular",
  });
});
