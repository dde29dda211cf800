// @ts-check
// «Repetir» lee los resultados compactados que escribe mkdocs_plugins/datos.py
// (compactar_resultados): soportes, resultados únicos e índices en orden de producto.

import assert from "node:assert/strict";
import { test } from "node:test";

import { resultadoDe } from "../../mkdocs_plugins/tema/tapiz/ejemplos.js";

/**
 * Compacta como el plugin: el último dado varía más deprisa.
 * @template T
 * @param {number[][]} soportes
 * @param {(totales: number[]) => T} resultado
 * @returns {import("../../mkdocs_plugins/tema/tapiz/ejemplos.js").Compactados<T>}
 */
function compactar(soportes, resultado) {
  /** @type {T[]} */
  const unicos = [];
  /** @type {number[]} */
  const indices = [];
  const combinar = (/** @type {number[]} */ prefijo, /** @type {number[][]} */ resto) => {
    if (!resto.length) {
      const valor = resultado(prefijo);
      let i = unicos.indexOf(valor);
      if (i < 0) i = unicos.push(valor) - 1;
      indices.push(i);
      return;
    }
    for (const v of resto[0]) combinar([...prefijo, v], resto.slice(1));
  };
  combinar([], soportes);
  return { soportes, unicos, indices };
}

test("cada combinación de totales da su resultado", () => {
  const soportes = [[1, 2, 3, 4, 5, 6], [2, 5, 9], [0, 1]];
  const suma = (/** @type {number[]} */ totales) => `total ${totales.reduce((a, b) => a + b, 0)}`;
  const compacto = compactar(soportes, suma);
  for (const a of soportes[0]) for (const b of soportes[1]) for (const c of soportes[2]) {
    assert.equal(resultadoDe(compacto, [a, b, c]), suma([a, b, c]));
  }
  assert.ok(compacto.unicos.length < compacto.indices.length);
});

test("un total fuera de lo precalculado no tiene resultado", () => {
  const compacto = compactar([[1, 2], [3, 4]], (t) => t.join("+"));
  assert.equal(resultadoDe(compacto, [7, 3]), undefined);
  assert.equal(resultadoDe(undefined, [1, 3]), undefined);
});
