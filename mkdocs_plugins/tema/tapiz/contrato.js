// @ts-check
// GENERADO a partir de tapiz_rules/dados/limites.py: no editar a mano.
// Para regenerarlo: uv run python -m desarrollo.contrato

/**
 * Topes de una expresión de dados y presupuesto del cálculo exacto.
 * @type {Readonly<{dados: number, caras: number, profundidad: number, longitud: number, terminos: number, constante: number, trabajo: number}>}
 */
export const LIMITES = Object.freeze({
  dados: 1000,
  caras: 1000,
  profundidad: 20,
  longitud: 200,
  terminos: 50,
  constante: 1000000,
  trabajo: 500000000,
});

/**
 * Constantes del modelo que estima el trabajo del cálculo exacto.
 * @type {Readonly<{por_coeficiente: number, por_palabra: number, por_actualizacion: number, karatsuba_1024: number}>}
 */
export const COSTE = Object.freeze({
  por_coeficiente: 200,
  por_palabra: 16,
  por_actualizacion: 80,
  karatsuba_1024: 599,
});

/** La profundidad de «!» cuando no se escribe número. */
export const PROFUNDIDAD_POR_DEFECTO = 10;
