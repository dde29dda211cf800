"""El documento que WeasyPrint pagina: portada, índice, capítulos y apéndices."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import datetime
from html import escape

from mkdocs_plugins.herramientas.pdf import enlaces, limpiar
from mkdocs_plugins.herramientas.pdf.fuente import Capitulo
from tapiz_rules.modelo.formato import fecha


@dataclass(frozen=True)
class Version:
    """De qué estado del libro sale el PDF: el commit y su fecha (nunca la hora de construir,
    para que dos construcciones del mismo commit den el mismo texto)."""

    commit: str
    fecha: datetime | None

    def describir(self) -> str:
        if self.fecha is None:
            return f"Versión {self.commit}" if self.commit else "Versión sin fecha"
        dia = fecha(self.fecha)
        return f"Versión del {dia}" + (f" (commit {self.commit})" if self.commit else "")


@dataclass(frozen=True)
class Portada:
    """Lo que dice la portada (y los metadatos del PDF): de este libro, o del de un Lienzo."""

    titulo: str = "Sistema Tapiz"
    subtitulo: str = "Documento de Referencia del Sistema (SRD)"
    autor: str = "Pablo Ruiz-Múzquiz"
    documento: str = "Sistema Tapiz — Documento de Referencia"
    """El título del PDF (el que muestra el visor)."""
    base: str = ""
    """De dónde sale el libro, si no es este (la atribución al SRD)."""


DE_TAPIZ = Portada()


def portada_de_lienzo(titulo: str, autor: str, descripcion: str) -> Portada:
    return Portada(
        titulo,
        descripcion or "Un Lienzo del Sistema Tapiz",
        autor,
        titulo,
        f"Sobre el Sistema Tapiz de {DE_TAPIZ.autor}.",
    )


@dataclass
class Pendiente:
    capitulo: str
    secciones: list[str]
    entero: bool


APENDICES = "Apéndices del libro impreso"


def _parte(parte: str, anterior: str) -> str:
    """El atributo del capítulo con que empieza una parte: su marcador, el primer nivel
    del índice del visor (``bookmark-label`` en la hoja de estilos)."""
    return f' data-parte="{escape(parte)}"' if parte and parte != anterior else ""


def _html(elemento: ET.Element) -> str:
    return ET.tostring(elemento, encoding="unicode", method="html")


def _texto(elemento: ET.Element) -> str:
    return " ".join("".join(elemento.itertext()).split())


def preparar(capitulos: list[Capitulo]) -> tuple[list[Capitulo], list[Pendiente]]:
    """Limpia cada capítulo y aparta las secciones pendientes (y los capítulos que lo son)."""
    quedan, pendientes = [], []
    for capitulo in capitulos:
        limpiar.solo_papel(capitulo.cuerpo)
        if capitulo.cuerpo.find("h1") is None:
            h1 = ET.Element("h1")
            h1.text = capitulo.titulo
            capitulo.cuerpo.insert(0, h1)
        encabezado = capitulo.cuerpo.find("h1")
        titulo = _texto(encabezado) if encabezado is not None else capitulo.titulo
        quitadas = limpiar.quitar_pendientes(capitulo.cuerpo)
        entero = capitulo.cuerpo.find("h1") is None
        quitadas = [q for q in quitadas if q != titulo]
        if quitadas or entero:
            pendientes.append(Pendiente(titulo, [] if entero else quitadas, entero))
        if not entero:
            quedan.append(capitulo)
    return quedan, pendientes


def _secciones(capitulo: Capitulo) -> list[ET.Element]:
    return [h for h in capitulo.cuerpo if h.tag == "h2" and h.get("id")]


def indice(capitulos: list[Capitulo], apendices: list[tuple[str, str]]) -> str:
    """El índice con números de página (``target-counter`` en la hoja de estilos)."""
    filas, parte = [], None
    for capitulo in capitulos:
        if capitulo.parte != parte and capitulo.parte:
            filas.append(f'<li class="indice__parte">{escape(capitulo.parte)}</li>')
        parte = capitulo.parte
        h1 = capitulo.cuerpo.find("h1")
        titulo = _texto(h1) if h1 is not None else capitulo.titulo
        secciones = "".join(
            f'<li><a href="#{escape(h.get("id", ""))}">{escape(_texto(h))}</a></li>'
            for h in _secciones(capitulo)
        )
        filas.append(
            f'<li class="indice__capitulo"><a href="#{capitulo.ancla}">{escape(titulo)}</a>'
            + (f'<ol class="indice__secciones">{secciones}</ol>' if secciones else "")
            + "</li>"
        )
    if apendices:
        filas.append(f'<li class="indice__parte">{APENDICES}</li>')
    filas += [
        f'<li class="indice__capitulo"><a href="#{a}">{escape(t)}</a></li>' for a, t in apendices
    ]
    return (
        '<nav class="indice" aria-label="Índice"><p class="indice__titulo">Índice</p>'
        f'<ol class="indice__lista">{"".join(filas)}</ol></nav>'
    )


def apendice_pendientes(pendientes: list[Pendiente]) -> str:
    filas = "".join(
        f"<li><strong>{escape(p.capitulo)}</strong>: "
        + ("todo el capítulo" if p.entero else escape("; ".join(p.secciones)))
        + ".</li>"
        for p in pendientes
    )
    return (
        f'<section class="capitulo" id="c-pendientes"{_parte(APENDICES, "")}>'
        "<h1>Secciones pendientes</h1>"
        "<p>Estas secciones del Documento de Referencia aún no están redactadas y no se "
        "imprimen; la edición en línea las muestra con su aviso.</p>"
        f'<ul class="pendientes">{filas}</ul></section>'
    )


def portada(datos: Portada, licencia: str, sitio: str, version: Version) -> str:
    base = f"{escape(datos.base)} " if datos.base else ""
    en_linea = f" Edición en línea: {escape(sitio)}" if sitio else ""
    return (
        '<section class="portada">'
        f'<p class="portada__titulo">{escape(datos.titulo)}</p>'
        f'<p class="portada__subtitulo">{escape(datos.subtitulo)}</p>'
        f'<p class="portada__autor">{escape(datos.autor)}</p>'
        f'<p class="portada__version">{escape(version.describir())}</p>'
        f'<p class="portada__licencia">{base}{escape(licencia)}{en_linea}</p></section>'
    )


def metadatos(version: Version, datos: Portada = DE_TAPIZ) -> str:
    """Autor y fechas del PDF: la del commit, no la de construir (PDF reproducible)."""
    autor = f'<meta name="author" content="{escape(datos.autor)}">'
    if version.fecha is None:
        return autor
    fecha = version.fecha.isoformat()
    return (
        f'{autor}<meta name="dcterms.created" content="{fecha}">'
        f'<meta name="dcterms.modified" content="{fecha}">'
    )


def documento(
    capitulos: list[Capitulo],
    pendientes: list[Pendiente],
    hoja: str,
    version: Version,
    sitio: str,
    datos: Portada = DE_TAPIZ,
) -> str:
    """El HTML completo; ``capitulos`` ya preparados."""
    for capitulo in capitulos:
        enlaces.prefijar_ids(capitulo)
    enlaces.reescribir(capitulos, sitio)
    apendices = [("c-pendientes", "Secciones pendientes")] if pendientes else []
    apendices.append(("c-hoja", "Hoja de personaje"))
    anteriores = ["", *(c.parte for c in capitulos[:-1])]
    cuerpo = "".join(
        f'<section class="capitulo" id="{c.ancla}"{_parte(c.parte, anterior)}>'
        + "".join(_html(e) for e in c.cuerpo)
        + "</section>"
        for c, anterior in zip(capitulos, anteriores, strict=True)
    )
    licencia = "Texto bajo licencia Creative Commons Atribución-CompartirIgual (CC BY-SA)."
    return (
        '<!doctype html><html lang="es"><head><meta charset="utf-8">'
        f"<title>{escape(datos.documento)}</title>" + metadatos(version, datos) + "</head>"
        '<body class="md-typeset">'
        + portada(datos, licencia, sitio, version)
        + indice(capitulos, apendices)
        + cuerpo
        + (apendice_pendientes(pendientes) if pendientes else "")
        + '<section class="capitulo capitulo--hoja" id="c-hoja"'
        + (_parte(APENDICES, "") if not pendientes else "")
        + f">{hoja}</section>"
        + "</body></html>"
    )
