"""La calculadora de tiradas de acción en la página: su formulario y su primer resultado.

El formulario sale de la declaración de ``probabilidades_accion`` (etiquetas, ayudas, límites)
y la tabla, de ``tapiz_rules.vivo.calculadora`` con los valores iniciales: así la ven ya
calculada quien abre la página, quien la imprime y quien lee sin JavaScript o sin el motor en
la página. Al cambiar un dato o al tirar, ``tapiz/calculadora-viva.js`` pide lo mismo al motor
en la página y pinta la respuesta con este mismo marcado.
"""

from __future__ import annotations

from html import escape
from typing import Any

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA
from tapiz_rules.modelo import Campo, Reglamento
from tapiz_rules.vivo.calculadora import campos, iniciales, responder_calculadora

ESTADO = (
    "Probabilidades con los valores iniciales. Cambia un dato y el motor de reglas del libro "
    "las recalcula en tu navegador.<noscript> Sin JavaScript, la calculadora solo muestra "
    "estas, calculadas al construir el libro.</noscript>"
)
"""Lo que dice antes de que quien lee la use (con JavaScript o sin él)."""


def html(reglamento: Reglamento, clave_reglamento: str) -> str:
    valores = iniciales(reglamento)
    respuesta = responder_calculadora(reglamento, {"entradas": valores})
    controles = "".join(
        _campo(c, valores.get(c.nombre, ""), reglamento) for c in campos(reglamento)
    )
    return (
        f'<div class="tapiz-calculadora" data-edicion="{escape(reglamento.edicion)}" '
        f'data-reglamento="{escape(clave_reglamento)}" role="group" '
        f'aria-label="Calculadora de tiradas de acción" {FUERA_DE_LA_BUSQUEDA}>'
        '<form class="tapiz-calculadora__formulario" novalidate>'
        '<fieldset class="tapiz-calculadora__campos">'
        f'<legend class="tapiz-oculto">Tirada de acción</legend>{controles}</fieldset>'
        '<p class="tapiz-calculadora__acciones">'
        '<button type="button" class="md-button md-button--primary tapiz-calculadora__tirar">'
        "Tirar</button></p></form>"
        f'<p class="tapiz-calculadora__estado" role="status">{ESTADO}</p>'
        f'<div class="tapiz-calculadora__salida">{salida(respuesta)}</div>'
        '<div class="tapiz-calculadora__resultado"></div>'
        f'<p class="tapiz-calculadora__reglas">Reglas: {escape(respuesta["reglamento"])}.</p>'
        "</div>"
    )


def _campo(campo: Campo, valor: str, reglamento: Reglamento) -> str:
    """Un campo como los de «Probar» (``campoDe`` de probar.js): etiqueta, control y ayuda."""
    ident = f"tapiz-calculadora-{campo.nombre}"
    explicacion = campo.ayuda if campo.ayuda != campo.etiqueta else ""
    if explicacion and not explicacion.endswith((".", ")")):
        explicacion += "."
    limites = campo.ayuda_de_limites(reglamento.parametros, campos(reglamento))
    ayuda = " ".join(t for t in (explicacion, limites) if t)
    describe = f' aria-describedby="{ident}-ayuda"' if ayuda else ""
    # El teclado numérico de un móvil no siempre tiene el signo menos.
    sin_signo = campo.tipo is int and campo.minimo is not None and campo.minimo >= 0
    modo = ' inputmode="numeric"' if sin_signo else ""
    return (
        f'<div class="tapiz-campo"><label for="{ident}">{escape(campo.etiqueta)}</label>'
        f'<input type="text" id="{ident}" name="{escape(campo.nombre)}" '
        f'value="{escape(valor)}"{modo}{describe} autocomplete="off" spellcheck="false">'
        + (f'<small id="{ident}-ayuda">{escape(ayuda)}</small>' if ayuda else "")
        + "</div>"
    )


def salida(respuesta: dict[str, Any]) -> str:
    """La tabla de probabilidades y sus pasos, de una respuesta sin error."""
    filas = "".join(
        f'<tr data-salida="{escape(f["nombre"])}"'
        + (' class="tapiz-probabilidades__detalle"' if f["detalle"] else "")
        + f'><th scope="row">{escape(f["etiqueta"])}</th><td>'
        f'<span class="tapiz-medidor" style="width:{escape(f["ancho"])}" aria-hidden="true">'
        f"</span>{escape(f['texto'])}</td></tr>"
        for f in respuesta["filas"]
    )
    pasos = "".join(f"<li>{escape(p)}</li>" for p in respuesta["pasos"])
    return (
        '<table class="tapiz-probabilidades">'
        f"<caption>{escape(respuesta['titulo'])}</caption>"
        '<thead><tr><th scope="col">Resultado</th><th scope="col">Probabilidad</th></tr></thead>'
        f"<tbody>{filas}</tbody></table>"
        '<details class="tapiz-calculadora__pasos"><summary>Cálculo de las probabilidades</summary>'
        f"<ol>{pasos}</ol></details>"
    )
