// @ts-check
// El motor de un Lienzo con Python, apartado de la página: el código de un Lienzo lo escribe
// quien lo diseña, y aquí no tiene la autoridad del sitio. Cada Lienzo tiene su propio
// Pyodide, en un Worker creado desde un blob: dentro de un <iframe sandbox="allow-scripts">
// (sin allow-same-origin: un origen opaco, sin las cachés, el trabajador de servicio, el
// almacenamiento ni las cookies del sitio, y sin el DOM de la página) cuyo documento lleva una
// Content-Security-Policy sin conexiones (connect-src 'none'). La página descarga los ficheros
// del motor (los del sitio, que el trabajador de servicio guarda como los demás) y se los
// entrega como ArrayBuffer transferibles. Cada petición lleva un id imposible de adivinar; una
// respuesta solo se acepta de ese marco, con un id pendiente, y si casa con lo que la
// construcción sabe de la regla (lienzos.json); si no, se dice en la tarjeta y no se muestra.

const VIVO = new URL("../assets/tapiz/vivo/", import.meta.url);
const PYODIDE = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const POLITICA = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:",
  "worker-src blob:",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
/** El documento del marco: solo pasa mensajes entre la página y el Worker del motor. */
const MARCO = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLITICA}">
<script>
let trabajador = null;
addEventListener("message", (evento) => {
  if (evento.source !== parent) return;
  if (trabajador) return trabajador.postMessage(evento.data);
  const { codigo, indice, ficheros } = evento.data;
  trabajador = new Worker(URL.createObjectURL(new Blob([codigo], { type: "text/javascript" })));
  trabajador.onmessage = (respuesta) => parent.postMessage(respuesta.data, "*");
  trabajador.onerror = (error) => parent.postMessage({ fallo: String(error.message || "no arranca") }, "*");
  trabajador.postMessage({ indice, ficheros }, Object.values(ficheros));
});
parent.postMessage({ listo: true }, "*");
</script>`;
/** Milisegundos que puede tardar una respuesta (con el arranque) antes de parar ese motor. */
const LIMITE = 60_000;

/**
 * Lo que la construcción sabe de un Lienzo con Python (lienzos.json).
 * @typedef {{ nombre: string, zip: string, reglas: Record<string, { entradas: string[], salidas: string[] }>, tablas: string[] }} Declarado
 */
/** @typedef {{ resolver: (valor: any) => void, rechazar: (error: Error) => void, peticion: any }} Pendiente */

/** @type {Promise<Record<string, Declarado>> | null} */
let indice = null;
/** @type {Map<string, (peticion: object) => Promise<any>>} */
const cajas = new Map();

/** Los Lienzos con Python del libro, por nombre (vacío si el sitio no los publica). */
export function lienzosAparte() {
  indice ??= fetch(new URL("lienzos.json", VIVO))
    .then((respuesta) => (respuesta.ok ? respuesta.json() : {}))
    .catch(() => ({}));
  return indice;
}

/**
 * La función que pregunta al motor del Lienzo (lo arranca la primera vez).
 * @param {Declarado} declarado
 */
export function caja(declarado) {
  let preguntar = cajas.get(declarado.nombre);
  if (!preguntar) {
    preguntar = abrir(declarado);
    cajas.set(declarado.nombre, preguntar);
  }
  return preguntar;
}

/** @param {URL} url */
async function descargar(url, como = "arrayBuffer") {
  const respuesta = await fetch(url);
  if (!respuesta.ok) throw new Error(`${url.pathname}: HTTP ${respuesta.status}`);
  return como === "text" ? respuesta.text() : respuesta.arrayBuffer();
}

/**
 * Crea el marco y su motor; da la función que le pregunta.
 * @param {Declarado} declarado
 */
function abrir(declarado) {
  const marco = document.createElement("iframe");
  marco.setAttribute("sandbox", "allow-scripts");
  marco.setAttribute("aria-hidden", "true");
  marco.tabIndex = -1;
  marco.title = `Motor del Lienzo «${declarado.nombre}»`;
  marco.hidden = true;
  marco.srcdoc = MARCO;
  /** @type {Map<string, Pendiente>} */
  const pendientes = new Map();
  /** @type {string | null} */
  let caido = null;
  const caer = (/** @type {string} */ motivo) => {
    caido = motivo;
    for (const { rechazar } of pendientes.values()) rechazar(new Error(motivo));
    pendientes.clear();
    removeEventListener("message", escuchar);
    marco.remove();
  };
  /** @type {(valor?: unknown) => void} */
  let abierto = () => {};
  const listo = new Promise((resolver) => (abierto = resolver));
  const escuchar = (/** @type {MessageEvent} */ evento) => {
    if (evento.source !== marco.contentWindow || evento.source === null) return;
    const datos = evento.data;
    if (datos?.listo === true) return abierto();
    const pendiente = typeof datos?.id === "string" ? pendientes.get(datos.id) : undefined;
    if (!pendiente) {
      if (typeof datos?.fallo === "string" && datos.id === undefined) caer(datos.fallo);
      return; // un id que no es de una petición en curso: se descarta
    }
    pendientes.delete(datos.id);
    if (typeof datos.fallo === "string") pendiente.rechazar(new Error(datos.fallo));
    else pendiente.resolver(comprobada(pendiente.peticion, datos.respuesta, declarado));
  };
  addEventListener("message", escuchar);
  document.body.append(marco);
  const entregado = Promise.all([
    descargar(new URL("./motor.js", import.meta.url), "text"),
    ...PYODIDE.map((nombre) => descargar(new URL(`pyodide/${nombre}`, VIVO))),
    descargar(new URL(declarado.zip, VIVO)),
    listo,
  ]).then(([codigo, ...datos]) => {
    /** @type {Record<string, ArrayBuffer>} */
    const ficheros = {};
    PYODIDE.forEach((nombre, i) => (ficheros[nombre] = /** @type {ArrayBuffer} */ (datos[i])));
    ficheros["motor.zip"] = /** @type {ArrayBuffer} */ (datos[PYODIDE.length]);
    const indice = new URL("pyodide/", VIVO).href;
    marco.contentWindow?.postMessage({ codigo, indice, ficheros }, "*", Object.values(ficheros));
  });
  entregado.catch((error) => caer(String(error?.message ?? error)));
  return (/** @type {object} */ peticion) => {
    if (caido !== null) return Promise.reject(new Error(caido));
    const id = idAlAzar();
    return new Promise((resolver, rechazar) => {
      pendientes.set(id, { resolver, rechazar, peticion });
      setTimeout(() => pendientes.has(id) && caer(`el motor del Lienzo «${declarado.nombre}» no responde`), LIMITE);
      entregado.then(() => marco.contentWindow?.postMessage({ id, peticion }, "*"), () => {}); // si falla, ya cayó
    });
  };
}

/** 128 bits al azar en hexadecimal (getRandomValues: también en un sitio servido sin https). */
function idAlAzar() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * La respuesta, si es de la forma que espera quien la muestra y casa con lo que declara la
 * regla; si no, un error para quien lee (no se muestra nada de lo que llegó).
 * @param {any} peticion
 * @param {any} respuesta
 * @param {Declarado} declarado
 */
export function comprobada(peticion, respuesta, declarado) {
  const motivo = motivoDeRechazo(peticion, respuesta, declarado);
  if (motivo === null) return respuesta;
  return { error: `El motor del Lienzo «${declarado.nombre}» dio una respuesta que no se puede mostrar (${motivo}).` };
}

/**
 * @param {any} peticion
 * @param {any} respuesta
 * @param {Declarado} declarado
 * @returns {string | null}
 */
function motivoDeRechazo(peticion, respuesta, declarado) {
  if (respuesta === null || typeof respuesta !== "object" || Array.isArray(respuesta) || !simple(respuesta, 0)) return "no son datos";
  if ("error" in respuesta) {
    const suyas = peticion.regla ? [declarado.reglas[peticion.regla]] : Object.values(declarado.reglas);
    const campos = suyas.flatMap((regla) => regla?.entradas ?? []);
    const campo = respuesta.campo ?? null;
    return typeof respuesta.error === "string" && (campo === null || campos.includes(campo)) ? null : "un error mal formado";
  }
  const regla = declarado.reglas[peticion.regla];
  const nombres = (/** @type {any} */ lista) => (Array.isArray(lista) ? lista.map((c) => c?.nombre) : null);
  switch (peticion.tipo) {
    case "formulario":
      if (!regla) return "una regla que el Lienzo no declara";
      return igual(nombres(respuesta.entradas), regla.entradas) && textos(respuesta.salidas) ? null : "otras entradas que las declaradas";
    case "regla": {
      if (!regla) return "una regla que el Lienzo no declara";
      const salidas = respuesta.salidas;
      const bien = igual(nombres(salidas), regla.salidas) && salidas.every((/** @type {any} */ s) => typeof s.texto === "string" && typeof s.etiqueta === "string");
      return bien && textos(respuesta.pasos) && typeof respuesta.reglamento === "string" ? null : "otras salidas que las declaradas";
    }
    case "tabla":
      if (!declarado.tablas.includes(peticion.tabla)) return "una tabla que el Lienzo no declara";
      return textos(respuesta.columnas) && Array.isArray(respuesta.filas) && respuesta.filas.every(textos) ? null : "una tabla mal formada";
    case "reglamento":
      return typeof respuesta.descripcion === "string" ? null : "un reglamento sin descripción";
    case "calculadora":
      return (respuesta.filas ?? []).every((/** @type {any} */ f) => /^\d+(\.\d+)?em$/.test(String(f?.ancho))) ? null : "una gráfica mal formada";
    default:
      return null;
  }
}

/**
 * Datos JSON sencillos (textos, números, sí/no, listas y objetos planos), de tamaño acotado.
 * @param {unknown} valor
 * @param {number} hondo
 * @returns {boolean}
 */
function simple(valor, hondo) {
  if (valor === null || typeof valor === "boolean" || typeof valor === "number") return true;
  if (typeof valor === "string") return valor.length <= 20_000;
  if (hondo > 6 || typeof valor !== "object") return false;
  if (Array.isArray(valor)) return valor.length <= 2_000 && valor.every((v) => simple(v, hondo + 1));
  if (Object.getPrototypeOf(valor) !== Object.prototype) return false;
  const entradas = Object.entries(/** @type {object} */ (valor));
  return entradas.length <= 200 && entradas.every(([, v]) => simple(v, hondo + 1));
}

const textos = (/** @type {unknown} */ lista) => Array.isArray(lista) && lista.every((t) => typeof t === "string");
const igual = (/** @type {unknown[] | null} */ a, /** @type {string[]} */ b) => a !== null && a.length === b.length && a.every((x, i) => x === b[i]);
