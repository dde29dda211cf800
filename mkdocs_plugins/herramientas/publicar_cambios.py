"""La página «Cambios» (``cambios.md``), el feed Atom ``cambios.xml`` y la nota «Se lee así
desde…» de las fichas del catálogo, a partir del historial de versiones (``historial``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any
from xml.sax.saxutils import escape as escape_xml

from mkdocs_plugins.herramientas import cambios as informe
from mkdocs_plugins.herramientas.historial import Historial, Publicada
from mkdocs_plugins.nucleo.fuente import literal
from tapiz_rules.modelo.formato import fecha as en_letra

RUTA = "cambios.md"
FEED = "cambios.xml"
CLASES = {
    "reglas": ("Regla nueva", "Se quita la regla", "Cambia la regla"),
    "tablas": ("Tabla nueva", "Se quita la tabla", "Cambia la tabla"),
    "parametros": ("Parámetro nuevo", "Se quita el parámetro", "Cambia el parámetro"),
    "secciones": ("Sección nueva", "Se quita la sección", "Cambia la sección"),
}
FECHA_DESCONOCIDA = "1970-01-01T00:00:00+00:00"


def fecha_legible(fecha: str | None) -> str:
    """«3 de mayo de 2025» (o «sin fecha» fuera de git)."""
    if not fecha:
        return "sin fecha"
    return en_letra(datetime.fromisoformat(fecha))


def _celdas(cambio: dict[str, Any], texto: Callable[[str], str]) -> str:
    """Las celdas de una tabla que cambian, con su valor de antes y el de después."""
    antes, despues = cambio["antes"], cambio["despues"]
    if antes.get("columnas") != despues.get("columnas") or len(antes["filas"]) != len(
        despues["filas"]
    ):
        return f"sus columnas o sus filas ({len(antes['filas'])} → {len(despues['filas'])} filas)"
    columnas = despues["columnas"]
    celdas = [
        texto(f"{fila_d[0]}, {columnas[j]}: {informe.valor(a)} → {informe.valor(d)}")
        for fila_a, fila_d in zip(antes["filas"], despues["filas"], strict=True)
        for j, (a, d) in enumerate(zip(fila_a, fila_d, strict=False))
        if a != d
    ]
    return "; ".join(celdas[:6]) + ("; …" if len(celdas) > 6 else "")


def _detalle(clase: str, cambio: dict[str, Any], texto: Callable[[str], str]) -> str:
    if clase == "tablas":
        return _celdas(cambio, texto)
    campos = [c["campo"] for c in cambio.get("campos", [])]
    if clase == "secciones":
        if any(c == "titulo" for c in campos):
            titulo = next(c for c in cambio["campos"] if c["campo"] == "titulo")
            return f"título «{texto(titulo['antes'])}» → «{texto(titulo['despues'])}»"
        return ", ".join(informe.CAMPOS_DE_SECCION.get(c, c) for c in campos)
    valores = [
        f"`{c['campo']}` {texto(informe.valor(c['antes']))} → {texto(informe.valor(c['despues']))}"
        for c in cambio.get("campos", [])[:6]
    ]
    return "; ".join(valores) + ("; …" if len(campos) > 6 else "")


def lista(publicada: Publicada, texto: Callable[[str], str] = literal) -> list[str]:
    """Lo que cambió en una versión, una línea de lista de Markdown por cosa; ``texto``
    escribe los títulos y valores (en el feed, que escapa su HTML, tal cual)."""
    if publicada.version is None:
        return ["- Aún no se ha publicado ninguna versión: todo el libro está sin publicar."]
    if publicada.cambios is None:
        return ["- Primera versión publicada."]
    if not publicada.publicada:
        desde = [f"- Cambios desde la versión {publicada.version}, aún sin publicar."]
        return desde + lista(Publicada(publicada.version, None, None, publicada.cambios))
    lineas = []
    for clase, (nueva, quitada, cambia) in CLASES.items():
        hechos = publicada.cambios[clase]
        lineas += [f"- {nueva}: {informe.nombre_de(c, texto)}" for c in hechos["anadidas"]]
        lineas += [f"- {quitada} {informe.nombre_de(c, texto)}" for c in hechos["quitadas"]]
        lineas += [
            f"- {cambia} {informe.nombre_de(c, texto)}: {_detalle(clase, c, texto)}"
            for c in hechos["cambiadas"]
        ]
    return lineas or ["- Sin cambios en reglas, tablas, parámetros ni secciones."]


def markdown(historial: Historial) -> str:
    """La página «Cambios»: cada versión, de la más nueva a la más antigua."""
    partes = [
        "---",
        "title: Cambios",
        "description: Qué cambió en cada versión publicada del Documento de Referencia.",
        "---",
        "",
        "# Cambios {#cambios}",
        "",
        "Qué cambió en las reglas, las tablas, los parámetros y las secciones en cada versión "
        "publicada del Documento de Referencia. Se genera a partir de las versiones (las "
        "secciones de versión del registro de cambios del repositorio y sus etiquetas de git); "
        f'también como feed Atom en <a href="../{FEED}">cambios.xml</a>. Entre dos '
        "revisiones cualesquiera, con más detalle: `uv run tapiz cambios REV1 REV2`.",
        "",
    ]
    for publicada in historial.versiones:
        # El commit, fuera del índice de búsqueda: nadie lo busca, y un código como «92316df»
        # hacía que el buscador de Material (lunr) no encontrara «TZR0002» en ningún sitio. Como
        # código de Markdown y no como HTML: el HTML del texto no protege lo que encierra de los
        # dados del texto, y un código como «444d423» se volvía un dado de 423 caras.
        corto = (publicada.commit or "")[:7]
        commit = f" · commit `{corto}`{{: data-search-exclude }}" if corto else ""
        if publicada.publicada:
            cuando = [f"Publicada el {fecha_legible(publicada.fecha)}{commit}.", ""]
        elif publicada.version is not None:
            cuando = [f"Último cambio el {fecha_legible(publicada.fecha)}.", ""]
        else:
            cuando = []
        partes += [
            f"## {literal(publicada.titulo)} {{#{publicada.ancla}}}",
            "",
            *cuando,
            *lista(publicada),
            "",
        ]
    return "\n".join(partes)


def atom(historial: Historial, url_sitio: str) -> str:
    """``cambios.xml``: un feed Atom con una entrada por versión (fechas de git)."""
    base = url_sitio if url_sitio.endswith("/") or not url_sitio else url_sitio + "/"
    pagina = f"{base}cambios/"
    identificador = f"{base}{FEED}" if base else "urn:tapiz-srd:cambios"
    fechas = [p.fecha or FECHA_DESCONOCIDA for p in historial.versiones]
    entradas = []
    for publicada, fecha in zip(historial.versiones, fechas, strict=True):
        resumen = "".join(
            f"<li>{escape(re.sub(r'^- ', '', linea).replace('`', ''))}</li>"
            for linea in lista(publicada, str)
        )
        enlace = f"{pagina}#{publicada.ancla}"
        entradas.append(
            "<entry>"
            f"<id>{escape_xml(enlace if base else f'urn:tapiz-srd:{publicada.ancla}')}</id>"
            f"<title>{escape_xml(publicada.titulo)}</title>"
            f"<updated>{fecha}</updated>"
            f'<link rel="alternate" href="{escape_xml(enlace)}"/>'
            f'<content type="html">{escape_xml(f"<ul>{resumen}</ul>")}</content>'
            "</entry>"
        )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">'
        f"<id>{escape_xml(identificador)}</id>"
        "<title>Sistema Tapiz — Cambios del Documento de Referencia</title>"
        f"<updated>{max(fechas, key=datetime.fromisoformat)}</updated>"
        "<author><name>Pablo Ruiz-Múzquiz</name></author>"
        f'<link rel="self" href="{escape_xml(identificador)}"/>'
        f'<link rel="alternate" href="{escape_xml(pagina)}"/>' + "".join(entradas) + "</feed>\n"
    )


_FICHA = re.compile(
    r'(<h4 id="([^"]+)">(?:[^<]|<(?!/h4>))*</h4>)(?=<div class="tapiz-regla" data-regla=)'
)
"""Un encabezado seguido de su ficha (sin ``.*?``, que tras cada encabezado que no es de una
ficha recorría la línea hasta el final: el catálogo entero)."""


def marcar_fichas(html: str, historial: Historial) -> str:
    """Tras el encabezado de cada ficha de regla del catálogo (``<h4 id="tapiz-accion">``),
    desde qué versión se lee como ahora (nada si aún no hay ninguna versión)."""

    def nota(encontrado: re.Match[str]) -> str:
        regla = encontrado.group(2).replace("-", "/", 1)
        if (texto := historial.desde_de(regla)) is None:
            return encontrado.group(0)
        return (
            f'{encontrado.group(1)}<p class="tapiz-desde"><em>Se lee así {escape(texto)}.</em></p>'
        )

    return _FICHA.sub(nota, html)
