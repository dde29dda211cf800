"""Las reglas de quien lee: la caja que elige edición y reglas opcionales de Tapiz, y lo que
cambia en una página con cada elección.

La caja se escribe al construir, con las ediciones y opcionales del sistema, en toda página
con bloques de Tapiz fuera de un Lienzo: está desde el primer pintado sin el motor. Lo que
muestran esos bloques con cada combinación (tablas, tarjetas, la calculadora) también se
calcula aquí, con la misma función que responde en la página (``tapiz_rules.vivo``), y viaja
en un fichero de datos por página que solo se pide si quien lee eligió otras reglas.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape, unescape
from typing import Any

from tapiz_rules import vivo
from tapiz_rules.sistemas import sistema as sistema_de

SISTEMA = "tapiz"
DEL_LIBRO = "tapiz/actual"
"""Los bloques que siguen la elección de quien lee: los de las reglas del libro. Los que nombran
otra edición u opcionales (un ejemplo de la edición de 2017) o un Lienzo siguen con las suyas."""
_DEL_LIBRO = re.compile(f'data-reglamento="{DEL_LIBRO}"')
_DADOS = re.compile(r"^\((?P<expresion>[^()]+)\)$")
_TITULO = re.compile(r"(</h1>)", re.IGNORECASE)


@dataclass
class Tarjeta:
    """Un ejemplo resuelto de la página: su regla, sus datos y los dados de cada uno."""

    regla: str
    entradas: dict[str, Any] = field(default_factory=dict)
    dados: dict[str, str] = field(default_factory=dict)


@dataclass
class Bloques:
    """Los bloques con las reglas del libro de una página."""

    tablas: list[str] = field(default_factory=list)
    tarjetas: dict[str, Tarjeta] = field(default_factory=dict)
    calculadora: dict[str, str] | None = None
    """Los valores iniciales del formulario de la calculadora, si la página la tiene."""


_ETIQUETA = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<[^>]*>")
"""Una etiqueta (de apertura o de cierre, con sus atributos) u otra cosa entre ``<>``."""
_ATRIBUTO = re.compile(r'([^\s=/]+)(?:="([^"]*)")?')


class _Lector:
    """Lee del HTML de la página sus tablas y tarjetas de Tapiz, tal como las escribió render:
    sus etiquetas con una expresión regular, sin ``html.parser`` (que recorría cada etiqueta de
    cada tarjeta, el tercio del tiempo de las variantes). Solo lee HTML del plugin: el valor de
    cada atributo entre comillas dobles, sin ``>`` (``html.escape``)."""

    def __init__(self) -> None:
        self.bloques = Bloques()
        self._tarjeta: str | None = None
        self._entrada: str | None = None
        self._en_dados = False
        self._en_calculadora = False

    def leer(self, html: str) -> Bloques:
        fin = 0
        for pieza in _ETIQUETA.finditer(html):
            if self._en_dados and pieza.start() > fin:  # el texto desde la anterior
                self._dados(unescape(html[fin : pieza.start()]))
            fin = pieza.end()
            cierre, etiqueta, atributos = pieza.groups()
            if etiqueta is None:
                continue
            if cierre:
                self._cierre(etiqueta.lower())
            elif "tapiz-" in atributos or "data-entrada" in atributos or self._en_calculadora:
                leidos = {n.lower(): unescape(v or "") for n, v in _ATRIBUTO.findall(atributos)}
                self._apertura(etiqueta.lower(), leidos)
        if self._en_dados and fin < len(html):
            self._dados(unescape(html[fin:]))
        return self.bloques

    def _apertura(self, etiqueta: str, a: dict[str, str]) -> None:
        clases = a.get("class", "").split()
        propio = a.get("data-reglamento") == DEL_LIBRO
        if "tapiz-tabla" in clases and a.get("data-tabla") and propio:
            self.bloques.tablas.append(a["data-tabla"])
        elif "tapiz-ejemplo" in clases and a.get("id"):
            self._tarjeta = a["id"]
        elif "tapiz-ejemplo__cuerpo" in clases and self._tarjeta and propio:
            self.bloques.tarjetas[self._tarjeta] = Tarjeta(str(a.get("data-regla")))
        elif "tapiz-calculadora" in clases and propio:
            self.bloques.calculadora = {}
            self._en_calculadora = True
        elif etiqueta == "input" and a.get("name") and self._en_calculadora:
            assert self.bloques.calculadora is not None
            self.bloques.calculadora[a["name"]] = a.get("value", "")
        elif etiqueta == "dd" and "data-entrada" in a and "data-valor" in a:
            tarjeta = self._actual()
            if tarjeta is not None:
                self._entrada = a["data-entrada"]
                tarjeta.entradas[self._entrada] = json.loads(a["data-valor"] or "null")
        elif "tapiz-ejemplo__dados" in clases and self._entrada:
            self._en_dados = True

    def _dados(self, texto: str) -> None:
        tarjeta = self._actual()
        encontrado = _DADOS.match(texto.strip())
        if self._entrada and tarjeta is not None and encontrado:
            tarjeta.dados[self._entrada] = encontrado.group("expresion")
        self._en_dados = False

    def _cierre(self, etiqueta: str) -> None:
        if etiqueta == "form":
            self._en_calculadora = False
        if etiqueta == "dd":
            self._entrada = None
            self._en_dados = False

    def _actual(self) -> Tarjeta | None:
        return self.bloques.tarjetas.get(self._tarjeta) if self._tarjeta else None


def bloques(html: str) -> Bloques:
    """Las tablas y tarjetas con las reglas del libro que tiene una página."""
    if not _DEL_LIBRO.search(html):
        return Bloques()
    return _Lector().leer(html)


def tiene_reglas(html: str) -> bool:
    """Si la página tiene bloques con las reglas del libro (y por tanto la caja)."""
    return bool(_DEL_LIBRO.search(html))


_EN_VIVO = re.compile(
    rf'class="tapiz-(?:probar|calculadora|hoja)(?: [^"]*)?"[^>]*data-reglamento="{DEL_LIBRO}"'
)
"""«Probar», la calculadora o la hoja con las reglas del libro: calculan con la elección."""
_DADO_DEL_TEXTO = re.compile(r'data-dado-base="([^"]*)"')


def cambia_algo(html: str, variantes_json: str) -> bool:
    """Si alguna elección cambia algo que quien lee ve en la página (``variantes`` en JSON): una
    tabla, una tarjeta o la calculadora, el dado de la tirada escrito en el texto, o lo que
    calcula en vivo con las reglas del libro. Donde nada cambia, la caja sobra (un Lienzo
    con un solo ejemplo de las reglas del libro que ninguna edición cambia)."""
    if _EN_VIVO.search(html):
        return True
    dados = set(_DADO_DEL_TEXTO.findall(html))
    return any(
        v["tablas"] or v["tarjetas"] or "calculadora" in v or (dados and {v["dado"]} != dados)
        for v in json.loads(variantes_json).values()
    )


def combinaciones() -> Iterator[tuple[str, tuple[str, ...]]]:
    """Cada edición de Tapiz con cada conjunto de reglas opcionales, en orden."""
    sistema = sistema_de(SISTEMA)
    opcionales = sorted(sistema.opcionales)
    for edicion in sistema.ediciones:
        for cuantas in range(len(opcionales) + 1):
            for elegidas in itertools.combinations(opcionales, cuantas):
                yield edicion, elegidas


def clave(edicion: str, opcionales: tuple[str, ...]) -> str:
    """La clave de una elección, la misma que forma la página: «2017/TZR0001»."""
    return "/".join((edicion, *opcionales))


def caja(ruta_variantes: str) -> str:
    """La caja de las reglas de quien lee, escrita al construir (sin el motor)."""
    sistema = sistema_de(SISTEMA)
    opciones = "".join(
        f'<option value="{escape(codigo)}"'
        + (" selected" if codigo == sistema.edicion_por_defecto else "")
        + f">{escape(edicion.titulo[:1].upper() + edicion.titulo[1:])}</option>"
        for codigo, edicion in sistema.ediciones.items()
    )
    casillas = "".join(
        '<label class="tapiz-reglas-lector__opcional">'
        f'<input type="checkbox" value="{escape(codigo)}"> '
        f"{escape(codigo)}: {escape(opcional.titulo)}</label>"
        for codigo, opcional in sorted(sistema.opcionales.items())
    )
    return (
        '<div class="tapiz-reglas-lector" role="group" aria-label="Reglas que se muestran" '
        f'data-tapiz-variantes="{escape(ruta_variantes)}" data-search-exclude="">'
        '<p><label class="tapiz-reglas-lector__edicion">Reglas de Tapiz que se muestran: '
        f"<select>{opciones}</select></label></p>"
        f"<p>{casillas}</p>"
        '<p class="tapiz-reglas-lector__nota" role="status"></p></div>'
    )


def con_caja(html: str, ruta_variantes: str) -> str:
    """El contenido con la caja tras su título (o al principio, si no tiene)."""
    if not tiene_reglas(html) or "tapiz-reglas-lector" in html:
        return html
    partes = _TITULO.split(html, maxsplit=1)
    if len(partes) == 3:
        return partes[0] + partes[1] + "\n" + caja(ruta_variantes) + partes[2]
    return caja(ruta_variantes) + "\n" + html


def _responder(peticion: dict[str, Any]) -> dict[str, Any]:
    respuesta: dict[str, Any] = json.loads(vivo.responder(peticion))
    respuesta.pop("reglamento", None)
    respuesta.pop("entradas", None)  # los datos de una tarjeta no cambian con las reglas
    return respuesta


def variantes(html: str) -> dict[str, Any]:
    """Lo que cambia en la página con cada elección distinta de la del libro.

    Por clave de elección: su descripción, las filas de cada tabla que cambia, de cada
    tarjeta que cambia lo que respondería el motor en la página con sus mismos datos (y
    los dados de la tirada con el dado de esa edición) y, si cambia, la calculadora con sus
    valores iniciales. Lo que no cambia no se escribe.
    """
    leidos = bloques(html)
    sistema = sistema_de(SISTEMA)
    libro = (sistema.edicion_por_defecto, ())
    dado_libro = vivo.reglamento({"sistema": SISTEMA}).parametros.dado_base
    base: dict[str, Any] = {"sistema": SISTEMA}
    tablas_libro = {t: _responder({**base, "tipo": "tabla", "tabla": t}) for t in leidos.tablas}
    tarjetas_libro = {
        i: _responder({**base, "tipo": "regla", "regla": t.regla, "entradas": t.entradas})
        for i, t in leidos.tarjetas.items()
    }
    calculadora = leidos.calculadora
    calculadora_libro = (
        vivo.responder({**base, "tipo": "calculadora", "entradas": calculadora})
        if calculadora is not None
        else None
    )
    resultado: dict[str, Any] = {}
    for edicion, opcionales in combinaciones():
        if (edicion, opcionales) == libro:
            continue
        pedida = {**base, "edicion": edicion, "opcionales": list(opcionales)}
        elegido = vivo.reglamento(pedida)
        dado = elegido.parametros.dado_base
        variante: dict[str, Any] = {"descripcion": elegido.describir(), "dado": dado}
        tablas = {}
        for tabla, del_libro in tablas_libro.items():
            otra = _responder({**pedida, "tipo": "tabla", "tabla": tabla})
            if otra != del_libro:
                tablas[tabla] = otra
        tarjetas = {}
        for ident, tarjeta in leidos.tarjetas.items():
            otra = _responder(
                {**pedida, "tipo": "regla", "regla": tarjeta.regla, "entradas": tarjeta.entradas}
            )
            dados = {e: dado for e, d in tarjeta.dados.items() if d == dado_libro and d != dado}
            if otra != tarjetas_libro[ident] or dados:
                tarjetas[ident] = {**otra, "dados": dados}
        if calculadora is not None:
            respondida = vivo.responder({**pedida, "tipo": "calculadora", "entradas": calculadora})
            if respondida != calculadora_libro:
                variante["calculadora"] = json.loads(respondida)
        variante["tablas"] = tablas
        variante["tarjetas"] = tarjetas
        resultado[clave(edicion, opcionales)] = variante
    return resultado
