// @ts-check
/// <reference lib="webworker" />
// El trabajador que se da de baja: lo escribe el plugin con «mkdocs serve», cuya recarga en vivo
// no debe competir con un sitio guardado. Si el navegador tenía el de un libro construido en la
// misma dirección, lo sustituye por este, que borra lo guardado y se va.

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIJO = `tapiz ${new URL("./", sw.location.href).href} `;

async function irse() {
  for (const nombre of await caches.keys()) {
    if (nombre.startsWith(PREFIJO)) await caches.delete(nombre);
  }
  await sw.registration.unregister();
}

sw.addEventListener("install", () => sw.skipWaiting());
sw.addEventListener("activate", (evento) => evento.waitUntil(irse()));
