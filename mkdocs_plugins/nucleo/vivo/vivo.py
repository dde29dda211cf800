"""El HTML de las reglas en vivo: el control «Probar» que acompaña a cada regla del libro.

Es un ``<details>``: se abre con el ratón, el dedo o el teclado sin JavaScript, y dentro
dice qué hace falta. Al abrirlo (o al acercarse a él) ``tapiz/probar.js`` arranca el motor
en la página (``tapiz/motor.js``) y escribe el formulario con la declaración de la regla.
"""

from __future__ import annotations

from html import escape

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA
from tapiz_rules.modelo import Regla

SIN_MOTOR = (
    "Para probar esta regla con tus datos, la página carga el motor de reglas del libro "
    "(Python en tu navegador, unos 4 MB la primera vez). Hace falta JavaScript."
)


def probar(regla: Regla, reglamento: str) -> str:
    """El control «Probar» de una regla; ``reglamento``, su clave (``render.clave_reglamento``)."""
    return (
        f'<details class="tapiz-probar" data-regla="{escape(regla.nombre)}" '
        f'data-reglamento="{escape(reglamento)}" {FUERA_DE_LA_BUSQUEDA}>'
        f"<summary>Probar «{escape(regla.titulo)}» con tus datos</summary>"
        f'<div class="tapiz-probar__cuerpo"><p>{SIN_MOTOR}</p></div></details>'
    )


def cambiar_datos() -> str:
    """El botón de una tarjeta para calcularla con otros datos (``tapiz/tarjeta-viva.js``)."""
    return '<button type="button" class="tapiz-cambiar md-button">Cambiar datos</button>'
