// @ts-check
// Elementos y anuncios de la interfaz, sin más importaciones: lo primero que importan los
// controles que esperan al motor («Probar»), para que su aviso de carga salga cuanto antes.

/**
 * Los atributos de `el`: `texto` es el contenido de texto; los demás se escriben como atributos
 * (`true`, vacío; `false`, `null` o `undefined`, ninguno).
 * @typedef {{texto?: string} & Record<string, string | number | boolean | null | undefined>} Atributos
 */

/**
 * Crea un elemento con atributos (`texto` para el contenido de texto) e hijos.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} etiqueta
 * @param {Atributos} [atributos]
 * @param {...(Node | string | null | undefined)} hijos los null y undefined no se añaden
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(etiqueta, atributos = {}, ...hijos) {
  const elemento = document.createElement(etiqueta);
  for (const [nombre, valor] of Object.entries(atributos)) {
    if (valor === null || valor === undefined || valor === false) continue;
    if (nombre === "texto") elemento.textContent = /** @type {string} */ (valor); // Atributos
    else elemento.setAttribute(nombre, valor === true ? "" : String(valor));
  }
  elemento.append(...hijos.filter((h) => h !== null && h !== undefined));
  return elemento;
}

let contadorIds = 0;
export const nuevoId = (/** @type {string} */ prefijo) => `${prefijo}-${(contadorIds += 1)}`;

let alterna = false;
/**
 * Anuncia un texto en la región aria-live (educada) de la página.
 * @param {string} texto
 */
export function anunciar(texto) {
  const region = document.querySelector("[data-tapiz-anuncio]") ?? regionDeAnuncios();
  // Un espacio duro alterno hace que el mismo texto se vuelva a anunciar.
  alterna = !alterna;
  region.textContent = texto + (alterna ? "\u00a0" : "");
}

function regionDeAnuncios() {
  const region = el("div", { class: "tapiz-anuncio", "data-tapiz-anuncio": true, "aria-live": "polite", role: "status" });
  document.body.append(region);
  return region;
}
