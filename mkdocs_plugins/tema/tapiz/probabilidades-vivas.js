// @ts-check
// Las probabilidades de una expresión que escribe quien lee (el tirador libre): se piden al motor
// del libro en la página (vivo.js), que las calcula con el mismo Python que escribió las de los
// dados del texto. Se descarga al abrir esa gráfica, no con la página.

import { el } from "./elementos.js";
import { avisarCarga, estado, preguntar, SIN_CONEXION, sinMotor } from "./vivo.js";

export const SIN_MOTOR_PROBABILIDADES =
  "Las probabilidades de una expresión escrita las calcula el motor de reglas del libro, que no se ha podido cargar aquí. Los dados del texto sí traen las suyas.";

/**
 * Los pares [total, probabilidad] de `expresion`; mientras el motor carga, `zona` lo dice.
 * Lanza con el mensaje del motor (notación que no se lee, demasiado grande) o con el de su falta.
 * @param {string} expresion
 * @param {HTMLElement} zona
 * @returns {Promise<import("./vista.js").Puntos>}
 */
export async function probabilidadesDelMotor(expresion, zona) {
  if (estado !== "listo") {
    const aviso = el("p", { class: "tapiz-ayuda", role: "status" });
    zona.replaceChildren(aviso);
    avisarCarga(aviso);
  }
  let respuesta;
  try {
    respuesta = await preguntar({ tipo: "probabilidades", expresion });
  } catch {
    throw new Error(sinMotor() === SIN_CONEXION ? SIN_CONEXION : SIN_MOTOR_PROBABILIDADES);
  }
  if (respuesta.error) throw new Error(respuesta.error);
  return respuesta.puntos;
}
