// @ts-check
// La tirada de acción con los números que exporta el plugin en datos.json (grados, rasgos,
// heroicidad): aquí no se escribe ningún número de las reglas.

import { distribucion, multiplicar, Distribucion, PRESUPUESTO_NAVEGADOR } from "./probabilidad.js";

/** @typedef {{nombre: string, puntos: number, modificador: number}} Grado */
/**
 * Lo que la tirada de acción lee de datos.json.
 * @typedef {{grados: Grado[], heroicidad?: {puntos_antes_del_grado: number, bonus: number},
 *   bonus_rasgos: Record<string, number[]>, bonus_rasgos_lengua?: Record<string, number[][]>}} DatosAccion
 */
/**
 * @typedef {{mod?: number, nivel?: number, rasgos?: number, rasgos_lengua?: number,
 *   bonus?: number, resistencia: number}} Modificadores
 */

/**
 * Bonus de rasgos según la tabla `bonus_rasgos` de datos.json (nivel → bonus por número de
 * rasgos) o, si hay rasgos por lengua (regla opcional TZR0001), `bonus_rasgos_lengua`.
 * @param {DatosAccion} datos
 * @param {number} nivel
 * @param {number} cuantos
 * @param {number} [lengua]
 * @returns {number}
 */
export function bonusRasgos(datos, nivel, cuantos, lengua = 0) {
  if (lengua) return bonusConLengua(datos, nivel, cuantos, lengua);
  const niveles = Object.keys(datos.bonus_rasgos).map(Number);
  const fila = datos.bonus_rasgos[String(nivel)];
  if (!fila || cuantos < 0 || cuantos >= fila.length) {
    const columnas = datos.bonus_rasgos[String(niveles[0])].length;
    throw new Error(
      `La tabla de bonus por rasgos llega del nivel ${Math.min(...niveles)} al ` +
        `${Math.max(...niveles)} y de 0 a ${columnas - 1} rasgos.`,
    );
  }
  return fila[cuantos];
}

/**
 * @param {DatosAccion} datos
 * @param {number} nivel
 * @param {number} cuantos
 * @param {number} lengua
 * @returns {number}
 */
function bonusConLengua(datos, nivel, cuantos, lengua) {
  bonusRasgos(datos, nivel, cuantos); // el nivel y los rasgos, con el mensaje de siempre
  const tabla = datos.bonus_rasgos_lengua;
  if (!tabla) {
    throw new Error("Los rasgos por lengua solo dan bonus con la regla opcional TZR0001.");
  }
  const filas = tabla[String(nivel)];
  if (lengua < 0 || lengua >= filas.length) {
    throw new Error(`Los rasgos por lengua van de 0 a ${filas.length - 1}.`);
  }
  return filas[lengua][cuantos];
}

/**
 * El grado más alto que alcanzan unos puntos (grados ordenados por puntos), o null.
 * @param {Grado[]} grados
 * @param {number} puntos
 */
export function gradoDe(grados, puntos) {
  /** @type {Grado | null} */
  let alcanzado = null;
  for (const grado of ordenados(grados)) if (puntos >= grado.puntos) alcanzado = grado;
  return alcanzado;
}

/** @param {Grado[]} grados */
function ordenados(grados) {
  return [...grados].sort((a, b) => a.puntos - b.puntos);
}

/**
 * Suma de la distribución del dado base y la de los dados de atributo (si hay).
 * @param {string} dadoBase
 * @param {string} dadosAtributo
 * @param {Map<string, Distribucion>} [cache]
 */
export function distribucionBase(dadoBase, dadosAtributo, cache = new Map()) {
  const de = (/** @type {string} */ expresion) => {
    let dist = cache.get(expresion);
    if (!dist) {
      dist = distribucion(expresion, { trabajo: PRESUPUESTO_NAVEGADOR });
      cache.set(expresion, dist);
    }
    return dist;
  };
  const base = de(dadoBase);
  if (!dadosAtributo) return base;
  const extra = de(dadosAtributo);
  return new Distribucion(
    `${base.expresion}+${extra.expresion}`,
    base.minimo + extra.minimo,
    multiplicar(base.pesos, extra.pesos),
    base.denominador * extra.denominador,
  );
}

/**
 * Probabilidades exactas de una tirada de acción, como pesos sobre `denominador`.
 * Las bandas son exclusivas: «sin grado» es éxito (o fallo) que no llega al primer grado.
 * @param {DatosAccion} datos
 * @param {Modificadores & {dadoBase: string, dados?: string}} entradas
 * @param {Map<string, Distribucion>} [cache]
 */
export function probabilidadesAccion(datos, { dadoBase, dados = "", mod = 0, nivel = 1, rasgos = 0, rasgos_lengua = 0, bonus = 0, resistencia }, cache) {
  const dist = distribucionBase(dadoBase, dados, cache);
  const fijo = mod + bonusRasgos(datos, nivel, rasgos, rasgos_lengua) + bonus;
  const umbral = resistencia - fijo; // éxito si la suma de dados ≥ umbral
  const grados = ordenados(datos.grados);
  /** Peso de los totales de dados en [desde, hasta). */
  const entre = (/** @type {number} */ desde, /** @type {number} */ hasta) => dist.pesoAlMenos(desde) - dist.pesoAlMenos(hasta);
  const primero = grados[0].puntos;
  const efecto = grados.map((g, i) => ({
    nombre: g.nombre,
    peso: entre(umbral + g.puntos, i + 1 < grados.length ? umbral + grados[i + 1].puntos : Infinity),
  }));
  // Consecuencia de p puntos: suma = umbral - p.
  const consecuencia = grados.map((g, i) => ({
    nombre: g.nombre,
    peso: entre(
      i + 1 < grados.length ? umbral - grados[i + 1].puntos + 1 : -Infinity,
      umbral - g.puntos + 1,
    ),
  }));
  return {
    denominador: dist.denominador,
    bonusRasgos: fijo - mod - bonus,
    exito: dist.pesoAlMenos(umbral),
    fallo: dist.denominador - dist.pesoAlMenos(umbral),
    exitoSinGrado: entre(umbral, umbral + primero),
    falloSinGrado: entre(umbral - primero + 1, umbral),
    efecto,
    consecuencia,
  };
}

/**
 * Resuelve una tirada ya hecha: total, éxito, puntos, grado y si está a un punto del siguiente.
 * @param {DatosAccion} datos
 * @param {Modificadores & {sumaDados: number}} entradas
 */
export function resolverAccion(datos, { sumaDados, mod = 0, nivel = 1, rasgos = 0, rasgos_lengua = 0, bonus = 0, resistencia }) {
  const bonusDeRasgos = bonusRasgos(datos, nivel, rasgos, rasgos_lengua);
  const total = sumaDados + mod + bonusDeRasgos + bonus;
  const resultado = total - resistencia;
  const exito = resultado >= 0;
  const puntos = exito ? resultado : -resultado;
  const grado = gradoDe(datos.grados, puntos);
  const siguiente = ordenados(datos.grados).find((g) => g.puntos > puntos) ?? null;
  const faltan = siguiente ? siguiente.puntos - puntos : null;
  return {
    total,
    resultado,
    exito,
    puntos_de_efecto: exito ? puntos : 0,
    puntos_de_consecuencia: exito ? 0 : puntos,
    grado: grado ? grado.nombre : null,
    modificador: grado ? grado.modificador : 0,
    bonus_rasgos: bonusDeRasgos,
    siguiente: exito && siguiente ? siguiente.nombre : null,
    a_un_punto:
      exito && faltan !== null && datos.heroicidad !== undefined && faltan <= datos.heroicidad.puntos_antes_del_grado,
  };
}
