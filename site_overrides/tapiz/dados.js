// @ts-check
// Widgets de dados del SRD de Tapiz: módulo ES sin dependencias ni paso de construcción.
// Se engancha a document$ de mkdocs-material para seguir vivo con la navegación instantánea.

import { alPulsarDado, montarTirador } from "./botones.js";
import { montarCalculadora } from "./calculadora.js";
import { repetirEjemplo } from "./ejemplos.js";
import { el } from "./vista.js";
import { prepararLibro } from "./libro.js";

/** Monta los widgets de la página que aún no lo estén (idempotente). */
function hidratar(raiz = document) {
  // El libro primero: renombra ids del contenido antes de que los widgets creen los suyos.
  const libro = raiz.querySelector(".tapiz-libro");
  if (libro) prepararLibro(libro);
  explicarAbreviaturas(raiz);
  avisarTablasAnchas(raiz);
  /** @type {Array<[string, (contenedor: HTMLElement) => unknown]>} */
  const montajes = [
    [".tapiz-calculadora", montarCalculadora],
    [".tapiz-tirador", montarTirador],
  ];
  for (const [selector, montar] of montajes) {
    for (const contenedor of /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(`${selector}:not([data-tapiz-listo])`))) {
      contenedor.dataset.tapizListo = "1";
      montar(contenedor);
    }
  }
}

/**
 * Las abreviaturas del glosario (DJ, PGF, FUE…) se leen sin una parada de tabulador cada una:
 * la primera de cada capítulo lleva su significado escrito al lado («DJ (Directora de Juego)»),
 * para la vista, el teclado, la impresión y los lectores de pantalla; y cualquiera, al tocarla o
 * pulsarla, lo muestra en un globo.
 */
function explicarAbreviaturas(raiz = document) {
  const capitulos = /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(".tapiz-libro__capitulo, .md-content article"));
  for (const capitulo of capitulos) {
    if (capitulo.dataset.tapizAbreviaturas || capitulo.querySelector(".tapiz-libro__capitulo")) continue;
    capitulo.dataset.tapizAbreviaturas = "1";
    const vistas = new Set();
    for (const abreviatura of /** @type {NodeListOf<HTMLElement>} */ (capitulo.querySelectorAll("abbr[title]"))) {
      abreviatura.dataset.significado = abreviatura.title;
      if (vistas.has(abreviatura.textContent) || abreviatura.closest("h1, h2, h3, h4, table, .tapiz-ejemplo")) continue;
      vistas.add(abreviatura.textContent);
      abreviatura.after(el("span", { class: "tapiz-expansion", texto: ` (${abreviatura.title})` }));
    }
  }
}

/**
 * Una tabla más ancha que la pantalla (en un móvil) se desplaza a los lados: se dice con una línea
 * y una sombra en el borde, y se puede desplazar también con el teclado.
 */
function avisarTablasAnchas(raiz = document) {
  for (const envoltorio of /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(".md-typeset__scrollwrap"))) {
    const desborda = envoltorio.scrollWidth > envoltorio.clientWidth + 1;
    envoltorio.classList.toggle("tapiz-desborda", desborda);
    const aviso = envoltorio.previousElementSibling?.classList.contains("tapiz-desliza")
      ? envoltorio.previousElementSibling
      : null;
    if (desborda && !aviso) {
      envoltorio.before(el("p", { class: "tapiz-desliza", texto: "Desliza la tabla a los lados para verla entera →" }));
      envoltorio.tabIndex = 0;
      envoltorio.setAttribute("role", "region");
      const titulo = envoltorio.querySelector("caption")?.textContent;
      envoltorio.setAttribute("aria-label", titulo ? `Tabla desplazable: ${titulo}` : "Tabla desplazable");
    } else if (!desborda && aviso) {
      aviso.remove();
      envoltorio.removeAttribute("tabindex");
      envoltorio.removeAttribute("role");
      envoltorio.removeAttribute("aria-label");
    }
  }
}

function alTocarAbreviatura(abreviatura) {
  const abierta = document.querySelector("abbr[data-abierta]");
  abierta?.removeAttribute("data-abierta");
  if (abierta !== abreviatura) abreviatura.setAttribute("data-abierta", "");
}

/** Un solo escuchador para toda la vida de la página: sirve a los botones de cualquier página. */
function alHacerClic(evento) {
  const abreviatura = evento.target.closest?.("abbr[data-significado]");
  if (abreviatura) {
    alTocarAbreviatura(abreviatura);
    return;
  }
  document.querySelector("abbr[data-abierta]")?.removeAttribute("data-abierta");
  const boton = evento.target.closest?.("button.tapiz-dados[data-expr], button.tapiz-repetir[data-ejemplo], [data-tapiz-imprimir]");
  if (!boton) return;
  if (boton.matches(".tapiz-dados")) alPulsarDado(boton);
  else if (boton.matches(".tapiz-repetir")) repetirEjemplo(boton);
  else window.print();
}

/** El diálogo de búsqueda de Material no tiene nombre accesible (axe: aria-dialog-name). */
function nombrarBusqueda() {
  const dialogo = document.querySelector(".md-search[role=dialog]:not([aria-label])");
  const campo = dialogo?.querySelector(".md-search__input");
  if (dialogo) dialogo.setAttribute("aria-label", campo?.getAttribute("aria-label") ?? "Búsqueda");
}

if (!window.__tapizDados) {
  window.__tapizDados = true;
  nombrarBusqueda();
  document.addEventListener("click", alHacerClic);
  window.addEventListener("resize", () => avisarTablasAnchas());
  if (window.document$) window.document$.subscribe(() => hidratar());
  else hidratar();
}
