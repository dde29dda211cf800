// @ts-check
// El libro completo en una página: ids únicos por capítulo y enlaces internos al propio libro.

/**
 * Un capítulo del libro: libro.html le pone `data-origen` (la dirección de su página), y aquí se
 * le guarda esa dirección ya resuelta.
 * @typedef {HTMLElement & {dataset: {origen: string}, origen?: URL}} Capitulo
 */

/** @param {URL} url */
function rutaDe(url) {
  return url.pathname.replace(/index\.html$/, "");
}

const REFERENCIAS = ["for", "aria-describedby", "aria-labelledby", "aria-controls"];

/**
 * El id al que lleva el fragmento de una URL. Uno mal escrito (`%E0%A4%A`) se queda como está:
 * `decodeURIComponent` lanzaría «URI malformed» y dejaría el resto de enlaces sin reescribir
 * (la construcción ya lo da como error en su línea).
 * @param {string} ancla
 */
export function idDe(ancla) {
  try {
    return decodeURIComponent(ancla);
  } catch {
    return ancla;
  }
}

/**
 * Lo que nombra un id del capítulo (una etiqueta a su campo, una ayuda…) sigue al id renombrado.
 * @param {Capitulo} capitulo
 */
function renombrarReferencias(capitulo) {
  for (const atributo of REFERENCIAS) {
    for (const elemento of capitulo.querySelectorAll(`[${atributo}]`)) {
      const ids = /** @type {string} */ (elemento.getAttribute(atributo)).split(/\s+/).filter(Boolean);
      elemento.setAttribute(atributo, ids.map((id) => `${capitulo.id}-${id}`).join(" "));
    }
  }
}

/**
 * Renombra los ids de cada capítulo y reescribe los enlaces entre páginas del libro.
 * @param {HTMLElement} libro
 */
export function prepararLibro(libro) {
  if (libro.dataset.tapizListo) return;
  libro.dataset.tapizListo = "1";
  const capitulos = [.../** @type {NodeListOf<Capitulo>} */ (libro.querySelectorAll(".tapiz-libro__capitulo"))];
  const porRuta = new Map();
  for (const capitulo of capitulos) {
    const origen = new URL(capitulo.dataset.origen, location.href);
    capitulo.origen = origen;
    porRuta.set(rutaDe(origen), capitulo);
    for (const conId of capitulo.querySelectorAll("[id]")) conId.id = `${capitulo.id}-${conId.id}`;
    renombrarReferencias(capitulo);
  }
  for (const capitulo of capitulos) {
    for (const enlace of /** @type {NodeListOf<HTMLAnchorElement>} */ (capitulo.querySelectorAll("a[href]"))) {
      const destino = new URL(/** @type {string} */ (enlace.getAttribute("href")), capitulo.origen);
      const objetivo = porRuta.get(rutaDe(destino));
      if (destino.origin !== location.origin || !objetivo) {
        enlace.href = destino.href;
        continue;
      }
      const ancla = destino.hash.slice(1);
      enlace.setAttribute("href", `#${ancla ? `${objetivo.id}-${idDe(ancla)}` : objetivo.id}`);
    }
  }
}
