// «Repetir con dados nuevos» en los ejemplos resueltos: se tiran los dados del ejemplo y se
// muestran los resultados que el plugin precalculó con el motor (datos.json → ejemplos).

import { cargarDatos, SIN_DATOS } from "./datos.js";
import { Generador, semillaNueva } from "./generador.js";
import { tirar } from "./tirada.js";
import { anunciar, el, fichasDeTirada } from "./vista.js";

function texto(valor) {
  if (valor === true) return "sí";
  if (valor === false) return "no";
  if (valor === null || valor === undefined) return "—";
  return Array.isArray(valor) ? valor.join(", ") : String(valor);
}

const nombre = (clave) => clave.replaceAll("_", " ");

/** Dónde se muestra la repetición: la zona que deja el plugin (región aria-live) o una nueva. */
function zonaDe(boton) {
  const ejemplo = boton.closest(".tapiz-ejemplo");
  const propia = ejemplo?.querySelector(".tapiz-ejemplo__repeticion");
  if (propia) return [propia, propia.hasAttribute("aria-live")];
  const bloque = boton.closest("p") ?? boton;
  let zona = bloque.nextElementSibling;
  if (!zona?.classList.contains("tapiz-repeticion")) {
    zona = el("div", { class: "tapiz-repeticion" });
    bloque.after(zona);
  }
  return [zona, false];
}

/** Tira los dados del ejemplo y muestra sus salidas precalculadas. */
export async function repetirEjemplo(boton) {
  const [zona, zonaAnunciada] = zonaDe(boton);
  const avisar = (texto) => zonaAnunciada || anunciar(texto);
  zona.classList.add("tapiz-repeticion");
  let ejemplo;
  try {
    ejemplo = (await cargarDatos()).ejemplos?.[boton.dataset.ejemplo];
  } catch {
    zona.replaceChildren(el("p", { class: "tapiz-error", texto: SIN_DATOS }));
    return;
  }
  if (!ejemplo) {
    zona.replaceChildren(el("p", { class: "tapiz-error", texto: `No hay datos del ejemplo «${boton.dataset.ejemplo}».` }));
    return;
  }
  const generador = new Generador(semillaNueva());
  const tiradas = Object.entries(ejemplo.dados).map(([entrada, expresion]) => [entrada, tirar(expresion, generador)]);
  const clave = tiradas.map(([, t]) => t.total).join(",");
  const salidas = ejemplo.resultados?.[clave];
  const dados = el("ul", {});
  for (const [entrada, t] of tiradas) {
    dados.append(el("li", {}, `${nombre(entrada)} (${t.expresion}): `, el("span", { class: "tapiz-tirada" }, fichasDeTirada(t), el("span", { class: "tapiz-total", texto: `= ${t.total}` }))));
  }
  const tiradasTexto = tiradas.map(([entrada, t]) => `${nombre(entrada)} ${t.total}`).join(", ");
  if (!salidas || salidas.error) {
    const aviso = salidas?.error ?? "Esta combinación de dados no está precalculada.";
    zona.replaceChildren(dados, el("p", { class: "tapiz-error", texto: aviso }));
    avisar(`${tiradasTexto}. ${aviso}`);
    return;
  }
  const lista = el("dl", { class: "tapiz-repeticion__salidas" });
  const orden = ejemplo.salidas?.length ? ejemplo.salidas : Object.keys(salidas);
  for (const salida of orden) lista.append(el("dt", { texto: nombre(salida) }), el("dd", { texto: texto(salidas[salida]) }));
  zona.replaceChildren(el("p", { texto: "Con dados nuevos:" }), dados, lista);
  avisar(`${tiradasTexto}. ${orden.map((s) => `${nombre(s)}: ${texto(salidas[s])}`).join("; ")}.`);
}
