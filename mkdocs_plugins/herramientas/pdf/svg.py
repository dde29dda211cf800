"""Las gráficas SVG en papel: etiquetas sin espacio de nombres y colores sin ``var()``.

El parser de HTML deja las etiquetas del SVG en su espacio de nombres, que ElementTree
escribiría como ``ns0:svg`` (y WeasyPrint lo leería como texto); y el SVG de WeasyPrint no
resuelve las variables de CSS de los atributos ``style``: se sustituyen por los colores
que la hoja de estilos del sitio da al tema claro.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

VARIABLE = re.compile(r"var\(--([\w-]+)(?:,\s*([^)]+))?\)")
DEFINICION = re.compile(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;")
GRIS = "#999999"


def colores(css: str) -> dict[str, str]:
    """La primera definición de cada variable de color (la del tema claro)."""
    encontrados: dict[str, str] = {}
    for nombre, valor in DEFINICION.findall(css):
        encontrados.setdefault(nombre, valor)
    return encontrados


def sin_espacios_de_nombres(raiz: ET.Element) -> None:
    for elemento in raiz.iter():
        if isinstance(elemento.tag, str) and elemento.tag.startswith("{"):
            elemento.tag = elemento.tag.split("}", 1)[1]
        for clave in [c for c in elemento.attrib if c.startswith("{")]:
            valor = elemento.attrib.pop(clave)
            local = clave.split("}", 1)[1]
            if local != "xmlns":
                elemento.set(local, valor)


def colores_resueltos(raiz: ET.Element, paleta: dict[str, str]) -> None:
    def resolver(coincide: re.Match[str]) -> str:
        return paleta.get(coincide[1]) or GRIS

    for svg in raiz.iter("svg"):
        for elemento in svg.iter():
            if "var(" in elemento.get("style", ""):
                elemento.set("style", VARIABLE.sub(resolver, elemento.get("style", "")))
