"""Un Lienzo hostil: pasa la construcción y, en la página (Pyodide), intenta salir de su motor.

``espia`` recibe los puertos del sitio y de otro servidor y, la primera vez, intenta cada cosa
que el código de un Lienzo no debe poder hacer en la página del lector; su salida dice cómo
acabó cada intento (``pendiente`` mientras no acaba). Desde que se importa, además, manda sin
parar respuestas falsas con ids adivinados, y contesta él mismo (con salidas que no declara) a
las peticiones de ``disfraz``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

from tapiz_rules.modelo import Campo, Entrada, Resultado, regla

FALSO = "FALSIFICADO"
INTENTOS: dict[str, str] = {}


def _apuntar(nombre: str, intento: Callable[[], Any]) -> None:
    try:
        resultado = intento()
    except Exception as error:  # lo que se espera: el navegador no lo deja
        INTENTOS[nombre] = f"falla ({type(error).__name__})"
        return
    if hasattr(resultado, "then"):
        INTENTOS[nombre] = "pendiente"
        resultado.then(
            lambda _valor: INTENTOS.__setitem__(nombre, "HECHO"),
            lambda _error: INTENTOS.__setitem__(nombre, "rechazada"),
        )
    else:
        INTENTOS[nombre] = "HECHO"


def _atacar(sitio: str, otro: str) -> None:
    import js
    import pyodide_js
    from pyodide.ffi import create_proxy

    def xhr(url: str) -> None:
        peticion = js.XMLHttpRequest.new()
        peticion.open("GET", url, False)
        peticion.send()

    def conexion(nombre: str, clase: Any, url: str) -> Callable[[], None]:
        def abrir() -> None:
            INTENTOS[nombre] = "pendiente"
            abierta = clase.new(url)
            abierta.onopen = create_proxy(lambda _e: INTENTOS.__setitem__(nombre, "HECHO"))
            abierta.onerror = create_proxy(lambda _e: INTENTOS.__setitem__(nombre, "error"))

        return abrir

    def cache() -> Any:
        falsa = js.Response.new(f"<script>{FALSO}</script>")
        return js.caches.open("tapiz hostil").then(lambda c: c.put(sitio + "/", falsa))

    for destino, base in (("otro", otro), ("sitio", sitio)):
        _apuntar(f"fetch {destino}", lambda b=base: js.fetch(f"{b}/fuga-fetch"))
        _apuntar(f"xhr {destino}", lambda b=base: xhr(f"{b}/fuga-xhr"))
        _apuntar(f"importScripts {destino}", lambda b=base: js.importScripts(f"{b}/fuga.js"))
        ws = base.replace("http:", "ws:")
        _apuntar(f"websocket {destino}", conexion(f"websocket {destino}", js.WebSocket, ws))
        evento = f"{base}/fuga-eventos"
        _apuntar(
            f"eventsource {destino}", conexion(f"eventsource {destino}", js.EventSource, evento)
        )
    _apuntar("paquete de la CDN", lambda: pyodide_js.loadPackage("micropip"))
    _apuntar("caches", cache)
    _apuntar("serviceWorker", lambda: js.navigator.serviceWorker.register(f"{sitio}/fuga-sw.js"))
    _apuntar("localStorage", lambda: js.localStorage.setItem("hostil", FALSO))
    _apuntar("indexedDB", lambda: js.indexedDB.open("hostil"))
    _apuntar("cookie", lambda: setattr(js.document, "cookie", f"hostil={FALSO}"))
    _apuntar("parent.document", lambda: js.parent.document.body.append(FALSO))


def _falsificar() -> None:
    """Respuestas falsas con los ids que usaría un contador (1–40, como número y como texto)
    y otras con ids al azar, sin parar."""
    import js
    from pyodide.ffi import create_proxy, to_js

    def enviar(*_: Any) -> None:
        salida = {"nombre": "grado", "etiqueta": "Grado", "texto": FALSO}
        respuesta = {"salidas": [salida], "pasos": [FALSO], "reglamento": FALSO}
        for id_ in [*range(1, 41), *(str(i) for i in range(1, 41)), str(js.Math.random())]:
            mensaje = {"id": id_, "respuesta": respuesta}
            js.postMessage(to_js(mensaje, dict_converter=js.Object.fromEntries))

    enviar()
    js.setInterval(create_proxy(enviar), 10)


def _contestar_por_su_cuenta() -> None:
    """Las peticiones de ``disfraz`` no llegan al motor: las contesta esto, con una salida que
    la regla no declara."""
    import js
    from pyodide.ffi import create_proxy, to_js

    original = js.self.onmessage

    def interceptar(evento: Any) -> Any:
        datos = evento.data
        peticion = getattr(datos, "peticion", None)
        if peticion is None or getattr(peticion, "regla", None) != "disfraz":
            return original(evento)
        if peticion.tipo != "regla":
            return original(evento)
        salida = {"nombre": "otra", "etiqueta": "Otra", "texto": f"<b>{FALSO}</b>"}
        respuesta = {"salidas": [salida], "pasos": [], "reglamento": "Lienzo «Hostil»"}
        mensaje = to_js(
            {"id": datos.id, "respuesta": respuesta}, dict_converter=js.Object.fromEntries
        )
        js.postMessage(mensaje)
        return None

    js.self.onmessage = create_proxy(interceptar)


if sys.platform == "emscripten":
    _falsificar()
    _contestar_por_su_cuenta()


@regla("espia", titulo="Espía", seccion="Lienzo hostil", salidas=[Campo("informe", str, "Informe")])
def espia(
    p: Any,
    puerto_sitio: Annotated[int, Entrada("Puerto del sitio", minimo=0)] = 0,
    puerto_otro: Annotated[int, Entrada("Puerto de otro servidor", minimo=0)] = 0,
) -> Resultado:
    """Intenta salir de su motor (la primera vez que se le dan los puertos) y dice cómo fue."""
    if sys.platform == "emscripten" and puerto_sitio and not INTENTOS:
        _atacar(f"http://127.0.0.1:{puerto_sitio}", f"http://127.0.0.1:{puerto_otro}")
    informe = "; ".join(f"{nombre}: {como}" for nombre, como in sorted(INTENTOS.items()))
    return Resultado({"informe": informe or "nada"}, ("Intentos hechos",))


@regla("disfraz", titulo="Disfraz", seccion="Lienzo hostil", salidas=[Campo("valor", int, "Valor")])
def disfraz(p: Any, dato: Annotated[int, Entrada("Dato")] = 1) -> Resultado:
    """En la página la contesta otro código, con una salida que no declara."""
    return Resultado({"valor": dato}, (f"{dato}",))


REGLAS = (espia, disfraz)
