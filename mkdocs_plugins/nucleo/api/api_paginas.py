"""Las páginas de la API: cada sección con su identificador, su texto y lo que contiene.

El árbol y las líneas salen de markdown-it-py (``estructura``); el HTML de cada sección lo
escribe quien llama (``a_html``: el núcleo no importa Python-Markdown). Cada valla cuenta
en la sección más interior que la contiene: las reglas y tablas de un ``tapiz-regla`` (con
el sistema que nombra la valla o, si no nombra ninguno, el de la página) y los ejemplos de un
``tapiz-ejemplo``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mkdocs_plugins.nucleo.api import api
from mkdocs_plugins.nucleo.api.api_textos import (
    enlaces_en_html,
    enlaces_en_markdown,
    identificador,
    url_de,
)
from mkdocs_plugins.nucleo.fuente import pendientes
from mkdocs_plugins.nucleo.fuente.bloques import Bloque
from mkdocs_plugins.nucleo.fuente.especificacion import leer_cuerpo, leer_ejemplo
from mkdocs_plugins.nucleo.fuente.estructura import Estructura, Seccion, Valla
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Formato, Reglamento

__all__ = ["Fuente", "fichero_de", "id_de_pagina", "pagina", "url_de"]

_VALLAS = ("tapiz-regla", "tapiz-ejemplo")


@dataclass(frozen=True)
class Fuente:
    """Una página del libro: su clave (``posturas.md``), cómo se nombra y con qué reglas."""

    pagina: str
    ruta: str
    estructura: Estructura
    reglamento: Reglamento
    lienzo: str | None = None

    @property
    def id(self) -> str:
        return id_de_pagina(self.pagina)

    @property
    def sistema(self) -> str:
        """El sistema de la página: el que nombran todas sus vallas, o el de su reglamento."""
        nombrados = {
            _yaml(v).get("sistema") for v in self.estructura.vallas if v.lenguaje in _VALLAS
        }
        if len(nombrados) == 1 and isinstance(unico := next(iter(nombrados)), str):
            return unico
        return self.reglamento.sistema.nombre


def id_de_pagina(pagina: str) -> str:
    """El identificador de una página: su ruta sin ``.md`` (``sistemas/d20``)."""
    return pagina.removesuffix(".md")


def fichero_de(pagina: str) -> str:
    """El fichero de la página en la API: ``paginas/posturas.json``."""
    return f"paginas/{id_de_pagina(pagina)}.json"


def fichero_de_seccion(pagina: str, seccion: str) -> str:
    return f"secciones/{id_de_pagina(pagina)}/{seccion}.json"


def _bloque(valla: Valla) -> Bloque:
    """El bloque de la valla tal como lo lee la construcción (sin el salto de línea final y con
    el identificador de su cabecera): su YAML ya leído, que ``leer_cuerpo`` recuerda."""
    return Bloque(
        valla.lenguaje, valla.inicio, valla.cuerpo.removesuffix("\n"), valla.identificador
    )


def _yaml(valla: Valla) -> dict[str, Any]:
    """Los campos de un bloque ({} si no se leen: la construcción ya da el error en su línea)."""
    try:
        return leer_cuerpo(_bloque(valla)).valores
    except ErrorDePagina:
        return {}


def _nombres(datos: dict[str, Any], uno: str, varios: str) -> list[str]:
    nombres = [datos[uno]] if isinstance(datos.get(uno), str) else []
    lista = datos.get(varios)
    return nombres + [str(n) for n in lista] if isinstance(lista, list) else nombres


def _propia(fuente: Fuente, linea: int) -> Seccion | None:
    """La sección más interior que contiene la línea (None: antes del primer encabezado)."""
    anteriores = [s for s in fuente.estructura.todas() if s.inicio <= linea]
    return anteriores[-1] if anteriores else None


def _valores_exactos(espec: Any, espera: dict[str, Any]) -> dict[str, Any]:
    """Lo que afirma el ejemplo, con las probabilidades exactas del motor junto a su decimal."""
    if not any(
        c.formato is Formato.PROBABILIDAD for c in espec.reglamento.regla(espec.regla).salidas
    ):
        return espera
    try:
        exactos = espec.reglamento.calcular(espec.regla, {**espec.entradas}).exactos
    except ErrorTapiz:
        return espera
    return {
        clave: api.a_json(exactos[clave]) if clave in exactos else valor
        for clave, valor in espera.items()
    }


def ejemplo(fuente: Fuente, valla: Valla) -> dict[str, Any] | None:
    """Un ejemplo resuelto tal como lo comprueba el libro (None si la página lo tiene mal)."""
    try:
        espec = leer_ejemplo(_bloque(valla), fuente.reglamento)
    except (ErrorDePagina, ErrorTapiz):
        return None
    seccion = _propia(fuente, valla.inicio)
    sistema = espec.reglamento.sistema.nombre
    lienzo = fuente.lienzo if espec.reglamento.lienzo is not None else None
    return {
        "id": valla.identificador,  # lo exige «identificadores.comprobar»
        "titulo": espec.titulo,
        "pagina": fuente.id,
        "seccion": seccion.identificador if seccion else None,
        "url": f"{url_de(fuente.pagina)}#{valla.identificador}",  # su tarjeta
        "enlace": "ejemplos.json",
        "fuente": fuente.ruta,
        "linea": valla.inicio,
        "sistema": sistema,
        "edicion": identificador(espec.reglamento.edicion),
        "opcionales": [
            {"id": identificador(c), "titulo": espec.reglamento.sistema.opcionales[c].titulo}
            for c in sorted(espec.reglamento.opcionales)
        ],
        "lienzo": lienzo,
        "regla": api.referencia(sistema, espec.regla, "regla", lienzo),
        "entradas": espec.entradas,
        "dados": espec.dados,
        "espera": _valores_exactos(espec, espec.espera),
    }


def _ejemplos_de(fuente: Fuente) -> dict[int, dict[str, Any]]:
    """Los ejemplos resueltos de una página, por la línea de su valla."""
    return {
        valla.inicio: hecho
        for valla in fuente.estructura.vallas
        if valla.lenguaje == "tapiz-ejemplo" and (hecho := ejemplo(fuente, valla)) is not None
    }


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


def _contenido(
    fuente: Fuente, ejemplos: dict[int, dict[str, Any]]
) -> dict[int, dict[str, list[dict[str, Any]]]]:
    """Por sección (su línea), las reglas, tablas y ejemplos (``_ejemplos_de``) de sus vallas."""
    contenido: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for valla in fuente.estructura.vallas:
        seccion = _propia(fuente, valla.inicio)
        if seccion is None or not valla.cerrada:
            continue
        propio = contenido.setdefault(seccion.inicio, {"reglas": [], "tablas": [], "ejemplos": []})
        datos = _yaml(valla)
        sistema = datos.get("sistema") if isinstance(datos.get("sistema"), str) else None
        sistema = sistema or fuente.reglamento.sistema.nombre
        if valla.lenguaje == "tapiz-regla":
            for tipo in ("regla", "tabla"):
                propio[f"{tipo}s"] += [
                    api.referencia(sistema, n, tipo, fuente.lienzo)
                    for n in _nombres(datos, tipo, f"{tipo}s")
                ]
        elif (hecho := ejemplos.get(valla.inicio)) is not None:
            propio["ejemplos"].append(
                {"id": hecho["id"], "titulo": hecho["titulo"], "enlace": hecho["enlace"]}
            )
    return contenido


def _ref(fuente: Fuente, seccion: Seccion) -> dict[str, Any]:
    return {
        "id": seccion.identificador,
        "titulo": seccion.titulo,
        "enlace": fichero_de_seccion(fuente.pagina, str(seccion.identificador)),
    }


def pagina(
    fuente: Fuente, a_html: Callable[[list[str]], list[str]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Las secciones de una página, en el orden del fichero, con lo que hay en cada una, y sus
    ejemplos resueltos (cada uno se resuelve una vez: lo nombra su sección y va en la lista).

    ``a_html`` convierte los textos de todas las secciones de una vez (uno por sección)."""
    ejemplos = _ejemplos_de(fuente)
    contenido = _contenido(fuente, ejemplos)
    sistema = fuente.sistema
    todas = list(fuente.estructura.todas())
    textos = [_sin_bloques(s, fuente.estructura.vallas) for s in todas]
    htmls = a_html(textos)
    padres = {id(h): s for s in todas for h in s.hijas}
    vacio: dict[str, list[dict[str, Any]]] = {"reglas": [], "tablas": [], "ejemplos": []}
    secciones = []
    for s, texto_md, html in zip(todas, textos, htmls, strict=True):
        padre = padres.get(id(s))
        secciones.append(
            {
                "id": s.identificador,
                "titulo": s.titulo,
                "pagina": fuente.id,
                "sistema": sistema,
                "nivel": s.nivel,
                "url": f"{url_de(fuente.pagina)}#{s.identificador}",
                "enlace": fichero_de_seccion(fuente.pagina, str(s.identificador)),
                "padre": _ref(fuente, padre) if padre else None,
                "subsecciones": [_ref(fuente, h) for h in s.hijas],
                "fuente": fuente.ruta,
                "lineas": [s.inicio, s.fin],
                "markdown": enlaces_en_markdown(texto_md, fuente.pagina),
                "html": enlaces_en_html(html, fuente.pagina),
                "pendiente": pendientes.aviso_en(s.texto) is not None,
                **contenido.get(s.inicio, vacio),
            }
        )
    return secciones, list(ejemplos.values())


def datos_de_pagina(fuente: Fuente, titulo: str, secciones: list[dict[str, Any]]) -> dict[str, Any]:
    """El fichero de una página: quién es y sus secciones."""
    return {
        "id": fuente.id,
        "titulo": titulo,
        "url": url_de(fuente.pagina),
        "enlace": fichero_de(fuente.pagina),
        "fuente": fuente.ruta,
        "sistema": fuente.sistema,
        "lienzo": fuente.lienzo,
        "secciones": secciones,
    }
