"""El motor en la página del lector: lo que pregunta el navegador y lo que responde.

El módulo ``mkdocs_plugins/tema/tapiz/motor.js`` arranca Pyodide en un Web Worker, desempaqueta
este paquete y llama a :func:`preparar` con las reglas del libro (su reglamento y la
declaración de cada Lienzo, ya leída en la construcción: aquí no hay PyYAML) y a
:func:`responder` con cada petición, en JSON. Las respuestas llevan los valores ya
escritos con ``Campo.mostrar`` y las tablas con :func:`celda`: el mismo formato que el
libro, sin reimplementarlo en JavaScript.

Peticiones (además de ``sistema``, ``edicion``, ``opcionales`` y ``lienzo``):

- ``{"tipo": "formulario", "regla": …}``: las entradas y salidas de la regla.
- ``{"tipo": "regla", "regla": …, "entradas": {…}}``: textos del formulario o valores JSON.
- ``{"tipo": "tabla", "tabla": …}``: la tabla con sus celdas escritas.
- ``{"tipo": "reglamento"}``: su descripción, ediciones y reglas opcionales.
- ``{"tipo": "hoja", "datos": {…}}``: los números de la hoja de personaje (``vivo/hoja.py``).
- ``{"tipo": "calculadora", "entradas": {…}, "semilla": n}``: la calculadora de tiradas de
  acción (``vivo/calculadora.py``); con ``semilla``, también una tirada.
- ``{"tipo": "probabilidades", "expresion": …}``: la distribución exacta de una expresión de
  dados como la dibujan los widgets (``vivo/probabilidades.py``).

Toda respuesta es un objeto; si algo falla, ``{"error": "mensaje para quien lee"}``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Campo, Regla, Reglamento, plegar
from tapiz_rules.modelo.formato import miles, tipografia
from tapiz_rules.sistemas import reglamento as reglamento_de
from tapiz_rules.vivo.lectura import en_palabras, leer_entradas
from tapiz_rules.yaml_con_lineas import Documento

_DECLARADOS: dict[str, dict[str, Any]] = {}
"""La declaración de cada Lienzo del libro, como llegó; se lee al pedir sus reglas."""
_CARPETA = Path(".")
_REGLAMENTOS: dict[tuple[str, ...], Reglamento] = {}


def preparar(libro: str | dict[str, Any], carpeta: str = ".") -> None:
    """Lee las reglas del libro: ``{"lienzos": [{"nombre", "ruta", "carpeta", "documento"}]}``.

    ``carpeta`` es donde se desempaquetó cada Lienzo (con su ``reglas.py``, si lo tiene). Un
    Lienzo con ``"aparte": true`` es uno con Python en el libro: su código no está en este
    motor, sino en el de su propio zip (un motor por Lienzo, aislado en la página).
    Cada Lienzo se lee la primera vez que se piden sus reglas: así el motor en la página
    responde antes a lo primero que se le pregunta, que casi nunca es de un Lienzo.
    """
    global _CARPETA
    datos = json.loads(libro) if isinstance(libro, str) else libro
    _DECLARADOS.clear()
    _REGLAMENTOS.clear()
    _CARPETA = Path(carpeta)
    for declarado in datos.get("lienzos", []):
        _DECLARADOS[declarado["nombre"]] = declarado


def _reglamento_del_lienzo(nombre: str) -> Reglamento:
    """Las reglas de un Lienzo del libro; si no se pueden usar en la página, se dice por qué."""
    from tapiz_rules.lienzos.lienzo import desde_documento

    if nombre not in _DECLARADOS:
        raise ErrorTapiz(f"Este libro no tiene el Lienzo «{nombre}».")
    declarado = _DECLARADOS[nombre]
    if declarado.get("aparte"):  # su Python no está en este motor: lo calcula el suyo
        raise ErrorTapiz(f"Las reglas del Lienzo «{nombre}» se calculan en su propio motor.")
    leido = declarado["documento"]
    anidadas = {(clave, sub): linea for clave, sub, linea in leido["anidadas"]}
    documento = Documento(leido["valores"], leido["lineas"], anidadas)
    try:
        lienzo = desde_documento(documento, _CARPETA / declarado["carpeta"], declarado["ruta"])
    except Exception as error:  # su Python puede necesitar algo que la página no tiene
        raise ErrorTapiz(
            f"Las reglas del Lienzo «{nombre}» no se pueden usar en la página: {error}"
        ) from None
    return lienzo.reglamento()


def documento_en_datos(documento: Documento) -> dict[str, Any]:
    """Una declaración leída, como datos JSON (las claves de ``anidadas`` van como listas)."""
    return {
        "valores": documento.valores,
        "lineas": documento.lineas,
        "anidadas": [[*clave, linea] for clave, linea in documento.anidadas.items()],
    }


def reglamento(peticion: dict[str, Any]) -> Reglamento:
    """El reglamento de una petición (el de su Lienzo si nombra uno); uno por combinación."""
    lienzo = str(peticion.get("lienzo") or "")
    firma = (
        str(peticion.get("sistema") or "tapiz"),
        str(peticion.get("edicion") or ""),
        lienzo,
        *sorted(str(o) for o in peticion.get("opcionales") or ()),
    )
    if firma not in _REGLAMENTOS:
        if lienzo:
            _REGLAMENTOS[firma] = _reglamento_del_lienzo(lienzo)
        else:
            _REGLAMENTOS[firma] = reglamento_de(firma[0], firma[1], firma[3:])
    return _REGLAMENTOS[firma]


def celda(valor: Any) -> str:
    """Una celda de tabla como la escribe el libro: «—», «sí», «5.400», «−2»."""
    if valor is None:
        return "—"
    if isinstance(valor, bool):
        return "sí" if valor else "no"
    if isinstance(valor, int):
        return miles(valor)
    return tipografia(str(valor))


def _la_nombra(campo: Campo) -> bool:
    """Si la etiqueta ya dice la unidad («Turnos de vida», «PV actuales»): el formulario no la
    repite entre paréntesis."""
    unidades = campo.unidad if isinstance(campo.unidad, tuple) else (campo.unidad or "",)
    etiqueta = plegar(campo.etiqueta).split("_")
    return any(u and plegar(u) in etiqueta for u in unidades)


def _campo(campo: Campo, elegido: Reglamento, regla: Regla) -> dict[str, Any]:
    datos = campo.a_json()
    datos["tipo"] = campo.tipo.__name__
    datos["ayuda"] = campo.ayuda
    datos["unidad"] = None if _la_nombra(campo) else campo.unidad_en_plural
    datos["limites"] = campo.ayuda_de_limites(elegido.parametros, regla.entradas)
    if campo.opciones is not None:
        datos["opciones"] = [[str(v), e] for v, e in campo.opciones]
        del datos["etiquetas"]
    if not campo.obligatorio:
        por_defecto = campo.por_defecto
        datos["por_defecto"] = (
            por_defecto
            if isinstance(por_defecto, bool) or por_defecto is None
            else str(por_defecto)
        )
        if campo.tipo is list and por_defecto is not None:
            datos["por_defecto"] = ", ".join(str(v) for v in por_defecto)
    return datos


def _formulario(elegido: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    regla = elegido.regla(str(peticion.get("regla")))
    return {
        "titulo": regla.titulo,
        "entradas": [_campo(c, elegido, regla) for c in regla.entradas],
        "salidas": [c.etiqueta for c in regla.salidas],
        "reglamento": elegido.describir(),
    }


def _regla(elegido: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    regla = elegido.regla(str(peticion.get("regla")))
    try:
        entradas = leer_entradas(regla, peticion.get("entradas") or {})
        resultado = regla.ejecutar(elegido.parametros, entradas)
    except ErrorTapiz as error:
        return {"error": en_palabras(error, regla), "campo": getattr(error, "campo", None)}
    valores = resultado.valores
    return {
        # Los datos como los escribe el libro («5.400», «+5»), no como se teclearon.
        "entradas": [
            {"nombre": c.nombre, "texto": c.mostrar(entradas[c.nombre], entradas)}
            for c in regla.entradas
            if c.nombre in entradas
        ],
        "salidas": [
            {
                "nombre": c.nombre,
                "etiqueta": c.etiqueta,
                "texto": c.mostrar(valores[c.nombre], valores),
            }
            for c in regla.salidas
        ],
        "pasos": [tipografia(p) for p in resultado.pasos],
        "reglamento": elegido.describir(),
    }


def _tabla(elegido: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    tabla = elegido.tabla(str(peticion.get("tabla")))
    return {
        "titulo": tabla.titulo,
        "columnas": list(tabla.columnas),
        "filas": [[celda(v) for v in fila] for fila in tabla.filas],
        "notas": [tipografia(n) for n in tabla.notas],
        "reglamento": elegido.describir(),
    }


def _descripcion(elegido: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    sistema = elegido.sistema
    return {
        "descripcion": elegido.describir(),
        "ediciones": [[c, v.titulo] for c, v in sistema.ediciones.items()],
        "opcionales": [[c, v.titulo] for c, v in sistema.opcionales.items()],
    }


_RESPUESTAS = {
    "formulario": _formulario,
    "regla": _regla,
    "tabla": _tabla,
    "reglamento": _descripcion,
}
_APARTE = ("hoja", "calculadora", "probabilidades")
"""Las peticiones que responde su propio módulo (``vivo/hoja.py``…), importado la primera vez
que se piden: la hoja de personaje trae el modelo de la hoja y el Sistema Tapiz entero, y el
primer resultado de la página (casi siempre una regla) llega antes sin ellos."""


def _respuesta(tipo: str) -> Callable[[Reglamento, dict[str, Any]], dict[str, Any]] | None:
    if tipo in _APARTE:
        modulo = importlib.import_module(f"tapiz_rules.vivo.{tipo}")
        _RESPUESTAS[tipo] = getattr(modulo, f"responder_{tipo}")
    return _RESPUESTAS.get(tipo)


def responder(peticion: str | dict[str, Any]) -> str:
    """La respuesta JSON a una petición JSON; un error se dice, nunca es una traza."""
    datos = json.loads(peticion) if isinstance(peticion, str) else peticion
    respuesta = _respuesta(str(datos.get("tipo")))
    if respuesta is None:
        return json.dumps({"error": f"Petición desconocida «{datos.get('tipo')}»."})
    try:
        return json.dumps(respuesta(reglamento(datos), datos), ensure_ascii=False)
    except ErrorTapiz as error:
        mensaje = str(error)
        return json.dumps({"error": mensaje[:1].upper() + mensaje[1:]}, ensure_ascii=False)
