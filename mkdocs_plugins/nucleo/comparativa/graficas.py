"""Gráficas de líneas en SVG, escritas al construir el sitio (sin JavaScript).

Cada serie se distingue por tres cosas a la vez: color (variables CSS
``--tapiz-serie-N`` de ``tapiz.css``, distintas en el tema claro y el oscuro,
con ``currentColor`` de reserva), trazo (continuo, rayas, puntos…) y marcador
(círculo, cuadrado, triángulo…), para que se lean también en gris o impresas.
Los textos van con ``fill: currentColor``, que sigue al color del texto de la
página en los dos temas. Cada punto lleva su valor exacto como ``<title>``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA
from tapiz_rules.modelo.formato import miles, porcentaje

ANCHO, ALTO = 440, 290
IZQUIERDA, DERECHA, ARRIBA, ABAJO = 52, 14, 12, 46
TRAZOS = ("none", "8 4", "2 3", "10 3 2 3", "4 4", "12 2 2 2 2 2", "1 2", "6 2")
MARCADORES = ("circulo", "cuadrado", "triangulo", "rombo", "cruz", "aspa", "triangulo_abajo")


@dataclass(frozen=True)
class Serie:
    etiqueta: str
    valores: tuple[Fraction, ...]


def _marcador(forma: str, x: float, y: float, dentro: str = "") -> str:
    """El marcador de una serie en (x, y), con ``dentro`` (un ``<title>``) como contenido."""
    r = 3.5
    puntos = {
        "triangulo": [(x, y - r - 1), (x + r + 0.5, y + r), (x - r - 0.5, y + r)],
        "triangulo_abajo": [(x, y + r + 1), (x + r + 0.5, y - r), (x - r - 0.5, y - r)],
        "rombo": [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)],
    }
    if forma == "circulo":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}">{dentro}</circle>'
    if forma == "cuadrado":
        lado = 2 * r
        return (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{lado}" height="{lado}">{dentro}</rect>'
        )
    if forma in ("cruz", "aspa"):
        d = (
            f"M{x - r:.1f} {y:.1f}H{x + r:.1f}M{x:.1f} {y - r:.1f}V{y + r:.1f}"
            if forma == "cruz"
            else f"M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}"
            f"M{x - r:.1f} {y + r:.1f}L{x + r:.1f} {y - r:.1f}"
        )
        return f'<path d="{d}" stroke-width="2">{dentro}</path>'
    vertices = " ".join(f"{a:.1f},{b:.1f}" for a, b in puntos[forma])
    return f'<polygon points="{vertices}">{dentro}</polygon>'


def _nivel(valor: Fraction, y: float, bajada: int) -> str:
    """Una línea de nivel del eje de las probabilidades, con su porcentaje a la izquierda
    (``bajada``: cuánto baja el texto respecto a la línea)."""
    etiqueta = porcentaje(valor, 0).replace(" ", "\u00a0")
    return (
        f'<line x1="{IZQUIERDA}" y1="{y:.1f}" x2="{ANCHO - DERECHA}" y2="{y:.1f}" '
        'style="stroke:var(--md-default-fg-color--lighter, currentColor)" stroke-width="1"/>'
        f'<text x="{IZQUIERDA - 4}" y="{y + bajada:.1f}" text-anchor="end">{etiqueta}</text>'
    )


def _color(indice: int) -> str:
    return f"var(--tapiz-serie-{indice % 8 + 1}, currentColor)"


def muestra(indice: int) -> str:
    """El trazo y el marcador de una serie, en pequeño, para la leyenda."""
    estilo = f"stroke:{_color(indice)};fill:{_color(indice)}"
    marcador = _marcador(MARCADORES[indice % len(MARCADORES)], 16, 7)
    return (
        f'<svg class="tapiz-curvas__muestra" viewBox="0 0 32 14" width="32" height="14" '
        f'aria-hidden="true" focusable="false" {FUERA_DE_LA_BUSQUEDA}><g style="{estilo}">'
        f'<line x1="1" y1="7" x2="31" y2="7" stroke-width="2" '
        f'stroke-dasharray="{TRAZOS[indice % len(TRAZOS)]}"/>{marcador}</g></svg>'
    )


def lineas(
    eje: str,
    xs: Sequence[int],
    series: Sequence[Serie],
    titulo: tuple[str, str],
    punto: Callable[[Serie, int, Fraction], str],
) -> str:
    """Una gráfica de probabilidades (eje vertical de 0 a 100 %) sobre valores enteros.

    ``eje`` nombra el eje horizontal; el vertical se lee en sus marcas («25 %»).
    ``titulo`` es (id, texto) del ``<title>`` que nombra la gráfica; ``punto``
    escribe el ``<title>`` de cada marcador (la serie, el valor de x y el exacto).
    """
    ancho, alto = ANCHO - IZQUIERDA - DERECHA, ALTO - ARRIBA - ABAJO
    paso = ancho / max(1, len(xs) - 1)

    def px(i: int) -> float:
        return IZQUIERDA + i * paso

    def py(valor: Fraction) -> float:
        return ARRIBA + alto * (1 - float(valor))

    partes = [
        f'<svg class="tapiz-curvas__svg" viewBox="0 0 {ANCHO} {ALTO}" role="img" '
        f'aria-labelledby="{escape(titulo[0])}" {FUERA_DE_LA_BUSQUEDA} '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{escape(titulo[0])}">{escape(titulo[1])}</title>',
        '<g class="tapiz-curvas__ejes" style="fill:currentColor;font-size:15px">',
    ]
    for cuarto in range(5):
        valor = Fraction(cuarto, 4)
        partes.append(_nivel(valor, py(valor), bajada=4))
    cada = next(c for c in (1, 2, 5, 10, 20, 50) if len(xs) // c <= 10)
    for i, x in enumerate(xs):
        if x % cada == 0:
            partes.append(
                f'<text x="{px(i):.1f}" y="{ARRIBA + alto + 18}" text-anchor="middle">'
                f"{miles(x)}</text>"
            )
    partes.append(
        f'<text x="{IZQUIERDA + ancho / 2:.1f}" y="{ALTO - 6}" text-anchor="middle">'
        f"{escape(eje)}</text></g>"
    )
    for indice, serie in enumerate(series):
        estilo = f"stroke:{_color(indice)};fill:{_color(indice)}"
        trazo = " ".join(f"{px(i):.1f},{py(v):.1f}" for i, v in enumerate(serie.valores))
        partes.append(
            f'<g class="tapiz-curvas__serie" data-serie="{escape(serie.etiqueta)}" '
            f'style="{estilo}"><polyline points="{trazo}" fill="none" stroke-width="2" '
            f'style="fill:none" stroke-dasharray="{TRAZOS[indice % len(TRAZOS)]}"/>'
        )
        forma = MARCADORES[indice % len(MARCADORES)]
        for i, (x, valor) in enumerate(zip(xs, serie.valores, strict=True)):
            titulo_punto = f"<title>{escape(punto(serie, x, valor))}</title>"
            partes.append(_marcador(forma, px(i), py(valor), titulo_punto))
        partes.append("</g>")
    partes.append("</svg>")
    return "".join(partes)


def aplazada(svg: str, titulo: str) -> str:
    """La gráfica dentro de un ``<noscript>``, en un marco que guarda su sitio y su nombre.

    Con JavaScript, el navegador deja el ``<noscript>`` como texto (un nodo, no los cientos
    de la gráfica) y ``graficas.js`` la escribe al acercarse a la vista o al imprimir: así
    la comparativa carga tan ligera como el tema solo. Sin JavaScript (y en el PDF, que lo
    desenvuelve) se ve tal cual. El marco lleva el título como nombre mientras tanto.
    """
    return (
        f'<div class="tapiz-curvas__lienzo" role="img" aria-label="{escape(titulo)}">'
        f"<noscript>{svg}</noscript></div>"
    )


def leyenda(series: Sequence[Serie]) -> str:
    """La leyenda como lista HTML (se parte en líneas en un móvil; el texto es texto)."""
    elementos = "".join(f"<li>{muestra(i)} {escape(s.etiqueta)}</li>" for i, s in enumerate(series))
    return f'<ul class="tapiz-curvas__leyenda">{elementos}</ul>'


def barras(
    categorias: Sequence[str],
    series: Sequence[Serie],
    titulo: tuple[str, str],
    punto: Callable[[Serie, str, Fraction], str],
) -> str:
    """Barras agrupadas por categoría; la primera serie va llena y las demás rayadas.

    El eje vertical llega a la siguiente decena de por ciento por encima del máximo.
    """
    tope = Fraction(max(1, -(-max(max(s.valores) for s in series) * 10 // 1)), 10)
    ancho, alto = ANCHO - IZQUIERDA - DERECHA, ALTO - ARRIBA - ABAJO
    grupo = ancho / len(categorias)
    barra = grupo * 0.7 / len(series)

    def py(valor: Fraction) -> float:
        return ARRIBA + alto * (1 - float(valor / tope))

    patron = f"{titulo[0]}-rayas"
    partes = [
        f'<svg class="tapiz-curvas__svg" viewBox="0 0 {ANCHO} {ALTO}" role="img" '
        f'aria-labelledby="{escape(titulo[0])}" {FUERA_DE_LA_BUSQUEDA} '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{escape(titulo[0])}">{escape(titulo[1])}</title>',
        f'<defs><pattern id="{escape(patron)}" width="6" height="6" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<line x1="0" y1="0" x2="0" y2="6" stroke-width="3" style="stroke:{_color(1)}"/>'
        "</pattern></defs>",
        '<g class="tapiz-curvas__ejes" style="fill:currentColor;font-size:15px">',
    ]
    for decima in range(0, int(tope * 10) + 1):
        valor = Fraction(decima, 10)
        partes.append(_nivel(valor, py(valor), bajada=5))
    for i, categoria in enumerate(categorias):
        x = IZQUIERDA + grupo * (i + 0.5)
        partes.append(
            f'<text x="{x:.1f}" y="{ARRIBA + alto + 20}" text-anchor="middle">'
            f"{escape(categoria)}</text>"
        )
    partes.append("</g>")
    for indice, serie in enumerate(series):
        relleno = _color(indice) if indice == 0 else f"url(#{patron})"
        partes.append(
            f'<g class="tapiz-curvas__serie" data-serie="{escape(serie.etiqueta)}" '
            f'style="fill:{relleno};stroke:{_color(indice)}" stroke-width="1.5">'
        )
        for i, (categoria, valor) in enumerate(zip(categorias, serie.valores, strict=True)):
            x = IZQUIERDA + grupo * (i + 0.15) + barra * indice
            partes.append(
                f'<rect x="{x:.1f}" y="{py(valor):.1f}" width="{barra:.1f}" '
                f'height="{ARRIBA + alto - py(valor):.1f}">'
                f"<title>{escape(punto(serie, categoria, valor))}</title></rect>"
            )
        partes.append("</g>")
    partes.append("</svg>")
    return "".join(partes)


def leyenda_barras(series: Sequence[Serie]) -> str:
    """La leyenda de ``barras``: un cuadro lleno para la primera serie, rayado para las demás."""
    elementos = []
    for indice, serie in enumerate(series):
        relleno = _color(0) if indice == 0 else "none"
        rayas = (
            ""
            if indice == 0
            else "".join(f'<line x1="{x}" y1="13" x2="{x + 6}" y2="1"/>' for x in (1, 5, 9))
        )
        elementos.append(
            f'<li><svg class="tapiz-curvas__muestra" viewBox="0 0 16 14" width="16" height="14" '
            f'aria-hidden="true" focusable="false" {FUERA_DE_LA_BUSQUEDA}>'
            f'<g style="stroke:{_color(indice)}" '
            f'stroke-width="1.5"><rect x="1" y="1" width="14" height="12" '
            f'style="fill:{relleno}"/>{rayas}</g></svg> {escape(serie.etiqueta)}</li>'
        )
    return f'<ul class="tapiz-curvas__leyenda">{"".join(elementos)}</ul>'
