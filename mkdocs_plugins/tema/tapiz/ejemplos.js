// @ts-check
// «Repetir con dados nuevos» en los ejemplos resueltos: se tiran los dados del ejemplo y se
// redibuja la tarjeta entera (datos, cálculo y resultado) con lo que el plugin precalculó con el
// motor para esa tirada (datos.json → ejemplos), y enseguida con el motor en la página
// (tarjeta-viva.js), que da los pasos de cualquier combinación. Aquí no se calcula ninguna
// regla ni se escribe ningún número: los valores llegan ya escritos como en el libro.

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
 * @type {WeakMap<Element, HTMLElement>}
 */
const originales = new WeakMap();

/**
 * El cuerpo de la tarjeta como lo escribió el libro (se guarda la primera vez).
 * @param {HTMLElement} tarjeta
 * @returns {HTMLElement}
 */
export function original(tarjeta) {
  const cuerpo = /** @type {HTMLElement} */ (tarjeta.querySelector(".tapiz-ejemplo__cuerpo"));
  if (!originales.has(tarjeta)) originales.set(tarjeta, /** @type {HTMLElement} */ (cuerpo.cloneNode(true)));
  return /** @type {HTMLElement} */ (originales.get(tarjeta));
}

/**
 * El ejemplo que se muestra de ahora en adelante: el del libro con las reglas que eligió quien
 * lee (reglas.js), al que vuelven «Volver al ejemplo» y «Cambiar datos».
 * @param {HTMLElement} tarjeta
 * @param {HTMLElement} cuerpo
 */
export function fijarOriginal(tarjeta, cuerpo) {
  originales.set(tarjeta, cuerpo);
}

/**
 * La tarjeta vuelve a su ejemplo (y lo que estaba en camino para ella ya no se pinta).
 * @param {HTMLElement} tarjeta
 */
export function volverAlEjemplo(tarjeta) {
  const cuerpo = /** @type {HTMLElement} */ (tarjeta.querySelector(".tapiz-ejemplo__cuerpo"));
  cuerpo.replaceChildren(...[...original(tarjeta).childNodes].map((n) => n.cloneNode(true)));
  tarjeta.classList.remove("tapiz-ejemplo--repetido");
  tarjeta.dataset.tapizTirada = String(Number(tarjeta.dataset.tapizTirada ?? 0) + 1);
  tarjeta.querySelector(".tapiz-ejemplo__repeticion")?.replaceChildren();
}

/**
 * Escribe en el cuerpo de una tarjeta una respuesta del motor (salidas y pasos, o su error),
 * la de la página o la calculada al construir; devuelve lo que dice, en una frase.
 * @param {HTMLElement} cuerpo
 * @param {any} respuesta
 */
export function pintarRespuesta(cuerpo, respuesta) {
  const pasos = cuerpo.querySelector(".tapiz-ejemplo__pasos");
  if (respuesta.error) {
    pasos?.replaceChildren(el("li", { class: "tapiz-error", texto: respuesta.error }));
    for (const dd of cuerpo.querySelectorAll("[data-salida]")) dd.replaceChildren(el("strong", { texto: "—" }));
    return respuesta.error;
  }
  pasos?.replaceChildren(...respuesta.pasos.map((/** @type {string} */ p) => el("li", { texto: p })));
  const leidos = [];
  for (const { nombre, etiqueta, texto } of respuesta.salidas) {
    const dd = cuerpo.querySelector(`[data-salida="${nombre}"]`);
    if (!dd) continue;
    dd.replaceChildren(el("strong", { texto }));
    leidos.push(`${etiqueta}: ${texto}`);
  }
  return `${leidos.join("; ")}.`;
}

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
 * Si alguna tirada del ejemplo no está guardada entera en sus datos (su resultado y sus pasos, o
 * su error), o la tarjeta sigue otras reglas que las del libro: solo entonces hace falta el motor.
 * @param {HTMLElement} tarjeta
 * @param {any} ejemplo
 */
const necesitaMotor = (tarjeta, ejemplo) =>
  Boolean(tarjeta.dataset.tapizReglas) || !ejemplo.resultados || ejemplo.resultados.unicos.some((/** @type {any} */ r) => !r.pasos && !r.error);

/**
 * Pide de antemano los datos del ejemplo (al acercarse al botón), para no esperarlos al pulsar;
 * y el motor, si alguna tirada del ejemplo lo necesitará.
 * @param {HTMLElement} boton
 */
export function prepararEjemplo(boton) {
  const tarjeta = /** @type {HTMLElement | null} */ (boton.closest(".tapiz-ejemplo"));
  cargarEjemplo(boton).then((ejemplo) => {
    if (tarjeta && ejemplo && necesitaMotor(tarjeta, ejemplo)) import("./vivo.js").then((m) => m.arrancarPara(tarjeta));
  }, () => {});
}

/**
 * Tira los dados del ejemplo y redibuja su tarjeta con el resultado precalculado.
 * @param {HTMLElement} boton
 */
export async function repetirEjemplo(boton) {
  const tarjeta = /** @type {HTMLElement | null} */ (boton.closest(".tapiz-ejemplo"));
  const cuerpo = tarjeta?.querySelector(".tapiz-ejemplo__cuerpo");
  const zona = /** @type {HTMLElement | null | undefined} */ (tarjeta?.querySelector(".tapiz-ejemplo__repeticion"));
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
  original(tarjeta);
  const tirada = String(Number(tarjeta.dataset.tapizTirada ?? 0) + 1);
  tarjeta.dataset.tapizTirada = tirada;

  const generador = new Generador(semillaNueva());
  // Con otras reglas que las del libro (reglas.js), el dado de su edición y nada precalculado.
  const elegidas = Boolean(tarjeta.dataset.tapizReglas);
  const dados = { ...ejemplo.dados, ...(elegidas ? JSON.parse(tarjeta.dataset.tapizDados ?? "{}") : {}) };
  /** @type {Array<[string, import("./tirada.js").Tirada]>} */
  const tiradas = Object.entries(dados).map(([entrada, expresion]) => [entrada, tirar(expresion, generador)]);
  const resultado = elegidas ? undefined : resultadoDe(ejemplo.resultados, tiradas.map(([, t]) => t.total));
  cuerpo.replaceChildren(...[...original(tarjeta).childNodes].map((n) => n.cloneNode(true)));

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
  const totales = Object.fromEntries(tiradas.map(([entrada, t]) => [entrada, t.total]));
  const resumen = `Con dados nuevos: ${datos.join(", ")}.`;
  // Lo guardado se pinta ya; el motor, solo para lo que no está guardado (los pasos, u otra tirada).
  if (!resultado || !(resultado.pasos || resultado.error)) {
    import("./tarjeta-viva.js").then((m) => m.repetirEnVivo(tarjeta, zona, totales, tirada, resumen, !!resultado));
  }
  if (!resultado || resultado.error) {
    const aviso = el("li", { class: resultado ? "tapiz-error" : "", texto: resultado?.error ?? "Calculando esta tirada con el motor de reglas…" });
    cuerpo.querySelector(".tapiz-ejemplo__pasos")?.replaceChildren(aviso);
    for (const dd of cuerpo.querySelectorAll("[data-salida]")) dd.replaceChildren(el("strong", { texto: "—" }));
    marcar(tarjeta, zona, `${resumen} ${aviso.textContent}`);
    if (resultado) tarjeta.dataset.tapizResuelta = tirada;
    else import("./vivo.js").then((m) => m.estado !== "listo" && m.avisarCarga(aviso));
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
  if (resultado.pasos) tarjeta.dataset.tapizResuelta = tirada;
}

/**
 * Señala que la tarjeta muestra una tirada nueva (u otros datos), lo anuncia y ofrece volver al
 * ejemplo; lo que se pase en `antes` (el formulario de «Cambiar datos») queda encima.
 * @param {HTMLElement} tarjeta
 * @param {HTMLElement} zona
 * @param {string} resumen
 * @param {Node[]} antes
 * @param {"tirada" | "datos"} cambio lo que cambió: una tirada nueva o los datos de quien lee
 */
export function marcar(tarjeta, zona, resumen, antes = [], cambio = "tirada") {
  tarjeta.classList.add("tapiz-ejemplo--repetido");
  tarjeta.dataset.tapizCambio = cambio;
  const volver = el("button", { type: "button", class: "tapiz-volver md-button", texto: "Volver al ejemplo del libro" });
  volver.addEventListener("click", () => {
    volverAlEjemplo(tarjeta);
    /** @type {HTMLElement | null} */ (tarjeta.querySelector(".tapiz-repetir, .tapiz-cambiar"))?.focus();
  });
  zona.replaceChildren(...antes, el("p", { class: "tapiz-ejemplo__resumen", texto: resumen }), volver);
}
