// @ts-check
// Los datos de las reglas que escribe el plugin. Cada página con widgets lleva en su contenido
// una marca `data-tapiz-datos` con su fichero (assets/tapiz/datos/<página>.json); el libro
// completo reúne las de sus capítulos y carga todas. Lo de «Repetir» de los ejemplos de una
// página va aparte (datos/ejemplos/<página>.json, en la misma marca, `data-tapiz-repetir`) y se
// pide al acercarse a uno de sus botones. Sin marcas (un generador sin el plugin, con «tapiz
// exportar»), todo sale de assets/tapiz/datos.json.

// La forma de los ficheros, como los escribe mkdocs_plugins/datos.py.

/**
 * Un fichero de datos de página (o datos.json): `texto` de mkdocs_plugins/datos.py. Cada
 * distribución son sus puntos o, si no se puede tabular, el mensaje del motor.
 * @typedef {{version: number, reglamento: {edicion: string, dado_base: string, opcionales: string[]},
 *   distribuciones: Record<string, import("./vista.js").Puntos | string>,
 *   ejemplos: Record<string, DatosEjemplo>}} Datos
 */
/**
 * Los datos de «Repetir» de un ejemplo (`_datos_ejemplo` de mkdocs_plugins/fragmentos.py): las
 * expresiones de sus dados por entrada, sus salidas a la vista ([nombre, etiqueta]) y lo que
 * muestra la tarjeta con cada combinación de totales.
 * @typedef {{regla: string, dados: Record<string, string>, salidas: Array<[string, string]>,
 *   resultados: import("./ejemplos.js").Compactados<ResultadoEjemplo>}} DatosEjemplo
 */
/**
 * Lo que muestra la tarjeta con una combinación de dados (`resultados_con_dados` de
 * mkdocs_plugins/ejecucion.py): los valores de sus salidas ya escritos y, si no son demasiadas
 * combinaciones, los pasos; o el error de la regla.
 * @typedef {{valores: Record<string, string>, exito: unknown, pasos?: string[], error?: undefined}
 *   | {error: string, valores?: undefined, pasos?: undefined}} ResultadoEjemplo
 */

/** @type {Map<string, Promise<unknown>>} */
const pedidos = new Map();
/** @type {{ clave: string | null, promesa: Promise<Datos> | null }} */
let ultima = { clave: null, promesa: null };

/**
 * El JSON de `url`, pedido una sola vez mientras no falle. Llega sin tipo, como el de
 * `Response.json()`: quien lo usa dice su forma (`Datos` o los de «Repetir»).
 * @param {string} url
 * @returns {Promise<any>}
 */
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

/**
 * Une los datos de varias páginas: los ejemplos y distribuciones de todas, el resto igual.
 * @param {Datos[]} partes
 * @returns {Datos}
 */
function unir(partes) {
  const datos = Object.assign({}, ...partes);
  datos.ejemplos = Object.assign({}, ...partes.map((p) => p.ejemplos));
  datos.distribuciones = Object.assign({}, ...partes.map((p) => p.distribuciones));
  return datos;
}

/**
 * Los datos de los widgets de la página que se ve ahora (relativos a este módulo).
 * @returns {Promise<Datos>}
 */
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
  return /** @type {Promise<Datos>} */ (ultima.promesa);
}

/**
 * Los datos de «Repetir» del ejemplo de un botón (undefined si no los tiene): los de su página,
 * que nombra la primera marca que sigue al botón (cada página, y cada capítulo del libro
 * completo, termina en la suya).
 * @param {HTMLElement} boton
 * @returns {Promise<DatosEjemplo | undefined>}
 */
export function cargarEjemplo(boton) {
  const { ejemplo = "" } = boton.dataset;
  const marcas = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-tapiz-repetir]"));
  const marca = [...marcas].find((m) => boton.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (!marca) return cargarDatos().then((datos) => datos.ejemplos?.[ejemplo]);
  return pedir(new URL(`../assets/tapiz/datos/${marca.dataset.tapizRepetir}`, import.meta.url).href).then((/** @type {Record<string, DatosEjemplo>} */ datos) => datos[ejemplo]);
}

export const SIN_DATOS = "No se han podido cargar los datos de las reglas; recarga la página.";
