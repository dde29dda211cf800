// @ts-check
// Los números como los lee una persona, con las reglas de tapiz_rules/modelo/formato.py:
// punto de millares, coma decimal, signo menos tipográfico y redondeo de la mitad hacia
// fuera sobre el valor exacto (el de toFixed). El corpus de conformidad lo comprueba.

export const MENOS = "\u2212";

/** 5400 → «5.400», −2 → «−2». @param {number} n */
export const miles = (n) =>
  (n < 0 ? MENOS : "") + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/** Con `cifras` decimales como mucho: 2.5 → «2,5», 5400 → «5.400». @param {number} n */
export function decimal(n, cifras = 2) {
  const [entero, fraccion] = Math.abs(n).toFixed(cifras).split(".");
  const resto = (fraccion ?? "").replace(/0+$/, "");
  const signo = n < 0 && /[1-9]/.test(entero + resto) ? MENOS : "";
  return signo + miles(Number(entero)) + (resto ? `,${resto}` : "");
}

/** 0.7407 → «74,1 %», siempre con `cifras` decimales. @param {number} p */
export function porcentaje(p, cifras = 1) {
  const fijo = Math.abs(p * 100).toFixed(cifras);
  const signo = p < 0 && /[1-9]/.test(fijo) ? MENOS : "";
  return `${signo}${fijo.replace(".", ",")} %`;
}
