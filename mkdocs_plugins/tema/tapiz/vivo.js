// @ts-check
// El lado de la página de las reglas en vivo: un solo Worker (motor.js) por pestaña, creado la
// primera vez que quien lee pide algo en vivo (o se acerca a pedirlo), nunca al cargar la
// página. Aquí no se calcula ni se escribe ningún número: las respuestas llegan escritas.
// Las peticiones de un Lienzo con Python no van a ese Worker: van al motor de ese Lienzo, aislado
// de la página (caja.js); el Python de un Lienzo nunca corre junto a las reglas del libro.

/** @type {Promise<typeof import("./caja.js")> | null} */
let moduloCaja = null;
/** caja.js, solo en las páginas que lo necesitan (las de un Lienzo). */
const deLaCaja = () => (moduloCaja ??= import("./caja.js"));

/** @typedef {{ sistema: string, edicion: string, opcionales: string[], lienzo: string }} Reglas */

export const CARGANDO =
  "Cargando las reglas del libro (Python en tu navegador, unos 4 MB la primera vez; luego quedan guardadas)…";
export const SIN_MOTOR =
  "El motor de reglas no se ha podido cargar en este navegador; el libro sigue como está, con sus ejemplos y tablas ya calculados.";
export const SIN_CONEXION =
  "Sin conexión: las reglas del libro no se han podido descargar. El libro sigue como está, con sus ejemplos y tablas ya calculados; vuelve a probar cuando tengas conexión.";
/** Lo que dice motor.js cuando un fichero no llega por la red. */
const SIN_RED = "sin conexión";
const CLAVE = "tapiz-reglas";
/** Los bloques con las reglas del libro, los que siguen las que elige quien lee. */
export const LIBRO = "tapiz/actual";

/** @type {Worker | null} */
let trabajador = null;
/** @type {Map<number, { resolver: (valor: any) => void, rechazar: (error: Error) => void }>} */
const pendientes = new Map();
let siguiente = 0;
/** @typedef {"parado" | "cargando" | "listo" | "fallo"} Estado */
/** @type {Estado} */
export let estado = "parado";
/** Bytes de los ficheros del motor recibidos y por recibir, mientras carga. */
export let progreso = { recibidos: 0, total: 0 };
let sinRed = false;

/**
 * El estado del motor, también en `<html data-tapiz-motor>`: el libro sin conexión (registro.js)
 * no descarga nada mientras el motor carga.
 * @param {Estado} nuevo
 */
function pasarA(nuevo) {
  estado = nuevo;
  document.documentElement.dataset.tapizMotor = nuevo;
}

function fallar(/** @type {string} */ motivo) {
  pasarA("fallo");
  sinRed = motivo === SIN_RED || !navigator.onLine;
  for (const { rechazar } of pendientes.values()) rechazar(new Error(motivo));
  pendientes.clear();
  trabajador?.terminate();
  document.dispatchEvent(new CustomEvent("tapiz:carga"));
}

/** Por qué no hay motor, para quien lee: sin conexión, o este navegador. */
export const sinMotor = () => (sinRed ? SIN_CONEXION : SIN_MOTOR);

// Con la conexión de vuelta, lo que falló por falta de red se puede volver a pedir.
addEventListener("online", () => {
  if (estado !== "fallo" || !sinRed) return;
  pasarA("parado");
  trabajador = null;
});

/**
 * Dice en `aviso` (un role="status" junto al control que espera al motor) que el motor carga y,
 * en cuanto llega carga.js, cuánto lleva.
 * @param {HTMLElement} aviso
 */
export function avisarCarga(aviso) {
  aviso.textContent = CARGANDO;
  import("./carga.js").then((m) => m.avisar(aviso), () => {});
}

/**
 * Enlaza los estilos de los formularios en vivo (vivo.css) si la cabecera no los tiene: la
 * navegación instantánea de Material quita de la cabecera lo que no trae la página nueva.
 */
function estilos() {
  if (document.querySelector("link[data-tapiz-hoja='vivo.css']")) return;
  const enlace = document.createElement("link");
  enlace.rel = "stylesheet";
  enlace.href = new URL("vivo.css", import.meta.url).href;
  enlace.dataset.tapizHoja = "vivo.css";
  document.head.append(enlace);
}

/** Crea el Worker (una vez): empieza a descargar el motor. */
export function arrancar() {
  estilos();
  if (trabajador || estado === "fallo") return;
  try {
    const nuevo = new Worker(new URL("./motor.js", import.meta.url));
    trabajador = nuevo;
    // Lo que descargará (descargas.json), pedido a la vez que llega el Worker: así empieza a
    // pedir Pyodide una ida y vuelta antes. Sin ello (null), lo pide él.
    fetch(new URL("../assets/tapiz/vivo/descargas.json", import.meta.url))
      .then((respuesta) => (respuesta.ok ? respuesta.json() : null))
      .catch(() => null)
      .then((descargas) => nuevo.postMessage({ descargas }));
  } catch (error) {
    fallar(String(error));
    return;
  }
  pasarA("cargando");
  progreso = { recibidos: 0, total: 0 };
  import("./carga.js").catch(() => {}); // lo que dice cuánto lleva, mientras arranca el Worker
  trabajador.onmessage = (evento) => {
    if (evento.data.progreso) {
      progreso = evento.data.progreso;
      document.dispatchEvent(new CustomEvent("tapiz:carga"));
      return;
    }
    const { id, respuesta, fallo } = evento.data;
    const pendiente = pendientes.get(id);
    pendientes.delete(id);
    if (fallo !== undefined) {
      if (estado === "cargando") fallar(fallo);
      else pendiente?.rechazar(new Error(fallo));
      return;
    }
    if (estado !== "listo") {
      pasarA("listo");
      document.dispatchEvent(new CustomEvent("tapiz:carga"));
    }
    pendiente?.resolver(respuesta);
  };
  trabajador.onerror = (evento) => fallar(evento.message || "el motor no arranca");
  preguntar({ tipo: "reglamento" }).catch(() => {});
}

/**
 * Empieza a cargar el motor que calcula `elemento`: el de su Lienzo si tiene Python (caja.js),
 * si no el del libro.
 * @param {Element} elemento
 */
export function arrancarPara(elemento) {
  const { lienzo } = reglasDe(elemento);
  if (!lienzo) return arrancar();
  deLaCaja().then(({ caja, lienzosAparte }) =>
    lienzosAparte().then((aparte) => (Object.hasOwn(aparte, lienzo) ? caja(aparte[lienzo]) : arrancar())),
  );
}

/**
 * Una petición (o una lista) al motor; la respuesta ya escrita para quien lee.
 * @param {object | object[]} peticion
 * @returns {Promise<any>}
 */
export function preguntar(peticion) {
  estilos();
  const lista = Array.isArray(peticion) ? peticion : [peticion];
  if (lista.some((p) => /** @type {any} */ (p).lienzo)) {
    estilos(); // los formularios de un Lienzo con Python, también con vivo.css
    return deLaCaja().then(({ caja, lienzosAparte }) => lienzosAparte().then((aparte) => {
      const suyo = (/** @type {any} */ p) => (p.lienzo && Object.hasOwn(aparte, p.lienzo) ? aparte[p.lienzo] : null);
      if (!lista.some(suyo)) return alLibro(peticion);
      const una = (/** @type {object} */ p) => {
        const declarado = suyo(p);
        return declarado ? caja(declarado)(p) : alLibro(p);
      };
      return Array.isArray(peticion) ? Promise.all(lista.map(una)) : una(peticion);
    }));
  }
  return alLibro(peticion);
}

/**
 * @param {object | object[]} peticion
 * @returns {Promise<any>}
 */
function alLibro(peticion) {
  arrancar();
  if (estado === "fallo" || !trabajador) return Promise.reject(new Error(sinMotor()));
  const id = (siguiente += 1);
  const activo = trabajador;
  return new Promise((resolver, rechazar) => {
    pendientes.set(id, { resolver, rechazar });
    activo.postMessage({ id, peticion });
  });
}

/**
 * Las reglas que quien lee eligió (edición y opcionales de Tapiz), guardadas en el navegador.
 * @returns {{ edicion?: string, opcionales?: string[] } | null}
 */
export function eleccion() {
  try {
    return JSON.parse(localStorage.getItem(CLAVE) ?? "null");
  } catch {
    return null;
  }
}

/** @param {{ edicion: string, opcionales: string[] } | null} nueva */
export function elegir(nueva) {
  try {
    if (nueva) localStorage.setItem(CLAVE, JSON.stringify(nueva));
    else localStorage.removeItem(CLAVE);
  } catch {
    // sin almacenamiento (modo privado estricto): la elección dura lo que la página
  }
  document.dispatchEvent(new CustomEvent("tapiz:reglas"));
}

/**
 * Las reglas con que se calcula un elemento: las de su bloque («tapiz/actual/TZR0001/lienzo:X»)
 * y, en un bloque con las reglas del libro, la edición y opcionales que eligió quien lee.
 * @param {Element} elemento
 * @returns {Reglas}
 */
export function reglasDe(elemento) {
  const clave = elemento.closest("[data-reglamento]")?.getAttribute("data-reglamento") ?? "tapiz/actual";
  const [sistema, edicion, ...resto] = clave.split("/");
  const lienzo = resto.find((p) => p.startsWith("lienzo:"))?.slice(7) ?? "";
  const opcionales = resto.filter((p) => !p.startsWith("lienzo:"));
  const propia = eleccion();
  if (clave === LIBRO && propia) {
    return { sistema, edicion: propia.edicion ?? edicion, opcionales: propia.opcionales ?? opcionales, lienzo };
  }
  return { sistema, edicion, opcionales, lienzo };
}
