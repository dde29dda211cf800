// @ts-check
// «Hay una versión nueva»: el aviso (una región role="status") con un botón que activa el
// trabajador nuevo y recarga la página cuando toma el control. Lo importa registro.js.

/** @param {ServiceWorker} nuevo el trabajador instalado que espera */
export function avisar(nuevo) {
  if (document.querySelector(".tapiz-version-nueva")) return;
  const aviso = document.createElement("div");
  aviso.className = "tapiz-version-nueva";
  aviso.setAttribute("role", "status");
  aviso.style.cssText =
    "position:fixed;z-index:5;inset:auto 1rem 1rem auto;max-width:calc(100% - 2rem);" +
    "padding:.6rem .8rem;border-radius:.2rem;box-shadow:var(--md-shadow-z2);" +
    "background:var(--md-default-bg-color);color:var(--md-default-fg-color);font-size:.8rem";
  document.body.append(aviso);
  const boton = document.createElement("button");
  boton.type = "button";
  boton.className = "md-button md-button--primary";
  boton.style.cssText = "margin-left:.6rem;padding:.3rem .8rem";
  boton.textContent = "Recargar";
  boton.addEventListener("click", () => {
    boton.disabled = true;
    if (nuevo.state === "activated") location.reload(); // otra pestaña ya lo activó
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    nuevo.postMessage("activar");
  });
  // Con la región ya en la página, su contenido nuevo se anuncia.
  requestAnimationFrame(() => aviso.append("Hay una versión nueva del libro.", boton));
}
