"""Los ficheros estáticos de una construcción en frío (los del tema, los módulos minificados de
los widgets, las imágenes de ``srd/``), escritos por el auxiliar del adelanto.

MkDocs los crea uno tras otro tras ``on_env``, y crear un fichero cuesta en algunas máquinas
medio milisegundo. Con el adelanto, MkDocs envía qué escribir (la fuente que copiar, o el
texto minificado) en cuanto sabe los ficheros del sitio, y el auxiliar los escribe tras sus
páginas, mientras MkDocs convierte las suyas. En ``on_env`` MkDocs espera su respuesta y da
cada uno por escrito: su fuente pasa a ser su destino, y MkDocs ya no lo copia
(``File.copy_file`` lo permite para lo que los plugins escriben en el sitio). Si el auxiliar
falla, MkDocs los escribe él, como sin adelanto.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mkdocs.structure.files import Files

from mkdocs_plugins.nucleo.sin_conexion import Conocidas, conocida


@dataclass(frozen=True)
class Copia:
    """Un fichero que escribe el auxiliar: ``texto`` o, si no lo hay, la copia de ``fuente``."""

    destino: str
    fuente: str
    texto: str | None = None


def copias(files: Files, minificados: Mapping[str, str]) -> list[Copia]:
    """Los ficheros que MkDocs copiaría tras ``on_env``: los que no son páginas y tienen una
    fuente en disco; de los ``minificados`` (por su fuente), su texto."""
    return [
        Copia(f.abs_dest_path, f.abs_src_path, minificados.get(f.abs_src_path))
        for f in files
        if f.abs_src_path is not None
        and not f.is_documentation_page()
        and f.inclusion.is_included()
    ]


def escribir(copias: Sequence[Copia], sitio: str) -> Conocidas:
    """En el auxiliar: escribe cada copia (creando antes, una vez, cada carpeta que haga
    falta) y da sus huellas, para la lista del libro sin conexión."""
    for carpeta in {os.path.dirname(copia.destino) for copia in copias}:
        os.makedirs(carpeta, exist_ok=True)
    escritas: Conocidas = {}
    for copia in copias:
        if copia.texto is not None:
            contenido = copia.texto.encode("utf-8")
        else:
            with open(copia.fuente, "rb") as fuente:
                contenido = fuente.read()
        with open(copia.destino, "wb") as destino:
            destino.write(contenido)
        ruta = os.path.relpath(copia.destino, sitio).replace(os.sep, "/")
        escritas[ruta] = conocida(contenido)
    return escritas


def dar_por_escritas(files: Files, copias: Sequence[Copia]) -> None:
    """En MkDocs, cuando el auxiliar las ha escrito: cada fichero que sigue como se envió pasa
    a tener su destino por fuente, y MkDocs no lo copia otra vez."""
    enviadas = {copia.destino: copia for copia in copias}
    for fichero in files:
        copia = enviadas.get(fichero.abs_dest_path)
        if copia is not None and fichero.abs_src_path == copia.fuente:
            fichero.abs_src_path = fichero.abs_dest_path
