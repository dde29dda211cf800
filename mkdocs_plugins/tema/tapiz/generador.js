// @ts-check
// El generador compartido con Python: mulberry32 sobre 32 bits (ARQUITECTURA.md).

export class Generador {
  /** @param {number | bigint} semilla */
  constructor(semilla) {
    // La semilla se reduce módulo 2^32, como en Python (también las negativas).
    const reducida = ((BigInt(semilla) % 2n ** 32n) + 2n ** 32n) % 2n ** 32n;
    this.estado = Number(reducida) | 0;
  }

  /** El siguiente entero sin signo de 32 bits. */
  siguiente() {
    this.estado = (this.estado + 0x6d2b79f5) | 0;
    const a = this.estado;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }

  /**
   * Un dado de `caras` caras: 1 + floor(u32 * caras / 2^32), exacto con enteros.
   * @param {number} caras
   */
  dado(caras) {
    return Number((BigInt(this.siguiente()) * BigInt(caras)) >> 32n) + 1;
  }
}

/** Una semilla nueva de 32 bits del generador criptográfico del navegador. */
export function semillaNueva() {
  const caja = new Uint32Array(1);
  globalThis.crypto.getRandomValues(caja);
  return caja[0];
}
