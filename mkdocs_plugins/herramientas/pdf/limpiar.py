"""Lo que el papel no lleva: controles de pantalla fuera, dados como texto, secciones pendientes
fuera (y anotadas para el apéndice que las lista)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

from mkdocs_plugins.nucleo.fuente import pendientes
from mkdocs_plugins.nucleo.widgets import WIDGETS

SOLO_PANTALLA = (
    "headerlink",
    "md-content__button",
    "tapiz-solo-pantalla",
    "tapiz-ejemplo__acciones",
    "tapiz-ejemplo__repeticion",
    "tapiz-enlace",
    "tapiz-probar",
    pendientes.MARCA,
    *(w.clase for w in WIDGETS if w.colocable),
)
"""Clases de lo que solo sirve en pantalla: enlaces de ancla, «Editar», «Repetir», «Probar»
(el motor en la página), widgets (la calculadora y el tirador necesitan JavaScript), los
enlaces permanentes y la marca «pendiente» de los encabezados."""
ETIQUETAS_FUERA = {"button", "script", "form", "input", "select", "textarea", "noscript"}
ENCABEZADOS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}


def clases(elemento: ET.Element) -> set[str]:
    return set(elemento.get("class", "").split())


def _padres(raiz: ET.Element) -> Iterator[tuple[ET.Element, ET.Element]]:
    for padre in raiz.iter():
        for hijo in list(padre):
            yield padre, hijo


def quitar(padre: ET.Element, hijo: ET.Element) -> None:
    """Quita ``hijo`` sin perder el texto que le sigue (su ``tail``)."""
    indice = list(padre).index(hijo)
    if hijo.tail:
        if indice:
            anterior = padre[indice - 1]
            anterior.tail = (anterior.tail or "") + hijo.tail
        else:
            padre.text = (padre.text or "") + hijo.tail
    padre.remove(hijo)


def solo_papel(raiz: ET.Element) -> None:
    """Dados del texto como su notación; fuera todo control de pantalla."""
    for padre, hijo in list(_padres(raiz)):
        if hijo.tag == "button" and "tapiz-dados" in clases(hijo):
            texto = "".join(hijo.itertext())
            hijo.attrib.clear()
            hijo.tag, hijo.text = "span", texto
            hijo.set("class", "tapiz-dados")
            for nieto in list(hijo):
                hijo.remove(nieto)
        elif hijo.tag == "noscript" and "tapiz-curvas__lienzo" in clases(padre):
            # Una gráfica de la comparativa (la escribe JavaScript en pantalla): en papel, tal cual.
            indice = list(padre).index(hijo)
            padre[indice : indice + 1] = list(hijo)
        elif (
            hijo.tag in ETIQUETAS_FUERA
            or clases(hijo) & set(SOLO_PANTALLA)
            or hijo.get("hidden") is not None
        ):
            quitar(padre, hijo)


def _es_pendiente(elemento: ET.Element) -> bool:
    return bool(clases(elemento) & {pendientes.CLASE, pendientes.LINEA})


def nivel(elemento: ET.Element) -> int:
    return ENCABEZADOS.get(str(elemento.tag), 0)


def quitar_pendientes(articulo: ET.Element) -> list[str]:
    """Quita los avisos «pendiente» y las secciones que se quedan vacías sin ellos; devuelve
    los títulos de las secciones que tenían un aviso (sin repetir las de dentro de otra).

    Una sección es un encabezado y lo que le sigue hasta el siguiente encabezado de su nivel o
    de uno superior. Si se quita el ``<h1>``, el capítulo entero está pendiente.
    """
    con_aviso: list[ET.Element] = []
    actual: ET.Element | None = None
    for elemento in list(articulo):
        if nivel(elemento):
            actual = elemento
        elif _es_pendiente(elemento):
            if actual is not None and actual not in con_aviso:
                con_aviso.append(actual)
            quitar(articulo, elemento)
    hijos = list(articulo)
    indices = [i for i, h in enumerate(hijos) if nivel(h)]
    quitados: set[int] = set()
    for posicion in reversed(range(len(indices))):
        inicio = indices[posicion]
        siguiente = indices[posicion + 1] if posicion + 1 < len(indices) else len(hijos)
        subsecciones = []
        for otro in indices[posicion + 1 :]:
            if nivel(hijos[otro]) <= nivel(hijos[inicio]):
                break
            subsecciones.append(otro)
        vacia = siguiente == inicio + 1 and all(s in quitados for s in subsecciones)
        if vacia and (hijos[inicio] in con_aviso or subsecciones):
            quitados.add(inicio)
    titulos = []
    for posicion, inicio in enumerate(indices):
        encabezado = hijos[inicio]
        padres = [i for i in indices[:posicion] if nivel(hijos[i]) < nivel(encabezado)]
        if encabezado in con_aviso and not (padres and padres[-1] in quitados):
            titulos.append("".join(encabezado.itertext()).strip())
        if inicio in quitados:
            quitar(articulo, encabezado)
    return titulos
