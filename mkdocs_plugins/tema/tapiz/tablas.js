// @ts-check
// Las tablas más anchas que la pantalla (en un móvil): una línea dice que se desplazan a los
// lados, una sombra marca el borde y se pueden desplazar también con el teclado. dados.js lo
// carga la primera vez que una tabla de la página no cabe, y desde entonces en cada cambio de
// tamaño (también para quitar el aviso cuando vuelve a caber).

// Sus estilos llegan con él (fuera de la base de toda página, tapiz.css), ya aplicados antes de
// escribir el primer aviso: una línea que dice que la tabla se desplaza, y una sombra (un gris que
// se ve sobre los dos esquemas) que marca el borde.
const estilos = new CSSStyleSheet();
estilos.replaceSync(`
.md-typeset .tapiz-desliza{margin:0.4em 0 0.2em;color:var(--md-default-fg-color);font-size:0.8em}
.md-typeset .md-typeset__scrollwrap.tapiz-desborda{box-shadow:inset -1.4em 0 1em -1.2em rgb(128 128 128/70%)}
.md-typeset .md-typeset__scrollwrap.tapiz-desborda:focus-visible{outline:0.15em solid var(--md-accent-fg-color)}
@media print{.md-typeset .tapiz-desliza{display:none}}`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, estilos];

/**
 * Pone o quita el aviso de cada tabla de `raiz` según quepa o no. Una tabla que el navegador aún
 * no pinta (`content-visibility: auto`, las de la comparativa) no se puede medir sin pintarla:
 * se mide cuando se acerca a la vista y, mientras, se puede alcanzar con el teclado.
 * @param {Document | HTMLElement} raiz
 */
export function avisarTablasAnchas(raiz) {
  const envoltorios = [.../** @type {NodeListOf<HTMLElement>} */ (raiz.querySelectorAll(".md-typeset__scrollwrap"))];
  // Todas las medidas antes de escribir nada: medir tras cada aviso rehacía el diseño de la
  // página entera una vez por tabla (en la comparativa, la tarea más larga de la carga).
  const desbordan = envoltorios.map((envoltorio) => (sinPintar(envoltorio) ? null : desborda(envoltorio)));
  for (const [indice, envoltorio] of envoltorios.entries()) {
    const medida = desbordan[indice];
    if (medida !== null) marcar(envoltorio, medida);
    else if (!envoltorio.dataset.tapizAplazada) {
      envoltorio.dataset.tapizAplazada = "1";
      hacerAlcanzable(envoltorio);
      envoltorio.addEventListener("contentvisibilityautostatechange", alPintarse);
    }
  }
}

/** @param {HTMLElement} envoltorio */
const sinPintar = (envoltorio) =>
  envoltorio.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === false;

/** @param {HTMLElement} envoltorio */
const desborda = (envoltorio) => envoltorio.scrollWidth > envoltorio.clientWidth + 1;

/** @param {Event} evento un `contentvisibilityautostatechange` de un envoltorio aplazado */
function alPintarse(evento) {
  const envoltorio = /** @type {HTMLElement} */ (evento.currentTarget);
  if (/** @type {Event & {skipped: boolean}} */ (evento).skipped) return;
  envoltorio.removeEventListener("contentvisibilityautostatechange", alPintarse);
  delete envoltorio.dataset.tapizAplazada;
  marcar(envoltorio, desborda(envoltorio));
}

/**
 * @param {HTMLElement} envoltorio
 * @param {boolean} ancha si no cabe: con su aviso y alcanzable con el teclado
 */
function marcar(envoltorio, ancha) {
  envoltorio.classList.toggle("tapiz-desborda", ancha);
  const aviso = envoltorio.previousElementSibling?.classList.contains("tapiz-desliza")
    ? envoltorio.previousElementSibling
    : null;
  if (ancha && !aviso) {
    const linea = document.createElement("p");
    linea.className = "tapiz-desliza";
    linea.textContent = "Desliza la tabla a los lados para verla entera →";
    envoltorio.before(linea);
    hacerAlcanzable(envoltorio);
  } else if (!ancha && envoltorio.getAttribute("role") === "region") {
    aviso?.remove();
    for (const atributo of ["tabindex", "role", "aria-label"]) envoltorio.removeAttribute(atributo);
  }
}

/**
 * Una región con nombre en el orden del teclado: así se desplaza con las flechas.
 * @param {HTMLElement} envoltorio
 */
function hacerAlcanzable(envoltorio) {
  if (envoltorio.getAttribute("role") === "region") return;
  envoltorio.tabIndex = 0;
  envoltorio.setAttribute("role", "region");
  envoltorio.setAttribute("aria-label", nombreDeLaTabla(envoltorio));
}

/**
 * El nombre de la región de una tabla que se desplaza: su título (el `<caption>` o el de una tabla
 * del motor) o, sin él, el de la sección en que está; si otra región de la página ya se llama así, con su número («…, 2»), porque un
 * lector de pantalla lista las regiones por su nombre.
 * @param {HTMLElement} envoltorio
 */
function nombreDeLaTabla(envoltorio) {
  const titulo =
    envoltorio.querySelector("caption")?.textContent?.trim() ||
    envoltorio.closest(".tapiz-tabla")?.querySelector(".tapiz-tabla__titulo")?.textContent?.trim();
  const seccion = seccionDe(envoltorio);
  const base = titulo || (seccion ? `Tabla de «${seccion}»` : "Tabla");
  const usados = new Set(
    [...document.querySelectorAll(".md-typeset__scrollwrap[role='region']")]
      .filter((otro) => otro !== envoltorio)
      .map((otro) => otro.getAttribute("aria-label")),
  );
  let nombre = base;
  for (let numero = 2; usados.has(nombre); numero++) nombre = `${base}, ${numero}`;
  return nombre;
}

/**
 * El texto del último encabezado antes de `elemento` (sin el «¶» de su enlace).
 * @param {HTMLElement} elemento
 */
function seccionDe(elemento) {
  let encontrado = "";
  for (const encabezado of document.querySelectorAll("article h1, article h2, article h3, article h4")) {
    if (!(encabezado.compareDocumentPosition(elemento) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    encontrado = encabezado.textContent?.replace("¶", "").trim() ?? "";
  }
  return encontrado;
}
