// @ts-check
// Las gráficas de la comparativa (Apéndice C) llegan dentro de un <noscript>: con JavaScript, el
// navegador lo guarda como un solo nodo de texto en lugar de los cientos de cada gráfica, y la
// página carga ligera. Cada una se escribe al acercarse a la vista (una pantalla antes) y todas
// al imprimir. Sin JavaScript se ven tal cual (graficas.aplazada, en el plugin).

/** @type {IntersectionObserver | undefined} */
let vigia;

/**
 * Escribe la gráfica de un marco `.tapiz-curvas__lienzo`. Tras la navegación instantánea de
 * Material, el <noscript> llega ya leído como elementos (la página nueva se lee sin guiones): se
 * sacan; si no, su texto es el SVG.
 * @param {Element} lienzo
 */
function pintar(lienzo) {
  vigia?.unobserve(lienzo);
  const guardada = lienzo.querySelector("noscript");
  if (!guardada) return;
  if (guardada.childElementCount) guardada.replaceWith(...guardada.childNodes);
  else {
    guardada.insertAdjacentHTML("afterend", guardada.textContent ?? "");
    guardada.remove();
  }
}

/**
 * Vigila las gráficas de una comparativa (dados.js la monta).
 * @param {HTMLElement} comparativa
 */
export function montarGraficas(comparativa) {
  vigia ??= new IntersectionObserver(
    (entradas) => entradas.filter((e) => e.isIntersecting).forEach((e) => pintar(e.target)),
    { rootMargin: "100% 0px" },
  );
  for (const lienzo of comparativa.querySelectorAll(".tapiz-curvas__lienzo")) vigia.observe(lienzo);
}

addEventListener("beforeprint", () => document.querySelectorAll(".tapiz-curvas__lienzo").forEach(pintar));
