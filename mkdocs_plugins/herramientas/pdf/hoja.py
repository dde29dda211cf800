"""La hoja de personaje de Tapiz para imprimir: una página A4 cuyos recuadros salen de las
declaraciones del motor (etiquetas de los campos de cada regla, opciones, tablas), no de
textos copiados a mano; cada apartado nombra la regla del libro que lo calcula."""

from __future__ import annotations

from html import escape

from tapiz_rules.modelo import Campo, Regla, Reglamento
from tapiz_rules.sistemas import reglamento as reglamento_de
from tapiz_rules.sistemas.tapiz.hoja import (
    FILAS_ATRIBUTOS,
    IDENTIDAD,
    LINEAS_LENGUAS,
    LINEAS_RASGOS,
)
from tapiz_rules.sistemas.tapiz.nombres import nombres_de

LINEAS_ATRIBUTOS = FILAS_ATRIBUTOS
"""Las mismas filas y líneas que la hoja de la página (``tapiz_rules/sistemas/tapiz/hoja.py``)."""


def _campo(regla: Regla, nombre: str) -> Campo:
    campo = regla.entrada(nombre) or regla.salida(nombre)
    if campo is None:
        raise KeyError(f"la regla «{regla.nombre}» no declara «{nombre}»")
    return campo


def _caja(etiqueta: str, clase: str = "") -> str:
    return (
        f'<div class="hoja__caja {clase}"><span class="hoja__etiqueta">{escape(etiqueta)}</span>'
        '<span class="hoja__hueco"></span></div>'
    )


def _marcas(opciones: tuple[tuple[object, str], ...] | None) -> str:
    return " ".join(
        f'<span class="hoja__marca">☐ {escape(etiqueta)}</span>' for _, etiqueta in opciones or ()
    )


def _apartado(titulo: str, reglas: list[Regla], contenido: str, clase: str = "") -> str:
    nombres = " · ".join(f"«{r.titulo}» ({r.seccion})" for r in reglas)
    pie = f'<p class="hoja__reglas">Reglas: {escape(nombres)}</p>' if reglas else ""
    return (
        f'<div class="hoja__apartado {clase}"><p class="hoja__titulo">{escape(titulo)}</p>'
        f"{contenido}{pie}</div>"
    )


def _tabla(columnas: list[str], filas: list[list[str]], clase: str = "") -> str:
    cabecera = "".join(f"<th>{escape(c)}</th>" for c in columnas)
    cuerpo = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in fila) + "</tr>" for fila in filas)
    return (
        f'<table class="hoja__tabla {clase}"><thead><tr>{cabecera}</tr></thead>'
        f"<tbody>{cuerpo}</tbody></table>"
    )


def _nivel(r: Reglamento) -> str:
    nivel, heroicidad = r.regla("nivel_por_experiencia"), r.regla("puntos_heroicidad")
    cajas = [
        _caja(_campo(nivel, "nivel").etiqueta),
        _caja(_campo(nivel, "px").etiqueta),
        _caja(_campo(nivel, "px_siguiente").etiqueta),
        _caja(_campo(heroicidad, "puntos").etiqueta),
    ]
    return _apartado(
        "Nivel", [nivel, heroicidad], f'<div class="hoja__fila">{"".join(cajas)}</div>'
    )


def _caracteristicas(r: Reglamento) -> str:
    regla = r.regla("modificador_caracteristica")
    columnas = [
        "",
        _campo(regla, "valor").etiqueta,
        _campo(regla, "modificador").etiqueta,
        _campo(regla, "principal").etiqueta,
    ]
    filas = [
        [f"<strong>{escape(c.abreviatura)}</strong>", "", "", "☐"]
        for c in nombres_de(r).caracteristicas
    ]
    return _apartado("Características", [regla], _tabla(columnas, filas))


def _atributos(r: Reglamento) -> str:
    regla = r.regla("dados_atributo")
    nombres = nombres_de(r)
    columnas = [nombres.atributo_o_habilidad, _campo(regla, "nivel").etiqueta]
    columnas.append(_campo(regla, "expresion").etiqueta)
    filas = [["", "", ""] for _ in range(LINEAS_ATRIBUTOS)]
    tabla = r.tabla("tabla_dados_atributo")
    guia = " · ".join(f"{fila[0]}: {escape(str(fila[1]))}" for fila in tabla.filas if fila[0])
    referencia = f'<p class="hoja__guia">{escape(tabla.titulo)} por nivel: {guia}</p>'
    contenido = _tabla(columnas, filas) + referencia
    return _apartado(nombres.atributos_y_habilidades, [regla], contenido)


def _rasgos(r: Reglamento) -> str:
    regla = r.regla("bonus_rasgos")
    lineas = '<div class="hoja__linea"></div>' * LINEAS_RASGOS
    cajas = _caja(_campo(regla, "bonus").etiqueta) + _caja(_campo(regla, "tope").etiqueta)
    return _apartado("Rasgos", [regla], lineas + f'<div class="hoja__fila">{cajas}</div>')


def _defensas(r: Reglamento) -> str:
    partes, reglas = [], []
    for nombre in ("defensa_fisica", "defensa_mental"):
        regla = r.regla(nombre)
        reglas.append(regla)
        cajas = "".join(_caja(c.etiqueta, "hoja__caja--peque") for c in regla.entradas)
        cajas += _caja(_campo(regla, "defensa").etiqueta, "hoja__caja--total")
        partes.append(f'<div class="hoja__fila">{cajas}</div>')
    return _apartado("Defensas", reglas, "".join(partes))


def _puntos_de_golpe(r: Reglamento) -> str:
    regla = r.regla("estado_puntos_golpe")
    filas = [
        f'<div class="hoja__fila"><span class="hoja__nombre">{escape(etiqueta)}</span>'
        + _caja("Máximo")
        + _caja(_campo(regla, "puntos").etiqueta)
        + "</div>"
        for _, etiqueta in _campo(regla, "tipo").opciones or ()
    ]
    estados = f'<p class="hoja__marcas">{_marcas(_campo(regla, "estado").opciones)}</p>'
    return _apartado("Puntos de golpe", [regla], "".join(filas) + estados)


def _carga(r: Reglamento) -> str:
    regla = r.regla("impedimento")
    cajas = _caja(_campo(regla, "carga").etiqueta) + _caja(_campo(regla, "peso").etiqueta)
    marcas = f'<p class="hoja__marcas">{_marcas(_campo(regla, "impedimento").opciones)}</p>'
    return _apartado("Carga", [regla], f'<div class="hoja__fila">{cajas}</div>{marcas}')


def _movimiento(r: Reglamento) -> str:
    regla, iniciativa = r.regla("movimiento_combate"), r.regla("modificador_iniciativa")
    cajas = _caja(_campo(regla, "mov").etiqueta)
    cajas += _caja(_campo(iniciativa, "modificador").etiqueta)
    distancia = _campo(regla, "metros").etiqueta
    tipos = "".join(
        _caja(f"{distancia}: {etiqueta}", "hoja__caja--peque")
        for _, etiqueta in _campo(regla, "tipo").opciones or ()
    )
    contenido = f'<div class="hoja__fila">{cajas}</div><div class="hoja__fila">{tipos}</div>'
    return _apartado("Movimiento e iniciativa", [regla, iniciativa], contenido)


def _lenguas(r: Reglamento) -> str:
    regla = r.regla("avance_lengua")
    lineas = '<div class="hoja__linea"></div>' * LINEAS_LENGUAS
    return _apartado("Lenguas", [regla], lineas)


def hoja(reglamento: Reglamento | None = None) -> str:
    """El HTML de la hoja (dentro de una ``<section>`` del libro o de su propio PDF)."""
    r = reglamento or reglamento_de()
    identidad = "".join(_caja(e) for e in (*(e for _, e in IDENTIDAD), "Alineamiento"))
    columna_a = _caracteristicas(r) + _atributos(r) + _rasgos(r) + _lenguas(r)
    columna_b = _nivel(r) + _defensas(r) + _puntos_de_golpe(r) + _carga(r) + _movimiento(r)
    return (
        '<div class="hoja"><h1 class="hoja__cabecera">Hoja de personaje</h1>'
        f'<div class="hoja__fila hoja__identidad">{identidad}</div>'
        f'<div class="hoja__columnas"><div>{columna_a}</div><div>{columna_b}</div></div>'
        '<div class="hoja__apartado"><p class="hoja__titulo">Equipo y notas</p>'
        '<div class="hoja__notas"></div></div></div>'
    )
