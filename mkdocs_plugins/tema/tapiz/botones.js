// @ts-check
// Botones de dados del texto (button.tapiz-dados[data-expr]) y el tirador libre (.tapiz-tirador).

import { miles } from "./formato.js";
import { cargarDatos, SIN_DATOS } from "./datos.js";
import { Generador, semillaNueva } from "./generador.js";
import { analizar } from "./notacion.js";
import { tirar } from "./tirada.js";
import {
  agruparPorTermino,
  DADOS_LEIDOS,
  anunciar,
  el,
  fichasDeTirada,
  grafica,
  nuevoId,
  resumenDeTirada,
} from "./vista.js";

/** @typedef {(zona: HTMLElement) => Promise<import("./vista.js").Puntos>} Probabilidades */

/**
 * Las probabilidades de un dado del texto: las calculó la construcción (los datos de la página,
 * con el `data-expr` literal por clave); si no se pueden tabular, el mensaje del motor.
 * @param {string} expresion
 * @returns {Promise<import("./vista.js").Puntos>}
 */
async function delTexto(expresion) {
  let guardadas;
  try {
    guardadas = (await cargarDatos()).distribuciones?.[expresion];
  } catch {
    throw new Error(SIN_DATOS);
  }
  if (typeof guardadas === "string") throw new Error(guardadas);
  if (!guardadas) throw new Error(SIN_DATOS);
  return guardadas;
}

/**
 * Las probabilidades de una expresión escrita: las da el motor en la página
 * (probabilidades-vivas.js, que se descarga entonces con vivo.js).
 * @param {string} expresion
 * @returns {Probabilidades}
 */
function delMotor(expresion) {
  return async (zona) => (await import("./probabilidades-vivas.js")).probabilidadesDelMotor(expresion, zona);
}

/**
 * Dónde va la gráfica: tras el párrafo del botón (para no partir la frase) o, en una
 * celda, elemento de lista o definición, al final de ese elemento.
 * @param {Element} origen
 * @param {HTMLElement} zona
 */
function colocarGrafica(origen, zona) {
  const bloque = origen.closest("p, li, td, th, dd, dt, figcaption, .admonition-title");
  if (bloque?.matches("p, .admonition-title")) bloque.after(zona);
  else if (bloque) bloque.append(zona);
  else origen.after(zona);
}

/**
 * Conmutador «Probabilidades» que despliega la gráfica de la expresión tirada. Dentro de una
 * frase es un «%» pequeño (su nombre accesible sigue siendo «Probabilidades de 2d6»).
 * @param {HTMLElement} contenedor
 * @param {HTMLElement} origen lo que se pulsó; guarda el id de su gráfica
 * @param {string} expresion
 * @param {number} total
 * @param {boolean} enLinea
 * @param {Probabilidades} probabilidades de dónde salen: los datos de la página o el motor
 */
function conmutadorDeGrafica(contenedor, origen, expresion, total, enLinea, probabilidades) {
  const id = origen.dataset.tapizGrafica ?? nuevoId("tapiz-grafica");
  origen.dataset.tapizGrafica = id;
  document.getElementById(id)?.remove();
  const nombre = `Probabilidades de ${expresion}`;
  const boton = el("button", {
    type: "button",
    class: enLinea ? "tapiz-boton-secundario tapiz-boton-secundario--en-linea" : "tapiz-boton-secundario",
    "aria-expanded": "false",
    "aria-controls": id,
    "aria-label": enLinea ? nombre : null,
    title: enLinea ? nombre : null,
    texto: enLinea ? "%" : "Probabilidades",
  });
  const zona = el("div", { id, class: "tapiz-grafica-zona", hidden: true });
  colocarGrafica(origen, zona);
  boton.addEventListener("click", async () => {
    const abrir = boton.getAttribute("aria-expanded") !== "true";
    boton.setAttribute("aria-expanded", String(abrir));
    zona.hidden = !abrir;
    if (!abrir || zona.childElementCount) return;
    try {
      zona.replaceChildren(grafica(expresion, await probabilidades(zona), total));
    } catch (error) {
      zona.replaceChildren(el("p", { class: "tapiz-error", texto: error.message }));
    }
  });
  contenedor.append(boton);
}

/**
 * Tira una expresión con semilla nueva y pinta el resultado en `destino`.
 * @param {HTMLElement} destino
 * @param {string} expresion
 * @param {{origen?: HTMLElement, enLinea?: boolean, probabilidades?: Probabilidades}} [opciones]
 *   `origen`: lo que se pulsó (por omisión, `destino`); `enLinea`: el resultado va dentro de una
 *   frase; `probabilidades`: de dónde sale su gráfica (por omisión, del motor en la página)
 */
export function tirarEn(destino, expresion, { origen = destino, enLinea = false, probabilidades } = {}) {
  const tirada = tirar(expresion, new Generador(semillaNueva()));
  const sinSuma = tirada.dados.length === 1 && agruparPorTermino(tirada).length === 1;
  // Con muchos dados, quien usa un lector de pantalla recibe el resumen, no cada ficha.
  const fichas = tirada.dados.length > DADOS_LEIDOS
    ? el("span", { "aria-hidden": "true" }, fichasDeTirada(tirada))
    : fichasDeTirada(tirada);
  const resultado = el(
    "span",
    { class: "tapiz-tirada", role: "group", "aria-label": `Tirada de ${tirada.expresion}` },
    fichas,
    tirada.dados.length > DADOS_LEIDOS ? el("span", { class: "tapiz-oculto", texto: resumenDeTirada(tirada) }) : null,
    sinSuma ? null : el("span", { class: "tapiz-total", texto: `= ${miles(tirada.total)}` }),
  );
  const deDonde = probabilidades ?? delMotor(tirada.expresion);
  conmutadorDeGrafica(resultado, origen, tirada.expresion, tirada.total, enLinea, deDonde);
  // En una frase, espacios de verdad entre las piezas: su texto se lee «2d6 4 5 = 9».
  if (enLinea) for (const pieza of resultado.querySelectorAll(":scope > *, :scope > [aria-hidden] > *")) pieza.before(" ");
  destino.replaceChildren(resultado);
  anunciar(resumenDeTirada(tirada));
  return tirada;
}

/**
 * Clic (o Intro/Espacio, que en un botón nativo son clic) en un dado del texto.
 * @param {HTMLElement} boton un button.tapiz-dados[data-expr] (el selector de dados.js)
 */
export function alPulsarDado(boton) {
  // El hermano de un botón del texto es HTML (el span de su tirada, si ya se tiró).
  let destino = /** @type {HTMLElement | null} */ (boton.nextElementSibling);
  if (!destino?.classList.contains("tapiz-tirada-zona")) {
    destino = el("span", { class: "tapiz-tirada-zona" });
    boton.after(destino);
  }
  try {
    const expresion = /** @type {string} */ (boton.dataset.expr);
    tirarEn(destino, expresion, { origen: boton, enLinea: true, probabilidades: () => delTexto(expresion) });
  } catch (error) {
    destino.replaceChildren(el("span", { class: "tapiz-error", texto: error.message }));
    anunciar(error.message);
  }
}

/**
 * Un campo para escribir cualquier expresión y tirarla.
 * @param {HTMLElement} contenedor
 */
export function montarTirador(contenedor) {
  const id = nuevoId("tapiz-expresion");
  const entrada = el("input", {
    id,
    type: "text",
    value: contenedor.dataset.expr || "2d6",
    spellcheck: "false",
    autocomplete: "off",
    inputmode: "text",
    "aria-describedby": `${id}-ayuda`,
  });
  const boton = el("button", { type: "button", class: "md-button md-button--primary", texto: "Tirar" });
  const salida = el("div", { class: "tapiz-tirador__salida" });
  const formulario = el(
    "form",
    { class: "tapiz-tirador__fila" },
    el("label", { class: "tapiz-campo", for: id }, "Expresión de dados", entrada),
    boton,
  );
  formulario.addEventListener("submit", (evento) => {
    evento.preventDefault();
    try {
      analizar(entrada.value);
      entrada.removeAttribute("aria-invalid");
      tirarEn(salida, entrada.value);
    } catch (error) {
      entrada.setAttribute("aria-invalid", "true");
      salida.replaceChildren(el("p", { class: "tapiz-error", texto: error.message }));
      anunciar(error.message);
    }
  });
  boton.type = "submit";
  contenedor.replaceChildren(
    formulario,
    el("p", { id: `${id}-ayuda`, class: "tapiz-ayuda", texto: "Por ejemplo 3d6, 4d6kh3, 1d20+1d8!+2 o d%." }),
    salida,
  );
}
