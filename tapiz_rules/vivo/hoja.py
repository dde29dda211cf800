"""La hoja de personaje en la página: todos sus números, escritos como en el libro.

Petición ``{"tipo": "hoja", "datos": {clave: texto}}`` (con las reglas de quien lee);
respuesta ``{"numeros": {"calculo.salida": "texto"}, "errores": {clave: mensaje}}``. Un
número que no se pudo calcular (le falta un dato) no viene: la página deja «—».
"""

from __future__ import annotations

from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento
from tapiz_rules.modelo.hoja import Hoja, evaluar
from tapiz_rules.sistemas.tapiz.hoja import hoja_de
from tapiz_rules.sistemas.tapiz.nombres import nombres_de
from tapiz_rules.vivo.lectura import en_palabras, leer_campo


def hoja_del_reglamento(elegido: Reglamento) -> Hoja:
    """La hoja de su sistema, con los nombres de su Lienzo."""
    if elegido.sistema.nombre != "tapiz":
        raise ErrorTapiz(f"El sistema «{elegido.sistema.titulo}» no tiene hoja de personaje.")
    return hoja_de(nombres_de(elegido))


def responder_hoja(elegido: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    hoja = hoja_del_reglamento(elegido)
    textos = {str(k): str(v) for k, v in (peticion.get("datos") or {}).items()}
    hecho = evaluar(hoja, elegido, textos, leer_campo)
    numeros: dict[str, str] = {}
    for calculo in hoja.calculos:
        valores = hecho.valores.get(calculo.clave)
        if valores is None:
            continue
        regla = elegido.regla(calculo.regla)
        for nombre in calculo.salidas:
            campo = regla.salida(nombre)
            if campo is not None:
                numeros[f"{calculo.clave}.{nombre}"] = campo.mostrar(valores[nombre], valores)
    errores = {
        clave: _frase(mensaje, hoja, elegido, clave) for clave, mensaje in hecho.errores.items()
    }
    return {"numeros": numeros, "errores": errores, "reglamento": elegido.describir()}


def _frase(mensaje: str, hoja: Hoja, elegido: Reglamento, clave: str) -> str:
    """El mensaje para quien lee: con las etiquetas de la regla, con mayúscula y punto."""
    calculo = next((c for c in hoja.calculos if c.clave == clave), None)
    if calculo is not None:
        return en_palabras(ErrorTapiz(mensaje), elegido.regla(calculo.regla))
    mensaje = mensaje[:1].upper() + mensaje[1:]
    return mensaje if mensaje.endswith(".") else mensaje + "."
