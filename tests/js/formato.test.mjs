// @ts-check
// El navegador escribe cada número como el motor: cada caso de «formatos» del corpus de
// conformidad (generado con tapiz_rules/modelo/formato.py) da el mismo texto en JavaScript.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as formato from "../../mkdocs_plugins/tema/tapiz/formato.js";

const RUTA_CORPUS = process.env.TAPIZ_CORPUS ?? new URL("../conformidad/corpus.json", import.meta.url);
/** @type {{formatos: {funcion: string, argumentos: number[], texto: string}[]}} */
const corpus = JSON.parse(readFileSync(RUTA_CORPUS, "utf8"));

/** @type {Record<string, (...argumentos: number[]) => string>} */
const FUNCIONES = {
  miles: formato.miles,
  decimal: formato.decimal,
  porcentaje: formato.porcentaje,
};

test("cada caso de formato del corpus da el mismo texto que en Python", () => {
  assert.ok(corpus.formatos.length >= 60);
  const vistas = new Set();
  for (const { funcion, argumentos, texto } of corpus.formatos) {
    assert.equal(FUNCIONES[funcion](...argumentos), texto, `${funcion}(${argumentos.join(", ")})`);
    vistas.add(funcion);
  }
  assert.deepEqual([...vistas].sort(), Object.keys(FUNCIONES).sort());
});
