// @ts-check
// Lo que la página acepta del motor de un Lienzo con Python (caja.js): las respuestas que casan
// con lo que la construcción sabe de sus reglas pasan tal cual; las demás se cambian por un
// error que lo dice, sin nada de lo que llegó.

import assert from "node:assert/strict";
import { test } from "node:test";

import { comprobada } from "../../mkdocs_plugins/tema/tapiz/caja.js";

/** @type {import("../../mkdocs_plugins/tema/tapiz/caja.js").Declarado} */
const DECLARADO = {
  nombre: "Puertos de Bruma",
  zip: "lienzos/0.zip",
  reglas: { regateo: { entradas: ["precio", "puntos_de_efecto"], salidas: ["rebaja", "precio"] } },
  tablas: ["ejemplos_efectos"],
};
const REGLA = { tipo: "regla", regla: "regateo", lienzo: "Puertos de Bruma" };
const BIEN = {
  salidas: [
    { nombre: "rebaja", etiqueta: "Rebaja", texto: "15 %" },
    { nombre: "precio", etiqueta: "Precio final", texto: "170 monedas" },
  ],
  pasos: ["3 × 5 % = 15 %"],
  reglamento: "Lienzo «Puertos de Bruma»",
};
const rechazo = (/** @type {string} */ motivo) => ({
  error: `El motor del Lienzo «Puertos de Bruma» dio una respuesta que no se puede mostrar (${motivo}).`,
});

test("lo que declara la regla pasa tal cual", () => {
  assert.equal(comprobada(REGLA, BIEN, DECLARADO), BIEN);
  const error = { error: "Precio pedido: escribe un número entero, como 3.", campo: "precio" };
  assert.equal(comprobada(REGLA, error, DECLARADO), error);
  const tabla = { titulo: "T", columnas: ["A"], filas: [["1"]], notas: [], reglamento: "R" };
  assert.equal(comprobada({ tipo: "tabla", tabla: "ejemplos_efectos" }, tabla, DECLARADO), tabla);
});

test("otras salidas, otro orden o valores que no son texto no se muestran", () => {
  const otra = { ...BIEN, salidas: [...BIEN.salidas, { nombre: "otra", etiqueta: "Otra", texto: "<b>x</b>" }] };
  const alReves = { ...BIEN, salidas: [...BIEN.salidas].reverse() };
  const numero = { ...BIEN, salidas: [BIEN.salidas[0], { ...BIEN.salidas[1], texto: 170 }] };
  for (const respuesta of [otra, alReves, numero]) {
    assert.deepEqual(comprobada(REGLA, respuesta, DECLARADO), rechazo("otras salidas que las declaradas"));
  }
});

test("una regla o una tabla que el Lienzo no declara, un error con un campo ajeno o datos raros", () => {
  const ajena = { ...REGLA, regla: "accion_secreta" };
  assert.deepEqual(comprobada(ajena, BIEN, DECLARADO), rechazo("una regla que el Lienzo no declara"));
  const tabla = { tipo: "tabla", tabla: "otra" };
  assert.deepEqual(comprobada(tabla, {}, DECLARADO), rechazo("una tabla que el Lienzo no declara"));
  const campo = { error: "x", campo: "nivel" };
  assert.deepEqual(comprobada(REGLA, campo, DECLARADO), rechazo("un error mal formado"));
  const hondo = JSON.parse("[".repeat(20) + "]".repeat(20));
  const largo = { ...BIEN, pasos: ["x".repeat(30_000)] };
  for (const raro of [null, "texto", [BIEN], new Map(), { ...BIEN, pasos: hondo }, largo]) {
    assert.deepEqual(comprobada(REGLA, raro, DECLARADO), rechazo("no son datos"), String(raro));
  }
});
