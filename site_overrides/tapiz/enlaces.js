// @ts-check
// «Copiar enlace» de cada regla, tabla y ejemplo: el botón solo aparece con JavaScript.

/**
 * Muestra el botón de copiar de un enlace permanente y le da su acción.
 * @param {HTMLElement} enlace el `.tapiz-enlace` de una tarjeta
 */
export function montarEnlace(enlace) {
  if (enlace.dataset.tapizListo) return;
  enlace.dataset.tapizListo = "1";
  const boton = /** @type {HTMLButtonElement | null} */ (enlace.querySelector(".tapiz-enlace__copiar"));
  const ancla = /** @type {HTMLAnchorElement | null} */ (enlace.querySelector(".tapiz-enlace__ancla"));
  const aviso = /** @type {HTMLElement | null} */ (enlace.querySelector(".tapiz-enlace__aviso"));
  if (!boton || !ancla || !aviso) return;
  boton.hidden = false;
  boton.addEventListener("click", () => copiar(ancla.href, aviso));
}

/**
 * Copia `url` al portapapeles; si el navegador no deja, la muestra para copiarla a mano.
 * @param {string} url
 * @param {HTMLElement} aviso
 */
async function copiar(url, aviso) {
  try {
    await navigator.clipboard.writeText(url);
    aviso.textContent = "Enlace copiado.";
  } catch {
    aviso.textContent = `No se ha podido copiar; el enlace es ${url}`;
  }
}
