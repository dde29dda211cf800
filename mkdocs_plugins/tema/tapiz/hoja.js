// @ts-check
// La hoja de personaje: el formulario (que escribe el plugin desde la declaración del motor) se
// guarda en la dirección de la página (#fue=14&des=15…) y en el navegador, y sus números los
// calcula el motor en la página (motor.js) con una sola petición «hoja». Aquí no se valida ni se
// escribe ningún número: llegan escritos, y lo que no se puede leer llega dicho con su etiqueta.

import { el } from "./elementos.js";
import { arrancar, avisarCarga, estado as motor, preguntar, reglasDe, sinMotor } from "./vivo.js";

const CLAVE = "tapiz-hoja";
const ESPERA = 250;
const ANUNCIADOS = 4;

/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Control */

/**
 * Los controles con nombre del formulario, en su orden.
 * @param {HTMLFormElement} form
 * @returns {Control[]}
 */
function controles(form) {
  return /** @type {Control[]} */ ([...form.elements].filter((e) => "name" in e && /** @type {Control} */ (e).name));
}

/**
 * Lo escrito en la hoja, sin las casillas vacías.
 * @param {HTMLFormElement} form
 * @returns {Record<string, string>}
 */
function leer(form) {
  /** @type {Record<string, string>} */
  const datos = {};
  for (const control of controles(form)) if (control.value.trim()) datos[control.name] = control.value;
  return datos;
}

/**
 * @param {HTMLFormElement} form
 * @param {URLSearchParams} estado
 */
function escribir(form, estado) {
  for (const control of controles(form)) control.value = estado.get(control.name) ?? "";
}

/** El estado guardado: el del enlace si lo trae; si no, el del navegador. */
function guardado() {
  const enlace = new URLSearchParams(location.hash.slice(1));
  if ([...enlace.keys()].length) return enlace;
  try {
    return new URLSearchParams(localStorage.getItem(CLAVE) ?? "");
  } catch {
    return new URLSearchParams();
  }
}

/** @param {Record<string, string>} datos */
function guardar(datos) {
  const texto = new URLSearchParams(datos).toString();
  history.replaceState(history.state, "", texto ? `#${texto}` : location.pathname + location.search);
  try {
    if (texto) localStorage.setItem(CLAVE, texto);
    else localStorage.removeItem(CLAVE);
  } catch {
    // sin almacenamiento: queda el enlace
  }
}

/**
 * Monta la hoja en su contenedor.
 * @param {HTMLElement} contenedor
 */
export function montarHoja(contenedor) {
  const form = /** @type {HTMLFormElement} */ (contenedor.querySelector("form"));
  const estado = /** @type {HTMLElement} */ (contenedor.querySelector(".tapiz-hoja__estado"));
  const errores = el("ul", { class: "tapiz-hoja__errores" });
  estado.after(errores);
  const valores = /** @type {NodeListOf<HTMLElement>} */ (contenedor.querySelectorAll("[data-numero]"));
  const iniciales = new Map([...valores].map((v) => [v, v.textContent ?? "—"]));
  let turno = 0;
  let reloj = 0;

  const eco = () => {
    for (const celda of /** @type {NodeListOf<HTMLElement>} */ (contenedor.querySelectorAll("[data-eco]"))) {
      const control = /** @type {Control | null} */ (form.elements.namedItem(celda.dataset.eco ?? ""));
      celda.textContent = control?.value.trim() || celda.dataset.vacio || "";
    }
  };

  const calcular = async () => {
    const mio = (turno += 1);
    const datos = leer(form);
    if (motor !== "listo") avisarCarga(estado);
    let respuesta;
    try {
      respuesta = await preguntar({ tipo: "hoja", datos, ...reglasDe(contenedor) });
    } catch {
      if (mio === turno) estado.textContent = sinMotor();
      return;
    }
    if (mio !== turno) return;
    if (respuesta.error) {
      estado.textContent = respuesta.error;
      return;
    }
    mostrar(respuesta);
  };

  /** @param {{numeros: Record<string, string>, errores: Record<string, string>, reglamento: string}} respuesta */
  const mostrar = (respuesta) => {
    /** @type {string[]} */
    const cambios = [];
    for (const valor of valores) {
      const texto = respuesta.numeros[valor.dataset.numero ?? ""] ?? "—";
      if (valor.textContent !== texto) {
        valor.textContent = texto;
        if (valor.dataset.etiqueta) cambios.push(`${valor.dataset.etiqueta}: ${texto}`);
      }
    }
    for (const invalido of form.querySelectorAll("[aria-invalid]")) invalido.removeAttribute("aria-invalid");
    errores.replaceChildren();
    for (const [clave, mensaje] of Object.entries(respuesta.errores)) {
      form.elements.namedItem(clave) instanceof HTMLElement &&
        /** @type {HTMLElement} */ (form.elements.namedItem(clave)).setAttribute("aria-invalid", "true");
      errores.append(el("li", { class: "tapiz-error", texto: mensaje }));
    }
    const resumen = cambios.slice(0, ANUNCIADOS).join("; ");
    const mas = cambios.length > ANUNCIADOS ? ` y ${cambios.length - ANUNCIADOS} números más` : "";
    const fallos = Object.keys(respuesta.errores).length;
    // Sin plantillas anidadas: el minificador (rjsmin) les quita los espacios («Hay 2datos»).
    const datos = fallos === 1 ? "un dato" : fallos + " datos";
    const aviso = fallos ? ` Hay ${datos} que revisar.` : "";
    estado.textContent = cambios.length
      ? `Hoja calculada (reglas: ${respuesta.reglamento}). ${resumen}${mas}.${aviso}`
      : `Hoja al día (reglas: ${respuesta.reglamento}).${aviso}`;
    contenedor.dataset.tapizCalculada = String(turno);
  };

  const cambiar = () => {
    eco();
    guardar(leer(form));
    clearTimeout(reloj);
    reloj = window.setTimeout(calcular, ESPERA);
  };

  escribir(form, guardado());
  eco();
  form.addEventListener("input", cambiar);
  form.addEventListener("submit", (evento) => evento.preventDefault());
  form.addEventListener("focusin", () => arrancar(), { once: true });
  form.addEventListener("pointerenter", () => arrancar(), { once: true });
  // Otras reglas: la hoja vacía ya las sigue (sus números no dependen de la edición, véase
  // tests/test_hoja.py); solo se calcula, y se carga el motor, si tiene datos.
  document.addEventListener("tapiz:reglas", () => contenedor.isConnected && Object.keys(leer(form)).length && calcular());
  acciones(contenedor, form, () => {
    for (const [valor, texto] of iniciales) valor.textContent = texto;
    errores.replaceChildren();
    guardar({});
    eco();
    estado.textContent = "Hoja vacía.";
  });
  if (Object.keys(leer(form)).length) {
    guardar(leer(form));
    calcular();
  }
}

/**
 * Los botones de la hoja: copiar el enlace, imprimir, vaciar.
 * @param {HTMLElement} contenedor
 * @param {HTMLFormElement} form
 * @param {() => void} vaciada
 */
function acciones(contenedor, form, vaciada) {
  const sitio = /** @type {HTMLElement} */ (contenedor.querySelector(".tapiz-hoja__acciones"));
  const aviso = el("span", { class: "tapiz-hoja__aviso", role: "status" });
  const boton = (/** @type {string} */ texto, /** @type {() => void} */ accion) => {
    const b = el("button", { type: "button", class: "md-button", texto });
    b.addEventListener("click", accion);
    return b;
  };
  sitio.replaceChildren(
    boton("Copiar el enlace a esta hoja", async () => {
      try {
        await navigator.clipboard.writeText(location.href);
        aviso.textContent = "Enlace copiado.";
      } catch {
        aviso.textContent = "No se pudo copiar: copia la dirección de la página.";
      }
    }),
    boton("Imprimir", () => window.print()),
    boton("Vaciar la hoja", () => {
      form.reset();
      vaciada();
    }),
    aviso,
  );
}
