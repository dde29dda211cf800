"""El HTML de una ``tapiz-comparativa``: gráfica, tabla, fracciones exactas y comentario.

La gráfica es una ``<figure>`` cuyo SVG se nombra con ``aria-labelledby`` y
cuyo pie remite a la tabla, que es su equivalente accesible. Todos los números
salen del motor; el comentario se escribe a partir de ellos.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape

from mkdocs_plugins.nucleo.comparativa import graficas
from mkdocs_plugins.nucleo.comparativa.comparativa import EspecComparativa
from mkdocs_plugins.nucleo.comparativa.graficas import Serie
from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA, SOLO_SU_TEXTO
from tapiz_rules.comparativa import FuegoAutomatico, Tirada, objetivo_mediano, valor_del_paso
from tapiz_rules.modelo.formato import decimal, miles, porcentaje

EJE_X = "Objetivo: lo que deben sacar los dados"


def _pct(valor: Fraction) -> str:
    return porcentaje(valor).replace(" ", "\u00a0")


def fraccion(valor: Fraction) -> str:
    """Una probabilidad exacta para leer: «1/2», «91/216», «0», «1», con puntos de millares."""
    if valor.denominator == 1:
        return miles(valor.numerator)
    return f"{miles(valor.numerator)}/{miles(valor.denominator)}"


def _tabla(
    cabecera: Sequence[str],
    filas: Sequence[tuple[str, Sequence[Fraction]]],
    celda: Callable[[Fraction], str],
    leyenda: str,
) -> str:
    """Una tabla sin clase: Material la envuelve en su caja desplazable (y ``dados.js`` avisa)."""
    th = "".join(f'<th scope="col">{escape(c)}</th>' for c in cabecera)
    cuerpo = "".join(
        f'<tr><th scope="row">{escape(nombre)}</th>'
        + "".join(f"<td>{escape(celda(v))}</td>" for v in valores)
        + "</tr>"
        for nombre, valores in filas
    )
    return (
        f"<table><caption>{escape(leyenda)}</caption><thead {SOLO_SU_TEXTO}><tr>{th}</tr></thead>"
        f"<tbody {FUERA_DE_LA_BUSQUEDA}>{cuerpo}</tbody></table>"
    )


def _tablas(
    cabecera: Sequence[str], filas: Sequence[tuple[str, Sequence[Fraction]]], titulo: str
) -> str:
    return (
        _tabla(cabecera, filas, _pct, titulo)
        + '<details class="tapiz-comparativa__fracciones"><summary>Fracciones exactas</summary>'
        + _tabla(cabecera, filas, fraccion, f"{titulo}: fracciones exactas")
        + "</details>"
    )


def _puntos(valor: Fraction) -> str:
    return decimal(valor * 100, 1)


def _paso(t: Tirada, paso: int, objetivos: tuple[int, ...]) -> tuple[str, bool]:
    """Lo que vale un bonus de ``paso``, y si cambia de un objetivo a otro."""
    menor, mayor = valor_del_paso(t, paso, objetivos[0], objetivos[-1])
    if menor == mayor:
        return f"+{paso} vale siempre {_puntos(menor)} puntos", False
    return f"+{paso} vale entre {_puntos(menor)} y {_puntos(mayor)} puntos", True


def ventana(objetivos: tuple[int, ...]) -> str:
    """Los objetivos en que se mide un bonus: los del tramo de la gráfica en que la tirada no es
    casi segura ni casi imposible (``comparativa.valor_del_paso``)."""
    return (
        f"en los objetivos de {miles(objetivos[0])} a {miles(objetivos[-1])} de esta gráfica "
        "con al menos un 10 % de éxito sin el bonus y como mucho un 90 % con él"
    )


def _comentario(t: Tirada, objetivos: tuple[int, ...]) -> str:
    mediano = objetivo_mediano(t, objetivos[0], objetivos[-1])
    mitad = (
        f"tiene éxito al menos la mitad de las veces hasta un objetivo de {mediano} "
        f"({_pct(t.exito(mediano))})"
        if mediano is not None
        else "no llega a la mitad de éxitos en este tramo"
    )
    (uno, cambia_uno), (dos, cambia_dos) = _paso(t, 1, objetivos), _paso(t, 2, objetivos)
    donde = f" ({ventana(objetivos)})" if cambia_uno or cambia_dos else ""
    return (
        f"<li><strong>{escape(t.titulo)}</strong>: {escape(mitad)}; "
        f"{uno} y {dos} de probabilidad de éxito{escape(donde)}.</li>"
    )


def _figura(
    ancla: str, titulo: str, objetivos: tuple[int, ...], series: list[Serie], pie: str
) -> str:
    def punto(serie: Serie, x: int, valor: Fraction) -> str:
        return f"{serie.etiqueta}, objetivo {x}: {porcentaje(valor)} ({fraccion(valor)})"

    svg = graficas.aplazada(
        graficas.lineas(EJE_X, objetivos, series, (f"{ancla}-titulo", titulo), punto), titulo
    )
    return (
        f'<figure class="tapiz-curvas" id="{escape(ancla)}">{svg}'
        f"{graficas.leyenda(series)}"
        f"<figcaption>{escape(titulo)}. {escape(pie)} Los mismos datos, en la tabla que "
        "sigue.</figcaption></figure>"
    )


def _acumuladas(t: Tirada, objetivos: tuple[int, ...]) -> list[Serie]:
    """De lo mejor a lo peor: «Efecto extremo», «Efecto mayor o mejor»… (no se cruzan)."""
    series = []
    for i in range(len(t.resultados) - 1, 0, -1):
        r = t.resultados[i]
        etiqueta = r.etiqueta if i == len(t.resultados) - 1 else f"{r.etiqueta} o mejor"
        if r.exito and not t.resultados[i - 1].exito:
            etiqueta = "Éxito (cualquiera)"
        assert r.desde is not None, "solo el peor resultado no tiene margen mínimo"
        series.append(Serie(etiqueta, tuple(t.al_menos(x + r.desde) for x in objetivos)))
    return series


def _iguales(series: list[Serie]) -> str:
    """Una frase por cada par de curvas idénticas, que en la gráfica se tapan."""
    pares = [
        f"Las curvas de «{a.etiqueta}» y «{b.etiqueta}» son idénticas y se superponen."
        for i, a in enumerate(series)
        for b in series[i + 1 :]
        if a.valores == b.valores
    ]
    return " ".join(pares)


def html(espec: EspecComparativa, ancla: str) -> str:
    if espec.fuego is not None:
        return _fuego(espec.fuego, espec.titulo or "El fuego automático", ancla)
    objetivos = espec.objetivos
    if len(espec.tiradas) == 1:
        t = espec.tiradas[0]
        titulo = espec.titulo or f"{t.titulo}: cada resultado según el objetivo"
        filas = [(r.etiqueta, tuple(t.probabilidad(r, x) for x in objetivos)) for r in t.resultados]
        filas.append(("Éxito (en total)", tuple(t.exito(x) for x in objetivos)))
        series = _acumuladas(t, objetivos)
        pie = (
            "Cada curva es la probabilidad de ese resultado o uno mejor; la distancia entre "
            "dos curvas vecinas es la de un resultado."
        )
    else:
        titulo = espec.titulo or "Probabilidad de éxito según el objetivo"
        series = [Serie(t.titulo, tuple(t.exito(x) for x in objetivos)) for t in espec.tiradas]
        filas = [(s.etiqueta, s.valores) for s in series]
        pie = _iguales(series)
    # Una fila por objetivo y una columna por curva: cabe en una página impresa.
    cabecera = ["Objetivo", *(nombre for nombre, _ in filas)]
    por_objetivo = [
        (miles(x), tuple(valores[i] for _, valores in filas)) for i, x in enumerate(objetivos)
    ]
    comentario = "".join(_comentario(t, objetivos) for t in espec.tiradas)
    return (
        f'<div class="tapiz-comparativa">{_figura(ancla, titulo, objetivos, series, pie)}'
        f"{_tablas(cabecera, por_objetivo, titulo)}"
        f'<ul class="tapiz-comparativa__comentario">{comentario}</ul></div>'
    )


def _fuego(fuego: FuegoAutomatico, titulo: str, ancla: str) -> str:
    cabecera = ["Banda", "Probabilidad", "Con algún 1 (el arma se vacía)"]
    filas = [(nombre, (p, vacia)) for nombre, p, vacia in fuego.bandas]
    filas.append(("Todas", (Fraction(1), fuego.vacia)))
    vacia = fuego.vacia
    comentario = (
        f"<li>Con {escape(fuego.dados)} sin bonificaciones, el arma se vacía en el "
        f"{escape(_pct(vacia))} de las ráfagas ({escape(fraccion(vacia))}).</li>"
    )
    series = [
        Serie(cabecera[1], tuple(p for _, p, _ in fuego.bandas)),
        Serie(cabecera[2], tuple(v for _, _, v in fuego.bandas)),
    ]

    def punto(serie: Serie, banda: str, valor: Fraction) -> str:
        return f"{serie.etiqueta}, banda {banda}: {porcentaje(valor)} ({fraccion(valor)})"

    bandas = [nombre for nombre, _, _ in fuego.bandas]
    svg = graficas.aplazada(
        graficas.barras(bandas, series, (f"{ancla}-titulo", titulo), punto), titulo
    )
    figura = (
        f'<figure class="tapiz-curvas" id="{escape(ancla)}">{svg}{graficas.leyenda_barras(series)}'
        f"<figcaption>{escape(titulo)}, por banda de resultado. Los mismos datos, en la tabla "
        "que sigue.</figcaption></figure>"
    )
    return (
        f'<div class="tapiz-comparativa">{figura}{_tablas(cabecera, filas, titulo)}'
        f'<ul class="tapiz-comparativa__comentario">{comentario}</ul></div>'
    )
