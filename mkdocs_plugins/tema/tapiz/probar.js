// @ts-check
// «Probar» en cada regla del libro: al abrir su <details>, el formulario que sale de la
// declaración de la regla (etiquetas, unidades, opciones, límites), pedida al motor en la
// página, y el resultado en las palabras del libro, anunciado a los lectores de pantalla. Aquí
// no se valida ni se escribe ningún número: los textos del formulario van tal cual al motor
// («2,5», «−2») y vuelven escritos o con un mensaje que nombra el dato.

import { el, nuevoId } from "./elementos.js";
import { avisarCarga, preguntar, reglasDe, sinMotor } from "./vivo.js";

/**
 * Al pulsar el control (su <summary> lo abre; un clic dentro no hace nada): su formulario.
 * @param {HTMLDetailsElement} control
 */
export async function abrirProbar(control) {
  if (control.dataset.tapizProbar) return;
  control.dataset.tapizProbar = "1";
  const cuerpo = /** @type {HTMLElement} */ (control.querySelector(".tapiz-probar__cuerpo"));
  const estado = el("p", { class: "tapiz-probar__estado", role: "status" });
  cuerpo.replaceChildren(estado);
  avisarCarga(estado);
  let formulario;
  try {
    formulario = await preguntar({ tipo: "formulario", regla: control.dataset.regla, ...reglasDe(control) });
  } catch {
    estado.textContent = sinMotor();
    delete control.dataset.tapizProbar;
    return;
  }
  if (formulario.error) {
    estado.textContent = formulario.error;
    return;
  }
  montar(control, cuerpo, formulario);
  import("./reglas.js").then((m) => m.montarReglas());
}

/**
 * @param {HTMLElement} control
 * @param {HTMLElement} cuerpo
 * @param {any} declaracion
 */
function montar(control, cuerpo, declaracion) {
  const form = el("form", { class: "tapiz-probar__formulario", novalidate: true });
  for (const campo of declaracion.entradas) form.append(campoDe(campo));
  const boton = el("button", { type: "submit", class: "md-button md-button--primary", texto: "Calcular" });
  const nota = el("p", { class: "tapiz-probar__reglas", texto: `Reglas: ${declaracion.reglamento}.` });
  const salida = el("div", { class: "tapiz-probar__resultado", "aria-live": "polite", "aria-atomic": "true" });
  form.append(el("p", {}, boton), nota);
  cuerpo.replaceChildren(form, salida);
  let turno = 0;
  const calcular = async () => {
    const mio = (turno += 1);
    const entradas = leer(form, declaracion.entradas);
    let respuesta;
    try {
      respuesta = await preguntar({ tipo: "regla", regla: control.dataset.regla, entradas, ...reglasDe(control) });
    } catch {
      respuesta = { error: sinMotor() };
    }
    if (mio === turno) mostrar(form, salida, nota, respuesta);
  };
  form.addEventListener("submit", (evento) => {
    evento.preventDefault();
    calcular();
  });
  form.addEventListener("change", () => calcular());
  document.addEventListener("tapiz:reglas", () => control.isConnected && calcular());
  calcular();
}

/**
 * Un campo del formulario, con su etiqueta, su unidad, sus límites y su valor inicial (`valor`,
 * el de una tarjeta; si no, el de la declaración). El texto de los límites («De 1 a 5.400.») lo
 * escribe el motor (`formato.limites`) y llega con la declaración.
 * @param {any} campo
 * @param {any} [valor]
 */
export function campoDe(campo, valor) {
  const dado = valor === undefined ? campo.por_defecto : valor;
  const id = nuevoId("tapiz-probar");
  // «Puntos de golpe actuales», no «Puntos de golpe actuales (puntos de golpe)».
  const nombrada = campo.unidad && campo.etiqueta.toLowerCase().includes(campo.unidad.toLowerCase());
  const etiqueta = campo.unidad && !nombrada ? `${campo.etiqueta} (${campo.unidad})` : campo.etiqueta;
  const propia = campo.ayuda && campo.ayuda !== campo.etiqueta ? campo.ayuda.replace(/([^.?!])$/, "$1.") : "";
  const ayuda = [propia, campo.limites].filter(Boolean).join(" ");
  const idAyuda = ayuda ? `${id}-ayuda` : null;
  let control;
  if (campo.tipo === "bool") {
    control = el("input", { type: "checkbox", id, name: campo.nombre, checked: dado === true });
  } else if (campo.opciones) {
    control = el("select", { id, name: campo.nombre });
    if (campo.admite_nulo) control.append(el("option", { value: "", texto: "—" }));
    for (const [opcion, texto] of campo.opciones) {
      control.append(el("option", { value: opcion, selected: opcion === String(dado), texto }));
    }
  } else {
    const numerico = campo.tipo === "int" || campo.tipo === "float";
    control = el("input", {
      type: "text",
      id,
      name: campo.nombre,
      value: valor === undefined ? inicial(campo) : Array.isArray(valor) ? valor.join(", ") : String(valor),
      inputmode: numerico ? (campo.tipo === "float" ? "decimal" : "text") : null,
      autocomplete: "off",
      spellcheck: "false",
    });
  }
  if (idAyuda) control.setAttribute("aria-describedby", idAyuda);
  return el(
    "div",
    { class: `tapiz-probar__campo${campo.tipo === "bool" ? " tapiz-probar__campo--si-no" : ""}` },
    el("label", { for: id, texto: etiqueta }),
    control,
    ayuda ? el("small", { id: idAyuda, texto: ayuda }) : null,
  );
}

/** @param {any} campo */
function inicial(campo) {
  if (campo.por_defecto !== undefined && campo.por_defecto !== null) return String(campo.por_defecto);
  if (campo.obligatorio && (campo.tipo === "int" || campo.tipo === "float")) return String(campo.minimo ?? 10);
  return "";
}

/**
 * Los textos del formulario, tal cual (el motor los lee); las casillas, sí o no.
 * @param {HTMLFormElement} form
 * @param {any[]} campos
 */
export function leer(form, campos) {
  /** @type {Record<string, string | boolean>} */
  const entradas = {};
  for (const campo of campos) {
    const control = /** @type {HTMLInputElement} */ (form.elements.namedItem(campo.nombre));
    if (!control) continue;
    if (campo.tipo === "bool") entradas[campo.nombre] = control.checked;
    else if (control.value !== "" || campo.obligatorio || campo.admite_nulo) entradas[campo.nombre] = control.value;
  }
  return entradas;
}

/**
 * @param {HTMLFormElement} form
 * @param {HTMLElement} salida
 * @param {HTMLElement} nota
 * @param {any} respuesta
 */
function mostrar(form, salida, nota, respuesta) {
  for (const invalido of form.querySelectorAll("[aria-invalid]")) invalido.removeAttribute("aria-invalid");
  if (respuesta.error) {
    const culpable = respuesta.campo ? form.elements.namedItem(respuesta.campo) : null;
    if (culpable instanceof HTMLElement) culpable.setAttribute("aria-invalid", "true");
    salida.replaceChildren(el("p", { class: "tapiz-error", texto: respuesta.error }));
    return;
  }
  nota.textContent = `Reglas: ${respuesta.reglamento}.`;
  const lista = el("dl", { class: "tapiz-probar__valores" });
  for (const { nombre, etiqueta, texto } of respuesta.salidas) {
    lista.append(el("dt", { texto: etiqueta }), el("dd", { "data-salida": nombre, texto }));
  }
  const pasos = el("ol", { class: "tapiz-probar__pasos" }, ...respuesta.pasos.map((/** @type {string} */ p) => el("li", { texto: p })));
  salida.replaceChildren(el("p", { class: "tapiz-probar__titulo", texto: "Resultado" }), lista);
  if (respuesta.pasos.length) salida.append(el("details", {}, el("summary", { texto: "Cálculo paso a paso" }), pasos));
}
