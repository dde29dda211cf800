// @ts-check
// El trabajador del buscador: quita las palabras vacías de la consulta y carga el de Material,
// search.<huella>.min.js, junto al que el plugin lo publica como busqueda.<huella>.min.js
// (el porqué, en mkdocs_plugins/tema/main.html).
/** @type {string[]} */
let idiomas = [];
const limpias = new WeakSet();

/** @param {string} palabra vacía en un idioma del índice (lunr.es.stopWordFilter la quita) */
function vacia(palabra) {
  const lunr = /** @type {any} */ (self).lunr;
  return idiomas.some((i) => {
    const filtro = (i === "en" ? lunr : lunr?.[i])?.stopWordFilter;
    return typeof filtro === "function" && filtro(palabra) === undefined;
  });
}

/** @param {string} consulta sin las palabras vacías, salvo si no tiene otras */
function sinVacias(consulta) {
  const trozos = consulta.trim().split(/\s+/);
  const vacios = trozos.map((t) => vacia(t.replace(/["+\-*~^]/g, "").toLowerCase()));
  if (vacios.every(Boolean)) return consulta;
  return trozos.map((t, i) => (vacios[i] ? t.replace(/[^"]/g, "") : t)).filter(Boolean).join(" ");
}

addEventListener("message", (evento) => {
  const mensaje = /** @type {MessageEvent} */ (evento).data;
  const config = mensaje?.type === 0 ? mensaje.data?.config : null;
  if (config) idiomas = config.pipeline?.includes("stopWordFilter") ? config.lang : [];
  if (mensaje?.type !== 2 || typeof mensaje.data !== "string" || limpias.has(evento)) return;
  const consulta = sinVacias(mensaje.data);
  if (consulta === mensaje.data) return;
  evento.stopImmediatePropagation();
  const limpia = new MessageEvent("message", { data: { ...mensaje, data: consulta } });
  limpias.add(limpia);
  dispatchEvent(limpia);
});

importScripts(location.href.replace(/\/busqueda(\.[^/]*)$/, "/search$1"));
