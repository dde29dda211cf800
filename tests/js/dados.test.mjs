// @ts-check
// Conformidad del motor de dados en JavaScript con el de Python: lee el corpus que genera
// tests/conformidad/generar.py y comprueba notación canónica, distribuciones y medias exactas,
// tiradas con semilla, errores (mensaje y columna), veredictos del presupuesto y la tirada de
// acción con cada reglamento. Cada prueba cuenta sus casos: una rama que no corre, falla.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { probabilidadesAccion, resolverAccion } from "../../site_overrides/tapiz/accion.js";
import { Generador } from "../../site_overrides/tapiz/generador.js";
import { analizar, ErrorNotacion, LIMITES } from "../../site_overrides/tapiz/notacion.js";
import {
  distribucion,
  estimarTrabajo,
  PRESUPUESTO_NAVEGADOR,
} from "../../site_overrides/tapiz/probabilidad.js";
import { tirar } from "../../site_overrides/tapiz/tirada.js";

/** @typedef {import("../../site_overrides/tapiz/accion.js").Modificadores} Modificadores */
/** @typedef {ReturnType<typeof resolverAccion>} Resolucion */
/**
 * La tirada de acción con un reglamento (`caso_de_variante` de tests/conformidad/generar.py):
 * sus datos, probabilidades del motor para unas entradas y resoluciones de tiradas hechas.
 * @typedef {{variante: string, dado_base: string, datos: import("../../site_overrides/tapiz/accion.js").DatosAccion,
 *   probabilidades: {entradas: Modificadores & {dados: string}, p: Record<string, number>}[],
 *   resoluciones: {entradas: Modificadores & {base: number, dados: number}, salidas: Partial<Resolucion>}[]}} VarianteAccion
 */
/**
 * El corpus que escribe tests/conformidad/generar.py.
 * @typedef {{version: number,
 *   expresiones: {expresion: string, canonica: string, min: number, max: number,
 *     distribucion: Array<[number, string]>, media: string}[],
 *   tiradas: Array<{semilla: number} & import("../../site_overrides/tapiz/tirada.js").Tirada>,
 *   errores: {expresion: string, columna: number | null, mensaje: string}[],
 *   presupuestos: {expresion: string, trabajo: number[], aceptada: boolean}[],
 *   accion: VarianteAccion[]}} Corpus
 */

const RUTA_CORPUS = process.env.TAPIZ_CORPUS ?? new URL("../conformidad/corpus.json", import.meta.url);
/** @type {Corpus} */
const corpus = JSON.parse(readFileSync(RUTA_CORPUS, "utf8"));

test("el corpus tiene la versión 3 y casos de cada tipo", () => {
  assert.equal(corpus.version, 3);
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

const VARIANTES = new Map(corpus.accion.map((v) => [v.variante, v]));

/** @param {string} nombre */
function datosDe(nombre) {
  const variante = VARIANTES.get(nombre);
  assert.ok(variante, `el corpus no tiene la variante ${nombre}`);
  return variante.datos;
}

const DATOS = datosDe("actual");

test("probabilidades de acción: las bandas reparten toda la probabilidad", () => {
  const p = probabilidadesAccion(DATOS, { dadoBase: "1d20", dados: "1d6!", mod: 2, nivel: 3, rasgos: 2, resistencia: 15 });
  assert.equal(p.exito + p.fallo, p.denominador);
  const exitos = p.exitoSinGrado + p.efecto.reduce((s, g) => s + g.peso, 0n);
  const fallos = p.falloSinGrado + p.consecuencia.reduce((s, g) => s + g.peso, 0n);
  assert.equal(exitos, p.exito);
  assert.equal(fallos, p.fallo);
  assert.equal(p.bonusRasgos, 4);
});

/**
 * Una probabilidad exacta (peso BigInt sobre denominador) frente al float del motor.
 * @param {bigint} peso
 * @param {bigint} denominador
 * @param {number} esperado
 * @param {string} mensaje
 */
function casi(peso, denominador, esperado, mensaje) {
  const valor = Number((peso * 10n ** 15n) / denominador) / 1e15;
  assert.ok(Math.abs(valor - esperado) < 1e-12, `${mensaje}: ${valor} ≠ ${esperado}`);
}

const CONSECUENCIAS = ["p_consecuencia_menor", "p_consecuencia_mayor", "p_consecuencia_extrema"];

test("probabilidades de acción iguales a las de probabilidades_accion del motor, con cada reglamento", () => {
  /** @type {Record<string, number>} */
  const porVariante = {};
  for (const { variante, dado_base: dadoBase, datos, probabilidades } of corpus.accion) {
    for (const { entradas, p: esperadas } of probabilidades) {
      const p = probabilidadesAccion(datos, { dadoBase, ...entradas });
      const nombre = `${variante} ${JSON.stringify(entradas)}`;
      casi(p.exito, p.denominador, esperadas.p_exito, `${nombre} éxito`);
      casi(p.fallo, p.denominador, esperadas.p_fallo, `${nombre} fallo`);
      for (const grado of p.efecto) casi(grado.peso, p.denominador, esperadas[`p_${grado.nombre}`], `${nombre} ${grado.nombre}`);
      assert.equal(p.consecuencia.length, CONSECUENCIAS.length);
      p.consecuencia.forEach((grado, i) => casi(grado.peso, p.denominador, esperadas[CONSECUENCIAS[i]], `${nombre} consecuencia ${i}`));
      porVariante[variante] = (porVariante[variante] ?? 0) + 1;
    }
  }
  assert.deepEqual(porVariante, { actual: 4, 2017: 4, TZR0001: 6 });
});

test("resolver una tirada da lo mismo que la regla accion del motor, con cada reglamento", () => {
  /** @type {Record<string, number>} */
  const porVariante = {};
  for (const { variante, datos, resoluciones } of corpus.accion) {
    for (const { entradas, salidas } of resoluciones) {
      const { base, dados, ...resto } = entradas;
      const r = resolverAccion(datos, { sumaDados: base + dados, ...resto });
      for (const clave of /** @type {Array<keyof Resolucion>} */ (Object.keys(salidas))) {
        assert.deepEqual(r[clave], salidas[clave], `${variante} ${JSON.stringify(entradas)} ${clave}`);
      }
      porVariante[variante] = (porVariante[variante] ?? 0) + 1;
    }
  }
  assert.deepEqual(porVariante, { actual: 4, 2017: 4, TZR0001: 6 });
});

test("sin TZR0001 los rasgos por lengua no dan bonus: error claro", () => {
  assert.throws(() => resolverAccion(DATOS, { sumaDados: 10, rasgos: 1, rasgos_lengua: 1, resistencia: 10 }), {
    message: "Los rasgos por lengua solo dan bonus con la regla opcional TZR0001.",
  });
  const conLengua = datosDe("TZR0001");
  assert.throws(() => resolverAccion(conLengua, { sumaDados: 10, rasgos: 1, rasgos_lengua: 3, resistencia: 10 }), {
    message: "Los rasgos por lengua van de 0 a 2.",
  });
});

test("resolver una tirada: grado, puntos y a un punto del siguiente grado", () => {
  const r = resolverAccion(DATOS, { sumaDados: 14, mod: 2, nivel: 3, rasgos: 2, resistencia: 11 });
  assert.deepEqual(r, {
    total: 20,
    resultado: 9,
    exito: true,
    puntos_de_efecto: 9,
    puntos_de_consecuencia: 0,
    grado: "menor",
    modificador: 2,
    bonus_rasgos: 4,
    siguiente: "mayor",
    a_un_punto: true,
  });
  const fallo = resolverAccion(DATOS, { sumaDados: 3, resistencia: 15 });
  assert.equal(fallo.exito, false);
  assert.equal(fallo.puntos_de_consecuencia, 12);
  assert.equal(fallo.grado, "mayor");
});

test("el bonus de rasgos sale siempre de la tabla bonus_rasgos de datos.json", () => {
  const datos = { ...DATOS, rasgos: undefined, bonus_rasgos: { 1: [0, 1, 2], 2: [0, 2, 3] } };
  assert.equal(resolverAccion(datos, { sumaDados: 10, nivel: 2, rasgos: 2, resistencia: 10 }).bonus_rasgos, 3);
  assert.throws(() => resolverAccion(datos, { sumaDados: 10, nivel: 3, rasgos: 1, resistencia: 10 }), {
    message: "La tabla de bonus por rasgos llega del nivel 1 al 2 y de 0 a 2 rasgos.",
  });
});
