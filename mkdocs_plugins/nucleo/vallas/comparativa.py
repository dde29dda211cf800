"""La valla ``tapiz-comparativa``: probabilidades de varios sistemas, comprobadas y dibujadas.

Se lee y se comprueba en ``nucleo/comparativa/comparativa.py``; se dibuja en
``nucleo/comparativa/vista_comparativa.py``.
"""

from __future__ import annotations

from mkdocs_plugins.nucleo.comparativa import comparativa, vista_comparativa
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento, Valla


def ejecutar(hecho: Ejecucion) -> Fragmento:
    espec = comparativa.leer(hecho.bloque)
    comparativa.comprobar(espec)
    html = vista_comparativa.html(espec, hecho.ancla)
    return Fragmento(hecho.bloque, html, None, hecho.ancla, hecho.titulo)


VALLA = Valla("tapiz-comparativa", ejecutar, es_prueba=True)
