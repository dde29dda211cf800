// @ts-check
// «Repetir con dados nuevos» en los ejemplos resueltos: se tiran los dados del ejemplo y se
// redibuja la tarjeta entera (datos, cálculo y resultado) con lo que el plugin precalculó con el
// motor para esa tirada (datos.json → ejemplos). Aquí no se calcula ninguna regla ni se escribe
// ningún número: los valores llegan ya escritos como en el libro.

import { miles } from "./formato.js";
import { cargarEjemplo, SIN_DATOS } from "./datos.js";
import { Generador, semillaNueva } from "./generador.js";
import { tirar } from "./tirada.js";
import { el, fichasDeTirada } from "./vista.js";

/**
 * Resultados por combinación de totales de los dados, sin repetir los iguales
 * (`compactar_resultados` de mkdocs_plugins/datos.py): los totales posibles de cada dado
 * (`soportes`), los resultados distintos (`unicos`) y, por combinación en el orden del
 * producto, su posición en `unicos` (`indices`).
 * @template T
 * @typedef {{soportes: number[][], unicos: T[], indices: number[]}} Compactados
 */

/**
 * El cuerpo de la tarjeta tal como lo escribió el libro, para poder volver a él.
 * @type {WeakMap<Element, Node>}
 */
const originales = new WeakMap();

/**
 * @param {Element} tarjeta
 * @param {Element} zona
 * @param {string} texto
 */
function mostrarError(tarjeta, zona, texto) {
  zona.replaceChildren(el("p", { class: "tapiz-error", texto }));
  tarjeta?.classList.remove("tapiz-ejemplo--repetido");
}

/**
 * El resultado precalculado para esos totales de los dados. El plugin guarda los distintos una
 * vez (`unicos`) y, por combinación en orden (el último dado varía más deprisa), su posición.
 * @template T
 * @param {Compactados<T> | undefined} resultados
 * @param {number[]} totales
 * @returns {T | undefined}
 */
export function resultadoDe(resultados, totales) {
  if (!resultados) return undefined;
  let indice = 0;
  for (const [i, soporte] of resultados.soportes.entries()) {
    const posicion = soporte.indexOf(totales[i]);
    if (posicion < 0) return undefined;
    indice = indice * soporte.length + posicion;
  }
  return resultados.unicos[resultados.indices[indice]];
}

/**
 * Pide de antemano los datos del ejemplo (al acercarse al botón), para no esperarlos al pulsar.
 * @param {HTMLElement} boton
 */
export function prepararEjemplo(boton) {
  cargarEjemplo(boton).catch(() => {});
}

/**
 * Tira los dados del ejemplo y redibuja su tarjeta con el resultado precalculado.
 * @param {HTMLElement} boton
 */
export async function repetirEjemplo(boton) {
  const tarjeta = boton.closest(".tapiz-ejemplo");
  const cuerpo = tarjeta?.querySelector(".tapiz-ejemplo__cuerpo");
  const zona = tarjeta?.querySelector(".tapiz-ejemplo__repeticion");
  if (!tarjeta || !cuerpo || !zona) return;
  let ejemplo;
  try {
    ejemplo = await cargarEjemplo(boton);
  } catch {
    mostrarError(tarjeta, zona, SIN_DATOS);
    return;
  }
  if (!ejemplo) {
    mostrarError(tarjeta, zona, `No hay datos del ejemplo «${boton.dataset.ejemplo}».`);
    return;
  }
  if (!originales.has(tarjeta)) originales.set(tarjeta, cuerpo.cloneNode(true));

  const generador = new Generador(semillaNueva());
  /** @type {Array<[string, import("./tirada.js").Tirada]>} */
  const tiradas = Object.entries(ejemplo.dados).map(([entrada, expresion]) => [entrada, tirar(expresion, generador)]);
  const resultado = resultadoDe(ejemplo.resultados, tiradas.map(([, t]) => t.total));
  const original = /** @type {Node} */ (originales.get(tarjeta)); // guardado arriba
  cuerpo.replaceChildren(...[...original.childNodes].map((n) => n.cloneNode(true)));

  const datos = [];
  for (const [entrada, t] of tiradas) {
    const dd = cuerpo.querySelector(`[data-entrada="${entrada}"]`);
    const etiqueta = dd?.previousElementSibling?.textContent ?? entrada;
    datos.push(`${etiqueta} ${miles(t.total)}`);
    dd?.replaceChildren(
      el("strong", { class: "tapiz-total", texto: miles(t.total) }),
      " ",
      el("span", { class: "tapiz-tirada" }, fichasDeTirada(t)),
      el("span", { class: "tapiz-ejemplo__dados", texto: ` (${t.expresion})` }),
    );
  }
  if (!resultado || resultado.error) {
    const aviso = resultado?.error ?? "Esta combinación de dados no está precalculada.";
    cuerpo.querySelector(".tapiz-ejemplo__pasos")?.replaceChildren(el("li", { class: "tapiz-error", texto: aviso }));
    for (const dd of cuerpo.querySelectorAll("[data-salida]")) dd.replaceChildren(el("strong", { texto: "—" }));
    marcar(tarjeta, zona, `Con dados nuevos: ${datos.join(", ")}. ${aviso}`);
    return;
  }
  const pasos = cuerpo.querySelector(".tapiz-ejemplo__pasos");
  if (resultado.pasos) pasos?.replaceChildren(...resultado.pasos.map((p) => el("li", { texto: p })));
  else pasos?.replaceChildren(el("li", { texto: "Los pasos de esta tirada no se guardan en el libro; el resultado sí." }));
  const leidos = [];
  for (const [salida, etiqueta] of ejemplo.salidas) {
    // Sin `error` (el motor nunca da un mensaje vacío), el resultado tiene sus valores.
    const texto = /** @type {Record<string, string>} */ (resultado.valores)[salida] ?? "—";
    cuerpo.querySelector(`[data-salida="${salida}"]`)?.replaceChildren(el("strong", { texto }));
    leidos.push(`${etiqueta}: ${texto}`);
  }
  marcar(tarjeta, zona, `Con dados nuevos: ${datos.join(", ")}. ${leidos.join("; ")}.`);
}

/**
 * Señala que la tarjeta muestra una tirada nueva, lo anuncia y ofrece volver al ejemplo.
 * @param {Element} tarjeta
 * @param {Element} zona
 * @param {string} resumen
 */
function marcar(tarjeta, zona, resumen) {
  tarjeta.classList.add("tapiz-ejemplo--repetido");
  const volver = el("button", { type: "button", class: "tapiz-volver md-button", texto: "Volver al ejemplo del libro" });
  volver.addEventListener("click", () => {
    // Se marca una tarjeta con cuerpo que ya se guardó en `originales` (repetirEjemplo).
    const cuerpo = /** @type {Element} */ (tarjeta.querySelector(".tapiz-ejemplo__cuerpo"));
    cuerpo.replaceChildren(...[.../** @type {Node} */ (originales.get(tarjeta)).childNodes].map((n) => n.cloneNode(true)));
    tarjeta.classList.remove("tapiz-ejemplo--repetido");
    zona.replaceChildren();
    /** @type {HTMLButtonElement | null} */ (tarjeta.querySelector(".tapiz-repetir"))?.focus();
  });
  zona.replaceChildren(el("p", { class: "tapiz-ejemplo__resumen", texto: resumen }), volver);
}
