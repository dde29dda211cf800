"""La página «Estado del SRD»: qué secciones están redactadas y cuáles faltan, capítulo a
capítulo, para quien quiera redactarlas. Sale de las páginas del libro (``pendientes.leer``)
en cada construcción; el plugin la añade como ``colaborar/estado.md``."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from urllib.parse import quote

from mkdocs_plugins.nucleo.fuente import estructura, pendientes
from mkdocs_plugins.nucleo.fuente.literal import literal, literal_html
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


def _contar(cantidad: int, adjetivo: str) -> str:
    return f"{miles(cantidad)} {adjetivo}{'' if cantidad == 1 else 's'}"


Direccion = Callable[[str, str | None], str]
"""La dirección de una sección del libro (su fichero, relativo a ``srd/``, y su identificador)
desde esta página."""


def direccion_del_fichero(ruta: str, identificador: str | None) -> str:
    """Sin generador, la del fichero de Markdown (MkDocs da la de la página publicada)."""
    destino = posixpath.relpath(ruta, posixpath.dirname(RUTA))
    return f"{destino}#{identificador}" if identificador else destino


def _enlace(direccion: str, texto: str) -> str:
    return f'<a href="{literal_html(direccion)}">{literal_html(texto)}</a>'


def _tabla(
    cabeceras: list[str], filas: list[list[str]], a_la_derecha: int | None = None
) -> list[str]:
    """Una tabla en HTML, como la que escribe Python-Markdown (las columnas desde
    ``a_la_derecha``, alineadas a la derecha). En Markdown, sus cientos de celdas eran lo que
    más costaba convertir del libro (0,3 s en el libro diez veces mayor); un bloque de HTML
    no se convierte."""

    def fila(celdas: list[str], etiqueta: str) -> list[str]:
        return [
            "<tr>",
            *(
                f'<{etiqueta} style="text-align: right;">{c}</{etiqueta}>'
                if a_la_derecha is not None and n >= a_la_derecha
                else f"<{etiqueta}>{c}</{etiqueta}>"
                for n, c in enumerate(celdas)
            ),
            "</tr>",
        ]

    cuerpo = [linea for celdas in filas for linea in fila(celdas, "td")]
    cabecera = ["<thead>", *fila(cabeceras, "th"), "</thead>"]
    return ["<table>", *cabecera, "<tbody>", *cuerpo, "</tbody>", "</table>", ""]


def _resumen(capitulos: list[Capitulo]) -> list[str]:
    total = sum(c.secciones for c in capitulos)
    faltan = sum(len(c.pendientes) for c in capitulos)
    en_parte = sum(p.en_parte for c in capitulos for p in c.pendientes)
    hechas = porcentaje(Fraction(total - faltan, total or 1), 0)
    filas = [
        [
            _enlace(f"#{c.ancla}", c.titulo) if c.pendientes else literal_html(c.titulo),
            miles(c.redactadas),
            miles(len(c.pendientes)),
        ]
        for c in capitulos
    ]
    return [
        f"De {miles(total)} secciones, **{miles(total - faltan)} están redactadas** ({hechas}) "
        f"y **{miles(faltan)} pendientes**; de estas, {miles(en_parte)} tienen ya algo escrito "
        "(«incompleta»).",
        "",
        *_tabla(["Capítulo", "Redactadas", "Pendientes"], filas, a_la_derecha=1),
    ]


def _capitulo(capitulo: Capitulo, editar: str | None, direccion: Direccion) -> list[str]:
    fichero = f"srd/{capitulo.ruta}"
    editable = f"{editar}{quote(capitulo.ruta)}" if editar else None

    def donde(linea: int) -> str:
        texto = f"{fichero}, línea {miles(linea)}"
        return _enlace(editable, texto) if editable else literal_html(texto)

    filas = [
        [
            _enlace(direccion(capitulo.ruta, p.identificador), p.titulo),
            "incompleta" if p.en_parte else "pendiente",
            donde(p.linea),
        ]
        for p in capitulo.pendientes
    ]
    return [
        f"## {literal(capitulo.titulo)} {{#{capitulo.ancla}}}",
        "",
        f"{_contar(capitulo.redactadas, 'redactada')} y "
        f"{_contar(len(capitulo.pendientes), 'pendiente')}.",
        "",
        *_tabla(["Sección", "Estado", "Editar en el repositorio"], filas),
    ]


def markdown(
    capitulos: list[Capitulo],
    editar: str | None,
    direccion: Direccion = direccion_del_fichero,
) -> str:
    """La página; ``editar`` es la dirección que, seguida del fichero, lo abre para editarlo
    en el repositorio (``repo_url`` + ``edit_uri``), o None si el libro no tiene repositorio;
    ``direccion``, la de cada sección pendiente desde esta página (las tablas son HTML, que
    MkDocs no reescribe)."""
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
            partes += _capitulo(capitulo, editar, direccion)
    return "\n".join(partes)
