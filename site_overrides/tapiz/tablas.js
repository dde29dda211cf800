// @ts-check
// Las tablas más anchas que la pantalla (en un móvil): una línea dice que se desplazan a los
// lados, una sombra marca el borde y se pueden desplazar también con el teclado. dados.js lo
// carga la primera vez que una tabla de la página no cabe, y desde entonces en cada cambio de
// tamaño (también para quitar el aviso cuando vuelve a caber).

/**
 * Pone o quita el aviso de cada tabla de `raiz` según quepa o no.
 * @param {Document | HTMLElement} raiz
 */
export function avisarTablasAnchas(raiz) {
  for (const envoltorio of /** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(".md-typeset__scrollwrap"))) {
    const desborda = envoltorio.scrollWidth > envoltorio.clientWidth + 1;
    envoltorio.classList.toggle("tapiz-desborda", desborda);
    const aviso = envoltorio.previousElementSibling?.classList.contains("tapiz-desliza")
      ? envoltorio.previousElementSibling
      : null;
    if (desborda && !aviso) {
      const linea = document.createElement("p");
      linea.className = "tapiz-desliza";
      linea.textContent = "Desliza la tabla a los lados para verla entera →";
      envoltorio.before(linea);
      envoltorio.tabIndex = 0;
      envoltorio.setAttribute("role", "region");
      envoltorio.setAttribute("aria-label", envoltorio.querySelector("caption")?.textContent || "Tabla desplazable");
    } else if (!desborda && aviso) {
      aviso.remove();
      for (const atributo of ["tabindex", "role", "aria-label"]) envoltorio.removeAttribute(atributo);
    }
  }
}
