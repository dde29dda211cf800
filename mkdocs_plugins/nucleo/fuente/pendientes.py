"""Las secciones que el SRD aún no redacta: leerlas de la fuente y mostrarlas en poco sitio.

En el Markdown una sección pendiente lleva un aviso ``!!! pendiente`` (entero, «Esta sección
del SRD aún no está redactada.», o al final de lo escrito, «El resto de esta sección…»). El
libro no lo muestra como una caja: el encabezado lleva una marca («pendiente» o
«incompleta») y el aviso queda en una línea que no se imprime. La página «Estado del SRD»
(``estado_srd``) las lista con ``leer``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from mkdocs_plugins.nucleo.fuente import estructura

CLASE = "pendiente"
"""La del aviso en el Markdown (``!!! pendiente``)."""
LINEA = "tapiz-pendiente"
"""La línea que lo sustituye en la página."""
MARCA = "tapiz-marca-pendiente"
"""La marca del encabezado."""
VACIA = "tapiz-seccion-vacia"
"""Un encabezado sin nada escrito bajo él (ni subsecciones): tampoco se imprime."""
_AVISO = re.compile(
    r"^ {0,3}[!?]{3}\+?[ \t]+pendiente\b[^\n]*\n(?:[ \t]*\n)*((?: {4}.*\n?)*)", re.M
)
_SUBTITULOS = {"h2", "h3", "h4", "h5", "h6"}


@dataclass(frozen=True)
class Pendiente:
    """Una sección con su aviso: entera sin redactar o, ``en_parte``, a medio redactar."""

    titulo: str
    identificador: str | None
    nivel: int
    en_parte: bool
    linea: int
    """La del encabezado en el fichero (desde 1)."""


def aviso_en(texto: str) -> bool | None:
    """None si el Markdown propio de una sección no lleva aviso; si lo lleva, si hay además
    algo escrito (la sección está solo en parte pendiente)."""
    aviso = _AVISO.search(texto)
    if aviso is None:
        return None
    resto = texto[: aviso.start()] + texto[aviso.end() :]
    return bool(resto.strip())


def leer(fuente: str) -> tuple[int, list[Pendiente]]:
    """Cuántas secciones tiene la página y cuáles llevan aviso, en el orden del fichero."""
    secciones = list(estructura.leer(fuente).todas())
    pendientes = []
    for seccion in secciones:
        en_parte = aviso_en(seccion.texto)
        if en_parte is not None:
            pendientes.append(
                Pendiente(
                    seccion.titulo, seccion.identificador, seccion.nivel, en_parte, seccion.inicio
                )
            )
    return len(secciones), pendientes


def compactar(raiz: ET.Element) -> None:
    """Cada aviso pendiente (el ``div`` de la admonición) pasa a ser una línea, y el
    encabezado de su sección (salvo el ``h1``, el título de la página) lleva la marca."""
    hijos = list(raiz)
    for posicion, hijo in enumerate(hijos):
        if hijo.tag != "div" or CLASE not in hijo.get("class", "").split():
            continue
        encabezado = next(
            (h for h in reversed(hijos[:posicion]) if h.tag in _SUBTITULOS | {"h1"}), None
        )
        en_parte = encabezado is not None and hijos.index(encabezado) < posicion - 1
        _a_linea(hijo)
        if encabezado is not None and encabezado.tag != "h1":
            _marcar(encabezado, en_parte)
            siguiente = hijos[posicion + 1] if posicion + 1 < len(hijos) else None
            if not en_parte and (siguiente is None or _cierra(siguiente, encabezado)):
                encabezado.set("class", _con_clase(encabezado.get("class"), VACIA))


def _cierra(elemento: ET.Element, encabezado: ET.Element) -> bool:
    """Si ``elemento`` es un encabezado del nivel de ``encabezado`` o superior."""
    return elemento.tag in _SUBTITULOS | {"h1"} and elemento.tag <= encabezado.tag


def _con_clase(clases: str | None, clase: str) -> str:
    return f"{clases} {clase}" if clases else clase


def _a_linea(aviso: ET.Element) -> None:
    """El aviso sin su título: un párrafo (o, si tiene varios, un ``div``) de una línea."""
    cuerpo = [h for h in aviso if "admonition-title" not in h.get("class", "").split()]
    cola = aviso.tail
    aviso.clear()
    aviso.tail = cola
    if len(cuerpo) == 1 and cuerpo[0].tag == "p":
        aviso.tag, aviso.text = "p", cuerpo[0].text
        aviso.extend(list(cuerpo[0]))
    else:
        aviso.extend(cuerpo)
    aviso.set("class", LINEA)


def _marcar(encabezado: ET.Element, en_parte: bool) -> None:
    """La marca va al final, tras el enlace de ancla que pone ``toc`` y con un espacio (que
    también oye un lector de pantalla): antes de él, el enlace (invisible hasta pasar por
    encima) podía irse solo a otra línea y dejar un hueco bajo el título."""
    marca = ET.Element("span", {"class": MARCA})
    marca.text = "incompleta" if en_parte else "pendiente"
    hijos = list(encabezado)
    if hijos:
        hijos[-1].tail = (hijos[-1].tail or "").rstrip() + " "
    else:
        encabezado.text = (encabezado.text or "").rstrip() + " "
    encabezado.append(marca)
