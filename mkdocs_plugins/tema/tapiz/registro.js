// @ts-check
// Registra el trabajador de servicio que guarda el libro para leerlo sin conexión (lo escribe
// nucleo/sin_conexion/sin_conexion.py en la raíz del sitio). main.html lo importa al acabar de
// cargar la página, solo por http(s) y nunca con «mkdocs serve». Cuando hay una versión nueva
// instalada y esperando, version-nueva.js lo dice con un botón para recargar.

const contenedor = navigator.serviceWorker;

/** @param {ServiceWorkerRegistration} registro */
function siHayVersionNueva(registro) {
  const nuevo = registro.waiting;
  if (nuevo && contenedor.controller) import("./version-nueva.js").then((m) => m.avisar(nuevo));
}

contenedor.register(new URL("../sin-conexion.js", import.meta.url)).then((registro) => {
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
}, () => {});
