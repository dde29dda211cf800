// @ts-check
// Los datos de las reglas que escribe el plugin. Cada página con widgets lleva en su contenido
// una marca `data-tapiz-datos` con su fichero (assets/tapiz/datos/<página>.json); el libro
// completo reúne las de sus capítulos y carga todas. Lo de «Repetir» de los ejemplos de una
// página va aparte (datos/ejemplos/<página>.json, en la misma marca, `data-tapiz-repetir`) y se
// pide al acercarse a uno de sus botones. Sin marcas (un generador sin el plugin, con «tapiz
// exportar»), todo sale de assets/tapiz/datos.json.

/** @type {Map<string, Promise<any>>} */
const pedidos = new Map();
/** @type {{ clave: string | null, promesa: Promise<any> | null }} */
let ultima = { clave: null, promesa: null };

/** @returns {Promise<any>} */
function pedir(url) {
  let promesa = pedidos.get(url);
  if (!promesa) {
    promesa = fetch(url).then((respuesta) => {
      if (!respuesta.ok) throw new Error(`${url}: HTTP ${respuesta.status}`);
      return respuesta.json();
    });
    promesa.catch(() => pedidos.delete(url)); // se reintenta en el siguiente intento
    pedidos.set(url, promesa);
  }
  return promesa;
}

/** Une los datos de varias páginas: los ejemplos y distribuciones de todas, el resto igual. */
function unir(partes) {
  const datos = Object.assign({}, ...partes);
  datos.ejemplos = Object.assign({}, ...partes.map((p) => p.ejemplos));
  datos.distribuciones = Object.assign({}, ...partes.map((p) => p.distribuciones));
  return datos;
}

/** Los datos de los widgets de la página que se ve ahora (relativos a este módulo). */
export function cargarDatos() {
  const marcas = [...new Set([.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-tapiz-datos]"))].map((m) => m.dataset.tapizDatos))];
  const rutas = marcas.length ? marcas.map((m) => `../assets/tapiz/datos/${m}`) : ["../assets/tapiz/datos.json"];
  const clave = rutas.join(" ");
  if (ultima.clave !== clave || !ultima.promesa) {
    const promesa = Promise.all(rutas.map((r) => pedir(new URL(r, import.meta.url).href))).then(unir);
    promesa.catch(() => {
      if (ultima.promesa === promesa) ultima = { clave: null, promesa: null };
    });
    ultima = { clave, promesa };
  }
  return /** @type {Promise<any>} */ (ultima.promesa);
}

/**
 * Los datos de «Repetir» del ejemplo de un botón (undefined si no los tiene): los de su página,
 * que nombra la primera marca que sigue al botón (cada página, y cada capítulo del libro
 * completo, termina en la suya).
 * @param {HTMLElement} boton
 */
export function cargarEjemplo(boton) {
  const { ejemplo = "" } = boton.dataset;
  const marcas = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-tapiz-repetir]"));
  const marca = [...marcas].find((m) => boton.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (!marca) return cargarDatos().then((datos) => datos.ejemplos?.[ejemplo]);
  return pedir(new URL(`../assets/tapiz/datos/${marca.dataset.tapizRepetir}`, import.meta.url).href).then((datos) => datos[ejemplo]);
}

export const SIN_DATOS = "No se han podido cargar los datos de las reglas; recarga la página.";
