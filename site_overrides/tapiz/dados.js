// Widgets de dados del SRD de Tapiz: módulo ES sin dependencias ni paso de construcción.
// Se engancha a document$ de mkdocs-material para seguir vivo con la navegación instantánea.

import { alPulsarDado, montarTirador } from "./botones.js";
import { montarCalculadora } from "./calculadora.js";
import { repetirEjemplo } from "./ejemplos.js";
import { prepararLibro } from "./libro.js";

/** Monta los widgets de la página que aún no lo estén (idempotente). */
function hidratar(raiz = document) {
  // El libro primero: renombra ids del contenido antes de que los widgets creen los suyos.
  const libro = raiz.querySelector(".tapiz-libro");
  if (libro) prepararLibro(libro);
  abreviaturasEnfocables(raiz);
  for (const [selector, montar] of [
    [".tapiz-calculadora", montarCalculadora],
    [".tapiz-tirador", montarTirador],
  ]) {
    for (const contenedor of raiz.querySelectorAll(`${selector}:not([data-tapiz-listo])`)) {
      contenedor.dataset.tapizListo = "1";
      montar(contenedor);
    }
  }
}

/** Las abreviaturas del glosario (DJ, PGF, FUE…) muestran su significado también con el teclado. */
function abreviaturasEnfocables(raiz = document) {
  for (const abreviatura of raiz.querySelectorAll(".md-content abbr[title]:not([tabindex])")) {
    abreviatura.tabIndex = 0;
    abreviatura.dataset.significado = abreviatura.title;
  }
}

/** Un solo escuchador para toda la vida de la página: sirve a los botones de cualquier página. */
function alHacerClic(evento) {
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
  if (window.document$) window.document$.subscribe(() => hidratar());
  else hidratar();
}
