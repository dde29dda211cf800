"""De un bloque ``tapiz-*`` a su HTML: se lee, se ejecuta contra el motor y se muestra.

Un problema no detiene la página: el bloque se muestra como un error en su
sitio (lo que ve ``mkdocs serve``) y el problema se devuelve para la
construcción estricta, pytest y ``tapiz comprobar``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mkdocs_plugins.nucleo import cache as cache_
from mkdocs_plugins.nucleo import comparativa, datos, render, vista_comparativa
from mkdocs_plugins.nucleo.bloques import Bloque
from mkdocs_plugins.nucleo.cache import Cache
from mkdocs_plugins.nucleo.ejecucion import (
    Diferencia,
    EjemploEjecutado,
    ValoresDistintos,
    ejecutar_catalogo,
    ejecutar_ejemplo,
    ejecutar_regla,
    entradas_sin_efecto,
    resultados_con_dados,
    salidas_mostradas,
)
from mkdocs_plugins.nucleo.especificacion import leer_cuerpo, leer_ejemplo, leer_regla
from mkdocs_plugins.nucleo.problemas import ErrorDePagina, Problema
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Regla, Reglamento, Tabla, plegar

PRUEBAS = ("tapiz-ejemplo", "tapiz-comparativa")


@dataclass(frozen=True)
class Fragmento:
    """Lo que deja un bloque: su HTML y, si es un ejemplo, su título, su ancla y sus datos."""

    bloque: Bloque
    html: str
    problema: Problema | None = None
    identificador: str = ""
    titulo: str = ""
    datos: str | None = None
    """Los datos de «Repetir» (en JSON), si el ejemplo tira dados."""
    avisos: tuple[Problema, ...] = ()
    """Lo que no es un error pero conviene mirar: entradas que no cambian lo que se afirma."""
    diferencias: tuple[Diferencia, ...] = ()
    """Si el único problema son valores de «espera» distintos de los del motor, cuáles."""

    @property
    def es_ejemplo(self) -> bool:
        return self.bloque.tipo == "tapiz-ejemplo"

    @property
    def es_prueba(self) -> bool:
        """Si pytest lo recoge como un ítem propio: los ejemplos y las comparativas."""
        return self.bloque.tipo in PRUEBAS


def _pieza(texto: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plegar(texto)).strip("-")


def identificador(ruta: str, titulo: str, usados: set[str]) -> str:
    """El ancla de un ejemplo: de su página y su título, no de su línea (estable al editar)."""
    base = f"ejemplo-{_pieza(ruta.removesuffix('.md'))}-{_pieza(titulo) or 'sin-titulo'}"
    candidato, numero = base, 2
    while candidato in usados:
        candidato, numero = f"{base}-{numero}", numero + 1
    usados.add(candidato)
    return candidato


def titulo(bloque: Bloque) -> str:
    """El título de un ejemplo, para su nombre en pytest y su ancla; legible aunque falle."""
    try:
        valor = leer_cuerpo(bloque).valores.get("titulo")
    except ErrorDePagina:
        return ""
    return str(valor) if valor else ""


def ejecutar(
    bloque: Bloque,
    ruta: str,
    reglamento: Reglamento,
    usados: set[str],
    cache: Cache | None = None,
) -> Fragmento:
    """Ejecuta un bloque; nunca lanza: cualquier fallo es un problema con su línea.

    Con ``cache``, un bloque ya ejecutado sin problemas con el mismo texto, en el
    mismo sitio y con las mismas reglas se toma de ella (véase ``cache``).
    """
    if cache is None:
        return _ejecutar(bloque, ruta, reglamento, usados)
    clave = _clave(bloque, ruta, reglamento, usados)
    if (guardado := cache.obtener(clave)) is not None:
        if guardado["identificador"]:
            usados.add(guardado["identificador"])
        avisos = tuple(Problema(ruta, linea, mensaje) for linea, mensaje in guardado["avisos"])
        return Fragmento(bloque, **guardado | {"avisos": avisos})
    hecho = _ejecutar(bloque, ruta, reglamento, usados)
    if hecho.problema is None:
        cache.guardar(clave, _guardable(hecho))
    return hecho


def _clave(bloque: Bloque, ruta: str, reglamento: Reglamento, usados: set[str]) -> str:
    """Todo lo que decide el resultado de un bloque; las anclas ya usadas deciden la suya."""
    return cache_.clave(
        bloque.tipo,
        ruta,
        str(bloque.linea),
        bloque.cuerpo,
        *reglamento.firma(),
        "",
        *sorted(usados),
    )


def _guardable(hecho: Fragmento) -> dict[str, Any]:
    return {
        "html": hecho.html,
        "identificador": hecho.identificador,
        "titulo": hecho.titulo,
        "datos": hecho.datos,
        "avisos": [[aviso.linea, aviso.mensaje] for aviso in hecho.avisos],
    }


def _ejecutar(bloque: Bloque, ruta: str, reglamento: Reglamento, usados: set[str]) -> Fragmento:
    nombre = titulo(bloque) if bloque.tipo in PRUEBAS else ""
    ancla = identificador(ruta, nombre, usados) if bloque.tipo in PRUEBAS else ""
    try:
        if bloque.tipo == "tapiz-regla":
            return Fragmento(bloque, _regla(bloque, reglamento))
        if bloque.tipo == "tapiz-comparativa":
            espec = comparativa.leer(bloque)
            comparativa.comprobar(espec)
            return Fragmento(bloque, vista_comparativa.html(espec, ancla), None, ancla, nombre)
        ejecutado = ejecutar_ejemplo(leer_ejemplo(bloque, reglamento))
        repetir = _datos_ejemplo(ejecutado)
        html = render.ejemplo(ejecutado, ancla, repetible=repetir is not None)
        avisos = tuple(
            Problema(
                ruta,
                ejecutado.espec.cuerpo.linea("entradas", entrada),
                f"aviso: la entrada «{entrada}» no cambia nada de lo que afirma «espera» "
                "con ningún otro valor; ¿sobra, o es otra la entrada que querías?",
            )
            for entrada in entradas_sin_efecto(ejecutado)
        )
        titulo_ = nombre or ejecutado.regla.titulo
        return Fragmento(bloque, html, None, ancla, titulo_, repetir, avisos)
    except ValoresDistintos as error:
        problema = error.en(ruta)
        return Fragmento(
            bloque,
            render.error(problema),
            problema,
            ancla,
            nombre,
            None,
            (),
            tuple(error.diferencias),
        )
    except ErrorDePagina as error:
        problema = error.en(ruta)
    except ErrorTapiz as error:
        problema = Problema(ruta, bloque.linea, str(error))
    except Exception as error:  # un fallo del motor no debe romper la página ni ocultarse
        problema = Problema(
            ruta, bloque.linea, f"error inesperado del motor ({type(error).__name__}: {error})"
        )
    return Fragmento(bloque, render.error(problema), problema, ancla, nombre)


def _regla(bloque: Bloque, reglamento: Reglamento) -> str:
    espec = leer_regla(bloque, reglamento)
    if espec.widget is not None:
        return render.widget(espec.widget, espec.reglamento)
    if espec.tablas or espec.reglas:
        return render.fichas_del_catalogo(ejecutar_catalogo(espec), espec.reglamento.sistema.nombre)
    definida = ejecutar_regla(espec)
    if isinstance(definida, Tabla):
        return render.tabla(definida, espec.tabla or "")
    if isinstance(definida, Regla) and espec.catalogo:
        return render.regla_para_catalogo(definida, espec.reglamento.sistema.nombre)
    if isinstance(definida, Regla):
        return render.regla_para_lectores(definida, espec.reglamento.parametros)
    return ""


def _datos_ejemplo(ejecutado: EjemploEjecutado) -> str | None:
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
