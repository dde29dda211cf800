"""La valla ``tapiz-ejemplo``: un ejemplo resuelto, ejecutado y comparado con lo que afirma."""

from __future__ import annotations

from mkdocs_plugins.nucleo import datos, render
from mkdocs_plugins.nucleo.ejecucion import (
    EjemploEjecutado,
    ejecutar_ejemplo,
    entradas_sin_efecto,
    resultados_con_dados,
    salidas_mostradas,
)
from mkdocs_plugins.nucleo.especificacion import leer_ejemplo
from mkdocs_plugins.nucleo.problemas import Problema
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento, Valla


def ejecutar(hecho: Ejecucion) -> Fragmento:
    ejecutado = ejecutar_ejemplo(leer_ejemplo(hecho.bloque, hecho.reglamento))
    repetir = _datos_de_repetir(ejecutado)
    html = render.ejemplo(ejecutado, hecho.ancla, repetible=repetir is not None)
    avisos = tuple(
        Problema(
            hecho.ruta,
            ejecutado.espec.cuerpo.linea("entradas", entrada),
            f"aviso: la entrada «{entrada}» no cambia nada de lo que afirma «espera» "
            "con ningún otro valor; ¿sobra, o es otra la entrada que querías?",
        )
        for entrada in entradas_sin_efecto(ejecutado)
    )
    titulo = hecho.titulo or ejecutado.regla.titulo
    return Fragmento(hecho.bloque, html, None, hecho.ancla, titulo, repetir, avisos)


def _datos_de_repetir(ejecutado: EjemploEjecutado) -> str | None:
    """Los datos de «Repetir», ya en JSON: así viajan, se guardan y se escriben sin rehacerse."""
    resultados = resultados_con_dados(ejecutado)
    if resultados is None:
        return None
    espec = ejecutado.espec
    return datos.en_json(
        {
            "regla": ejecutado.regla.nombre,
            "dados": espec.dados,
            "salidas": [[c.nombre, c.etiqueta] for c in salidas_mostradas(ejecutado)],
            "resultados": datos.compactar_resultados(resultados),
        }
    )


VALLA = Valla("tapiz-ejemplo", ejecutar, es_prueba=True)
