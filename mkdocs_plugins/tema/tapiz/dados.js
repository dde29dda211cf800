// @ts-check
// La base de toda página del SRD de Tapiz: abreviaturas, tablas anchas y un solo escuchador de
// clics. Los módulos de cada widget (y sus estilos) se importan solo si la página lo tiene; el
// plugin ya los precarga en las páginas con widgets, y aquí se cargan al llegar a una por la
// navegación instantánea (document$ de mkdocs-material).

/**
 * Los módulos hermanos que esta base importa cuando hacen falta.
 * @typedef {{calculadora: typeof import("./calculadora.js"), botones: typeof import("./botones.js"),
 *   ejemplos: typeof import("./ejemplos.js"), libro: typeof import("./libro.js"),
 *   enlaces: typeof import("./enlaces.js"), probar: typeof import("./probar.js"),
 *   "tarjeta-viva": typeof import("./tarjeta-viva.js"), reglas: typeof import("./reglas.js"),
 *   hoja: typeof import("./hoja.js"), tablas: typeof import("./tablas.js"),
 *   graficas: typeof import("./graficas.js")}} Modulos
 * «Probar» y «Cambiar datos» no están en la tabla de widgets: sus módulos se importan al usarlos
 * (alHacerClic); las reglas que elige quien lee (reglas.js), si ya eligió o al acercarse a su
 * caja; y el aviso de las tablas anchas (tablas.js), solo si una no cabe en la pantalla.
 */
/** @typedef {{[F in Montador]: (contenedor: HTMLElement) => void}} Montable el módulo de un widget con `montar` */
/**
 * El objetivo de un evento de la página: un elemento (lo que se busca desde él con `closest`,
 * botones y abreviaturas, es HTML) u otro nodo que no tiene `closest` (el documento).
 * @typedef {EventTarget & {closest?(selectores: string): HTMLElement | null}} Objetivo
 */
// GENERADO desde mkdocs_plugins/nucleo/widgets/widgets.py (python -m desarrollo.contrato): desde aquí
/** @typedef {"montarCalculadora" | "montarTirador" | "montarHoja" | "montarGraficas"} Montador las funciones que montan un widget */
/**
 * Cada widget: el selector que lo delata, su módulo y la función que lo monta.
 * @type {Array<[string, keyof Modulos, Montador?]>}
 */
const WIDGETS = [
  [".tapiz-calculadora", "calculadora", "montarCalculadora"],
  [".tapiz-tirador", "botones", "montarTirador"],
  [".tapiz-hoja", "hoja", "montarHoja"],
  [".tapiz-comparativa", "graficas", "montarGraficas"],
];
/**
 * Cada hoja de estilos y lo que la necesita.
 * @type {Array<[string, string]>}
 */
const HOJAS = [
  ["widgets.css", ".tapiz-calculadora,.tapiz-tirador,.tapiz-dados,.tapiz-reglas-lector,.tapiz-repetir,.tapiz-ejemplo,.tapiz-enlace,.tapiz-probar,.tapiz-cambiar,.tapiz-tabla,.tapiz-narrado,.tapiz-pendiente"],
  ["personaje.css", ".tapiz-hoja"],
  ["comparativa.css", ".tapiz-comparativa"],
];
// hasta aquí.

/** @type {{[N in keyof Modulos]?: Promise<Modulos[N]>}} */
const promesas = {};
/** @type {Partial<Modulos>} */
const cargados = {};

/**
 * Importa un módulo hermano una vez; luego, `cargados[nombre]` lo da sin esperar.
 * @template {keyof Modulos} N
 * @param {N} nombre
 * @returns {Promise<Modulos[N]>}
 */
function cargar(nombre) {
  promesas[nombre] ??= import(`./${nombre}.js`).then((modulo) => (cargados[nombre] = modulo));
  return promesas[nombre];
}

/**
 * Llama con el módulo ya cargado en el mismo turno; si no lo está, en cuanto llegue.
 * @template {keyof Modulos} N
 * @param {N} nombre
 * @param {(modulo: Modulos[N]) => void} accion
 */
function conModulo(nombre, accion) {
  if (cargados[nombre]) accion(cargados[nombre]);
  else cargar(nombre).then(accion);
}

/**
 * Enlaza una hoja de estilos hermana si la cabecera aún no la tiene.
 * @param {string} hoja
 */
function cargarEstilos(hoja) {
  if (document.querySelector(`link[data-tapiz-hoja="${hoja}"]`)) return;
  const enlace = document.createElement("link");
  enlace.rel = "stylesheet";
  enlace.href = new URL(hoja, import.meta.url).href;
  enlace.dataset.tapizHoja = hoja;
  document.head.append(enlace);
}

/** Monta los widgets de la página que aún no lo estén (idempotente). */
async function hidratar(raiz = document) {
  // El libro primero: renombra ids del contenido antes de que los widgets creen los suyos.
  const libro = /** @type {HTMLElement | null} */ (raiz.querySelector(".tapiz-libro"));
  if (libro) (await cargar("libro")).prepararLibro(libro);
  explicarAbreviaturas(raiz);
  avisarTablasAnchas(raiz);
  for (const [hoja, selector] of HOJAS) if (raiz.querySelector(selector)) cargarEstilos(hoja);
  for (const [selector, nombre, montar] of WIDGETS) {
    const contenedores = /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(selector));
    if (contenedores.length) cargar(nombre);
    if (!montar) continue;
    for (const contenedor of contenedores) {
      if (contenedor.dataset.tapizListo) continue;
      contenedor.dataset.tapizListo = "1";
      // `montar` es una función del módulo `nombre` (WIDGETS).
      conModulo(nombre, (m) => /** @type {Montable} */ (m)[montar](contenedor));
    }
  }
  if (raiz.querySelector(".tapiz-reglas-lector") && localStorage["tapiz-reglas"]) cargar("reglas"); // al final: sin almacenamiento, lanza
}

/**
 * Las abreviaturas del glosario (DJ, PGF, FUE…) se leen sin una parada de tabulador cada una:
 * la primera de cada capítulo lleva su significado escrito al lado («DJ (Directora de Juego)»),
 * para la vista, el teclado, la impresión y los lectores de pantalla; y cualquiera, al tocarla o
 * pulsarla, lo muestra en un globo.
 */
function explicarAbreviaturas(raiz = document) {
  const capitulos = /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(".tapiz-libro__capitulo,.md-content article"));
  for (const capitulo of capitulos) {
    if (capitulo.dataset.tapizAbreviaturas || capitulo.querySelector(".tapiz-libro__capitulo")) continue;
    capitulo.dataset.tapizAbreviaturas = "1";
    const vistas = new Set();
    for (const abreviatura of /** @type {NodeListOf<HTMLElement>} */ (capitulo.querySelectorAll("abbr[title]"))) {
      abreviatura.dataset.significado = abreviatura.title;
      // Ni en títulos, tablas, tarjetas ni en negrita (términos y fórmulas: «[CAR/ATR/HAB]»).
      if (vistas.has(abreviatura.textContent) || abreviatura.closest("h1,h2,h3,h4,table,.tapiz-ejemplo,strong")) continue;
      vistas.add(abreviatura.textContent);
      if (!yaDicho(abreviatura)) abreviatura.after(Object.assign(document.createElement("span"), { className: "tapiz-expansion", textContent: ` (${abreviatura.title})` }));
    }
  }
}

/**
 * El texto ya dice a su lado lo que significa la abreviatura («Directora de Juego (DJ)», «Fuerza/FUE»).
 * @param {HTMLElement} a
 */
const yaDicho = (a) => a.closest("p,li,dd,td")?.textContent?.replace(/\s+/g, " ").toLowerCase().includes(a.title.toLowerCase());

/**
 * Una tabla más ancha que la pantalla (en un móvil) se desplaza a los lados y se dice
 * (tablas.js, que se carga la primera vez que una no cabe o que una aún no se pinta).
 */
function avisarTablasAnchas(raiz = document) {
  const anchas = [...raiz.querySelectorAll(".md-typeset__scrollwrap")].some(
    (e) => e.scrollWidth > e.clientWidth + 1 || e.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === false,
  );
  if (anchas || cargados.tablas) conModulo("tablas", (m) => m.avisarTablasAnchas(raiz));
}

/** @param {Element} abreviatura */
function alTocarAbreviatura(abreviatura) {
  const abierta = document.querySelector("abbr[data-abierta]");
  abierta?.removeAttribute("data-abierta");
  if (abierta !== abreviatura) abreviatura.setAttribute("data-abierta", "");
}

/**
 * Un solo escuchador para toda la vida de la página: sirve a los botones de cualquier página.
 * @param {MouseEvent} evento
 */
function alHacerClic(evento) {
  const abreviatura = /** @type {Objetivo} */ (evento.target).closest?.("abbr[data-significado]");
  if (abreviatura) {
    alTocarAbreviatura(abreviatura);
    return;
  }
  document.querySelector("abbr[data-abierta]")?.removeAttribute("data-abierta");
  // «Probar» es un <details>: el teclado también lo abre con un clic en su <summary>.
  const boton = /** @type {Objetivo} */ (evento.target).closest?.("button.tapiz-dados[data-expr],button.tapiz-repetir[data-ejemplo],.tapiz-cambiar,.tapiz-probar,[data-tapiz-imprimir],.tapiz-enlace__copiar");
  if (!boton) return;
  if (boton.matches(".tapiz-enlace__copiar")) conModulo("enlaces", (m) => m.alCopiar(boton));
  else if (boton.matches(".tapiz-dados")) conModulo("botones", (m) => m.alPulsarDado(boton));
  else if (boton.matches(".tapiz-probar")) conModulo("probar", (m) => m.abrirProbar(/** @type {HTMLDetailsElement} */ (boton)));
  else if (boton.matches(".tapiz-cambiar")) conModulo("tarjeta-viva", (m) => m.cambiarDatos(boton));
  else if (boton.matches(".tapiz-repetir")) conModulo("ejemplos", (m) => m.repetirEjemplo(boton));
  else window.print();
}

/**
 * Los datos de «Repetir» y el módulo de los dados del texto se piden al acercarse al botón
 * (ratón, dedo o teclado), antes del clic (y el motor, si las tiradas de «Repetir» no están
 * todas guardadas); el motor de «Probar» y «Cambiar datos», al acercarse a ellos.
 * @param {PointerEvent | FocusEvent} evento
 */
function alAcercarse(evento) {
  const boton = /** @type {Objetivo} */ (evento.target).closest?.("button.tapiz-repetir[data-ejemplo]");
  if (boton) conModulo("ejemplos", (m) => m.prepararEjemplo(boton));
  const vivo = /** @type {Objetivo} */ (evento.target).closest?.(".tapiz-probar,.tapiz-cambiar");
  // El motor de ese control (el del libro o el de su Lienzo) empieza a cargar ya: vivo.js no
  // importa nada, y probar.js (con lo suyo) llega mientras.
  if (vivo) {
    import("./vivo.js").then((m) => m.arrancarPara(vivo));
    cargar("probar");
  }
  if (/** @type {Objetivo} */ (evento.target).closest?.(".tapiz-dados")) cargar("botones");
  if (/** @type {Objetivo} */ (evento.target).closest?.(".tapiz-reglas-lector")) cargar("reglas");
}

/**
 * Un cambio en la caja de las reglas de quien lee (la escribe el plugin en la página).
 * @param {Event} evento
 */
function alCambiar(evento) {
  const caja = /** @type {Objetivo} */ (evento.target).closest?.(".tapiz-reglas-lector");
  if (caja) conModulo("reglas", (m) => m.elegirDesde(caja));
}

if (!window.__tapizDados) {
  window.__tapizDados = true;
  document.addEventListener("click", alHacerClic);
  document.addEventListener("pointerover", alAcercarse);
  document.addEventListener("focusin", alAcercarse);
  document.addEventListener("change", alCambiar);
  window.addEventListener("resize", () => avisarTablasAnchas());
  if (window.document$) window.document$.subscribe(() => hidratar());
  else hidratar();
}
