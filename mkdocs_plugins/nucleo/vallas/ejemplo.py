"""La valla ``tapiz-ejemplo``: un ejemplo resuelto, ejecutado y comparado con lo que afirma."""

from __future__ import annotations

from mkdocs_plugins.nucleo.datos import datos, memoria
from mkdocs_plugins.nucleo.fuente.especificacion import leer_ejemplo
from mkdocs_plugins.nucleo.fuente.problemas import Problema
from mkdocs_plugins.nucleo.vallas import render
from mkdocs_plugins.nucleo.vallas.base import Ejecucion, Fragmento, Valla
from mkdocs_plugins.nucleo.vallas.ejecucion import (
    EjemploEjecutado,
    ejecutar_ejemplo,
    entradas_sin_efecto,
    resultados_con_dados,
    salidas_mostradas,
)


def ejecutar(hecho: Ejecucion) -> Fragmento:
    ejecutado = ejecutar_ejemplo(leer_ejemplo(hecho.bloque, hecho.reglamento))
    repetir = _repetir(ejecutado)
    html = render.ejemplo(ejecutado, hecho.ancla, repetible=repetir is not None)
    avisos = tuple(
        Problema(
            hecho.ruta,
            ejecutado.espec.cuerpo.linea("entradas", entrada),
            f"aviso: la entrada «{entrada}» no cambia nada de lo que afirma «espera» "
            "con ningún otro valor; ¿sobra, o es otra la entrada que querías?",
        )
        for entrada in _sin_efecto(ejecutado)
    )
    titulo = hecho.titulo or ejecutado.regla.titulo
    return Fragmento(hecho.bloque, html, None, hecho.ancla, titulo, repetir, avisos)


def _repetir(ejecutado: EjemploEjecutado) -> str | None:
    """``_datos_de_repetir``, una vez por ejemplo distinto: depende de la regla, de sus
    entradas validadas, de sus dados y de qué salidas afirma."""
    espec = ejecutado.espec
    clave = (
        "repetir",
        ejecutado.regla.nombre,
        repr(list(ejecutado.entradas.items())),
        repr(list(espec.dados.items())),
        tuple(sorted(espec.espera)),
    )
    return memoria.recordar(espec.reglamento, clave, lambda: _datos_de_repetir(ejecutado))


def _sin_efecto(ejecutado: EjemploEjecutado) -> tuple[str, ...]:
    """``entradas_sin_efecto``, una vez por ejemplo distinto: depende de la regla, de las
    entradas tal como las escribe la página y de qué claves tienen «dados», «notas» y
    «espera» (lo que afirma sale de las mismas entradas)."""
    espec = ejecutado.espec
    clave = (
        "sin efecto",
        ejecutado.regla.nombre,
        repr(list(espec.entradas.items())),
        tuple(espec.dados),
        tuple(espec.notas),
        tuple(espec.espera),
    )
    return memoria.recordar(espec.reglamento, clave, lambda: tuple(entradas_sin_efecto(ejecutado)))


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
