// @ts-check
// Tirar una expresión con un Generador: mismo orden de consumo que tapiz_rules/dados/tirada.py.

import { analizar, Constante } from "./notacion.js";

/** @typedef {import("./notacion.js").Dados} Dados */
/** @typedef {import("./generador.js").Generador} Generador */
/**
 * Un dado en el JSON de `Tirada.a_json` de Python.
 * @typedef {{caras: number, valor: number, explosion: boolean, descartado: boolean,
 *   etiqueta: string | null}} DadoTirado
 */
/** @typedef {{expresion: string, total: number, dados: DadoTirado[]}} Tirada */

/**
 * @param {number} caras
 * @param {number} valor
 * @param {{explosion?: boolean, descartado?: boolean, etiqueta?: string | null}} [opciones]
 * @returns {DadoTirado}
 */
function dadoTirado(caras, valor, { explosion = false, descartado = false, etiqueta = null } = {}) {
  return { caras, valor, explosion, descartado, etiqueta };
}

/**
 * Tira de izquierda a derecha, dado a dado; las explosiones siguen a su dado.
 * @param {string | import("./notacion.js").Expresion} expresion
 * @param {Generador} generador
 * @returns {Tirada}
 */
export function tirar(expresion, generador) {
  const arbol = analizar(String(expresion));
  let total = 0;
  /** @type {DadoTirado[]} */
  const dados = [];
  for (const termino of arbol.terminos) {
    if (termino instanceof Constante) {
      total += termino.valor;
      continue;
    }
    const [suma, tirados] = tirarDados(termino, generador);
    total += termino.signo * suma;
    dados.push(...tirados);
  }
  return { expresion: String(arbol), total, dados };
}

/**
 * @param {Dados} termino
 * @param {Generador} generador
 * @returns {[number, DadoTirado[]]}
 */
function tirarDados(termino, generador) {
  const grupos = Array.from({ length: termino.cantidad }, () => tirarUno(termino, generador));
  const totales = grupos.map(([valor]) => valor);
  const descartados = indicesDescartados(termino, totales);
  /** @type {DadoTirado[]} */
  const tirados = [];
  grupos.forEach(([, partes], indice) => {
    const fuera = descartados.has(indice);
    tirados.push(...partes.map((p) => (fuera ? { ...p, descartado: true } : p)));
  });
  const suma = totales.reduce((s, t, i) => (descartados.has(i) ? s : s + t), 0);
  return [suma, tirados];
}

/**
 * Un dado con sus explosiones (o las dos partes de un d%) y su valor total.
 * @param {Dados} termino
 * @param {Generador} generador
 * @returns {[number, DadoTirado[]]}
 */
function tirarUno(termino, generador) {
  if (termino.porcentual) {
    const decenas = (generador.dado(10) - 1) * 10;
    const unidades = generador.dado(10) - 1;
    const partes = [
      dadoTirado(10, decenas, { etiqueta: "decenas" }),
      dadoTirado(10, unidades, { etiqueta: "unidades" }),
    ];
    return [decenas + unidades || 100, partes];
  }
  let valor = generador.dado(termino.caras);
  const partes = [dadoTirado(termino.caras, valor)];
  while (valor === termino.caras && partes.length <= (termino.explosion ?? 0)) {
    valor = generador.dado(termino.caras);
    partes.push(dadoTirado(termino.caras, valor, { explosion: true }));
  }
  return [partes.reduce((s, p) => s + p.valor, 0), partes];
}

/**
 * Índices de los dados que no cuentan; ante un empate se descarta el de más a la derecha.
 * @param {Dados} termino
 * @param {number[]} totales
 * @returns {Set<number>}
 */
function indicesDescartados(termino, totales) {
  if (termino.seleccion === null) return new Set();
  const sobran = termino.cantidad - termino.guardados;
  const altos = termino.seleccion.prefiereAltos;
  const orden = totales.map((_, i) => i);
  orden.sort((i, j) => {
    const porValor = altos ? totales[i] - totales[j] : totales[j] - totales[i];
    return porValor || j - i;
  });
  return new Set(orden.slice(0, sobran));
}
