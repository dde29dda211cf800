// @ts-check
// La calculadora de tiradas de acción (div.tapiz-calculadora) llega escrita por el plugin, con la
// tabla de los valores iniciales: la página solo carga este módulo, y la vista sobre el motor que
// la recalcula (calculadora-viva.js) se descarga cuando su contenedor queda a menos de una
// pantalla de la vista. El motor en la página (Pyodide), solo cuando quien lee la usa.

/** @param {HTMLElement} contenedor */
export function montarCalculadora(contenedor) {
  const vigia = new IntersectionObserver(
    (entradas) => {
      if (!entradas.some((entrada) => entrada.isIntersecting)) return;
      vigia.disconnect();
      import("./calculadora-viva.js").then((modulo) => modulo.montar(contenedor));
    },
    { rootMargin: "100% 0px" },
  );
  vigia.observe(contenedor);
}
