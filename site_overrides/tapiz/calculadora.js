// @ts-check
// La calculadora pesa casi la mitad del código de los widgets y muchas visitas no llegan hasta
// ella: la página carga solo este módulo, y el de la calculadora (calculadora-completa.js, con el
// motor exacto) se descarga cuando su contenedor queda a menos de una pantalla de la vista.

/** @param {HTMLElement} contenedor */
export function montarCalculadora(contenedor) {
  const vigia = new IntersectionObserver(
    (entradas) => {
      if (!entradas.some((entrada) => entrada.isIntersecting)) return;
      vigia.disconnect();
      import("./calculadora-completa.js").then((modulo) => modulo.montarCalculadora(contenedor));
    },
    { rootMargin: "100% 0px" },
  );
  vigia.observe(contenedor);
}
