// @ts-check
// Distribuciones exactas con BigInt: los mismos algoritmos y el mismo modelo de coste que
// tapiz_rules/dados/probabilidad.py (sus constantes llegan de contrato.js), así que con el
// mismo presupuesto ambos aceptan y rechazan lo mismo; los widgets piden uno menor.

import { COSTE } from "./contrato.js";
import { analizar, Constante, Dados, ErrorNotacion, LIMITES } from "./notacion.js";

/** @typedef {import("./notacion.js").Seleccion} Seleccion */

/**
 * Presupuesto para los widgets: 50 veces menos trabajo que en Python. El modelo de coste es
 * prudente (lo que estima en medio segundo suele tardar decenas de milisegundos, en Node como
 * en CPython), pero aquí el cálculo corre en el hilo de la página, que no debe pararse ni en
 * un móvil lento. Las pruebas de conformidad y la diferencial usan el presupuesto de Python.
 */
export const PRESUPUESTO_NAVEGADOR = LIMITES.trabajo / 50;

const bitsDe = (/** @type {bigint} */ n) => (n === 0n ? 0 : n.toString(2).length);

/**
 * @param {bigint} a
 * @param {bigint} b
 */
function mcd(a, b) {
  [a, b] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Una fracción reducida como texto «num/den», el formato del corpus.
 * @param {bigint} numerador
 * @param {bigint} denominador
 */
export function fraccion(numerador, denominador) {
  const divisor = mcd(numerador, denominador) || 1n;
  return `${numerador / divisor}/${denominador / divisor}`;
}

/**
 * numerador/denominador como número de coma flotante, sin desbordar con BigInt enormes.
 * @param {bigint} numerador
 * @param {bigint} denominador
 */
export function decimal(numerador, denominador) {
  const corte = BigInt(Math.max(0, bitsDe(denominador) - 60));
  return Number(numerador >> corte) / Number(denominador >> corte);
}

export class Distribucion {
  /**
   * Probabilidad exacta de cada total: pesos[i] / denominador para minimo + i.
   * @param {string} expresion
   * @param {number} minimo
   * @param {bigint[]} pesos
   * @param {bigint} denominador
   */
  constructor(expresion, minimo, pesos, denominador) {
    let fin = pesos.length;
    while (fin > 0 && pesos[fin - 1] === 0n) fin -= 1;
    const inicio = pesos.findIndex((p) => p !== 0n);
    this.expresion = expresion;
    this.denominador = denominador;
    this.minimo = minimo + inicio;
    this.pesos = pesos.slice(inicio, fin);
  }

  get maximo() {
    return this.minimo + this.pesos.length - 1;
  }

  /** La media como fracción reducida «num/den». */
  get media() {
    const suma = this.pesos.reduce((s, p, i) => s + BigInt(this.minimo + i) * p, 0n);
    return fraccion(suma, this.denominador);
  }

  /** @param {number} valor */
  peso(valor) {
    return valor < this.minimo || valor > this.maximo ? 0n : this.pesos[valor - this.minimo];
  }

  /**
   * Peso de P(total ≥ umbral) sobre el mismo denominador.
   * @param {number} umbral
   */
  pesoAlMenos(umbral) {
    let suma = 0n;
    for (let v = Math.max(umbral, this.minimo); v <= this.maximo; v += 1) suma += this.peso(v);
    return suma;
  }

  /**
   * [[valor, "num/den"]] de los totales posibles, de menor a mayor.
   * @returns {Array<[number, string]>}
   */
  items() {
    return this.pesos.flatMap((p, i) => (p ? [[this.minimo + i, fraccion(p, this.denominador)]] : []));
  }

  /**
   * [[valor, probabilidad]] en coma flotante, para dibujar.
   * @returns {import("./vista.js").Puntos}
   */
  decimales() {
    return this.pesos.flatMap((p, i) => (p ? [[this.minimo + i, decimal(p, this.denominador)]] : []));
  }
}

/**
 * Distribución exacta del total; ErrorNotacion si excede el presupuesto de trabajo.
 * @param {string | import("./notacion.js").Expresion} expresion
 * @param {{trabajo?: number}} [opciones]
 */
export function distribucion(expresion, { trabajo = LIMITES.trabajo } = {}) {
  const texto = String(expresion);
  const arbol = analizar(texto);
  comprobarPresupuesto(arbol, texto, trabajo);
  let minimo = 0;
  let pesos = [1n];
  let denominador = 1n;
  for (const termino of arbol.terminos) {
    if (termino instanceof Constante) {
      minimo += termino.valor;
      continue;
    }
    const [tMinimo, tPesos, tDenominador] = pesosDeTermino(termino);
    minimo += tMinimo;
    pesos = multiplicar(pesos, tPesos);
    denominador *= tDenominador;
  }
  return new Distribucion(String(arbol), minimo, pesos, denominador);
}

// ---- Polinomios de coeficientes enteros (sustitución de Kronecker) -----------------------

/** @param {bigint[]} lista */
function maximo(lista) {
  return lista.reduce((m, x) => (x > m ? x : m), 0n);
}

/**
 * Coeficientes de a * b: cada polinomio se empaqueta en un BigInt y se multiplica una vez.
 * @param {bigint[]} a
 * @param {bigint[]} b
 * @returns {bigint[]}
 */
export function multiplicar(a, b) {
  if (a.length === 1 || b.length === 1) {
    const [factor, otro] = a.length === 1 ? [a[0], b] : [b[0], a];
    return otro.map((c) => factor * c);
  }
  const bits = bitsDe(maximo(a)) + bitsDe(maximo(b)) + bitsDe(BigInt(Math.min(a.length, b.length)));
  const cifras = Math.ceil(bits / 4);
  const producto = empaquetar(a, cifras) * empaquetar(b, cifras);
  const longitud = a.length + b.length - 1;
  const hex = producto.toString(16).padStart(longitud * cifras, "0");
  const coeficientes = new Array(longitud);
  for (let i = 0; i < longitud; i += 1) {
    const fin = hex.length - i * cifras;
    coeficientes[i] = BigInt(`0x${hex.slice(fin - cifras, fin)}`);
  }
  return coeficientes;
}

/**
 * @param {bigint[]} coeficientes
 * @param {number} cifras hexadecimales por coeficiente
 */
function empaquetar(coeficientes, cifras) {
  const partes = new Array(coeficientes.length);
  for (let i = 0; i < coeficientes.length; i += 1) {
    partes[coeficientes.length - 1 - i] = coeficientes[i].toString(16).padStart(cifras, "0");
  }
  return BigInt(`0x${partes.join("")}`);
}

/**
 * a elevado a exponente (≥ 1) por cuadrados sucesivos.
 * @param {bigint[]} a
 * @param {number} exponente
 * @returns {bigint[]}
 */
export function potencia(a, exponente) {
  /** @type {bigint[] | null} */
  let resultado = null;
  let base = a;
  while (exponente) {
    if (exponente & 1) resultado = resultado === null ? base : multiplicar(resultado, base);
    exponente >>= 1;
    if (exponente) base = multiplicar(base, base);
  }
  return resultado ?? [1n];
}

// ---- Términos ----------------------------------------------------------------------------

/**
 * Pesos de un dado (valores desde 1) y su denominador, con explosiones exactas.
 * @param {Dados} termino
 * @returns {[bigint[], bigint]}
 */
function pesosDeDado(termino) {
  const caras = termino.caras;
  const profundidad = termino.explosion ?? 0;
  const bigCaras = BigInt(caras);
  const pesos = [];
  for (let veces = 0; veces < profundidad; veces += 1) {
    const peso = bigCaras ** BigInt(profundidad - veces);
    for (let c = 1; c < caras; c += 1) pesos.push(peso);
    pesos.push(0n);
  }
  for (let c = 0; c < caras; c += 1) pesos.push(1n);
  return [pesos, bigCaras ** BigInt(profundidad + 1)];
}

/**
 * @param {Dados} termino
 * @returns {[number, bigint[], bigint]}
 */
function pesosDeTermino(termino) {
  const [pesosDado, denominador] = pesosDeDado(termino);
  const n = termino.cantidad;
  const guardados = termino.guardados;
  let [minimo, pesos] =
    guardados === n
      ? [n, potencia(pesosDado, n)]
      : guardar(pesosDado, n, guardados, /** @type {Seleccion} */ (termino.seleccion).prefiereAltos);
  if (termino.signo < 0) {
    minimo = -(minimo + pesos.length - 1);
    pesos = pesos.slice().reverse();
  }
  return [minimo, pesos, denominador ** BigInt(n)];
}

/**
 * @param {Map<number, bigint>} mapa
 * @param {number} clave
 * @param {bigint} valor
 */
function sumar(mapa, clave, valor) {
  mapa.set(clave, (mapa.get(clave) ?? 0n) + valor);
}

/**
 * Suma de los `guardados` mejores de `n` dados iguales (pesos de valores desde 1).
 * Se recorren los valores del preferido al último; estados[c] reparte el peso de haber
 * asignado ya c dados según la suma guardada. Asignados los `guardados`, los demás dados
 * caen en valores peores y pesan resto ** libres (teorema multinomial).
 * @param {bigint[]} pesos
 * @param {number} n
 * @param {number} guardados
 * @param {boolean} altos
 * @returns {[number, bigint[]]}
 */
function guardar(pesos, n, guardados, altos) {
  /** @type {Array<[number, bigint]>} los valores con peso y su peso */
  const valores = [];
  pesos.forEach((p, i) => p && valores.push([i + 1, p]));
  if (altos) valores.reverse();
  let resto = pesos.reduce((s, p) => s + p, 0n);
  let estados = [new Map([[0, 1n]]), ...Array.from({ length: guardados - 1 }, () => new Map())];
  const final = new Map();
  for (const [valor, peso] of valores) {
    resto -= peso;
    const potenciasResto = [1n];
    for (let i = 0; i < n - guardados; i += 1) potenciasResto.push(potenciasResto[i] * resto);
    const nuevos = Array.from({ length: guardados }, () => new Map());
    estados.forEach((sumas, asignados) => {
      if (!sumas.size) return;
      const libres = n - asignados;
      let factor = 1n; // C(libres, j) · peso^j, actualizado paso a paso
      for (let j = 0; j <= libres; j += 1) {
        let destino = nuevos[asignados + j];
        let extra = j * valor;
        let completo = factor;
        if (asignados + j >= guardados) {
          destino = final;
          extra = (guardados - asignados) * valor;
          completo = factor * potenciasResto[libres - j];
        }
        if (completo) for (const [suma, p] of sumas) sumar(destino, suma + extra, p * completo);
        factor = (factor * BigInt(libres - j) * peso) / BigInt(j + 1);
      }
    });
    estados = nuevos;
  }
  const claves = [...final.keys()];
  const minimo = Math.min(...claves);
  const tope = Math.max(...claves);
  const resultado = [];
  for (let s = minimo; s <= tope; s += 1) resultado.push(final.get(s) ?? 0n);
  return [minimo, resultado];
}

// ---- Presupuesto de trabajo (misma estimación que Python) --------------------------------

/**
 * `x ** (karatsuba_1024 / 1024)` con solo raíces cuadradas y productos, como
 * `potencia_karatsuba` de Python: `**` daría otra cifra final que la `pow` de Python.
 * @param {number} x
 */
function potenciaKaratsuba(x) {
  let resultado = 1;
  let raiz = x;
  for (let bit = 9; bit >= 0; bit -= 1) {
    raiz = Math.sqrt(raiz);
    if ((COSTE.karatsuba_1024 >> bit) & 1) resultado *= raiz;
  }
  return resultado;
}

/**
 * @param {number} bitsA
 * @param {number} bitsB
 * @param {number} longitud
 */
function anchoDeRanura(bitsA, bitsB, longitud) {
  // ancho_de_ranura(1 << a.bits, 1 << b.bits, longitud) de Python, en bytes.
  const bits = bitsA + 1 + (bitsB + 1) + bitsDe(BigInt(longitud));
  return Math.floor(bits / 8) + 1;
}

/** @typedef {{longitud: number, bits: number}} Forma lo que se sabe de un polinomio antes de calcularlo */

/**
 * Empaquetar y desempaquetar (lineal) más el producto de Karatsuba, en palabras de 64 bits.
 * @param {Forma} a
 * @param {Forma} b
 * @returns {[number, Forma]}
 */
function costeProducto(a, b) {
  const longitud = a.longitud + b.longitud - 1;
  const ranura = anchoDeRanura(a.bits, b.bits, Math.min(a.longitud, b.longitud));
  const palabrasA = 1 + Math.floor((a.longitud * ranura) / 8);
  const palabrasB = 1 + Math.floor((b.longitud * ranura) / 8);
  const mayor = Math.max(palabrasA, palabrasB);
  const menor = Math.min(palabrasA, palabrasB);
  const producto = Math.trunc(COSTE.por_palabra * mayor * potenciaKaratsuba(menor));
  return [COSTE.por_coeficiente * longitud + producto, { longitud, bits: a.bits + b.bits }];
}

/**
 * @param {Forma} a
 * @param {number} exponente
 * @returns {[number, Forma]}
 */
function costePotencia(a, exponente) {
  let coste = 0;
  /** @type {Forma | null} */
  let resultado = null;
  let base = a;
  for (;;) {
    if (exponente & 1) {
      if (resultado === null) {
        resultado = base;
      } else {
        const [paso, forma] = costeProducto(resultado, base);
        coste += paso;
        resultado = forma;
      }
    }
    exponente >>= 1;
    // El exponente es al menos 1: al acabar, resultado ya tiene valor.
    if (!exponente) return [coste, /** @type {Forma} */ (resultado)];
    const [paso, forma] = costeProducto(base, base);
    coste += paso;
    base = forma;
  }
}

/**
 * @param {Dados} termino
 * @returns {[number, Forma]}
 */
function costeTermino(termino) {
  const caras = termino.caras;
  const profundidad = termino.explosion ?? 0;
  const dado = {
    longitud: caras * (profundidad + 1),
    bits: bitsDe(BigInt(caras) ** BigInt(profundidad + 1)),
  };
  const n = termino.cantidad;
  const guardados = termino.guardados;
  if (guardados === n) return costePotencia(dado, n);
  const distintos = caras * (profundidad + 1) - profundidad;
  let porValor = 0;
  for (let c = 0; c < guardados; c += 1) porValor += (n - c + 1) * (c * dado.longitud + 1);
  const bits = n * dado.bits;
  // Cada actualización multiplica enteros de hasta `bits` bits (Karatsuba).
  const palabras = Math.floor(bits / 64) + 1;
  const porActualizacion =
    COSTE.por_actualizacion + Math.trunc(COSTE.por_palabra * (palabras * potenciaKaratsuba(palabras)));
  const coste = distintos * porValor * porActualizacion;
  return [coste, { longitud: guardados * dado.longitud, bits }];
}

/**
 * Trabajo acumulado tras cada término de dados, en el orden del cálculo.
 * @param {import("./notacion.js").Expresion} arbol
 * @returns {Array<[Dados, number]>}
 */
export function estimarTrabajo(arbol) {
  /** @type {Array<[Dados, number]>} */
  const acumulado = [];
  let forma = { longitud: 1, bits: 0 };
  let trabajo = 0;
  for (const termino of arbol.terminos) {
    if (!(termino instanceof Dados)) continue;
    const [coste, propia] = costeTermino(termino);
    const [union, nueva] = costeProducto(forma, propia);
    forma = nueva;
    trabajo += coste + union;
    acumulado.push([termino, trabajo]);
  }
  return acumulado;
}

/**
 * Error claro, antes de calcular nada, si el cálculo exacto sería demasiado largo.
 * @param {import("./notacion.js").Expresion} arbol
 * @param {string} texto
 * @param {number} [trabajo]
 */
export function comprobarPresupuesto(arbol, texto, trabajo = LIMITES.trabajo) {
  const excedido = estimarTrabajo(arbol).find(([, acumulado]) => acumulado > trabajo);
  if (!excedido) return;
  const [termino] = excedido;
  throw new ErrorNotacion(
    `«${termino.notacion()}» es demasiado grande para calcular probabilidades exactas; ` +
      "se puede tirar, pero no tabular",
    texto,
    termino.columna ?? null,
  );
}
