"""La página «Estado del SRD»: qué secciones están redactadas y cuáles faltan, capítulo a
capítulo, para quien quiera redactarlas. Sale de las páginas del libro (``pendientes.leer``)
en cada construcción; el plugin la añade como ``colaborar/estado.md``."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from fractions import Fraction
from urllib.parse import quote

from mkdocs_plugins.nucleo.fuente import estructura, pendientes
from mkdocs_plugins.nucleo.fuente.literal import literal
from tapiz_rules.modelo.formato import miles, porcentaje

RUTA = "colaborar/estado.md"


@dataclass(frozen=True)
class Capitulo:
    """Una página del libro: su fichero (relativo a ``srd/``), su título y sus secciones."""

    ruta: str
    titulo: str
    secciones: int
    pendientes: list[pendientes.Pendiente]

    @property
    def redactadas(self) -> int:
        return self.secciones - len(self.pendientes)

    @property
    def ancla(self) -> str:
        return "capitulo-" + re.sub(r"[^a-z0-9]+", "-", self.ruta.removesuffix(".md")).strip("-")


def capitulo(ruta: str, fuente: str, titulo: str | None = None) -> Capitulo:
    """Lee una página; ``titulo`` es el de la navegación (si no, el de la página)."""
    secciones, faltan = pendientes.leer(fuente)
    propio = estructura.leer(fuente).titulo
    return Capitulo(ruta, titulo or propio or ruta, secciones, faltan)


def _celda(texto: str) -> str:
    return literal(texto).replace("|", r"\|")


def _contar(cantidad: int, adjetivo: str) -> str:
    return f"{miles(cantidad)} {adjetivo}{'' if cantidad == 1 else 's'}"


def _enlace_al_libro(ruta: str, identificador: str | None) -> str:
    destino = posixpath.relpath(ruta, posixpath.dirname(RUTA))
    return f"{destino}#{identificador}" if identificador else destino


def _resumen(capitulos: list[Capitulo]) -> list[str]:
    total = sum(c.secciones for c in capitulos)
    faltan = sum(len(c.pendientes) for c in capitulos)
    en_parte = sum(p.en_parte for c in capitulos for p in c.pendientes)
    hechas = porcentaje(Fraction(total - faltan, total or 1), 0)
    filas = [
        f"| [{_celda(c.titulo)}](#{c.ancla}) | {miles(c.redactadas)} | {miles(len(c.pendientes))} |"
        if c.pendientes
        else f"| {_celda(c.titulo)} | {miles(c.redactadas)} | 0 |"
        for c in capitulos
    ]
    return [
        f"De {miles(total)} secciones, **{miles(total - faltan)} están redactadas** ({hechas}) "
        f"y **{miles(faltan)} pendientes**; de estas, {miles(en_parte)} tienen ya algo escrito "
        "(«incompleta»).",
        "",
        "| Capítulo | Redactadas | Pendientes |",
        "| --- | ---: | ---: |",
        *filas,
        "",
    ]


def _capitulo(capitulo: Capitulo, editar: str | None) -> list[str]:
    fichero = literal(f"srd/{capitulo.ruta}")
    direccion = f"{editar}{quote(capitulo.ruta)}" if editar else None

    def editable(texto: str) -> str:
        return f"[{texto}]({direccion})" if direccion else texto

    filas = [
        f"| [{_celda(p.titulo)}]({_enlace_al_libro(capitulo.ruta, p.identificador)}) "
        f"| {'incompleta' if p.en_parte else 'pendiente'} "
        f"| {editable(f'{fichero}, línea {miles(p.linea)}')} |"
        for p in capitulo.pendientes
    ]
    return [
        f"## {literal(capitulo.titulo)} {{#{capitulo.ancla}}}",
        "",
        f"{_contar(capitulo.redactadas, 'redactada')} y "
        f"{_contar(len(capitulo.pendientes), 'pendiente')}.",
        "",
        "| Sección | Estado | Editar en el repositorio |",
        "| --- | --- | --- |",
        *filas,
        "",
    ]


def markdown(capitulos: list[Capitulo], editar: str | None) -> str:
    """La página; ``editar`` es la dirección que, seguida del fichero, lo abre para editarlo
    en el repositorio (``repo_url`` + ``edit_uri``), o None si el libro no tiene repositorio."""
    partes = [
        "---",
        "title: Estado del SRD",
        "description: Qué secciones del Documento de Referencia están redactadas y cuáles "
        "faltan, capítulo a capítulo.",
        "search:",
        "  exclude: true",
        "---",
        "",
        "# Estado del SRD {#estado-del-srd}",
        "",
        "Qué secciones del Documento de Referencia están redactadas y cuáles faltan. La lista "
        "se genera en cada construcción a partir de las páginas: una sección está pendiente "
        "mientras lleva el aviso `!!! pendiente`, e «incompleta» si además tiene algo escrito. "
        "Para redactar una, abre su fichero en el repositorio, escribe el texto bajo su "
        "encabezado y quita el aviso; el libro la muestra entonces como cualquier otra.",
        "",
        *_resumen(capitulos),
    ]
    for capitulo in capitulos:
        if capitulo.pendientes:
            partes += _capitulo(capitulo, editar)
    return "\n".join(partes)
