// @ts-check
// Piezas de interfaz comunes: dados a la vista y gráfica de probabilidades (y, de elementos.js,
// elementos y anuncios).

import { el } from "./elementos.js";
import { decimal as numero, porcentaje } from "./formato.js";
import { analizar, Constante } from "./notacion.js";

export { anunciar, el, nuevoId } from "./elementos.js";

/** @typedef {import("./tirada.js").Tirada} Tirada */
/** @typedef {import("./tirada.js").DadoTirado} DadoTirado */
/** @typedef {[valor: number, probabilidad: number]} Punto */
/** @typedef {Punto[]} Puntos una distribución para dibujar, de menor a mayor total */
/**
 * Los dados de un término de la expresión tirada, o su constante; `signo`, el del término.
 * @typedef {{signo: number, dados: DadoTirado[]} | {signo: number, constante: number}} Grupo
 */


/**
 * Agrupa los dados de una tirada por término de la expresión: [{signo, dados|constante}].
 * @param {Tirada} tirada
 */
export function agruparPorTermino(tirada) {
  /** @type {Grupo[]} */
  const grupos = [];
  let i = 0;
  for (const termino of analizar(tirada.expresion).terminos) {
    if (termino instanceof Constante) {
      grupos.push({ signo: Math.sign(termino.valor) || 1, constante: Math.abs(termino.valor) });
      continue;
    }
    const dados = [];
    for (let n = 0; n < termino.cantidad; n += 1) {
      if (termino.porcentual) {
        dados.push(tirada.dados[i], tirada.dados[i + 1]);
        i += 2;
        continue;
      }
      dados.push(tirada.dados[i]);
      i += 1;
      while (i < tirada.dados.length && tirada.dados[i].explosion) dados.push(tirada.dados[i++]);
    }
    grupos.push({ signo: termino.signo, dados });
  }
  return grupos;
}

/** @param {DadoTirado} dado */
function describirDado(dado) {
  const partes = [dado.etiqueta ?? `d${dado.caras}`, String(dado.valor)];
  if (dado.explosion) partes.push("explosión");
  if (dado.descartado) partes.push("descartado");
  return partes.join(" ");
}

/**
 * Los dados de una tirada como fichas; explosiones y descartes marcados sin depender del color.
 * @param {Tirada} tirada
 */
export function fichasDeTirada(tirada) {
  const fragmento = document.createDocumentFragment();
  agruparPorTermino(tirada).forEach((grupo, indice) => {
    if (indice > 0 || grupo.signo < 0) {
      fragmento.append(el("span", { "aria-hidden": "true", texto: grupo.signo < 0 ? "−" : "+" }));
    }
    if ("constante" in grupo) {
      fragmento.append(el("span", { class: "tapiz-constante", texto: String(grupo.constante) }));
      return;
    }
    for (const dado of grupo.dados) {
      const clases = ["tapiz-dado"];
      if (dado.explosion) clases.push("tapiz-dado--explosion");
      if (dado.descartado) clases.push("tapiz-dado--descartado");
      const notas = [dado.explosion && "explosión", dado.descartado && "descartado"].filter(Boolean);
      fragmento.append(
        el(
          "span",
          { class: clases.join(" "), title: describirDado(dado) },
          String(dado.valor),
          notas.length ? el("span", { class: "tapiz-oculto", texto: ` (${notas.join(", ")})` }) : null,
        ),
      );
    }
  });
  return fragmento;
}

/** Texto para lectores de pantalla: «3d6: 4, 2, 6. Total 12». */
/** Más dados que esto no se leen uno a uno: se resumen (un lector de pantalla no lee 1000 valores). */
export const DADOS_LEIDOS = 12;

/** @param {Tirada} tirada */
export function resumenDeTirada(tirada) {
  if (tirada.dados.length > DADOS_LEIDOS) {
    const explosiones = tirada.dados.filter((d) => d.explosion).length;
    const descartados = tirada.dados.filter((d) => d.descartado).length;
    const notas = [
      explosiones && `${explosiones} ${explosiones === 1 ? "explosión" : "explosiones"}`,
      descartados && `${descartados} ${descartados === 1 ? "descartado" : "descartados"}`,
    ].filter(Boolean);
    const detalle = notas.length ? `, ${notas.join(", ")}` : "";
    return `${tirada.expresion}: ${tirada.dados.length} dados${detalle}. Total ${tirada.total}.`;
  }
  const valores = tirada.dados.map((d) => {
    const notas = [d.explosion && "explosión", d.descartado && "descartado"].filter(Boolean);
    return notas.length ? `${d.valor} (${notas.join(", ")})` : String(d.valor);
  });
  const dados = valores.length ? `: ${valores.join(", ")}` : "";
  return `${tirada.expresion}${dados}. Total ${tirada.total}.`;
}

/**
 * Quita las colas casi imposibles para que la gráfica se lea (se dice en el resumen).
 * @param {Puntos} puntos
 * @param {number | null} marcado
 */
function recortar(puntos, marcado) {
  const umbral = Math.max(...puntos.map(([, p]) => p)) / 500;
  const conservar = (/** @type {number} */ i) => puntos[i][1] >= umbral || puntos[i][0] === marcado;
  let inicio = 0;
  let fin = puntos.length - 1;
  while (inicio < fin && !conservar(inicio)) inicio += 1;
  while (fin > inicio && !conservar(fin)) fin -= 1;
  return puntos.slice(inicio, fin + 1);
}

/**
 * Gráfica de barras de una distribución [[valor, probabilidad]], con resumen en texto.
 * `puntos` no está vacía (una distribución tiene al menos un total) y `recortar` nunca la vacía.
 * @param {string} expresion
 * @param {Puntos} puntos
 * @param {number | null} [marcado] el total tirado, que se resalta
 */
export function grafica(expresion, puntos, marcado = null) {
  const visibles = recortar(puntos, marcado);
  const hasta = /** @type {Punto} */ (visibles.at(-1))[0];
  const maxima = Math.max(...visibles.map(([, p]) => p));
  const media = puntos.reduce((s, [v, p]) => s + v * p, 0);
  const pModa = Math.max(...puntos.map(([, p]) => p));
  const modas = puntos.filter(([, p]) => p >= pModa * (1 - 1e-9)).map(([v]) => v);
  const minimo = puntos[0][0];
  const maximo = /** @type {Punto} */ (puntos.at(-1))[0];
  // Un dado que explota no tiene máximo: la distribución solo llega hasta la profundidad tabulada.
  const rango = /!/.test(expresion)
    ? `de ${minimo} en adelante, sin máximo (los dados explotan)`
    : `de ${minimo} a ${maximo}`;
  let resumen = `${expresion}: ${rango}, media ${numero(media)}; `;
  if (modas.length === puntos.length) {
    resumen += `todos los totales son igual de probables (${porcentaje(pModa)} cada uno).`;
  } else if (modas.length === 1) {
    resumen += `el total más probable es ${modas[0]} (${porcentaje(pModa)}).`;
  } else {
    const lista = `${modas.slice(0, -1).join(", ")} y ${modas.at(-1)}`;
    resumen += `los totales más probables son ${lista} (${porcentaje(pModa)} cada uno).`;
  }
  if (marcado !== null) {
    const alMenos = puntos.reduce((s, [v, p]) => (v >= marcado ? s + p : s), 0);
    resumen += ` Sacar ${marcado} o más: ${porcentaje(alMenos)}.`;
  }
  if (visibles.length < puntos.length) {
    resumen += ` La gráfica muestra de ${visibles[0][0]} a ${hasta}; el resto es muy improbable.`;
  }
  const barras = el("span", { class: "tapiz-grafica__barras", "aria-hidden": "true" });
  for (const [valor, p] of visibles) {
    const clase = valor === marcado ? "tapiz-grafica__barra tapiz-grafica__barra--tirada" : "tapiz-grafica__barra";
    barras.append(
      el("span", {
        class: clase,
        title: `${valor}: ${porcentaje(p)}`,
        style: `height:${Math.max(1, (100 * p) / maxima).toFixed(1)}%`,
      }),
    );
  }
  const eje = el(
    "span",
    { class: "tapiz-grafica__eje", "aria-hidden": "true" },
    el("span", { texto: String(visibles[0][0]) }),
    el("span", { texto: String(hasta) }),
  );
  return el(
    "span",
    { class: "tapiz-grafica" },
    barras,
    eje,
    el("span", { class: "tapiz-grafica__resumen", texto: resumen }),
  );
}
