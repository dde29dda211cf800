// @ts-check
// Calculadora de tiradas de acción (div.tapiz-calculadora): probabilidades exactas antes de
// tirar y una tirada con dados nuevos. Todos los números de las reglas llegan de datos.json, y
// el formulario sale de la declaración de la regla «probabilidades_accion» (datos.formularios):
// sus etiquetas, mínimos y valores iniciales no se escriben aquí. Sigue la edición que eligió
// quien lee (vivo.js: reglasDe), al montarse y cada vez que la cambia: la edición solo cambia
// el dado base del motor, que esta calculadora toma de datos.ediciones.

import { probabilidadesAccion, resolverAccion } from "./accion.js";
import { cargarDatos, SIN_DATOS } from "./datos.js";
import { Generador, semillaNueva } from "./generador.js";
import { analizar } from "./notacion.js";
import { comprobarPresupuesto, decimal, fraccion, PRESUPUESTO_NAVEGADOR } from "./probabilidad.js";
import { tirar } from "./tirada.js";
import { conSigno, miles, operador } from "./formato.js";
import { anunciar, el, fichasDeTirada, nuevoId, porcentaje } from "./vista.js";
import { reglasDe } from "./vivo.js";

/** @typedef {import("./datos.js").DatosConCalculadora} Datos */
/** @typedef {import("./datos.js").Entrada} Entrada */
/** @typedef {Extract<Entrada, {tipo: "entero"}>} EntradaEntera */
/** @typedef {import("./accion.js").Modificadores} Modificadores */
/** @typedef {Modificadores & {dadoBase: string, dados: string}} Entradas las de la tirada, leídas */
/**
 * Los controles del formulario: los tres de los dados y uno por entrada entera, por su nombre.
 * @typedef {{dado_base: HTMLSelectElement, nivel_atributo: HTMLSelectElement, dados: HTMLInputElement}
 *   & Record<string, HTMLInputElement | HTMLSelectElement>} Controles
 */
/**
 * Una calculadora montada: sus datos, sus controles, dónde escribe y las distribuciones ya calculadas.
 * @typedef {{datos: Datos, numericos: EntradaEntera[], controles: Controles, mensaje: HTMLParagraphElement,
 *   tabla: HTMLTableElement, rasgos: HTMLParagraphElement, resultado: HTMLDivElement,
 *   cache: Map<string, import("./probabilidad.js").Distribucion>}} Calculadora
 */

/**
 * Las entradas numéricas de la regla, en el orden en que las declara el motor.
 * @param {Datos} datos
 */
function camposNumericos(datos) {
  const formulario = datos.formularios.probabilidades_accion;
  const numericos = formulario.entradas.filter((e) => e.tipo === "entero");
  // La resistencia va al final: es lo último que se decide antes de tirar.
  return [...numericos.filter((e) => e.nombre !== "resistencia"), ...numericos.filter((e) => e.nombre === "resistencia")];
}

/**
 * La entrada de los dados de atributo, que la regla declara siempre.
 * @param {Datos} datos
 */
function campoDeDados(datos) {
  return /** @type {Entrada} */ (datos.formularios.probabilidades_accion.entradas.find((e) => e.nombre === "dados"));
}

/**
 * @param {string} etiqueta
 * @param {HTMLElement} control
 */
function campo(etiqueta, control) {
  return el("label", { class: "tapiz-campo", for: control.id }, etiqueta, control);
}

/** @param {string} clave */
function nombreDeEdicion(clave) {
  return clave === "actual" ? "actual" : `edición ${clave}`;
}

/**
 * @param {Datos} datos
 * @param {string} id
 * @param {string} edicion la del contenedor; si no tiene dado propio, el del reglamento
 */
function selectorDadoBase(datos, id, edicion) {
  const selector = el("select", { id, name: "dado_base" });
  const inicial = datos.ediciones[edicion] ?? datos.reglamento.dado_base;
  for (const [clave, expresion] of Object.entries(datos.ediciones)) {
    const elegida = expresion === inicial;
    selector.append(
      el("option", { value: expresion, selected: elegida, texto: `${expresion} (${nombreDeEdicion(clave)})` }),
    );
  }
  return selector;
}

const OTROS_DADOS = "otros";

/**
 * @param {Datos} datos
 * @param {string} id
 */
function selectorNivelAtributo(datos, id) {
  const selector = el("select", { id, name: "nivel_atributo" });
  for (const { nivel, expresion } of datos.dados_atributo) {
    selector.append(el("option", { value: nivel, texto: `${nivel}: ${expresion ?? "sin dados"}` }));
  }
  // Si se escriben otros dados, el nivel lo dice en lugar de contradecirlos.
  selector.append(el("option", { value: OTROS_DADOS, texto: "otros dados (escritos a mano)" }));
  return selector;
}

/**
 * El nivel cuya expresión coincide con los dados escritos, o «otros dados».
 * @param {Datos} datos
 * @param {string} escritos
 */
function nivelDeLosDados(datos, escritos) {
  const limpio = escritos.replaceAll(" ", "").toLowerCase();
  const fila = datos.dados_atributo.find((d) => (d.expresion ?? "") === limpio);
  return fila ? String(fila.nivel) : OTROS_DADOS;
}

/**
 * La edición de la calculadora según las reglas de quien lee; null en un Lienzo, que siempre
 * calcula con las suyas.
 * @param {HTMLElement} contenedor
 */
function edicionElegida(contenedor) {
  const reglas = reglasDe(contenedor);
  return reglas.lienzo ? null : reglas.edicion || null;
}

/** Un valor a medio escribir (vacío, o solo «-»): no es un error, todavía. */
class Incompleto extends Error {}

/**
 * Construye la calculadora dentro de `contenedor` (idempotente: se llama una vez).
 * @param {HTMLElement} contenedor
 */
export async function montarCalculadora(contenedor) {
  /** @type {Datos} */
  let datos;
  try {
    // Los datos de una página con calculadora traen los suyos (el plugin los pone).
    datos = /** @type {Datos} */ (await cargarDatos());
  } catch {
    contenedor.replaceChildren(el("p", { class: "tapiz-error", texto: SIN_DATOS }));
    return;
  }
  const id = nuevoId("tapiz-calc");
  const numericos = camposNumericos(datos);
  /** @type {Controles} */
  const controles = {
    // render.widget escribe data-edicion y data-reglamento en cada contenedor.
    dado_base: selectorDadoBase(datos, `${id}-base`, edicionElegida(contenedor) ?? /** @type {string} */ (contenedor.dataset.edicion)),
    nivel_atributo: selectorNivelAtributo(datos, `${id}-nivel-atributo`),
    dados: el("input", { id: `${id}-dados`, name: "dados", type: "text", value: "", spellcheck: "false", autocomplete: "off", placeholder: "sin dados" }),
  };
  for (const c of numericos) {
    controles[c.nombre] = el("input", { id: `${id}-${c.nombre}`, name: c.nombre, type: "text", value: c.inicial ?? "", inputmode: "numeric", autocomplete: "off" });
  }
  const mensaje = el("p", { class: "tapiz-error", role: "status", hidden: true });
  const tabla = el("table", { class: "tapiz-probabilidades" });
  const rasgos = el("p", { class: "tapiz-calculadora__rasgos" });
  const botonTirar = el("button", { type: "button", class: "md-button md-button--primary", texto: "Tirar" });
  const resultado = el("div", { class: "tapiz-calculadora__resultado" });
  /** @type {Calculadora} */
  const calc = { datos, numericos, controles, mensaje, tabla, rasgos, resultado, cache: new Map() };

  contenedor.replaceChildren(
    el(
      "fieldset",
      { class: "tapiz-calculadora__campos" },
      el("legend", { class: "tapiz-oculto", texto: "Tirada de acción" }),
      campo("Dado base", controles.dado_base),
      campo("Nivel de los dados de atributo", controles.nivel_atributo),
      campo(`${campoDeDados(datos).etiqueta} (se pueden escribir)`, controles.dados),
      ...numericos.map((c) => campo(c.etiqueta, controles[c.nombre])),
    ),
    mensaje,
    rasgos,
    tabla,
    el("div", { class: "tapiz-calculadora__acciones" }, botonTirar),
    resultado,
  );
  contenedor.setAttribute("role", "group");
  contenedor.setAttribute("aria-label", "Calculadora de tiradas de acción");

  controles.nivel_atributo.addEventListener("change", () => {
    if (controles.nivel_atributo.value === OTROS_DADOS) return;
    const fila = datos.dados_atributo.find((d) => String(d.nivel) === controles.nivel_atributo.value);
    controles.dados.value = fila?.expresion ?? "";
    actualizar(calc);
  });
  contenedor.addEventListener("input", (evento) => {
    if (evento.target === controles.nivel_atributo) return;
    if (evento.target === controles.dados) {
      controles.nivel_atributo.value = nivelDeLosDados(datos, controles.dados.value);
    }
    actualizar(calc);
  });
  botonTirar.addEventListener("click", () => tirarAccion(calc));
  document.addEventListener("tapiz:reglas", () => {
    const dado = datos.ediciones[edicionElegida(contenedor) ?? ""];
    if (!contenedor.isConnected || !dado || dado === controles.dado_base.value) return;
    controles.dado_base.value = dado;
    actualizar(calc);
  });
  actualizar(calc);
}

/**
 * Lee y valida las entradas; lanza Error con un mensaje en español si algo no vale. Para tirar
 * (`paraTirar`) unos dados demasiado grandes para tabular valen: tirarlos es barato.
 * @param {Calculadora} calc
 * @param {boolean} [paraTirar]
 * @returns {Entradas}
 */
function leerEntradas({ controles, numericos }, paraTirar = false) {
  // Las entradas enteras (la resistencia entre ellas) se añaden en el bucle.
  const entradas = /** @type {Entradas} */ ({ dadoBase: controles.dado_base.value, dados: controles.dados.value.trim() });
  for (const control of Object.values(controles)) control.removeAttribute("aria-invalid");
  for (const c of numericos) {
    const control = controles[c.nombre];
    const texto = control.value.trim().replace("\u2212", "-");
    const valor = Number(texto);
    const fuera = (c.minimo !== undefined && valor < c.minimo) || (c.maximo !== undefined && valor > c.maximo);
    // Vacío o a medio escribir («-» de un penalizador).
    if (texto === "" || texto === "-" || texto === "+") throw new Incompleto(`Completa «${c.etiqueta}».`);
    if (!/^[-+]?\d+$/.test(texto)) {
      control.setAttribute("aria-invalid", "true");
      throw new Error(`«${c.etiqueta}» es un número entero: escríbelo sin decimales ni letras, como 2 o −1.`);
    }
    if (!Number.isSafeInteger(valor) || fuera) {
      controles[c.nombre].setAttribute("aria-invalid", "true");
      const minimo = c.minimo !== undefined ? ` mayor o igual que ${c.minimo}` : "";
      throw new Error(`«${c.etiqueta}» tiene que ser un número entero${minimo}.`);
    }
    // Las entradas enteras de probabilidades_accion son los modificadores de la tirada.
    entradas[/** @type {keyof Modificadores} */ (c.nombre)] = valor;
  }
  if (entradas.dados) {
    try {
      const arbol = analizar(entradas.dados);
      if (!paraTirar) comprobarPresupuesto(arbol, entradas.dados, PRESUPUESTO_NAVEGADOR);
    } catch (error) {
      controles.dados.setAttribute("aria-invalid", "true");
      throw error;
    }
  }
  return entradas;
}

/**
 * Sin entradas válidas no queda ningún resultado viejo a la vista: ni tabla ni tirada.
 * @param {Calculadora} calc
 * @param {Error} error
 */
function mostrarError(calc, error) {
  calc.mensaje.textContent =
    error instanceof Incompleto ? `${error.message} Las probabilidades aparecerán al completarlo.` : error.message;
  calc.mensaje.classList.toggle("tapiz-error", !(error instanceof Incompleto));
  calc.mensaje.hidden = false;
  calc.tabla.replaceChildren();
  calc.rasgos.textContent = "";
  calc.resultado.replaceChildren();
}

/** «consecuencia extrema»: los grados se nombran en masculino (efecto extremo). */
const enFemenino = (/** @type {string} */ grado) => grado.replace(/o$/, "a");

/**
 * Una fila de la tabla: la probabilidad peso/denominador, con su fracción exacta en data-fraccion.
 * @param {string} clave
 * @param {string} etiqueta
 * @param {bigint} peso
 * @param {bigint} denominador
 * @param {boolean} [sangria] si es el detalle de la fila anterior
 */
function fila(clave, etiqueta, peso, denominador, sangria = false) {
  const p = decimal(peso, denominador);
  return el(
    "tr",
    { "data-clave": clave, class: sangria ? "tapiz-probabilidades__detalle" : null },
    el("th", { scope: "row", texto: etiqueta }),
    el(
      "td",
      { "data-fraccion": fraccion(peso, denominador) },
      el("span", { class: "tapiz-medidor", style: `width:${(4 * p).toFixed(2)}em`, "aria-hidden": "true" }),
      porcentaje(p),
    ),
  );
}

/** @param {Calculadora} calc */
function actualizar(calc) {
  // Una tirada hecha con otros datos ya no vale: se quita en cuanto cambian.
  calc.resultado.replaceChildren();
  let entradas;
  let probabilidades;
  try {
    entradas = leerEntradas(calc);
    probabilidades = probabilidadesAccion(calc.datos, entradas, calc.cache);
  } catch (error) {
    mostrarError(calc, error);
    return;
  }
  calc.mensaje.hidden = true;
  const { denominador: d, efecto, consecuencia } = probabilidades;
  const primero = Math.min(...calc.datos.grados.map((g) => g.puntos));
  const dados = entradas.dados ? `${entradas.dadoBase}+${entradas.dados}` : entradas.dadoBase;
  calc.rasgos.textContent = `Bonus por rasgos: ${probabilidades.bonusRasgos >= 0 ? "+" : ""}${probabilidades.bonusRasgos}.`;
  calc.tabla.replaceChildren(
    el("caption", { texto: `Probabilidades antes de tirar: ${dados} contra resistencia ${entradas.resistencia}` }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", texto: "Resultado" }), el("th", { scope: "col", texto: "Probabilidad" }))),
    el(
      "tbody",
      {},
      fila("exito", "Éxito", probabilidades.exito, d),
      fila("exito-sin-grado", `sin grado (menos de ${primero} puntos de efecto)`, probabilidades.exitoSinGrado, d, true),
      ...efecto.map((g) => fila(`efecto-${g.nombre}`, `efecto ${g.nombre}`, g.peso, d, true)),
      fila("fallo", "Fallo", probabilidades.fallo, d),
      fila("fallo-sin-grado", `sin grado (menos de ${primero} puntos de consecuencia)`, probabilidades.falloSinGrado, d, true),
      ...consecuencia.map((g) => fila(`consecuencia-${g.nombre}`, `consecuencia ${enFemenino(g.nombre)}`, g.peso, d, true)),
    ),
  );
}

/** «1 punto de efecto», «0 puntos de efecto», «7 puntos de efecto». */
const puntos = (/** @type {number} */ n, /** @type {string} */ de) => `${miles(n)} ${n === 1 ? "punto" : "puntos"} de ${de}`;

/**
 * @param {Datos} datos
 * @param {ReturnType<typeof resolverAccion>} r
 */
function describirResolucion(datos, r) {
  if (r.exito) {
    let texto = `Éxito: ${puntos(r.puntos_de_efecto, "efecto")}`;
    texto += r.grado ? `, efecto ${r.grado} (${conSigno(r.modificador)}).` : ", sin grado.";
    if (r.a_un_punto) {
      texto += ` A un punto del efecto ${r.siguiente}: un punto de heroicidad (${conSigno(datos.heroicidad.bonus)}) lo alcanza.`;
    }
    return texto;
  }
  const grado = r.grado ? `, consecuencia ${enFemenino(r.grado)} (${conSigno(-r.modificador)}).` : ", sin grado.";
  return `Fallo: ${puntos(r.puntos_de_consecuencia, "consecuencia")}${grado}`;
}

/** @param {Calculadora} calc */
function tirarAccion(calc) {
  let entradas;
  try {
    entradas = leerEntradas(calc, true);
  } catch (error) {
    mostrarError(calc, error);
    anunciar(calc.mensaje.textContent);
    return;
  }
  const generador = new Generador(semillaNueva());
  const tiradas = [tirar(entradas.dadoBase, generador)];
  if (entradas.dados) tiradas.push(tirar(entradas.dados, generador));
  const sumaDados = tiradas.reduce((s, t) => s + t.total, 0);
  const r = resolverAccion(calc.datos, { ...entradas, sumaDados });
  const fijo = r.total - sumaDados;
  const descripcion = describirResolucion(calc.datos, r);
  const fichas = el("span", { class: "tapiz-tirada", role: "group", "aria-label": "Dados tirados" });
  tiradas.forEach((t, i) => fichas.append(...(i ? [el("span", { "aria-hidden": "true", texto: "+" })] : []), fichasDeTirada(t)));
  calc.resultado.replaceChildren(
    el(
      "p",
      { "data-total": r.total, "data-exito": String(r.exito), "data-grado": r.grado ?? "" },
      fichas,
      el("span", { class: "tapiz-total", texto: ` ${operador(fijo)} = ${miles(r.total)}` }),
      ` contra ${miles(entradas.resistencia)}. `,
      el("span", { class: r.exito ? "tapiz-exito" : "tapiz-fallo", texto: descripcion }),
    ),
  );
  anunciar(`Total ${miles(r.total)} contra ${miles(entradas.resistencia)}. ${descripcion}`);
}
