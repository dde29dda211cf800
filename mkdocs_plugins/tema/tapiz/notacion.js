// @ts-check
// Notación de dados: el mismo analizador que tapiz_rules/dados/notacion.py, con los mismos
// mensajes y columnas de error (el corpus de conformidad y la prueba diferencial lo comprueban).
// Los textos se recorren por puntos de código, como en Python, no por unidades UTF-16.
// Los límites salen del motor a través de contrato.js (generado, no se escriben aquí).

import { LIMITES, PROFUNDIDAD_POR_DEFECTO } from "./contrato.js";

export { LIMITES, PROFUNDIDAD_POR_DEFECTO };

const ESPACIOS = " \t";
const SE_ESPERABA_TERMINO = "se esperaba una tirada de dados (como «2d6») o un número";

export class ErrorNotacion extends Error {
  /**
   * @param {string} detalle
   * @param {string} expresion
   * @param {number | null} [columna] desde 1
   */
  constructor(detalle, expresion, columna = null) {
    const donde = columna === null ? "" : ` (columna ${columna})`;
    super(`notación de dados «${expresion}»${donde}: ${detalle}`);
    this.name = "ErrorNotacion";
    this.detalle = detalle;
    this.expresion = expresion;
    this.columna = columna;
  }
}

export class Seleccion {
  /**
   * @param {"kh" | "kl" | "dh" | "dl"} modo
   * @param {number} cantidad
   */
  constructor(modo, cantidad) {
    this.modo = modo;
    this.cantidad = cantidad;
  }

  /** @param {number} dados */
  guardados(dados) {
    return this.modo === "kh" || this.modo === "kl" ? this.cantidad : dados - this.cantidad;
  }

  /** Si cuentan los dados más altos (kh, dl) o los más bajos (kl, dh). */
  get prefiereAltos() {
    return this.modo === "kh" || this.modo === "dl";
  }

  toString() {
    return `${this.modo}${this.cantidad}`;
  }
}

export class Dados {
  /**
   * `columna` es dónde empieza el término en el texto (desde 1), para los errores de presupuesto.
   * @param {{cantidad: number, caras: number, signo?: number, porcentual?: boolean,
   *   explosion?: number | null, seleccion?: Seleccion | null, columna?: number | null}} campos
   */
  constructor({ cantidad, caras, signo = 1, porcentual = false, explosion = null, seleccion = null, columna = null }) {
    this.cantidad = cantidad;
    this.caras = caras;
    this.signo = signo;
    this.porcentual = porcentual;
    this.explosion = explosion;
    this.seleccion = seleccion;
    this.columna = columna;
  }

  get guardados() {
    return this.seleccion === null ? this.cantidad : this.seleccion.guardados(this.cantidad);
  }

  get maximoPorDado() {
    return this.caras * (1 + (this.explosion ?? 0));
  }

  get minimo() {
    return this.signo < 0 ? -this.guardados * this.maximoPorDado : this.guardados;
  }

  get maximo() {
    return this.signo < 0 ? -this.guardados : this.guardados * this.maximoPorDado;
  }

  notacion() {
    let texto = this.porcentual
      ? this.cantidad === 1 ? "d%" : `${this.cantidad}d%`
      : `${this.cantidad}d${this.caras}`;
    if (this.explosion !== null) {
      texto += this.explosion === PROFUNDIDAD_POR_DEFECTO ? "!" : `!${this.explosion}`;
    }
    if (this.seleccion !== null) texto += String(this.seleccion);
    return texto;
  }
}

export class Constante {
  /** @param {number} valor */
  constructor(valor) {
    this.valor = valor;
  }

  get minimo() {
    return this.valor;
  }

  get maximo() {
    return this.valor;
  }
}

/** @typedef {Dados | Constante} Termino */

export class Expresion {
  /** @param {Termino[]} terminos */
  constructor(terminos) {
    this.terminos = terminos;
  }

  get minimo() {
    return this.terminos.reduce((suma, t) => suma + t.minimo, 0);
  }

  get maximo() {
    return this.terminos.reduce((suma, t) => suma + t.maximo, 0);
  }

  /** La notación canónica: analizar(String(e)) da la misma expresión. */
  toString() {
    return this.terminos
      .map((termino, indice) => {
        const negativo = termino instanceof Dados ? termino.signo < 0 : termino.valor < 0;
        const cuerpo =
          termino instanceof Dados ? termino.notacion() : String(Math.abs(termino.valor));
        return (negativo ? "-" : indice ? "+" : "") + cuerpo;
      })
      .join("");
  }
}

/**
 * Convierte notación de dados en una Expresion; si no puede, lanza ErrorNotacion.
 * @param {string} texto
 * @returns {Expresion}
 */
export function analizar(texto) {
  const puntos = Array.from(texto);
  if (puntos.length > LIMITES.longitud) {
    throw new ErrorNotacion(
      `la expresión tiene ${puntos.length} caracteres y el máximo es ${LIMITES.longitud}`,
      puntos.slice(0, LIMITES.longitud).join("") + "…",
      LIMITES.longitud + 1,
    );
  }
  return new Analizador(texto).expresion();
}

const nDados = (/** @type {number} */ cantidad) => (cantidad === 1 ? "1 dado" : `${cantidad} dados`);

class Analizador {
  /** @param {string} texto */
  constructor(texto) {
    this.textoOriginal = texto;
    this.original = Array.from(texto);
    // Solo las letras ASCII pasan a minúsculas: así las columnas no se desplazan.
    this.texto = Array.from(texto.replace(/[A-Z]/g, (letra) => letra.toLowerCase()));
    this.pos = 0;
    this.totalDados = 0;
  }

  /**
   * @param {string} mensaje
   * @param {number | null} [pos] desde 0; por omisión, la posición actual
   */
  error(mensaje, pos = null) {
    return new ErrorNotacion(mensaje, this.textoOriginal, (pos === null ? this.pos : pos) + 1);
  }

  actual() {
    return this.pos < this.texto.length ? this.texto[this.pos] : "";
  }

  saltarEspacios() {
    while (this.actual() && ESPACIOS.includes(this.actual())) this.pos += 1;
  }

  describirActual() {
    const caracter = this.pos < this.original.length ? this.original[this.pos] : "";
    return caracter ? `, no «${caracter}»` : "";
  }

  /** Un número decimal como BigInt (los mensajes lo muestran entero, como Python). */
  numero() {
    const inicio = this.pos;
    while (this.actual() >= "0" && this.actual() <= "9") this.pos += 1;
    return this.pos > inicio ? BigInt(this.texto.slice(inicio, this.pos).join("")) : null;
  }

  expresion() {
    this.saltarEspacios();
    if (!this.actual()) throw this.error(`la expresión está vacía; ${SE_ESPERABA_TERMINO}`, 0);
    const terminos = [];
    let signo = 1;
    if ("+-".includes(this.actual())) {
      signo = this.actual() === "-" ? -1 : 1;
      this.pos += 1;
      this.saltarEspacios();
    }
    for (;;) {
      if (terminos.length === LIMITES.terminos) {
        throw this.error(`la expresión tiene más de ${LIMITES.terminos} términos`);
      }
      terminos.push(this.termino(signo));
      this.saltarEspacios();
      if (!this.actual()) return new Expresion(terminos);
      if (!"+-".includes(this.actual())) {
        throw this.error(`se esperaba «+», «-» o el final de la expresión${this.describirActual()}`);
      }
      signo = this.actual() === "-" ? -1 : 1;
      this.pos += 1;
      this.saltarEspacios();
    }
  }

  /**
   * @param {number} signo
   * @returns {Termino}
   */
  termino(signo) {
    const inicio = this.pos;
    const cantidad = this.numero();
    if (this.actual() !== "d") {
      if (cantidad === null) throw this.error(`${SE_ESPERABA_TERMINO}${this.describirActual()}`);
      if (cantidad > BigInt(LIMITES.constante)) {
        throw this.error(
          `una constante puede valer como mucho ${LIMITES.constante}, no ${cantidad}`,
          inicio,
        );
      }
      return new Constante(signo * Number(cantidad));
    }
    const dados = cantidad === null ? 1n : cantidad;
    this.comprobarCantidad(dados, inicio);
    this.pos += 1;
    return this.dados(signo, Number(dados), inicio + 1);
  }

  /**
   * @param {bigint} cantidad
   * @param {number} inicio
   */
  comprobarCantidad(cantidad, inicio) {
    if (cantidad === 0n) throw this.error("no se pueden tirar 0 dados", inicio);
    if (cantidad > BigInt(LIMITES.dados)) {
      throw this.error(`como mucho se pueden tirar ${LIMITES.dados} dados, no ${cantidad}`, inicio);
    }
    this.totalDados += Number(cantidad);
    if (this.totalDados > LIMITES.dados) {
      throw this.error(
        `la expresión tira ${this.totalDados} dados y el máximo es ${LIMITES.dados}`,
        inicio,
      );
    }
  }

  /**
   * @param {number} signo
   * @param {number} cantidad
   * @param {number} columna
   */
  dados(signo, cantidad, columna) {
    const porcentual = this.actual() === "%";
    const inicioCaras = this.pos;
    let caras = 100;
    if (porcentual) {
      this.pos += 1;
    } else {
      const leidas = this.numero();
      if (leidas === null) throw this.error("se esperaba un número de caras después de «d»");
      this.comprobarCaras(leidas, inicioCaras);
      caras = Number(leidas);
    }
    const explosion = this.explosion(caras, porcentual);
    const seleccion = this.seleccion(cantidad);
    if (seleccion !== null && this.actual() === "!") {
      throw this.error("la explosión «!» va antes de guardar o descartar, como en «3d6!kh2»");
    }
    return new Dados({ cantidad, caras, signo, porcentual, explosion, seleccion, columna });
  }

  /**
   * @param {bigint} caras
   * @param {number} inicio
   */
  comprobarCaras(caras, inicio) {
    if (caras === 0n) throw this.error("un dado necesita al menos una cara", inicio);
    if (caras > BigInt(LIMITES.caras)) {
      throw this.error(`un dado puede tener como mucho ${LIMITES.caras} caras, no ${caras}`, inicio);
    }
  }

  /**
   * @param {number} caras
   * @param {boolean} porcentual
   * @returns {number | null}
   */
  explosion(caras, porcentual) {
    if (this.actual() !== "!") return null;
    if (porcentual) throw this.error("«d%» no puede explotar");
    if (caras === 1) {
      throw this.error("un dado de una cara explotaría siempre: «!» necesita al menos 2 caras");
    }
    this.pos += 1;
    const inicio = this.pos;
    const profundidad = this.numero();
    if (profundidad === null) return PROFUNDIDAD_POR_DEFECTO;
    if (profundidad < 1n || profundidad > BigInt(LIMITES.profundidad)) {
      throw this.error(
        `la profundidad de la explosión va de 1 a ${LIMITES.profundidad}, no ${profundidad}`,
        inicio,
      );
    }
    return Number(profundidad);
  }

  /**
   * @param {number} cantidad
   * @returns {Seleccion | null}
   */
  seleccion(cantidad) {
    const letra = this.actual();
    if (letra !== "k" && letra !== "d") return null;
    const inicio = this.pos;
    this.pos += 1;
    const sufijo = this.actual() === "h" || this.actual() === "l" ? this.actual() : "";
    if (sufijo) this.pos += 1;
    const modo = /** @type {"kh" | "kl" | "dh" | "dl"} */ (
      sufijo ? letra + sufijo : letra === "k" ? "kh" : "dl"
    );
    const escrito = this.original.slice(inicio, this.pos).join("");
    const inicioNumero = this.pos;
    const numero = this.numero();
    if (numero === null) {
      const verbo = letra === "k" ? "guardar" : "descartar";
      throw this.error(`se esperaba cuántos dados ${verbo} después de «${escrito}»`);
    }
    if (modo === "kh" || modo === "kl") {
      if (numero === 0n) throw this.error("hay que guardar al menos un dado", inicioNumero);
      if (numero > BigInt(cantidad)) {
        throw this.error(
          `con ${nDados(cantidad)} se pueden guardar como mucho ${cantidad}, no ${numero}`,
          inicioNumero,
        );
      }
    } else if (numero >= BigInt(cantidad)) {
      throw this.error(
        `con ${nDados(cantidad)} se pueden descartar como mucho ${cantidad - 1}, no ${numero}`,
        inicioNumero,
      );
    }
    return new Seleccion(modo, Number(numero));
  }
}
