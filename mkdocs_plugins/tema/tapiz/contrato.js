// @ts-check
// GENERADO a partir de tapiz_rules/dados/limites.py: no editar a mano.
// Para regenerarlo: uv run python -m desarrollo.contrato

/**
 * Topes de una expresión de dados.
 * @type {Readonly<{dados: number, caras: number, profundidad: number, longitud: number, terminos: number, constante: number}>}
 */
export const LIMITES = Object.freeze({
  dados: 1000,
  caras: 1000,
  profundidad: 20,
  longitud: 200,
  terminos: 50,
  constante: 1000000,
});

/** La profundidad de «!» cuando no se escribe número. */
export const PROFUNDIDAD_POR_DEFECTO = 10;
