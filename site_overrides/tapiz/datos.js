// @ts-check
// Los datos de las reglas que escribe el plugin: assets/tapiz/datos.json (una vez por página).

let promesa = null;

/** datos.json relativo a este módulo (sitio/tapiz/dados.js → sitio/assets/tapiz/datos.json). */
export function cargarDatos() {
  promesa ??= fetch(new URL("../assets/tapiz/datos.json", import.meta.url)).then((respuesta) => {
    if (!respuesta.ok) throw new Error(`datos.json: HTTP ${respuesta.status}`);
    return respuesta.json();
  });
  promesa.catch(() => {
    promesa = null; // se reintenta en la siguiente página
  });
  return promesa;
}

export const SIN_DATOS =
  "No se han podido cargar los datos de las reglas (assets/tapiz/datos.json); recarga la página.";
