// @ts-check
// Las tarjetas de ejemplo con el motor en la página: «Repetir» calcula en vivo cualquier tirada
// con sus pasos (lo precalculado se ve antes, y sirve si el motor no carga) y «Cambiar datos»
// calcula la tarjeta con lo que escriba quien lee. Los valores y pasos llegan escritos por el
// motor; los del libro se leen de la tarjeta original (data-valor de cada dato).

import { marcar, original, pintarRespuesta as pintar } from "./ejemplos.js";
import { decimal, miles } from "./formato.js";
import { campoDe, leer } from "./probar.js";
import { el } from "./elementos.js";
import { avisarCarga, preguntar, reglasDe, sinMotor } from "./vivo.js";

/**
 * Los datos del ejemplo del libro: {entrada: valor}.
 * @param {HTMLElement} tarjeta
 * @returns {Record<string, any>}
 */
function valoresDelLibro(tarjeta) {
  /** @type {Record<string, any>} */
  const valores = {};
  for (const dd of /** @type {NodeListOf<HTMLElement>} */ (original(tarjeta).querySelectorAll("[data-entrada][data-valor]"))) {
    valores[dd.dataset.entrada ?? ""] = JSON.parse(dd.dataset.valor ?? "null");
  }
  return valores;
}

/**
 * El dato de la tarjeta en el campo como lo escribe el libro («+2», «5.400», «2,5»); el motor
 * lo lee igual.
 * @param {{formato?: string}} campo
 * @param {any} valor
 */
function comoElLibro(campo, valor) {
  if (typeof valor !== "number") return valor;
  if (campo.formato === "modificador") return valor > 0 ? `+${miles(valor)}` : miles(valor);
  if (campo.formato === "entero") return miles(valor);
  return campo.formato === "decimal" ? decimal(valor) : valor;
}

/** @param {HTMLElement} tarjeta */
function cuerpoDe(tarjeta) {
  return /** @type {HTMLElement} */ (tarjeta.querySelector(".tapiz-ejemplo__cuerpo"));
}

/**
 * Calcula en vivo la tirada que «Repetir» acaba de dibujar (si sigue siendo la última). Si el
 * motor no carga, queda lo precalculado o, si no lo había, se dice.
 * @param {HTMLElement} tarjeta
 * @param {HTMLElement} zona
 * @param {Record<string, number>} totales
 * @param {string} tirada
 * @param {string} resumen
 * @param {boolean} precalculada
 */
export async function repetirEnVivo(tarjeta, zona, totales, tirada, resumen, precalculada) {
  const cuerpo = cuerpoDe(tarjeta);
  const entradas = { ...valoresDelLibro(tarjeta), ...totales };
  let respuesta;
  try {
    respuesta = await preguntar({ tipo: "regla", regla: cuerpo.dataset.regla, entradas, ...reglasDe(cuerpo) });
  } catch {
    if (tarjeta.dataset.tapizTirada !== tirada || precalculada) return;
    respuesta = { error: "Esta combinación de dados no está precalculada y el motor de reglas no se ha podido cargar." };
  }
  if (tarjeta.dataset.tapizTirada !== tirada) return;
  const dice = pintar(cuerpo, respuesta);
  tarjeta.dataset.tapizResuelta = tirada;
  marcar(tarjeta, zona, `${resumen} ${dice}`);
}

/**
 * «Cambiar datos»: un formulario con los datos de la tarjeta, que la recalcula al enviarlo.
 * @param {HTMLElement} boton
 */
export async function cambiarDatos(boton) {
  const tarjeta = /** @type {HTMLElement | null} */ (boton.closest(".tapiz-ejemplo"));
  const zona = /** @type {HTMLElement | null} */ (tarjeta?.querySelector(".tapiz-ejemplo__repeticion"));
  if (!tarjeta || !zona || zona.querySelector("form")) return;
  const cuerpo = cuerpoDe(tarjeta);
  const libro = valoresDelLibro(tarjeta);
  const estado = el("p", { role: "status" });
  zona.replaceChildren(estado);
  avisarCarga(estado);
  let declaracion;
  try {
    declaracion = await preguntar({ tipo: "formulario", regla: cuerpo.dataset.regla, ...reglasDe(cuerpo) });
  } catch {
    estado.textContent = sinMotor();
    return;
  }
  const campos = declaracion.entradas.filter((/** @type {any} */ c) => c.nombre in libro);
  const form = el("form", { class: "tapiz-probar__formulario tapiz-ejemplo__cambiar", novalidate: true });
  for (const campo of campos) form.append(campoDe(campo, comoElLibro(campo, libro[campo.nombre])));
  form.append(el("p", {}, el("button", { type: "submit", class: "md-button md-button--primary", texto: "Calcular con estos datos" })));
  form.addEventListener("submit", async (evento) => {
    evento.preventDefault();
    const entradas = leer(/** @type {HTMLFormElement} */ (form), campos);
    const tirada = String(Number(tarjeta.dataset.tapizTirada ?? 0) + 1);
    tarjeta.dataset.tapizTirada = tirada;
    let respuesta;
    try {
      respuesta = await preguntar({ tipo: "regla", regla: cuerpo.dataset.regla, entradas: { ...libro, ...entradas }, ...reglasDe(cuerpo) });
    } catch {
      respuesta = { error: sinMotor() };
    }
    if (tarjeta.dataset.tapizTirada !== tirada) return;
    cuerpo.replaceChildren(...[...original(tarjeta).childNodes].map((n) => n.cloneNode(true)));
    const datos = [];
    // Como los escribe el libro («5.400», «+5»): los que el motor leyó; si no, lo tecleado.
    const leidas = Object.fromEntries((respuesta.entradas ?? []).map((/** @type {any} */ e) => [e.nombre, e.texto]));
    for (const campo of campos) {
      const control = /** @type {HTMLInputElement | HTMLSelectElement} */ (form.querySelector(`[name="${campo.nombre}"]`));
      const tecleado = control instanceof HTMLSelectElement ? control.selectedOptions[0]?.textContent ?? "" : control.type === "checkbox" ? (control.checked ? "sí" : "no") : control.value;
      const texto = leidas[campo.nombre] ?? tecleado;
      cuerpo.querySelector(`[data-entrada="${campo.nombre}"]`)?.replaceChildren(el("strong", { texto }));
      datos.push(`${campo.etiqueta} ${texto}`);
    }
    const dice = pintar(cuerpo, respuesta);
    tarjeta.dataset.tapizResuelta = tirada;
    marcar(tarjeta, zona, `Con tus datos: ${datos.join(", ")}. ${dice}`, [form], "datos");
  });
  zona.replaceChildren(form);
  /** @type {HTMLElement | null} */ (form.querySelector("input, select"))?.focus();
}
