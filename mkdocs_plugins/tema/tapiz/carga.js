// @ts-check
// Cuánto lleva la carga del motor de reglas del libro, junto al control que lo espera: una barra
// que avanza con cada trozo que llega y un texto que cambia de diez en diez por ciento (lo que
// oye un lector de pantalla en su role="status"). Los bytes los cuenta motor.js; vivo.js avisa
// con «tapiz:carga» en el documento. Se importa la primera vez que algo espera al motor.

import { CARGANDO, estado, progreso } from "./vivo.js";

/** Lo que se dice mientras el motor carga: cuánto lleva, si ya se sabe. */
export function textoDeCarga() {
  if (!progreso.total) return CARGANDO;
  if (progreso.recibidos >= progreso.total) return "Las reglas del libro ya están descargadas; arrancándolas…";
  const parte = Math.floor((10 * progreso.recibidos) / progreso.total) * 10;
  return `Cargando las reglas del libro: ${parte}\u00a0% (unos 4 MB la primera vez; luego quedan guardadas)…`;
}

/**
 * Escribe en `aviso` cuánto lleva la carga hasta que el motor está listo, falla o el aviso deja
 * la página.
 * @param {HTMLElement} aviso
 */
export function avisar(aviso) {
  // Si el motor ya respondió o falló, o alguien ya escribió otra cosa en el aviso, nada que decir.
  if (estado === "listo" || estado === "fallo" || aviso.textContent !== CARGANDO) return;
  const barra = document.createElement("progress");
  barra.className = "tapiz-carga";
  barra.setAttribute("aria-hidden", "true");
  const texto = document.createElement("span");
  const poner = () => {
    if (!aviso.isConnected || !texto.isConnected || (estado !== "cargando" && estado !== "parado")) {
      barra.remove();
      document.removeEventListener("tapiz:carga", poner);
      return;
    }
    if (texto.textContent !== textoDeCarga()) texto.textContent = textoDeCarga();
    if (progreso.total) {
      barra.max = progreso.total;
      barra.value = progreso.recibidos;
    }
  };
  texto.textContent = textoDeCarga();
  aviso.replaceChildren(texto, " ", barra);
  document.addEventListener("tapiz:carga", poner);
}
