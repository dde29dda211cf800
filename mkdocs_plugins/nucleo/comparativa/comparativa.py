"""La valla ``tapiz-comparativa``: leerla, comprobar lo que afirma y mostrarla.

````markdown
```tapiz-comparativa
titulo: Probabilidad de éxito de cada tirada
tiradas: [tapiz-0, tapiz-2, d20, ratas]   # o una sola, para ver sus grados o bandas
objetivos: [2, 24]                          # tramo del número que deben igualar los dados
espera:                                     # opcional: lo que la página afirma
  d20: {11: 1/2, "50 %": 11}                # objetivo: éxito («50,0 %» o fracción exacta)
```
````

``tiradas: [fuego-automatico]`` muestra el fuego automático de *Ratas*; su
``espera`` nombra bandas («12+») o ``vacia``. Los números de la tabla, la
gráfica y el comentario salen de ``tapiz_rules.comparativa``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mkdocs_plugins.nucleo.fuente.bloques import Bloque
from mkdocs_plugins.nucleo.fuente.especificacion import Cuerpo, leer_cuerpo
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina
from tapiz_rules.comparativa import (
    FuegoAutomatico,
    Tirada,
    fuego_automatico,
    objetivo_mediano,
    tirada,
)
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo.formato import miles, porcentaje

CAMPOS = ("titulo", "tiradas", "objetivos", "espera")
FUEGO = "fuego-automatico"
MEDIANA = "50 %"
VACIA = "vacia"
MAXIMO_TIRADAS = 8
TRAMO = (-10, 60)


@dataclass(frozen=True)
class EspecComparativa:
    cuerpo: Cuerpo
    titulo: str
    tiradas: tuple[Tirada, ...]
    objetivos: tuple[int, ...]
    fuego: FuegoAutomatico | None
    espera: dict[str, dict[Any, Any]]


def _tiradas(cuerpo: Cuerpo) -> list[str]:
    claves = cuerpo.valores.get("tiradas")
    linea = cuerpo.linea("tiradas")
    if not isinstance(claves, list) or not claves or not all(isinstance(c, str) for c in claves):
        raise ErrorDePagina(linea, "«tiradas» debe ser una lista de nombres: [tapiz-2, d20, ratas]")
    if len(claves) > MAXIMO_TIRADAS:
        raise ErrorDePagina(linea, f"como mucho {MAXIMO_TIRADAS} tiradas en una comparativa")
    if FUEGO in claves and len(claves) > 1:
        raise ErrorDePagina(linea, f"«{FUEGO}» va sola: no tiene modificadores que comparar")
    return claves


def _objetivos(cuerpo: Cuerpo) -> tuple[int, ...]:
    tramo = cuerpo.valores.get("objetivos")
    linea = cuerpo.linea("objetivos")
    if (
        not isinstance(tramo, list)
        or len(tramo) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in tramo)
        or not TRAMO[0] <= tramo[0] < tramo[1] <= TRAMO[1]
    ):
        raise ErrorDePagina(
            linea,
            f"«objetivos» debe ser [desde, hasta], dos enteros con desde < hasta, entre "
            f"{miles(TRAMO[0])} y {miles(TRAMO[1])}; la página pone {tramo!r}",
        )
    return tuple(range(tramo[0], tramo[1] + 1))


def leer(bloque: Bloque) -> EspecComparativa:
    cuerpo = leer_cuerpo(bloque)
    for clave in cuerpo.valores:
        if clave not in CAMPOS:
            raise ErrorDePagina(
                cuerpo.linea(clave),
                f"campo desconocido «{clave}» en ```{bloque.tipo}; los campos válidos son: "
                + ", ".join(CAMPOS),
            )
    claves = _tiradas(cuerpo)
    espera = cuerpo.valores.get("espera") or {}
    if not isinstance(espera, dict) or not all(isinstance(v, dict) for v in espera.values()):
        raise ErrorDePagina(
            cuerpo.linea("espera"),
            '«espera» debe ser un mapa de tiradas, cada una con sus valores: {d20: {11: "50,0 %"}}',
        )
    for clave in espera:
        if clave not in claves:
            raise ErrorDePagina(
                cuerpo.linea("espera", clave),
                f"«espera» nombra la tirada «{clave}», que no está en «tiradas»: "
                + ", ".join(claves),
            )
    titulo = str(cuerpo.valores.get("titulo") or "")
    if claves == [FUEGO]:
        return EspecComparativa(cuerpo, titulo, (), (), fuego_automatico(), espera)
    try:
        tiradas = tuple(tirada(c) for c in claves)
    except ErrorTapiz as error:
        raise ErrorDePagina(cuerpo.linea("tiradas"), f"{error}; o {FUEGO}, sola") from None
    return EspecComparativa(cuerpo, titulo, tiradas, _objetivos(cuerpo), None, espera)


def _leer_valor(texto: Any) -> Fraction | str | None:
    """Una afirmación: un porcentaje escrito («50,0 %») o una probabilidad exacta (1/2, 0, 1)."""
    if isinstance(texto, int) and not isinstance(texto, bool):
        return Fraction(texto)
    if not isinstance(texto, str):
        return None
    if texto.strip().endswith("%"):
        return texto.strip()
    try:
        return Fraction(texto.strip())
    except (ValueError, ZeroDivisionError):
        return None


def _coincide(afirmado: Any, exacto: Fraction) -> bool | None:
    """Si lo afirmado es el exacto (o su porcentaje tal como se escribe); None si no se lee."""
    valor = _leer_valor(afirmado)
    if valor is None:
        return None
    if isinstance(valor, str):
        return valor.replace("\u00a0", " ") == porcentaje(exacto)
    return valor == exacto


def _calculado(exacto: Fraction) -> str:
    return f"«{porcentaje(exacto)}» ({exacto})"


def comprobar(espec: EspecComparativa) -> None:
    """Cada valor de «espera» frente al motor; todas las diferencias en un solo mensaje."""
    fallos: list[tuple[int, str]] = []
    por_clave = {t.clave: t for t in espec.tiradas}
    for clave, afirmaciones in espec.espera.items():
        linea = espec.cuerpo.linea("espera", clave)
        for que, afirmado in afirmaciones.items():
            fallo = _comprobar_una(espec, por_clave.get(clave), que, afirmado)
            if fallo:
                fallos.append((linea, f"{clave}, {fallo}"))
    if fallos:
        nombre = f"«{espec.titulo}» " if espec.titulo else ""
        lineas = "\n".join(f"  - {texto} (línea {linea})" for linea, texto in fallos)
        raise ErrorDePagina(
            fallos[0][0], f"la comparativa {nombre}no coincide con el motor:\n{lineas}"
        )


def _comprobar_una(
    espec: EspecComparativa, t: Tirada | None, que: Any, afirmado: Any
) -> str | None:
    if espec.fuego is not None:
        bandas = {nombre: (p, vacia) for nombre, p, vacia in espec.fuego.bandas}
        if que == VACIA:
            exacto = espec.fuego.vacia
        elif str(que) in bandas:
            exacto = bandas[str(que)][0]
        else:
            validos = ", ".join([*bandas, VACIA])
            return f"«{que}» no es una banda del fuego automático; valen: {validos}"
        return _diferencia(f"«{que}»", afirmado, exacto)
    assert t is not None
    if que == MEDIANA:
        mediano = objetivo_mediano(t, espec.objetivos[0], espec.objetivos[-1])
        if afirmado != mediano:
            return f"50 %: la página espera el objetivo {afirmado!r}, el motor calcula {mediano}"
        return None
    if isinstance(que, int) and not isinstance(que, bool) and que in espec.objetivos:
        return _diferencia(f"objetivo {que}", afirmado, t.exito(que))
    return (
        f"«{que}» no es un objetivo del tramo ({espec.objetivos[0]} a {espec.objetivos[-1]}) "
        f"ni «{MEDIANA}»"
    )


def _diferencia(que: str, afirmado: Any, exacto: Fraction) -> str | None:
    coincide = _coincide(afirmado, exacto)
    if coincide is None:
        return (
            f"{que}: «{afirmado}» no es una probabilidad; escribe un porcentaje como "
            f"«{porcentaje(exacto)}» o una fracción como {exacto}"
        )
    if not coincide:
        return f"{que}: la página espera «{afirmado}», el motor calcula {_calculado(exacto)}"
    return None
