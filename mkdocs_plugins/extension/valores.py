"""Valores del motor dentro de la prosa: ``{{= movimiento_combate(mov=30, tipo=esprint).metros }}``.

Así una frase que repite un número del reglamento («hasta 90 metros») cambia
sola cuando cambia la regla. Se escribe el nombre de una regla, sus entradas
(``nombre=valor``, separadas por comas) y la salida que se quiere; el valor se
muestra como en las tarjetas («90 m», «−2», «74,1 %»). Con ``sin_unidad`` al
final se omite la unidad (para «90 metros», escrito a mano).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from typing import Any

import yaml
from markdown import Markdown
from markdown.inlinepatterns import InlineProcessor

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento

PATRON = (
    r"\{\{=\s*(?P<regla>[a-z_][a-z0-9_]*)\((?P<entradas>[^(){}\n]*)\)\.(?P<salida>[a-z_][a-z0-9_]*)"
    r"(?P<sin_unidad>\s+sin_unidad)?\s*\}\}"
)


def _entradas(texto: str) -> dict[str, Any]:
    entradas: dict[str, Any] = {}
    for parte in filter(None, (p.strip() for p in texto.split(","))):
        nombre, igual, valor = parte.partition("=")
        if not igual:
            raise ErrorTapiz(f"«{parte}» debe escribirse nombre=valor")
        entradas[nombre.strip()] = _valor(nombre.strip(), valor.strip())
    return entradas


def _valor(nombre: str, texto: str) -> Any:
    """Un valor escrito como en YAML (``14``, ``esprint``, ``"a, b"``); ErrorTapiz si no se lee."""
    try:
        return yaml.safe_load(texto)
    except (yaml.YAMLError, ValueError):  # ValueError: un entero de miles de cifras
        raise ErrorTapiz(
            f"el valor «{recortar(texto)}» de «{nombre}» no se lee; escribe un número, una "
            "palabra o un texto entre comillas (sin comas dentro)"
        ) from None


def recortar(texto: str, largo: int = 80) -> str:
    """Un texto para un mensaje: entero si es corto, si no su principio y su final."""
    if len(texto) <= largo:
        return texto
    return f"{texto[: largo // 2]}…{texto[-largo // 2 :]}"


def calcular(reglamento: Reglamento, encontrado: re.Match[str]) -> str:
    """El texto que sustituye a la marca; ErrorTapiz con un mensaje en español si no se puede."""
    regla = reglamento.regla(encontrado.group("regla"))
    resultado = regla.ejecutar(reglamento.parametros, _entradas(encontrado.group("entradas")))
    campo = regla.salida(encontrado.group("salida"))
    if campo is None:
        validas = ", ".join(c.nombre for c in regla.salidas)
        raise ErrorTapiz(
            f"la regla «{regla.nombre}» no tiene la salida «{encontrado.group('salida')}»; "
            f"sus salidas son: {validas}"
        )
    valor = resultado.valores[campo.nombre]
    if encontrado.group("sin_unidad"):
        return campo.mostrar(valor).removesuffix(f" {campo.unidad_en_plural or ''}").strip()
    return campo.mostrar(valor, resultado.valores)


class ValorDelMotor(InlineProcessor):
    def __init__(
        self, md: Markdown, contexto: Callable[[], tuple[Reglamento, Callable[[str, str], None]]]
    ) -> None:
        super().__init__(PATRON, md)
        self.contexto = contexto

    def handleMatch(  # type: ignore[override]  # los tipos de Markdown lo declaran en Pattern
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element, int, int]:
        reglamento, informar = self.contexto()
        elemento = etree.Element("span", {"class": "tapiz-valor"})
        try:
            elemento.text = calcular(reglamento, m)
        except ErrorTapiz as error:
            informar(m.group(0), f"valor del motor «{recortar(m.group(0))}»: {error}")
            elemento.text = m.group(0)
            elemento.set("class", "tapiz-valor tapiz-valor--error")
        return elemento, m.start(0), m.end(0)


_ERROR = re.compile(r'<span class="tapiz-valor tapiz-valor--error">.*?</span>', re.DOTALL)
INICIO_DE_MARCA = "{{="
_MARCA = re.compile(re.escape(INICIO_DE_MARCA) + r"[^\n]*")


def marcas_sin_resolver(textos: list[str]) -> list[tuple[str, str]]:
    """(texto, mensaje) por cada «{{=» que quedó en el texto visible: una marca mal escrita."""
    return [
        (
            marca.group(0).strip(),
            f"marca de valor del motor sin cerrar o mal escrita: «{marca.group(0).strip()}»; "
            "se escribe {{= regla(entrada=valor, …).salida }}",
        )
        for texto in textos
        for marca in _MARCA.finditer(texto)
    ]


def sin_errores(html: str) -> str:
    """El HTML sin las marcas que ya se señalaron como error (para no contarlas dos veces)."""
    return _ERROR.sub("", html)


class DadosNarrados(InlineProcessor):
    """``{d20}`` → ``<data value="d20">d20</data>``: se lee igual, pero no es un botón."""

    def handleMatch(  # type: ignore[override]  # los tipos de Markdown lo declaran en Pattern
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element, int, int]:
        elemento = etree.Element("data", {"value": m.group("narrado"), "class": "tapiz-narrado"})
        elemento.text = m.group("narrado")
        return elemento, m.start(0), m.end(0)


DADO_DE_LA_TIRADA = r"\{\{dado\}\}"
"""``{{dado}}``: el dado de la tirada de acción de las reglas de la página (1d20; 3d6 en la
edición de 2017), que en la página sigue la edición que elija quien lee (reglas.js)."""


class DadoDeLaTirada(InlineProcessor):
    """``{{dado}}`` → ``<span class="tapiz-dado-base" data-dado="1d20">1d20</span>``; el
    texto se convierte después en un botón de dados, como cualquier otro, que se queda con la
    marca (``dados_en_texto.botones``)."""

    def __init__(
        self, md: Markdown, contexto: Callable[[], tuple[Reglamento, Callable[[str, str], None]]]
    ) -> None:
        super().__init__(DADO_DE_LA_TIRADA, md)
        self.contexto = contexto

    def handleMatch(  # type: ignore[override]  # los tipos de Markdown lo declaran en Pattern
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element, int, int]:
        reglamento, informar = self.contexto()
        dado = getattr(reglamento.parametros, "dado_base", None)
        elemento = etree.Element("span", {"class": "tapiz-dado-base"})
        if not isinstance(dado, str):
            mensaje = "{{dado}} es el dado de la tirada de Tapiz; estas reglas no lo tienen"
            informar(m.group(0), mensaje)
            elemento.text = m.group(0)
        else:
            elemento.set("data-dado", dado)
            elemento.text = dado
        return elemento, m.start(0), m.end(0)
