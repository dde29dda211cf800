"""Las tiradas básicas de los tres sistemas, comparadas con probabilidades exactas.

Todas se comparan sobre el mismo eje: el **objetivo**, el número que deben
igualar o superar los dados una vez descontados los modificadores (en d20, CD
menos modificador; en Tapiz, Resistencia menos los bonus fijos; en *Ratas*, 8
menos el atributo y el ajuste por dificultad). Un +1 al modificador es un paso
a la izquierda en ese eje. Cada resultado (fallo, éxito, grado o banda) es un
intervalo del margen de los dados sobre el objetivo, así que su probabilidad
sale de la distribución exacta de los dados (``tapiz_rules.dados``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from tapiz_rules.dados import Dados, Distribucion, analizar, distribucion
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.sistemas import reglamento
from tapiz_rules.sistemas.d20 import ParametrosD20
from tapiz_rules.sistemas.ratas import ParametrosRatas
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

MITAD = Fraction(1, 2)


@dataclass(frozen=True)
class Resultado:
    """Un resultado posible: los márgenes (dados − objetivo) que lo dan, ambos incluidos."""

    etiqueta: str
    desde: int | None
    hasta: int | None
    exito: bool


@dataclass(frozen=True)
class Tirada:
    """Una tirada básica: sus dados, sus resultados (una partición) y cómo se lee el objetivo."""

    clave: str
    titulo: str
    total: Distribucion
    resultados: tuple[Resultado, ...]
    objetivo: str
    """Qué es el objetivo en el vocabulario del sistema («CD − modificador»)."""
    tope: int | None = None
    """El umbral más alto que llega a pedirse: en un ataque d20, un 20 natural impacta siempre."""

    def al_menos(self, umbral: int) -> Fraction:
        return self.total.al_menos(umbral if self.tope is None else min(umbral, self.tope))

    def probabilidad(self, resultado: Resultado, objetivo: int) -> Fraction:
        desde, hasta = resultado.desde, resultado.hasta
        alcanza = Fraction(1) if desde is None else self.al_menos(objetivo + desde)
        pasa = Fraction(0) if hasta is None else self.al_menos(objetivo + hasta + 1)
        return alcanza - pasa

    def exito(self, objetivo: int) -> Fraction:
        return self.al_menos(objetivo)

    def fallo(self, objetivo: int) -> Fraction:
        return 1 - self.al_menos(objetivo)


def _resultados_tapiz(p: ParametrosTapiz) -> tuple[Resultado, ...]:
    """Fallos y éxitos por grados: cada grado va de sus puntos a los del siguiente menos uno."""
    puntos = [g.puntos for g in p.grados]
    techos: list[int | None] = [s - 1 for s in puntos[1:]] + [None]
    consecuencias = [
        Resultado(f"Consecuencia {g.femenino}", None if t is None else -t, -g.puntos, False)
        for g, t in zip(p.grados, techos, strict=True)
    ]
    efectos = [
        Resultado(f"Efecto {g.nombre}", g.puntos, t, True)
        for g, t in zip(p.grados, techos, strict=True)
    ]
    return (
        *reversed(consecuencias),
        Resultado("Fallo sin consecuencia", -(puntos[0] - 1), -1, False),
        Resultado("Éxito sin efecto", 0, puntos[0] - 1, True),
        *efectos,
    )


def _tapiz(clave: str, nivel: int, p: ParametrosTapiz) -> Tirada:
    atributo = p.expresion_dados_atributo(nivel)
    total = p.total_de_accion(nivel)
    notacion = p.dado_base + (f" + {atributo}" if atributo else "")
    edicion = "edición de 2017" if p.edicion == "2017" else "atributo de nivel " + str(nivel)
    titulo = f"Tapiz, {notacion} ({edicion})"
    return Tirada(clave, titulo, total, _resultados_tapiz(p), "Resistencia − bonus fijos")


def _d20(p: ParametrosD20) -> Tirada:
    resultados = (Resultado("Fallo", None, -1, False), Resultado("Éxito", 0, None, True))
    dado = Distribucion.dado(p.caras)
    return Tirada("d20", f"Sistema d20, 1d{p.caras}", dado, resultados, "CD − modificador")


def _d20_ataque(p: ParametrosD20) -> Tirada:
    resultados = (Resultado("Fallo", None, -1, False), Resultado("Impacto", 0, None, True))
    titulo = f"Sistema d20, ataque (1d{p.caras}; un {p.caras} natural impacta)"
    dado = Distribucion.dado(p.caras)
    return Tirada("d20-ataque", titulo, dado, resultados, "Defensa − modificador", p.caras)


def _ratas(p: ParametrosRatas) -> Tirada:
    bandas = p.bandas
    resultados = tuple(
        Resultado(
            f"Banda {b.nombre}",
            None if i == 0 else b.desde - p.exito,
            None if i == len(bandas) - 1 else bandas[i + 1].desde - p.exito - 1,
            b.desde >= p.exito,
        )
        for i, b in enumerate(bandas)
    )
    objetivo = f"{p.exito} − atributo − dificultad"
    titulo = f"Ratas en las paredes, {p.dados}"
    return Tirada("ratas", titulo, distribucion(p.dados), resultados, objetivo)


_NIVEL = re.compile(r"tapiz-(\d+)")


@cache
def tirada(clave: str) -> Tirada:
    """La tirada con esa clave: ``tapiz-N`` (dados de atributo de nivel N), ``tapiz-2017``,
    ``d20``, ``d20-ataque`` o ``ratas``."""
    tapiz: ParametrosTapiz = reglamento("tapiz").parametros
    if clave == "tapiz-2017":
        return _tapiz(clave, 0, reglamento("tapiz", "2017").parametros)
    encontrado = _NIVEL.fullmatch(clave)
    if encontrado and int(encontrado[1]) <= tapiz.nivel_atributo_maximo:
        return _tapiz(clave, int(encontrado[1]), tapiz)
    if clave == "d20":
        return _d20(reglamento("d20").parametros)
    if clave == "d20-ataque":
        return _d20_ataque(reglamento("d20").parametros)
    if clave == "ratas":
        return _ratas(reglamento("ratas").parametros)
    raise ErrorTapiz(
        f"tirada desconocida «{clave}»; las válidas son: tapiz-0 … "
        f"tapiz-{tapiz.nivel_atributo_maximo} (dados de atributo de ese nivel), "
        "tapiz-2017, d20, d20-ataque y ratas"
    )


def objetivo_mediano(t: Tirada, desde: int, hasta: int) -> int | None:
    """El objetivo más alto del tramo con al menos un 50 % de éxito (None si ninguno llega)."""
    return max((x for x in range(desde, hasta + 1) if t.exito(x) >= MITAD), default=None)


def valor_del_paso(t: Tirada, paso: int, desde: int, hasta: int) -> tuple[Fraction, Fraction]:
    """Lo mínimo y lo máximo que suma a la probabilidad de éxito un bonus de ``paso``.

    Se miran los objetivos del tramo en los que la tirada no es ya segura ni
    imposible (éxito entre el 10 % y el 90 %, con o sin el bonus): fuera de ahí
    cualquier bonus vale casi nada y el mínimo no diría nada.
    """
    ganancias = [
        t.exito(x - paso) - t.exito(x)
        for x in range(desde, hasta + 1)
        if Fraction(1, 10) <= t.exito(x) and t.exito(x - paso) <= Fraction(9, 10)
    ]
    if not ganancias:
        raise ErrorTapiz(
            f"en el tramo {desde}-{hasta} la tirada {t.clave} no pasa por ningún objetivo "
            "con un éxito entre el 10 % y el 90 %; amplía el tramo"
        )
    return min(ganancias), max(ganancias)


@dataclass(frozen=True)
class FuegoAutomatico:
    """El fuego automático de *Ratas*: por banda, su probabilidad y la de vaciar además el arma."""

    dados: str
    bandas: tuple[tuple[str, Fraction, Fraction], ...]

    @property
    def vacia(self) -> Fraction:
        return sum((vacia for _, _, vacia in self.bandas), Fraction(0))


def _entre(total: Distribucion, desde: int, tope: int | None) -> Fraction:
    """P(desde ≤ total < tope); sin tope, P(total ≥ desde)."""
    return total.al_menos(desde) - (Fraction(0) if tope is None else total.al_menos(tope))


@cache
def fuego_automatico() -> FuegoAutomatico:
    """Sin bonificaciones; «vacía» es que algún dado saque ``vacia_el_arma`` (un 1).

    Que ningún dado de ``c`` caras saque 1 es tirarlos con caras 2..c, es decir
    ``n`` veces un ``d(c−1)+1`` (lo que ocurre con probabilidad ((c−1)/c)^n): la probabilidad
    de cada banda sin vaciar el arma sale de esa distribución y la de vaciarla, por
    diferencia.
    """
    p: ParametrosRatas = reglamento("ratas").parametros
    forma = _dados_sin_mas(p.dados_fuego_automatico)
    if forma is None or p.vacia_el_arma != 1:
        raise ErrorTapiz(
            f"el fuego automático «{p.dados_fuego_automatico}» (vacía con {p.vacia_el_arma}) "
            "no es NdX vaciando con un 1: esta comparativa no sabe calcularlo"
        )
    cantidad, caras = forma
    todos = Distribucion.dado(caras).veces(cantidad)
    sin_unos = (Distribucion.dado(caras - 1) + 1).veces(cantidad)
    ningun_uno = Fraction(caras - 1, caras) ** cantidad
    bandas = []
    for i, banda in enumerate(p.bandas):
        tope = p.bandas[i + 1].desde if i + 1 < len(p.bandas) else None

        todas = _entre(todos, banda.desde, tope)
        sin_vaciar = ningun_uno * _entre(sin_unos, banda.desde, tope)
        bandas.append((banda.nombre, todas, todas - sin_vaciar))
    return FuegoAutomatico(p.dados_fuego_automatico, tuple(bandas))


def _dados_sin_mas(notacion: str) -> tuple[int, int] | None:
    """``(cantidad, caras)`` si la notación es solo NdX (sin explosiones, selección ni sumas)."""
    (termino, *resto) = analizar(notacion).terminos
    if resto or not isinstance(termino, Dados) or termino.explosion or termino.seleccion:
        return None
    if termino.signo < 0 or termino.porcentual:
        return None
    return termino.cantidad, termino.caras
