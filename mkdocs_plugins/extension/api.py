"""Escribe la API estática ``api/v1/`` del libro (el plugin tras construir, y
``tapiz exportar --json``): lee cada página con markdown-it-py y escribe el HTML de cada
sección con las extensiones del libro."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from markdown import Markdown

from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.nucleo import (
    api,
    api_esquemas,
    api_paginas,
    catalogo,
    estructura,
    html_crudo,
    version,
)
from mkdocs_plugins.nucleo.configuracion import Configuracion
from tapiz_rules.lienzo import Lienzo
from tapiz_rules.sistemas import SISTEMAS

SEPARADOR = "<!--tapiz-api-seccion-->"
_CON_HTML = re.compile(r"^\s*<", re.MULTILINE)


def _conversor() -> Callable[[list[str]], list[str]]:
    """Markdown → HTML con la estructura del libro; las vallas quedan como código, sin colorear
    (``<code class="language-python">``: cada cliente lo colorea a su manera, y Pygments
    compilaba las expresiones de cada lenguaje en cada construcción, un tercio de la API).

    Las secciones de una página se convierten de una vez, separadas por un comentario que
    Python-Markdown deja tal cual: una conversión por página y no por sección (un tercio
    del tiempo de la API se iba en preparar cada conversión). Una sección con HTML propio
    (un ``<div>`` que podría quedar abierto) se convierte sola, como antes. El HTML solo
    depende del texto (``reset`` olvida lo de la conversión anterior): un texto repetido se
    convierte una vez."""
    conversor = Markdown(
        extensions=[*EXTENSIONES, "pymdownx.highlight"],
        extension_configs={"pymdownx.highlight": {"use_pygments": False}},
    )
    hechas: dict[str, str] = {}
    """Cada texto ya convertido: un libro con páginas repetidas convierte cada una una vez."""

    def solo(texto: str) -> str:
        if texto not in hechas:
            hechas[texto] = _sin_nada_activo(conversor.reset().convert(texto))
        return hechas[texto]

    def a_html(textos: list[str]) -> list[str]:
        juntas = [i for i, t in enumerate(textos) if not _CON_HTML.search(t)]
        html = solo(f"\n\n{SEPARADOR}\n\n".join(textos[i] for i in juntas)) if juntas else ""
        partes = [parte.strip("\n") for parte in html.split(SEPARADOR)]
        if len(partes) != len(juntas):  # un texto que se come el separador: de una en una
            juntas = []
        convertidas = dict(zip(juntas, partes, strict=False))
        return [convertidas[i] if i in convertidas else solo(t) for i, t in enumerate(textos)]

    return a_html


def _sin_nada_activo(html: str) -> str:
    """El HTML de quien contribuye, limpio si el sanitizador le quitaría algo (la construcción
    estricta ya lo rechaza en su página; ``tapiz exportar`` no construye)."""
    return html_crudo.limpiar(html) if html_crudo.rechazos(html) else html


def _lienzo_de(carpetas: list[tuple[Path, Lienzo]], fichero: Path) -> Lienzo | None:
    ruta = fichero.resolve()
    return next((lz for c, lz in carpetas if ruta.is_relative_to(c)), None)


def fuentes(configuracion: Configuracion) -> list[tuple[api_paginas.Fuente, str]]:
    """Cada página del libro con su título (el de su cabecera o su primer encabezado)."""
    leidas = []
    carpetas = [(carpeta.resolve(), lienzo) for carpeta, lienzo in configuracion.lienzos]
    for fichero in sorted(configuracion.paginas.rglob("*.md")):
        if fichero == configuracion.paginas / catalogo.RUTA:
            continue  # lo genera «tapiz exportar»: no es una página del libro
        texto = fichero.read_text("utf-8")
        leida = estructura.leer(texto)
        lienzo = _lienzo_de(carpetas, fichero)
        fuente = api_paginas.Fuente(
            fichero.relative_to(configuracion.paginas).as_posix(),
            configuracion.ruta(fichero),
            leida,
            configuracion.reglamento_de(fichero),
            lienzo.nombre if lienzo else None,
        )
        leidas.append((fuente, leida.titulo or fuente.pagina))
    return leidas


def ficheros(configuracion: Configuracion) -> dict[str, str]:
    """Cada fichero de la API, por su ruta dentro de ``api/v1/``."""
    a_html = _conversor()
    leidas = fuentes(configuracion)
    lienzos = [lz for _, lz in configuracion.lienzos]
    salida = {f"sistemas/{n}.json": api.sistema(n) for n in SISTEMAS}
    salida |= {
        f"lienzos/{api.nombre_de_lienzo(lz)}.json": api.lienzo(lz, str(configuracion.paginas))
        for lz in lienzos
    }
    salida |= {
        api_paginas.fichero_de(f.pagina): api_paginas.pagina(f, titulo, a_html)
        for f, titulo in leidas
    }
    salida["ejemplos.json"] = {"ejemplos": api_paginas.ejemplos([f for f, _ in leidas])}
    publicada = version.leer(configuracion.raiz)
    paginas = [
        {"pagina": f.pagina, "titulo": titulo, "enlace": api_paginas.fichero_de(f.pagina)}
        for f, titulo in leidas
    ]
    salida["index.json"] = api.indice(
        publicada.version, publicada.fecha, publicada.commit, lienzos, paginas
    )
    salida |= {f"schemas/{tipo}.json": api_esquemas.esquema(tipo) for tipo in api.TIPOS}
    return {ruta: api.texto(datos) for ruta, datos in salida.items()}


def escribir(
    destino: Path, configuracion: Configuracion, preparados: dict[str, str] | None = None
) -> int:
    """Escribe la API en ``destino/api/v1/`` (los ficheros ``preparados`` en otro proceso, si
    los hay); cuántos ficheros (cada carpeta, creada una vez)."""
    escritos = ficheros(configuracion) if preparados is None else preparados
    carpeta = destino / api.CARPETA
    for subcarpeta in {(carpeta / ruta).parent for ruta in escritos}:
        subcarpeta.mkdir(parents=True, exist_ok=True)
    for ruta, texto in escritos.items():
        with open(carpeta / ruta, "wb") as fichero:
            fichero.write(texto.encode())
    return len(escritos)
