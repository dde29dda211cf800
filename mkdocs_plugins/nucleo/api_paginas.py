"""Las páginas de la API: cada sección con su identificador, su texto y lo que contiene.

El árbol y las líneas salen de markdown-it-py (``estructura``); el HTML de cada sección lo
escribe quien llama (``a_html``: el núcleo no importa Python-Markdown). Cada valla cuenta
en la sección más interior que la contiene: las reglas y tablas de un ``tapiz-regla`` y
los ejemplos de un ``tapiz-ejemplo``, con su página y su línea.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml

from mkdocs_plugins.nucleo import pendientes
from mkdocs_plugins.nucleo.bloques import Bloque
from mkdocs_plugins.nucleo.especificacion import leer_ejemplo
from mkdocs_plugins.nucleo.estructura import Estructura, Seccion, Valla
from mkdocs_plugins.nucleo.problemas import ErrorDePagina
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento


@dataclass(frozen=True)
class Fuente:
    """Una página del libro: su clave (``posturas.md``), cómo se nombra y con qué reglas."""

    pagina: str
    ruta: str
    estructura: Estructura
    reglamento: Reglamento
    lienzo: str | None = None


def url_de(pagina: str) -> str:
    """La dirección de la página en el sitio, relativa a su raíz (como MkDocs por defecto)."""
    sin_md = pagina.removesuffix(".md")
    if sin_md == "index" or sin_md.endswith("/index"):
        return sin_md.removesuffix("index")
    return f"{sin_md}/"


def fichero_de(pagina: str) -> str:
    """El fichero de la página en la API: ``paginas/posturas.json``."""
    return f"paginas/{pagina.removesuffix('.md')}.json"


_CARGADOR = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _yaml(valla: Valla) -> dict[str, Any]:
    return _yaml_de(valla.cuerpo)


@lru_cache(maxsize=1024)
def _yaml_de(cuerpo: str) -> dict[str, Any]:
    """El YAML de un bloque, una vez por texto (solo se lee: nadie lo modifica)."""
    try:
        datos = yaml.load(cuerpo, Loader=_CARGADOR)
    except yaml.YAMLError:
        return {}
    return datos if isinstance(datos, dict) else {}


def _nombres(datos: dict[str, Any], uno: str, varios: str) -> list[str]:
    nombres = [datos[uno]] if isinstance(datos.get(uno), str) else []
    lista = datos.get(varios)
    return nombres + [str(n) for n in lista] if isinstance(lista, list) else nombres


def _propia(fuente: Fuente, linea: int) -> Seccion | None:
    """La sección más interior que contiene la línea (None: antes del primer encabezado)."""
    anteriores = [s for s in fuente.estructura.todas() if s.inicio <= linea]
    return anteriores[-1] if anteriores else None


def ejemplo(fuente: Fuente, valla: Valla) -> dict[str, Any] | None:
    """Un ejemplo resuelto tal como lo comprueba el libro (None si la página lo tiene mal)."""
    try:
        # Sin el salto de línea final, como lo lee la construcción: el mismo bloque, ya leído.
        bloque = Bloque(valla.lenguaje, valla.inicio, valla.cuerpo.removesuffix("\n"))
        espec = leer_ejemplo(bloque, fuente.reglamento)
    except (ErrorDePagina, ErrorTapiz):
        return None
    seccion = _propia(fuente, valla.inicio)
    ancla = f"#{seccion.identificador}" if seccion and seccion.identificador else ""
    return {
        "id": f"{fuente.pagina}:{valla.inicio}",
        "titulo": espec.titulo,
        "pagina": fuente.pagina,
        "fuente": fuente.ruta,
        "linea": valla.inicio,
        "seccion": seccion.identificador if seccion else None,
        "url": url_de(fuente.pagina) + ancla,
        "sistema": espec.reglamento.sistema.nombre,
        "edicion": espec.reglamento.edicion,
        "opcionales": sorted(espec.reglamento.opcionales),
        "lienzo": espec.reglamento.lienzo.nombre if espec.reglamento.lienzo else None,
        "regla": espec.regla,
        "entradas": espec.entradas,
        "dados": espec.dados,
        "espera": espec.espera,
    }


def ejemplos(fuentes: list[Fuente]) -> list[dict[str, Any]]:
    return [
        hecho
        for fuente in fuentes
        for valla in fuente.estructura.vallas
        if valla.lenguaje == "tapiz-ejemplo" and (hecho := ejemplo(fuente, valla)) is not None
    ]


def _sin_bloques(seccion: Seccion, vallas: list[Valla]) -> str:
    """El texto de la sección sin sus bloques ``tapiz-*`` (van en reglas, tablas y ejemplos)."""
    lineas = seccion.texto.split("\n")
    primera = seccion.texto_desde
    quitar = {
        n - primera
        for v in vallas
        if v.lenguaje.startswith("tapiz-")
        for n in range(v.inicio, v.fin + 1)
    }
    return "\n".join(linea for i, linea in enumerate(lineas) if i not in quitar)


def pagina(fuente: Fuente, titulo: str, a_html: Callable[[list[str]], list[str]]) -> dict[str, Any]:
    """El fichero de una página: su árbol de secciones con lo que hay en cada una.

    ``a_html`` convierte los textos de todas las secciones de una vez (uno por sección)."""
    contenido: dict[int, dict[str, list[str]]] = {}
    for valla in fuente.estructura.vallas:
        seccion = _propia(fuente, valla.inicio)
        if seccion is None or not valla.cerrada:
            continue
        propio = contenido.setdefault(seccion.inicio, {"reglas": [], "tablas": [], "ejemplos": []})
        datos = _yaml(valla)
        if valla.lenguaje == "tapiz-regla":
            propio["reglas"] += _nombres(datos, "regla", "reglas")
            propio["tablas"] += _nombres(datos, "tabla", "tablas")
        elif valla.lenguaje == "tapiz-ejemplo":
            propio["ejemplos"].append(f"{fuente.pagina}:{valla.inicio}")
    todas = list(fuente.estructura.todas())
    htmls = dict(
        zip(
            (s.inicio for s in todas),
            a_html([_sin_bloques(s, fuente.estructura.vallas) for s in todas]),
            strict=True,
        )
    )

    def nodo(s: Seccion) -> dict[str, Any]:
        propio = contenido.get(s.inicio, {"reglas": [], "tablas": [], "ejemplos": []})
        return {
            "id": s.identificador,
            "titulo": s.titulo,
            "nivel": s.nivel,
            "lineas": [s.inicio, s.fin],
            "url": f"{url_de(fuente.pagina)}#{s.identificador}",
            "markdown": s.texto,
            "html": htmls[s.inicio],
            "pendiente": pendientes.aviso_en(s.texto) is not None,
            **propio,
            "secciones": [nodo(h) for h in s.hijas],
        }

    return {
        "pagina": fuente.pagina,
        "fuente": fuente.ruta,
        "titulo": titulo,
        "url": url_de(fuente.pagina),
        "sistema": fuente.reglamento.sistema.nombre,
        "lienzo": fuente.lienzo,
        "secciones": [nodo(s) for s in fuente.estructura.secciones],
    }
