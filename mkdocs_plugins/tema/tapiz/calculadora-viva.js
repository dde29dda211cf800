// @ts-check
// La calculadora de tiradas de acción (div.tapiz-calculadora): una vista sobre el motor. El
// plugin escribe el formulario (de la declaración de «probabilidades_accion») y la tabla de los
// valores iniciales (mkdocs_plugins/nucleo/widgets/calculadora.py); al cambiar un dato o al tirar, el
// motor en la página (vivo.js, el mismo Worker que «Probar») responde con la tabla, la tirada y
// los pasos ya escritos (tapiz_rules/vivo/calculadora.py). Aquí no se calcula ni se valida nada.
// No viaja con la página: lo importa calculadora.js cuando la calculadora se acerca a la vista.

const TABLA = "la tabla sigue siendo la de los valores iniciales, calculada al construir el libro, y no se puede tirar.";
const SIN_MOTOR = `El motor de reglas no se ha podido cargar en este navegador: ${TABLA}`;
const SIN_CONEXION = `Sin conexión: no se ha podido descargar el motor de reglas; ${TABLA}`;
const ESPERA = 300;

/** @typedef {{nombre: string, etiqueta: string, texto: string, ancho: string, detalle: boolean}} Fila */
/**
 * Una tirada resuelta por el motor: los dados tirados (`Tirada.a_json`) y sus frases.
 * @typedef {{fichas: import("./tirada.js").Tirada[], suma: string, contra: string, veredicto: string,
 *   exito: boolean, total: number, anuncio: string, pasos: string[], error?: undefined} | {error: string}} Tirada
 */
/**
 * La respuesta del motor a «calculadora».
 * @typedef {{reglamento: string, error?: string, campo?: string | null, titulo?: string, filas?: Fila[],
 *   pasos?: string[], tirada?: Tirada}} Respuesta
 */

const vivo = () => import("./vivo.js");

/**
 * Las reglas de un elemento, escritas como su data-reglamento («tapiz/2017/TZR0001»).
 * @param {import("./vivo.js").Reglas} r
 */
const clave = (r) => [r.sistema, r.edicion, ...[...r.opcionales].sort(), ...(r.lienzo ? [`lienzo:${r.lienzo}`] : [])].join("/");

/**
 * Monta la calculadora que escribió el plugin.
 * @param {HTMLElement} contenedor
 */
export function montar(contenedor) {
  const form = /** @type {HTMLFormElement} */ (contenedor.querySelector("form"));
  const estado = /** @type {HTMLElement} */ (contenedor.querySelector(".tapiz-calculadora__estado"));
  const salida = /** @type {HTMLElement} */ (contenedor.querySelector(".tapiz-calculadora__salida"));
  const resultado = /** @type {HTMLElement} */ (contenedor.querySelector(".tapiz-calculadora__resultado"));
  const reglas = /** @type {HTMLElement} */ (contenedor.querySelector(".tapiz-calculadora__reglas"));
  const tirar = /** @type {HTMLButtonElement} */ (contenedor.querySelector(".tapiz-calculadora__tirar"));
  let turno = 0;
  let reloj = 0;

  /** @param {string} texto @param {boolean} [error] */
  const decir = (texto, error = false) => {
    estado.textContent = texto;
    estado.classList.toggle("tapiz-error", error);
  };

  /** @param {number} [semilla] con ella, también una tirada */
  const calcular = async (semilla) => {
    clearTimeout(reloj);
    const mio = (turno += 1);
    const motor = await vivo();
    if (motor.estado !== "listo") {
      estado.classList.remove("tapiz-error");
      motor.avisarCarga(estado);
    }
    /** @type {Respuesta} */
    let respuesta;
    try {
      const entradas = Object.fromEntries(new FormData(form));
      respuesta = await motor.preguntar({ tipo: "calculadora", entradas, semilla, ...motor.reglasDe(contenedor) });
    } catch {
      if (mio === turno) {
        decir(motor.sinMotor() === motor.SIN_CONEXION ? SIN_CONEXION : SIN_MOTOR, true);
        salida.removeAttribute("aria-busy");
      }
      return;
    }
    const vista = await import("./vista.js");
    if (mio !== turno) return;
    pintar(vista, respuesta);
    contenedor.dataset.tapizCalculada = String(mio);
    import("./reglas.js").then((m) => m.montarReglas());
  };

  /**
   * @param {typeof import("./vista.js")} vista
   * @param {Respuesta} respuesta
   */
  const pintar = ({ anunciar, el, fichasDeTirada }, respuesta) => {
    reglas.textContent = `Reglas: ${respuesta.reglamento}.`;
    for (const invalido of form.querySelectorAll("[aria-invalid]")) invalido.removeAttribute("aria-invalid");
    salida.removeAttribute("aria-busy");
    if (respuesta.error || !respuesta.filas) {
      const culpable = respuesta.campo ? form.elements.namedItem(respuesta.campo) : null;
      if (culpable instanceof HTMLElement) culpable.setAttribute("aria-invalid", "true");
      decir(respuesta.error ?? "", true);
      salida.replaceChildren();
    } else {
      const { filas, titulo = "", pasos = [] } = respuesta;
      // Sin plantillas anidadas: el minificador (rjsmin) les quita los espacios.
      const resumen = filas.filter((f) => !f.detalle).map((f) => f.etiqueta.toLowerCase() + " " + f.texto);
      decir(`Calculado con tus datos: ${resumen.join(", ")}.`);
      const fila = (/** @type {Fila} */ f) =>
        el(
          "tr",
          { "data-salida": f.nombre, class: f.detalle ? "tapiz-probabilidades__detalle" : null },
          el("th", { scope: "row", texto: f.etiqueta }),
          el("td", {}, el("span", { class: "tapiz-medidor", style: `width:${f.ancho}`, "aria-hidden": "true" }), f.texto),
        );
      salida.replaceChildren(
        el(
          "table",
          { class: "tapiz-probabilidades" },
          el("caption", { texto: titulo }),
          el("thead", {}, el("tr", {}, el("th", { scope: "col", texto: "Resultado" }), el("th", { scope: "col", texto: "Probabilidad" }))),
          el("tbody", {}, ...filas.map(fila)),
        ),
        pasosDe(el, pasos, "Cálculo de las probabilidades"),
      );
    }
    const t = respuesta.tirada;
    if (!t) return;
    if (t.error !== undefined) {
      resultado.replaceChildren(el("p", { class: "tapiz-error", texto: t.error }));
      anunciar(t.error);
      return;
    }
    const fichas = el("span", { class: "tapiz-tirada", role: "group", "aria-label": "Dados tirados" });
    t.fichas.forEach((tirada, i) => fichas.append(...(i ? [el("span", { "aria-hidden": "true", texto: "+" })] : []), fichasDeTirada(tirada)));
    resultado.replaceChildren(
      el(
        "p",
        { "data-total": t.total, "data-exito": String(t.exito) },
        fichas,
        el("span", { class: "tapiz-total", texto: t.suma }),
        ` ${t.contra} `,
        el("span", { class: t.exito ? "tapiz-exito" : "tapiz-fallo", texto: t.veredicto }),
      ),
      pasosDe(el, t.pasos, "Cálculo de la tirada"),
    );
    anunciar(t.anuncio);
  };

  const delLibro = { salida: salida.cloneNode(true), reglas: reglas.textContent, estado: estado.textContent };
  const intacta = () => [...form.elements].every((c) => !(c instanceof HTMLInputElement) || c.value === c.defaultValue);

  /** Con los valores iniciales: la tabla de las reglas elegidas, calculada al construir (reglas.js). */
  const inicial = async () => {
    const mio = (turno += 1);
    const [lector, vista] = await Promise.all([import("./reglas.js"), import("./vista.js")]);
    let variante;
    try {
      variante = await lector.varianteElegida();
    } catch {
      variante = undefined;
    }
    if (mio !== turno) return;
    if (variante?.calculadora) {
      pintar(vista, variante.calculadora);
      decir("Probabilidades con los valores iniciales y las reglas elegidas.");
    } else if (!variante) {
      salida.replaceChildren(...[...delLibro.salida.childNodes].map((n) => n.cloneNode(true)));
      salida.removeAttribute("aria-busy");
      reglas.textContent = delLibro.reglas;
      decir(delLibro.estado ?? "");
    } else {
      reglas.textContent = `Reglas: ${variante.descripcion}.`;
    }
    contenedor.dataset.tapizCalculada = String(mio);
  };

  const cambiar = () => {
    // Una tirada o una tabla hechas con otros datos ya no valen, tampoco las que están en camino.
    turno += 1;
    resultado.replaceChildren();
    // Atenuada (widgets.css) mientras llega la calculada con los datos nuevos.
    salida.setAttribute("aria-busy", "true");
    clearTimeout(reloj);
    reloj = window.setTimeout(() => calcular(), ESPERA);
  };

  form.addEventListener("input", cambiar);
  form.addEventListener("submit", (evento) => {
    evento.preventDefault();
    calcular();
  });
  tirar.addEventListener("click", () => calcular(crypto.getRandomValues(new Uint32Array(1))[0]));
  document.addEventListener("tapiz:reglas", () => contenedor.isConnected && (intacta() ? inicial() : calcular()));
  // El motor (unos 4 MB) empieza a cargar cuando quien lee se acerca a un campo (ratón, dedo o
  // teclado).
  const preparar = () => vivo().then((m) => m.arrancar());
  form.addEventListener("focusin", preparar, { once: true });
  form.addEventListener("pointerover", preparar, { once: true });
  // Lo que se escribió antes de que llegara este módulo.
  if ([...form.elements].some((c) => c instanceof HTMLInputElement && c.value !== c.defaultValue)) cambiar();
  else if (eligio()) {
    vivo().then((m) => {
      // Quien lee eligió otras reglas (otra edición): la tabla escrita al construir no es la suya.
      if (clave(m.reglasDe(contenedor)) !== contenedor.dataset.reglamento) inicial();
    });
  }
  contenedor.dataset.tapizMontada = "1";
}

/** Si quien lee eligió sus reglas (vivo.js: elegir); sin almacenamiento, no pudo. */
function eligio() {
  try {
    return Boolean(localStorage.getItem("tapiz-reglas"));
  } catch {
    return false;
  }
}

/**
 * Los pasos de un cálculo, plegados.
 * @param {typeof import("./vista.js").el} el
 * @param {string[]} pasos
 * @param {string} titulo
 */
function pasosDe(el, pasos, titulo) {
  return el(
    "details",
    { class: "tapiz-calculadora__pasos" },
    el("summary", { texto: titulo }),
    el("ol", {}, ...pasos.map((p) => el("li", { texto: p }))),
  );
}
