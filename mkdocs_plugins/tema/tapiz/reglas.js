// @ts-check
// Las reglas de quien lee: edición y reglas opcionales de Tapiz, elegidas en la caja que el
// plugin escribe al principio de cada página con reglas de Tapiz (mkdocs_plugins/nucleo/
// reglas_lector.py) y recordadas en el navegador (localStorage). Lo que cambia con cada
// elección (tablas, tarjetas y sus dados) viene calculado de la construcción en un fichero por
// página, que solo se pide si quien lee eligió otras reglas que las del libro: el motor no se
// carga para esto. «Probar», «Repetir», «Cambiar datos», la calculadora y la hoja siguen la
// elección con vivo.js (reglasDe). Los bloques de un Lienzo, o que nombran otra edición u
// opcionales (un ejemplo de la edición de 2017), siguen con las suyas.

import { el } from "./elementos.js";
import { eleccion, elegir, LIBRO } from "./vivo.js";

const DEL_LIBRO = `[data-reglamento="${LIBRO}"]`;
const EDICION_DEL_LIBRO = "actual";

/**
 * Lo que cambia en la página con una elección (`variantes` de reglas_lector.py).
 * @typedef {{descripcion: string, dado: string, tablas: Record<string, any>,
 *   tarjetas: Record<string, any>, calculadora?: any}} Variante
 */

/** @type {WeakMap<Element, Node>} el cuerpo de cada tabla como lo escribió el libro */
const tablasDelLibro = new WeakMap();
/** @type {WeakMap<Element, HTMLElement>} el cuerpo de cada tarjeta como lo escribió el libro */
const tarjetasDelLibro = new WeakMap();
/** @type {Map<string, Promise<Record<string, Variante>>>} */
const pedidas = new Map();

function articulo() {
  return document.querySelector(".md-content article") ?? document.body;
}

/**
 * La clave de la elección de quien lee («2017/TZR0001»), o null si son las del libro.
 * @returns {string | null}
 */
export function claveElegida() {
  const propia = eleccion();
  if (!propia) return null;
  const edicion = propia.edicion ?? EDICION_DEL_LIBRO;
  const opcionales = [...(propia.opcionales ?? [])].sort();
  if (edicion === EDICION_DEL_LIBRO && !opcionales.length) return null;
  return [edicion, ...opcionales].join("/");
}

/**
 * Lo que cambia con cada elección en los bloques de la página (de todas sus cajas: el libro
 * completo tiene una por capítulo).
 * @returns {Promise<Record<string, Variante>>}
 */
function variantes() {
  const cajas = /** @type {NodeListOf<HTMLElement>} */ (articulo().querySelectorAll("[data-tapiz-variantes]"));
  const rutas = [...new Set([...cajas].map((c) => c.dataset.tapizVariantes ?? ""))];
  return Promise.all(rutas.map(pedir)).then((partes) => {
    /** @type {Record<string, Variante>} */
    const unidas = {};
    for (const parte of partes) {
      for (const [clave, variante] of Object.entries(parte)) {
        const previa = unidas[clave];
        unidas[clave] = previa
          ? { ...variante, tablas: { ...previa.tablas, ...variante.tablas }, tarjetas: { ...previa.tarjetas, ...variante.tarjetas } }
          : variante;
      }
    }
    return unidas;
  });
}

/**
 * Lo que cambia con la elección de quien lee (undefined si son las reglas del libro).
 * @returns {Promise<Variante | undefined>}
 */
export async function varianteElegida() {
  const clave = claveElegida();
  return clave ? (await variantes())[clave] : undefined;
}

/** @param {string} ruta */
function pedir(ruta) {
  let promesa = pedidas.get(ruta);
  if (!promesa) {
    promesa = fetch(new URL(`../assets/tapiz/datos/${ruta}`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`${ruta}: HTTP ${r.status}`);
      return r.json();
    });
    promesa.catch(() => pedidas.delete(ruta));
    pedidas.set(ruta, promesa);
  }
  return promesa;
}

/** Las cajas de la página muestran la elección guardada, que se aplica a la página. */
export async function montarReglas() {
  const cajas = /** @type {NodeListOf<HTMLElement>} */ (articulo().querySelectorAll(".tapiz-reglas-lector"));
  for (const caja of cajas) {
    if (caja.dataset.tapizListo) continue;
    caja.dataset.tapizListo = "1";
    // Sin elección guardada, la caja se deja como está: quien lee puede estar cambiándola.
    if (eleccion()) mostrarEleccion(caja);
  }
  // Sin elección, la página ya es la del libro: repintarla borraría un «Repetir» recién pulsado.
  if (cajas.length && eleccion()) await aplicar(false);
}

/**
 * Quien lee cambió algo en una caja (el escuchador de cambios de dados.js): se recuerda y se
 * aplica en la página (vivo.js: elegir avisa con «tapiz:reglas»).
 * @param {HTMLElement} caja
 */
export function elegirDesde(caja) {
  const marcadas = [...caja.querySelectorAll("input:checked")].map((c) => /** @type {HTMLInputElement} */ (c).value);
  const edicion = /** @type {HTMLSelectElement} */ (caja.querySelector("select")).value;
  elegir(edicion === EDICION_DEL_LIBRO && !marcadas.length ? null : { edicion, opcionales: marcadas });
}

/** @param {HTMLElement} caja */
function mostrarEleccion(caja) {
  const propia = eleccion() ?? {};
  const select = /** @type {HTMLSelectElement | null} */ (caja.querySelector("select"));
  if (select) select.value = propia.edicion ?? EDICION_DEL_LIBRO;
  for (const casilla of /** @type {NodeListOf<HTMLInputElement>} */ (caja.querySelectorAll("input[type=checkbox]"))) {
    casilla.checked = (propia.opcionales ?? []).includes(casilla.value);
  }
}

/**
 * Las tablas y tarjetas de Tapiz de la página con las reglas elegidas (o las del libro).
 * @param {boolean} [cajas] también las cajas de la página (todas dicen la misma elección)
 */
async function aplicar(cajas = true) {
  const raiz = articulo();
  const clave = claveElegida();
  /** @type {Variante | undefined} */
  let variante;
  if (clave) {
    try {
      variante = (await variantes())[clave];
    } catch {
      avisar(raiz, "No se han podido cargar las reglas elegidas; se muestran las del libro.");
      return;
    }
    if (clave !== claveElegida()) return; // otra elección llegó mientras tanto
  }
  if (cajas) for (const caja of raiz.querySelectorAll(".tapiz-reglas-lector")) mostrarEleccion(/** @type {HTMLElement} */ (caja));
  for (const tabla of raiz.querySelectorAll(`.tapiz-tabla${DEL_LIBRO}`)) pintarTabla(tabla, variante);
  for (const dado of /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll("button.tapiz-dados[data-dado-base]"))) {
    pintarDado(dado, variante?.dado ?? dado.dataset.dadoBase ?? "");
  }
  const tarjetas = [...raiz.querySelectorAll(".tapiz-ejemplo")].filter((t) => t.querySelector(`.tapiz-ejemplo__cuerpo${DEL_LIBRO}`));
  if (tarjetas.length) {
    const ejemplos = await import("./ejemplos.js");
    if (clave !== claveElegida()) return;
    for (const tarjeta of tarjetas) pintarTarjeta(/** @type {HTMLElement} */ (tarjeta), variante, ejemplos);
  }
  // Al final: la nota dice lo que ya se ve.
  avisar(raiz, variante ? `Se muestran las tablas y los ejemplos con: ${variante.descripcion}.` : "Se muestran las reglas del libro.");
}

/**
 * @param {Element} raiz
 * @param {string} texto
 */
function avisar(raiz, texto) {
  for (const nota of raiz.querySelectorAll(".tapiz-reglas-lector__nota")) nota.textContent = texto;
}

/**
 * @param {Element} tabla
 * @param {Variante | undefined} variante
 */
function pintarTabla(tabla, variante) {
  const cuerpo = tabla.querySelector("tbody");
  if (!cuerpo) return;
  if (!tablasDelLibro.has(tabla)) tablasDelLibro.set(tabla, cuerpo.cloneNode(true));
  tabla.querySelector(".tapiz-tabla__vivo")?.remove();
  const propia = variante?.tablas[tabla.getAttribute("data-tabla") ?? ""];
  if (!variante || !propia || propia.error) {
    cuerpo.replaceWith(/** @type {Node} */ (tablasDelLibro.get(tabla)).cloneNode(true));
    return;
  }
  cuerpo.replaceChildren(
    ...propia.filas.map((/** @type {string[]} */ fila) => el("tr", {}, ...fila.map((celda) => el("td", { texto: celda })))),
  );
  tabla.append(el("p", { class: "tapiz-tabla__nota tapiz-tabla__vivo", texto: `Con las reglas elegidas: ${variante.descripcion}.` }));
}

/**
 * El dado de la tirada escrito en el texto (``{{dado}}``): el de la edición elegida.
 * @param {HTMLElement} boton
 * @param {string} dado
 */
function pintarDado(boton, dado) {
  boton.setAttribute("data-expr", dado);
  boton.setAttribute("aria-label", `Tirar ${dado}`);
  boton.setAttribute("title", `Tirar ${dado}`);
  boton.textContent = dado;
}

/**
 * La tarjeta con sus mismos datos y las reglas elegidas; lo que se repitió o cambió se deja.
 * @param {HTMLElement} tarjeta
 * @param {Variante | undefined} variante
 * @param {typeof import("./ejemplos.js")} ejemplos
 */
function pintarTarjeta(tarjeta, variante, ejemplos) {
  if (!tarjetasDelLibro.has(tarjeta)) tarjetasDelLibro.set(tarjeta, ejemplos.original(tarjeta));
  const libro = /** @type {HTMLElement} */ (tarjetasDelLibro.get(tarjeta));
  const propia = variante?.tarjetas[tarjeta.id];
  const cuerpo = /** @type {HTMLElement} */ (libro.cloneNode(true));
  if (variante) {
    tarjeta.dataset.tapizReglas = claveElegida() ?? "";
    tarjeta.dataset.tapizDados = JSON.stringify(propia?.dados ?? {});
  } else {
    delete tarjeta.dataset.tapizReglas;
    delete tarjeta.dataset.tapizDados;
  }
  if (variante && propia) {
    for (const [entrada, dado] of Object.entries(propia.dados)) {
      const dados = cuerpo.querySelector(`[data-entrada="${entrada}"] .tapiz-ejemplo__dados`);
      if (dados) dados.textContent = `(${dado})`;
    }
    ejemplos.pintarRespuesta(cuerpo, propia);
    const nota = el("p", { class: "tapiz-ejemplo__reglas", texto: `Con las reglas elegidas: ${variante.descripcion}.` });
    cuerpo.prepend(nota);
  }
  ejemplos.fijarOriginal(tarjeta, cuerpo);
  ejemplos.volverAlEjemplo(tarjeta);
}

document.addEventListener("tapiz:reglas", () => aplicar());
if (window.document$) window.document$.subscribe(() => montarReglas());
else montarReglas();
