"""La valla ``tapiz-regla``: una tabla o una regla del motor, un widget o fichas del catálogo."""

from __future__ import annotations

from mkdocs_plugins.nucleo.fuente.especificacion import leer_regla
from mkdocs_plugins.nucleo.vallas import render
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento, Valla
from mkdocs_plugins.nucleo.vallas.ejecucion import ejecutar_catalogo, ejecutar_regla
from tapiz_rules.modelo import Regla, Tabla


def ejecutar(hecho: Ejecucion) -> Fragmento:
    return Fragmento(hecho.bloque, _html(hecho))


def _html(hecho: Ejecucion) -> str:
    espec = leer_regla(hecho.bloque, hecho.reglamento)
    if espec.widget is not None:
        return render.widget(espec.widget, espec.reglamento)
    if espec.tablas or espec.reglas:
        return render.fichas_del_catalogo(ejecutar_catalogo(espec), espec.reglamento.sistema.nombre)
    definida = ejecutar_regla(espec)
    if isinstance(definida, Tabla):
        return render.tabla(definida, espec.tabla or "", espec.reglamento)
    if isinstance(definida, Regla) and espec.catalogo:
        return render.regla_para_catalogo(definida, espec.reglamento.sistema.nombre)
    if isinstance(definida, Regla):
        return render.regla_para_lectores(definida, espec.reglamento)
    return ""


VALLA = Valla("tapiz-regla", ejecutar, es_prueba=False)
