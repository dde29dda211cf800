"""Los widgets del libro en una sola tabla: de ella salen la carga por página (Python) y la
tabla con que ``dados.js`` los monta en el navegador (generada: ``python -m desarrollo.contrato``).

Añadir un widget es añadir una fila aquí, escribir su módulo en ``mkdocs_plugins/tema/tapiz/``
y regenerar; la prueba de conformidad falla mientras ``dados.js`` no esté al día.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Widget:
    clase: str
    """La clase del HTML que lo delata (``tapiz-calculadora``)."""
    modulo: str | None = None
    """El módulo de ``mkdocs_plugins/tema/tapiz/`` que lo monta; ``None``: solo lleva estilos."""
    montar: str | None = None
    """La función de ese módulo que recibe cada contenedor; ``None``: el módulo basta."""
    etiqueta: str = ""
    """El elemento del selector, si no vale cualquiera (``button``)."""
    hoja: str = "widgets.css"
    """Su hoja de estilos."""
    aplazado: str | None = None
    """El módulo que su módulo descarga cuando el widget se acerca a la vista."""
    colocable: str | None = None
    """El nombre con que un ```tapiz-regla`` lo coloca (``widget: calculadora``)."""
    sin_javascript: str = ""
    """El aviso que se lee donde está, si no hay JavaScript (los colocables)."""

    @property
    def selector(self) -> str:
        return f"{self.etiqueta}.{self.clase}"


WIDGETS = (
    # La calculadora trae su formulario y sus primeros números (nucleo/widgets/calculadora.py);
    # calculadora.js descarga su vista sobre el motor al acercarse a la vista.
    Widget(
        "tapiz-calculadora",
        "calculadora",
        "montarCalculadora",
        aplazado="calculadora-viva",
        colocable="calculadora",
    ),
    Widget(
        "tapiz-tirador",
        "botones",
        "montarTirador",
        colocable="tirador",
        sin_javascript="El tirador de dados necesita JavaScript.",
    ),
    Widget(
        "tapiz-hoja",
        "hoja",
        "montarHoja",
        hoja="personaje.css",
        colocable="hoja",
        sin_javascript="La hoja de personaje calcula sus números con JavaScript.",
    ),
    # Los dados del texto no cargan nada con la página: dados.js importa botones.js (que pide
    # los datos de la página) al acercarse a uno (ratón, dedo o teclado), antes del clic.
    Widget("tapiz-dados", etiqueta="button"),
    # La caja de las reglas de quien lee (nucleo/widgets/reglas_lector.py): dados.js importa
    # reglas.js si quien lee ya eligió, o al acercarse a la caja; sin el motor.
    Widget("tapiz-reglas-lector"),
    # «Repetir» no carga nada con la página: dados.js importa ejemplos.js al acercarse al botón
    # (ratón, dedo o teclado), con los datos de sus tiradas, antes del clic.
    Widget("tapiz-repetir"),
    Widget("tapiz-ejemplo"),
    # La comparativa: sus gráficas llegan en un <noscript> y graficas.js las escribe al
    # acercarse a la vista (nucleo/graficas.py, ``aplazada``).
    Widget("tapiz-comparativa", "graficas", "montarGraficas", hoja="comparativa.css"),
    Widget("tapiz-enlace"),
    Widget("tapiz-probar"),
    Widget("tapiz-cambiar"),
    # Solo estilos (en widgets.css): fuera de la base de toda página.
    Widget("tapiz-tabla"),
    Widget("tapiz-narrado"),
    Widget("tapiz-pendiente"),
)

POR_CLASE = {w.clase: w for w in WIDGETS}
COLOCABLES = {w.colocable: w for w in WIDGETS if w.colocable}


def tabla_js() -> str:
    """Las dos tablas de ``dados.js``: cada widget con su módulo, y cada hoja con sus selectores."""
    filas = []
    for w in WIDGETS:
        if w.modulo is None:
            continue
        partes = [w.selector, w.modulo, *([w.montar] if w.montar else [])]
        filas.append("  [" + ", ".join(f'"{p}"' for p in partes) + "],")
    hojas: dict[str, list[str]] = {}
    for w in WIDGETS:
        hojas.setdefault(w.hoja, []).append(f".{w.clase}")
    filas_hojas = [f'  ["{hoja}", "{",".join(selectores)}"],' for hoja, selectores in hojas.items()]
    montadores = " | ".join(f'"{w.montar}"' for w in WIDGETS if w.montar)
    return "\n".join(
        [
            f"/** @typedef {{{montadores}}} Montador las funciones que montan un widget */",
            "/**",
            " * Cada widget: el selector que lo delata, su módulo y la función que lo monta.",
            " * @type {Array<[string, keyof Modulos, Montador?]>}",
            " */",
            "const WIDGETS = [",
            *filas,
            "];",
            "/**",
            " * Cada hoja de estilos y lo que la necesita.",
            " * @type {Array<[string, string]>}",
            " */",
            "const HOJAS = [",
            *filas_hojas,
            "];",
        ]
    )
