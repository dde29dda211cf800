// @ts-check
// Las reglas de quien lee: edición y reglas opcionales de Tapiz, elegidas en una caja al principio
// de la página y recordadas en el navegador (localStorage). Con ellas se recalculan en vivo las
// tablas de la página, los «Probar» y las tarjetas que se repiten o cambian (vivo.js: reglasDe),
// con una nota de qué reglas se muestran. Los bloques de un Lienzo siguen con las suyas. Se carga
// al abrir un «Probar» o, si quien lee ya eligió, con cada página (dados.js).

import { el } from "./vista.js";
import { eleccion, elegir, preguntar, reglasDe } from "./vivo.js";

const DEL_LIBRO = '[data-reglamento^="tapiz/"]:not([data-reglamento*="lienzo:"])';
/** @type {WeakMap<Element, Node>} */
const tablasDelLibro = new WeakMap();

function articulo() {
  return document.querySelector(".md-content article");
}

/** La caja de las reglas, una por página, si la página tiene bloques de Tapiz fuera de un Lienzo. */
export async function montarReglas() {
  const raiz = articulo();
  if (!raiz || raiz.querySelector(".tapiz-reglas-lector") || !raiz.querySelector(DEL_LIBRO)) return;
  const caja = el("div", { class: "tapiz-reglas-lector", role: "group", "aria-label": "Reglas que se muestran" });
  (raiz.querySelector("h1") ?? raiz.firstElementChild)?.after(caja);
  /** @type {{ediciones: [string, string][], opcionales: [string, string][]}} */
  let sistema;
  try {
    sistema = await preguntar({ tipo: "reglamento", sistema: "tapiz" });
  } catch {
    caja.remove();
    return;
  }
  const propia = eleccion() ?? {};
  const edicion = el("select", { id: "tapiz-reglas-edicion" });
  for (const [codigo, titulo] of sistema.ediciones) {
    edicion.append(el("option", { value: codigo, selected: codigo === (propia.edicion ?? "actual"), texto: titulo }));
  }
  const opcionales = sistema.opcionales.map(([codigo, titulo]) =>
    el(
      "label",
      { class: "tapiz-reglas-lector__opcional" },
      el("input", { type: "checkbox", value: codigo, checked: (propia.opcionales ?? []).includes(codigo) }),
      ` ${codigo}: ${titulo}`,
    ),
  );
  const nota = el("p", { class: "tapiz-reglas-lector__nota", role: "status" });
  caja.replaceChildren(
    el("p", {}, el("label", { for: "tapiz-reglas-edicion", texto: "Reglas de Tapiz que se muestran: " }), edicion),
    el("p", {}, ...opcionales),
    nota,
  );
  caja.addEventListener("change", () => {
    const marcadas = [...caja.querySelectorAll("input:checked")].map((c) => /** @type {HTMLInputElement} */ (c).value);
    const elegida = /** @type {HTMLSelectElement} */ (edicion).value;
    elegir(elegida === "actual" && !marcadas.length ? null : { edicion: elegida, opcionales: marcadas });
  });
  await recalcular();
}

/** Las tablas de Tapiz de la página con las reglas elegidas (o las del libro), y la nota. */
async function recalcular() {
  const raiz = articulo();
  if (!raiz) return;
  const nota = raiz.querySelector(".tapiz-reglas-lector__nota");
  const propia = eleccion();
  try {
    const { descripcion } = await preguntar({ tipo: "reglamento", ...reglasDe(raiz.querySelector(DEL_LIBRO) ?? raiz) });
    if (nota) nota.textContent = propia ? `Se muestran las tablas con: ${descripcion}.` : "Se muestran las reglas del libro.";
  } catch {
    return;
  }
  for (const tabla of raiz.querySelectorAll(`.tapiz-tabla${DEL_LIBRO}`)) {
    const cuerpo = tabla.querySelector("tbody");
    if (!cuerpo) continue;
    if (!tablasDelLibro.has(tabla)) tablasDelLibro.set(tabla, cuerpo.cloneNode(true));
    tabla.querySelector(".tapiz-tabla__vivo")?.remove();
    if (!propia) {
      cuerpo.replaceWith(/** @type {Node} */ (tablasDelLibro.get(tabla)).cloneNode(true));
      continue;
    }
    const datos = await preguntar({ tipo: "tabla", tabla: tabla.getAttribute("data-tabla"), ...reglasDe(tabla) });
    if (datos.error) continue;
    cuerpo.replaceChildren(
      ...datos.filas.map((/** @type {string[]} */ fila) => el("tr", {}, ...fila.map((celda) => el("td", { texto: celda })))),
    );
    tabla.append(el("p", { class: "tapiz-tabla__nota tapiz-tabla__vivo", texto: `Con las reglas elegidas: ${datos.reglamento}.` }));
  }
}

document.addEventListener("tapiz:reglas", () => recalcular());
if (window.document$) window.document$.subscribe(() => montarReglas());
else montarReglas();
