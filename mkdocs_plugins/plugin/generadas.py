"""Las páginas que genera el plugin (el catálogo, «Cambios», «Estado del SRD»): cada una
ocupa el lugar de la que hubiera en su ruta (una que dejara «tapiz exportar» entre las
páginas podría estar desfasada)."""

from __future__ import annotations

from mkdocs.structure.files import File, Files


def sustituir(files: Files, generada: File) -> None:
    anterior = files.get_file_from_path(generada.src_uri)
    if anterior is not None:
        files.remove(anterior)
    files.append(generada)
