"""Lo que pesa una página publicada: el código y los datos del proyecto que carga.

Se mide sobre el sitio construido, en bytes comprimidos con gzip (lo que viaja por la red):
los estilos y módulos de ``tapiz/`` que enlaza el HTML, los que esos módulos importan, los
que ``dados.js`` importa para los widgets de la página y los ficheros de datos que marca.
Aparte, lo que se descarga solo al acercarse a la vista un widget aplazado (la calculadora)
y los datos de «Repetir» de cada página, que se piden al acercarse a uno de sus botones (con
``ejemplos.js``). No cuentan los módulos que se cargan al usarlos: ``tablas.js`` (cuando una
tabla no cabe en la pantalla), ``enlaces.js``, «Probar» y «Cambiar datos»."""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

from mkdocs_plugins.nucleo.datos import datos
from mkdocs_plugins.plugin import carga

_ENLACE = re.compile(r'<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"')
_MARCA = re.compile(r'data-tapiz-datos="([^"]+)"')
_MARCA_REPETIR = re.compile(r'data-tapiz-repetir="([^"]+)"')


@dataclass(frozen=True)
class Peso:
    codigo: dict[str, int]
    """Ficheros de ``tapiz/`` (relativos al sitio) → bytes con gzip."""
    datos: dict[str, int]
    """Ficheros de datos → bytes con gzip."""
    al_acercarse: dict[str, int]
    """Módulos que faltan por descargar cuando un widget aplazado se acerca a la vista."""
    al_repetir: dict[str, int]
    """Los datos de «Repetir» de la página (del libro, los de cada capítulo, que se piden por
    separado) → bytes con gzip."""

    @property
    def total_codigo(self) -> int:
        return sum(self.codigo.values())

    @property
    def total_datos(self) -> int:
        return sum(self.datos.values())


def comprimido(fichero: Path) -> int:
    return len(gzip.compress(fichero.read_bytes(), compresslevel=9))


def _del_sitio(pagina: str, enlace: str) -> str:
    """Un enlace de la página, relativo a la raíz del sitio."""
    return PurePosixPath(urljoin("/" + pagina, enlace).split("?")[0].lstrip("/")).as_posix()


def peso_de_pagina(sitio: Path, pagina: str) -> Peso:
    """El peso de ``pagina`` (``sistemas/d20/index.html``) en el sitio ``sitio``."""
    html = (sitio / pagina).read_text(encoding="utf-8")
    enlazados = {_del_sitio(pagina, e) for e in _ENLACE.findall(html)}
    propios = {e for e in enlazados if e.startswith("tapiz/")}
    modulos = {PurePosixPath(e).stem for e in propios if e.endswith(".js")}
    widgets = carga.widgets_de(html)
    modulos |= carga.modulos_de(widgets)
    if 'class="tapiz-libro' in html:
        modulos.add("libro")
    codigo = {f"tapiz/{m}.js" for m in carga.cierre(modulos, sitio / "tapiz")}
    codigo |= {e for e in propios if e.endswith(".css")}
    codigo |= {f"tapiz/{h}" for h in carga.hojas_de(widgets)}
    marcas = sorted(set(_MARCA.findall(html)))
    ficheros = [f"{datos.CARPETA}/{m}" for m in marcas]
    aplazados = carga.cierre(carga.aplazados_de(widgets), sitio / "tapiz")
    luego = {f"tapiz/{m}.js" for m in aplazados} - codigo
    repetir = [f"{datos.CARPETA}/{m}" for m in sorted(set(_MARCA_REPETIR.findall(html)))]
    return Peso(
        {f: comprimido(sitio / f) for f in sorted(codigo)},
        {f: comprimido(sitio / f) for f in ficheros},
        {f: comprimido(sitio / f) for f in sorted(luego)},
        {f: comprimido(sitio / f) for f in repetir},
    )


def paginas(sitio: Path) -> list[str]:
    return sorted(p.relative_to(sitio).as_posix() for p in sitio.rglob("index.html"))
