// @ts-check
/// <reference lib="webworker" />
// El trabajador de servicio del libro: guarda el sitio para leerlo sin conexión. Lo escribe
// mkdocs_plugins/nucleo/sin_conexion.py en la raíz del sitio, con la versión de la
// construcción en lugar de __VERSION__; la lista de ficheros con su huella va en
// sin-conexion.json. Cada fichero se guarda con su huella en la clave (ruta?v=huella): uno que
// no cambió entre dos construcciones no se vuelve a descargar, y al activarse una versión nueva
// se borra lo que ya no está en su lista.

/** @typedef {{version: string, precache: Record<string, string>, bajo_demanda: Record<string, string>}} Manifiesto */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
const BASE = new URL("./", sw.location.href).href;
/** Los navegadores comparten las cachés entre los sitios de un mismo origen: la del libro lleva
 * su ruta, y solo se tocan las suyas. */
const PREFIJO = `tapiz ${BASE} `;
const CACHE = `${PREFIJO}1`;
const LISTA = `${BASE}sin-conexion.json?v=${VERSION}`;
const A_LA_VEZ = 6;

/** @type {Promise<Manifiesto> | null} */
let manifiesto = null;

/** @param {string} ruta @param {string} huella */
const clave = (ruta, huella) => `${BASE}${ruta}?v=${huella}`;

/** La lista de esta versión: la guardada al instalarse (el trabajador se puede parar y volver a
 * arrancar en cualquier momento) o, al instalarse, la del servidor. */
function leerManifiesto() {
  manifiesto ??= caches
    .open(CACHE)
    .then((cache) => cache.match(LISTA))
    .then((guardada) => guardada ?? fetch(LISTA, { cache: "no-cache" }))
    .then((respuesta) => {
      if (!respuesta.ok) throw new Error(`sin-conexion.json: ${respuesta.status}`);
      return respuesta.json();
    });
  manifiesto.catch(() => (manifiesto = null));
  return manifiesto;
}

/** Los 16 primeros dígitos hexadecimales del SHA-256 de `datos`, como la huella de la lista. */
async function huellaDe(/** @type {ArrayBuffer} */ datos) {
  const resumen = new Uint8Array(await crypto.subtle.digest("SHA-256", datos));
  return [...resumen.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Un fichero de la lista: el que ya descargó la página (la caché HTTP del navegador, sin ir a
 * la red) si es el de esa huella; si no, el del servidor. Así la primera visita no descarga dos
 * veces lo que usa la página (Material, el índice de búsqueda, los estilos).
 * @param {string} ruta
 * @param {string} huella
 */
async function traer(ruta, huella) {
  const guardada = await fetch(BASE + ruta, { cache: "force-cache" }).catch(() => null);
  if (guardada?.ok && (await huellaDe(await guardada.clone().arrayBuffer())) === huella) return guardada;
  return fetch(BASE + ruta, { cache: "no-cache" });
}

/** Descarga lo que falta de la lista, unos pocos ficheros a la vez. */
async function instalar() {
  const lista = await leerManifiesto();
  const cache = await caches.open(CACHE);
  const guardadas = new Set((await cache.keys()).map((peticion) => peticion.url));
  // Y las páginas abiertas (la primera visita no pasa por el trabajador): la caché del navegador
  // ya las tiene, y sin conexión se vuelven a abrir.
  const abiertas = await sw.clients.matchAll({ includeUncontrolled: true, type: "window" });
  const leidas = abiertas.map((c) => rutaDe(c.url) ?? "").filter((r) => r in lista.bajo_demanda);
  const todas = [...Object.entries(lista.precache), ...leidas.map((r) => [r, lista.bajo_demanda[r]])];
  const faltan = todas.filter(([r, h]) => !guardadas.has(clave(r, h)));
  const descargar = async () => {
    for (let par = faltan.pop(); par; par = faltan.pop()) {
      const [ruta, huella] = par;
      const respuesta = await traer(ruta, huella);
      if (!respuesta.ok) throw new Error(`${ruta}: ${respuesta.status}`);
      await cache.put(clave(ruta, huella), respuesta);
    }
  };
  await Promise.all(Array.from({ length: A_LA_VEZ }, descargar));
  await cache.put(LISTA, new Response(JSON.stringify(lista)));
}

/** Borra las cachés de otras versiones del trabajador y lo que ya no está en la lista. */
async function activar() {
  const lista = await leerManifiesto();
  for (const nombre of await caches.keys()) {
    if (nombre.startsWith(PREFIJO) && nombre !== CACHE) await caches.delete(nombre);
  }
  const vigentes = new Set([LISTA]);
  for (const ficheros of [lista.precache, lista.bajo_demanda]) {
    for (const [ruta, huella] of Object.entries(ficheros)) vigentes.add(clave(ruta, huella));
  }
  const cache = await caches.open(CACHE);
  for (const peticion of await cache.keys()) {
    if (!vigentes.has(peticion.url)) await cache.delete(peticion);
  }
  await sw.clients.claim();
}

/** La ruta de una dirección del sitio, como en la lista (`dados/index.html`); null si es de
 * fuera del sitio. */
function rutaDe(/** @type {string} */ direccion) {
  const url = new URL(direccion);
  url.search = url.hash = "";
  if (!url.href.startsWith(BASE)) return null;
  let ruta;
  try {
    ruta = decodeURIComponent(url.href.slice(BASE.length));
  } catch {
    return null; // una dirección mal escrita va a la red, que dirá lo suyo
  }
  return ruta === "" || ruta.endsWith("/") ? `${ruta}index.html` : ruta;
}

/**
 * Lo guardado si está; si no, de la red. Lo que se carga bajo demanda (Pyodide, la API) se
 * guarda al pedirlo la primera vez. Sin red y sin nada guardado, una página da la de «no
 * encontrada» del libro.
 * @param {Request} peticion
 * @param {string} ruta
 */
async function responder(peticion, ruta) {
  const lista = await leerManifiesto();
  const cache = await caches.open(CACHE);
  const precache = lista.precache[ruta];
  const huella = precache ?? lista.bajo_demanda[ruta];
  if (huella !== undefined) {
    const guardada = await cache.match(clave(ruta, huella));
    if (guardada) return guardada;
  }
  try {
    const respuesta = await fetch(peticion);
    if (huella !== undefined && respuesta.ok && respuesta.type === "basic") {
      await cache.put(clave(ruta, huella), respuesta.clone());
    }
    return respuesta;
  } catch (error) {
    const noEncontrada = lista.precache["404.html"];
    const pagina = peticion.mode === "navigate" && noEncontrada !== undefined;
    const respuesta = pagina ? await cache.match(clave("404.html", noEncontrada)) : undefined;
    if (respuesta) return respuesta;
    throw error;
  }
}

sw.addEventListener("install", (evento) => evento.waitUntil(instalar()));
sw.addEventListener("activate", (evento) => evento.waitUntil(activar()));
sw.addEventListener("message", (evento) => {
  if (evento.data === "activar") sw.skipWaiting();
});
sw.addEventListener("fetch", (evento) => {
  const peticion = evento.request;
  const ruta = peticion.method === "GET" ? rutaDe(peticion.url) : null;
  if (ruta !== null && ruta !== "sin-conexion.js") evento.respondWith(responder(peticion, ruta));
});
