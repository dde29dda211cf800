"""El libro sin conexión e instalable: la lista de lo que guarda el trabajador de servicio (con
la huella de cada fichero), el trabajador y el manifiesto de aplicación web.

Sin frameworks: todo sale de la carpeta del sitio ya construido, así que sirve a cualquier
adaptador. Las direcciones son relativas a la raíz del sitio (el trabajador y el manifiesto
están en ella): el libro funciona publicado en cualquier ruta.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import struct
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

TRABAJADOR = "sin-conexion.js"
LISTA = "sin-conexion.json"
MANIFIESTO = "manifest.webmanifest"
_PLANTILLA = Path(__file__).with_name("sin_conexion.js")
_BAJA = Path(__file__).with_name("sin_conexion_baja.js")


@dataclass(frozen=True)
class Inventario:
    """Los ficheros del sitio (ruta relativa → huella): los que se guardan al instalarse y los
    que solo se guardan la primera vez que se piden."""

    precache: dict[str, str]
    bajo_demanda: dict[str, str]

    @property
    def version(self) -> str:
        """Cambia si cambia un fichero, su ruta o dónde va."""
        texto = json.dumps([self.precache, self.bajo_demanda], sort_keys=True)
        return hashlib.sha256(texto.encode()).hexdigest()[:16]

    def json(self) -> str:
        datos = {"version": self.version, "precache": self.precache}
        return json.dumps({**datos, "bajo_demanda": self.bajo_demanda}, indent=0) + "\n"


Conocidas = dict[str, tuple[int, str]]
"""Huellas ya calculadas (en otro proceso, al escribir el fichero): ruta relativa al sitio →
tamaño y huella."""


def huella(fichero: Path) -> str:
    return huella_de_bytes(fichero.read_bytes())


def huella_de_bytes(contenido: bytes) -> str:
    return hashlib.sha256(contenido).hexdigest()[:16]


def conocida(contenido: bytes) -> tuple[int, str]:
    """El tamaño y la huella de un fichero con ese contenido (lo que guarda ``Conocidas``)."""
    return len(contenido), huella_de_bytes(contenido)


def huellas_de(sitio: Path, escritos: Mapping[Path, str]) -> Conocidas:
    """Las de los ficheros que se acaban de escribir en ``sitio`` (texto en UTF-8), sin
    volver a leerlos."""
    return {
        fichero.relative_to(sitio).as_posix(): conocida(texto.encode("utf-8"))
        for fichero, texto in escritos.items()
    }


def huellas(
    sitio: Path, carpeta: str, sin: Sequence[str] = (), conocidas: Conocidas | None = None
) -> Conocidas:
    """Las de cada fichero de ``sitio/carpeta`` (``""``: todo el sitio), salvo los que casan
    con un patrón de ``sin``, para :func:`inventario`; de uno con huella ``conocida`` y el
    mismo tamaño no se vuelve a calcular."""
    prefijo = f"{carpeta.strip('/')}/" if carpeta.strip("/") else ""
    conocidas = conocidas or {}
    return {
        ruta: (fichero.stat().st_size, _huella_de(fichero, conocidas.get(ruta)))
        for ruta, fichero in _ficheros(str(sitio / carpeta), prefijo)
        if not _coincide(ruta, sin)
    }


def _coincide(ruta: str, patrones: Sequence[str]) -> bool:
    return any(fnmatchcase(ruta, patron) for patron in patrones)


def inventario(
    sitio: Path,
    bajo_demanda: Sequence[str],
    siempre: Sequence[str] = (),
    conocidas: Conocidas | None = None,
    *,
    completas: bool = False,
) -> Inventario:
    """Los ficheros de ``sitio``: bajo demanda los que casan con un patrón de ``bajo_demanda``
    (``fnmatch``, ``*`` cruza carpetas) y no con uno de ``siempre``; los demás, al instalarse.

    De un fichero con huella ``conocida`` y el mismo tamaño no se vuelve a calcular. Con
    ``completas``, las ``conocidas`` son ya todos los ficheros del sitio (las del auxiliar
    del adelanto, que lo recorrió): no se recorre otra vez."""
    conocidas = conocidas or {}
    if completas:
        del_sitio = {ruta: huella_ for ruta, (_, huella_) in conocidas.items()}
    else:
        del_sitio = {
            ruta: _huella_de(fichero, conocidas.get(ruta))
            for ruta, fichero in _ficheros(str(sitio))
        }
    precache: dict[str, str] = {}
    demanda: dict[str, str] = {}
    for ruta in sorted(del_sitio, key=lambda ruta: ruta.split("/")):
        if ruta in (TRABAJADOR, LISTA):
            continue
        aparte = _coincide(ruta, bajo_demanda) and not _coincide(ruta, siempre)
        (demanda if aparte else precache)[ruta] = del_sitio[ruta]
    return Inventario(precache, demanda)


def _huella_de(fichero: os.DirEntry[str], conocida: tuple[int, str] | None) -> str:
    tamano, ya = conocida or (-1, "")
    return ya if tamano == fichero.stat().st_size else huella(Path(fichero.path))


def _ficheros(carpeta: str, prefijo: str = "") -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Cada fichero bajo ``carpeta`` con su ruta relativa, como ``Path.rglob`` (sin entrar en
    carpetas enlazadas) pero sin un ``Path`` ni un ``stat`` por fichero."""
    with os.scandir(carpeta) as entradas:
        for entrada in entradas:
            ruta = prefijo + entrada.name
            if entrada.is_dir() and not entrada.is_symlink():
                yield from _ficheros(entrada.path, ruta + "/")
            elif entrada.is_file():
                yield ruta, entrada


def trabajador(version: str) -> str:
    """El trabajador de servicio de esa versión: sus bytes cambian con cada construcción que
    cambia algo, y así el navegador sabe que hay una versión nueva."""
    return _PLANTILLA.read_text(encoding="utf-8").replace("__VERSION__", version)


def trabajador_de_baja() -> str:
    """Uno que borra lo guardado y se da de baja (para ``mkdocs serve``)."""
    return _BAJA.read_text(encoding="utf-8")


def publicar(sitio: Path, lista: Inventario) -> Inventario:
    """Escribe en la raíz de ``sitio`` la lista de ficheros y el trabajador que los guarda."""
    (sitio / LISTA).write_text(lista.json(), encoding="utf-8")
    (sitio / TRABAJADOR).write_text(trabajador(lista.version), encoding="utf-8")
    return lista


def retirar(sitio: Path) -> None:
    """Escribe el trabajador que se da de baja, sin lista."""
    (sitio / LISTA).unlink(missing_ok=True)
    (sitio / TRABAJADOR).write_text(trabajador_de_baja(), encoding="utf-8")


@dataclass(frozen=True)
class Colores:
    tema: str
    fondo: str


_RAIZ_CSS = re.compile(r":root[^{]*\{([^}]*)\}")


def colores_de(css: str) -> Colores:
    """El color primario y el de superficie de la paleta clara (el primer bloque ``:root``)."""
    bloque = _RAIZ_CSS.search(css)
    variables = dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", bloque.group(1) if bloque else ""))
    tema = variables.get("--md-primary-fg-color")
    fondo = variables.get("--tapiz-superficie")
    if tema is None or fondo is None:
        raise ValueError("la hoja de estilos no define --md-primary-fg-color y --tapiz-superficie")
    return Colores(tema.strip(), fondo.strip())


@dataclass(frozen=True)
class Icono:
    ruta: str
    """Relativa a la raíz del sitio."""
    enmascarable: bool = False


def _tamano_png(fichero: Path) -> tuple[int, int]:
    cabecera = fichero.read_bytes()[:24]
    if cabecera[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{fichero}: no es un PNG")
    ancho, alto = struct.unpack(">II", cabecera[16:24])
    return ancho, alto


def manifiesto_web(
    sitio: Path,
    nombre: str,
    nombre_corto: str,
    descripcion: str,
    colores: Colores,
    iconos: Sequence[Icono],
) -> str:
    """El manifiesto de aplicación web; el tamaño de cada icono se lee de su PNG."""
    lista = []
    for icono in iconos:
        ancho, alto = _tamano_png(sitio / icono.ruta)
        lista.append(
            {
                "src": icono.ruta,
                "sizes": f"{ancho}x{alto}",
                "type": "image/png",
                "purpose": "maskable" if icono.enmascarable else "any",
            }
        )
    datos = {
        "name": nombre,
        "short_name": nombre_corto,
        "description": descripcion,
        "lang": "es",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": colores.tema,
        "background_color": colores.fondo,
        "icons": lista,
    }
    return json.dumps(datos, ensure_ascii=False, indent=2) + "\n"
