// @ts-check
// Registra el trabajador de servicio que guarda el libro para leerlo sin conexión (lo escribe
// nucleo/sin_conexion/sin_conexion.py en la raíz del sitio). main.html lo importa al acabar de
// cargar la página, solo por http(s) y nunca con «mkdocs serve». Cuando hay una versión nueva
// instalada y esperando, version-nueva.js lo dice con un botón para recargar.

const contenedor = navigator.serviceWorker;
/** Milisegundos tras cargar la página: si quien lee pide enseguida las reglas en vivo, lo suyo va antes. */
const ESPERA = 2000;

/** @param {ServiceWorkerRegistration} registro */
function siHayVersionNueva(registro) {
  const nuevo = registro.waiting;
  if (nuevo && contenedor.controller) import("./version-nueva.js").then((m) => m.avisar(nuevo));
}

/**
 * Registra el trabajador un poco después de cargar la página y cuando el motor de reglas no
 * está cargando (vivo.js lo dice en `<html data-tapiz-motor>` y con «tapiz:carga»): quien lee
 * espera ese resultado, y las descargas del libro sin conexión se llevaban parte de la red y de
 * la CPU (bench/carga.md). Mientras espera al motor, `<html data-tapiz-sin-conexion="espera">`.
 * @param {() => void} registrar
 */
function cuandoNoCargueElMotor(registrar) {
  const raiz = document.documentElement;
  const cargando = () => raiz.dataset.tapizMotor === "cargando";
  const alCargar = () => {
    if (cargando()) return;
    document.removeEventListener("tapiz:carga", alCargar);
    setTimeout(mirar, ESPERA); // y otra espera: con el motor listo, quien lee suele seguir calculando
  };
  const mirar = () => {
    if (cargando()) {
      raiz.dataset.tapizSinConexion = "espera";
      document.addEventListener("tapiz:carga", alCargar);
      return;
    }
    delete raiz.dataset.tapizSinConexion;
    registrar();
  };
  setTimeout(mirar, ESPERA);
}

cuandoNoCargueElMotor(() => contenedor.register(new URL("../sin-conexion.js", import.meta.url)).then((registro) => {
  // Un navegador que bloquea los trabajadores de servicio (uno automatizado, o el de una
  // aplicación) puede resolver sin registro: entonces el libro solo se lee conectado.
  if (!registro) return;
  siHayVersionNueva(registro);
  registro.addEventListener("updatefound", () =>
    registro.installing?.addEventListener("statechange", () => siHayVersionNueva(registro)),
  );
  // La navegación instantánea no vuelve a cargar la página: al volver a ella, se pregunta.
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) registro.update().catch(() => {});
  });
}, () => {}));
