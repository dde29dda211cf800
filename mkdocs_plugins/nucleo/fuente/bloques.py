"""Los bloques ``tapiz-*`` de una página y su posición en el fichero.

Qué es una valla lo decide ``pymdownx.superfences``, el mismo analizador que la
muestra (véase ``mkdocs_plugins.extension``), y su línea la dice markdown-it-py
(``estructura`` y ``ubicacion``). ``buscar_valla`` solo adivina la línea de una valla
que markdown-it-py no lee, para que ese desacuerdo diga ``srd/pagina.md:LÍNEA``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

_APERTURA = re.compile(r"^\s*(?:>\s*)*(`{3,}|~{3,})\s*\{?\.?(?P<info>[^`]*)$")


@dataclass(frozen=True)
class Bloque:
    """Una valla ``tapiz-*``: su tipo, la línea (desde 1) de su apertura, su cuerpo YAML y
    el identificador que declara su cabecera (``{#postura-normal}``), si declara uno."""

    tipo: str
    linea: int
    cuerpo: str
    identificador: str | None = None


def separar_front_matter(texto: str) -> tuple[str, int]:
    """Quita el front matter YAML; devuelve el markdown y cuántas líneas lo preceden."""
    if not texto.startswith("---"):
        return texto, 0
    lineas = texto.splitlines(keepends=True)
    for indice, linea in enumerate(lineas[1:], start=1):
        if linea.strip() in ("---", "..."):
            return "".join(lineas[indice + 1 :]), indice + 1
    return texto, 0


def lineas_previas(fuente: str, markdown: str) -> int:
    """Cuántas líneas del fichero (el front matter que quitó el generador) preceden al markdown."""
    if not fuente.endswith(markdown):
        return 0
    return fuente[: len(fuente) - len(markdown)].count("\n")


def error_front_matter(texto: str) -> tuple[int, str] | None:
    """Línea y mensaje si el front matter no es un diccionario YAML válido.

    MkDocs, al no poder leerlo, lo publica como texto de la página sin avisar.
    """
    markdown, desplazamiento = separar_front_matter(texto)
    if not desplazamiento:
        return None
    cabecera = texto[: len(texto) - len(markdown)].split("\n", 1)[1].rsplit("---", 1)[0]
    try:
        datos = yaml.safe_load(cabecera)
    except yaml.reader.ReaderError as error:  # un carácter de control: YAML no lo lee
        linea = 2 + cabecera.count("\n", 0, error.position)
        return linea, (
            f"la cabecera de la página (entre las líneas ---) lleva el carácter de control "
            f"U+{error.character:04X}, que YAML no admite; quítalo"
        )
    except yaml.MarkedYAMLError as error:
        marca = error.problem_mark
        linea = 2 + (marca.line if marca else 0)
        columna = 1 + (marca.column if marca else 0)
        return linea, (
            f"la cabecera de la página (entre las líneas ---) no es YAML válido en la "
            f"columna {columna}; si un valor lleva «: », ponlo entre comillas"
        )
    if datos is not None and not isinstance(datos, dict):
        return 2, "la cabecera de la página (entre las líneas ---) debe ser «clave: valor»"
    return None


def otra_apertura(cuerpo: str) -> int | None:
    """La línea (desde 0) del cuerpo que abre otra valla: la de fuera no se cerró antes."""
    for indice, linea in enumerate(cuerpo.split("\n")):
        encontrada = _APERTURA.match(linea)
        if encontrada is not None and encontrada.group("info").strip():
            return indice
    return None


def _es_apertura(linea: str, tipo: str) -> bool:
    encontrada = _APERTURA.match(linea)
    return encontrada is not None and encontrada.group("info").strip().startswith(tipo)


def aperturas(lineas: list[str], tipo: str) -> list[int]:
    """Los índices (desde 0) de las líneas que abren una valla de ese tipo."""
    return [i for i, linea in enumerate(lineas) if tipo in linea and _es_apertura(linea, tipo)]


def buscar_valla(
    lineas: list[str], tipo: str, cuerpo: str, usadas: set[int], candidatas: list[int]
) -> int:
    """El índice (desde 0) de la apertura de la primera valla aún no usada con ese cuerpo.

    ``candidatas`` son las ``aperturas`` de ese tipo (se buscan una vez por página, no una
    por valla: así el coste crece con el tamaño de la página, no con su cuadrado). El
    cuerpo se compara sin la sangría, así que una valla dentro de una admonición o de una
    lista también se encuentra.
    """
    buscado = [linea.strip() for linea in cuerpo.rstrip("\n").split("\n")] if cuerpo else []
    for indice in candidatas:
        if indice in usadas:
            continue
        siguientes = [linea.strip() for linea in lineas[indice + 1 : indice + 1 + len(buscado)]]
        if siguientes == buscado:
            usadas.add(indice)
            return indice
    libres = [i for i in candidatas if i not in usadas]
    if libres:
        usadas.add(libres[0])
        return libres[0]
    return 0


def buscar_en_texto(lineas: list[str], texto: str) -> int:
    """El índice (desde 0) de la primera línea que contiene ``texto`` (0 si ninguna)."""
    return next((i for i, linea in enumerate(lineas) if texto in linea), 0)


_CODIGO_EN_LINEA = re.compile(r"<p><code>([^<\n]*)\n")
"""Sin retroceso: buscar «tapiz» dentro del patrón costaba el cuadrado de la línea."""
_NOMBRA_TAPIZ = re.compile(r"\btapiz", re.IGNORECASE)


def vallas_no_reconocidas(html: str, tipos: tuple[str, ...]) -> list[tuple[str, str]]:
    """(texto a buscar, mensaje) por cada valla que nombra «tapiz» y no se mostró como bloque.

    Superfences deja como código en línea una valla cuya cabecera no entiende
    (``yaml tapiz-ejemplo``): así se comprobaría en silencio nadie.
    """
    return [
        (
            info,
            f"la valla «```{info}» no es un bloque Tapiz: la cabecera debe empezar por "
            f"{', '.join(tipos[:-1])} o {tipos[-1]}",
        )
        for info in (m.group(1).strip() for m in _CODIGO_EN_LINEA.finditer(html))
        if _NOMBRA_TAPIZ.search(info)
    ]
