// @ts-check
// «Copiar enlace» de cada regla, tabla y ejemplo; se carga al pulsar el botón por primera vez.

/**
 * Copia el enlace de la tarjeta del botón pulsado (lo llama `dados.js`).
 * @param {Element} boton un `.tapiz-enlace__copiar`
 */
export function alCopiar(boton) {
  const enlace = boton.closest(".tapiz-enlace");
  const ancla = /** @type {HTMLAnchorElement | null} */ (enlace?.querySelector(".tapiz-enlace__ancla") ?? null);
  const aviso = /** @type {HTMLElement | null} */ (enlace?.querySelector(".tapiz-enlace__aviso") ?? null);
  if (ancla && aviso) copiar(ancla.href, aviso);
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
