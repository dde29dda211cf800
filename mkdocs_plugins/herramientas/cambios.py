"""``tapiz cambios REV1 [REV2]``: qué cambió en las reglas y en el libro entre dos revisiones.

Reglas, tablas, parámetros y secciones añadidos, quitados o cambiados, con el valor de
antes y el de después; donde se movió un número, su impacto (como ``tapiz impacto``):
los ejemplos del libro cuyas salidas cambian y las probabilidades de la tirada de acción.
Sin REV2, el árbol de trabajo. Markdown en español, o JSON con ``--json``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mkdocs_plugins.herramientas import comparar, revisiones
from mkdocs_plugins.herramientas.impacto import (
    _tabla_md,
    casos_del_libro,
    comprobar_revision,
    partes_accion,
    partes_ejemplos,
    valor,
)
from mkdocs_plugins.nucleo.fuente import Configuracion
from mkdocs_plugins.nucleo.vallas import coincide

__all__ = ["cambios", "markdown", "nombre_de", "rotos", "valor"]

TITULOS = {
    "reglas": ("Reglas", "regla"),
    "tablas": ("Tablas", "tabla"),
    "parametros": ("Parámetros", "parámetro"),
    "secciones": ("Secciones", "sección"),
}
CAMPOS_DE_SECCION = {"pagina": "página", "titulo": "título", "nivel": "nivel", "texto": "texto"}


def nombre_de(cambio: dict[str, Any], texto: Callable[[str], str] = str) -> str:
    """«Apuntar bien» (`apuntar`): el título de ahora (o el de antes) y el identificador;
    ``texto`` escribe el título (``literal`` en una página del sitio)."""
    datos = cambio.get("despues") or cambio.get("antes") or {}
    titulo = cambio.get("titulo") or (datos.get("titulo") if isinstance(datos, dict) else None)
    return f"«{texto(titulo)}» (`{cambio['nombre']}`)" if titulo else f"`{cambio['nombre']}`"


def _campo(clase: str, campo: str) -> str:
    return CAMPOS_DE_SECCION.get(campo, campo) if clase == "secciones" else f"`{campo}`"


def _fila(clase: str, cambio: dict[str, Any]) -> list[str]:
    if clase == "secciones" and cambio["campo"] == "texto":
        return [_campo(clase, "texto"), "(cambiado)", "(cambiado)"]
    return [_campo(clase, cambio["campo"]), valor(cambio["antes"]), valor(cambio["despues"])]


def _clase(clase: str, cambios: dict[str, Any]) -> list[str]:
    titulo, palabra = TITULOS[clase]
    if not any(cambios.values()):
        return []
    partes = [f"### {titulo}", ""]
    for cambio in cambios["anadidas"]:
        partes.append(f"- Nueva {palabra}: {nombre_de(cambio)}")
    for cambio in cambios["quitadas"]:
        partes.append(f"- Se quita la {palabra} {nombre_de(cambio)}")
    if cambios["anadidas"] or cambios["quitadas"]:
        partes.append("")
    for cambio in cambios["cambiadas"]:
        partes += [f"#### Cambia {nombre_de(cambio)}", ""]
        if clase == "tablas":
            for etiqueta, tabla in (("Antes", cambio["antes"]), ("Después", cambio["despues"])):
                partes += [f"**{etiqueta}**", "", *_tabla_md(tabla["columnas"], tabla["filas"]), ""]
            continue
        filas = [_fila(clase, c) for c in cambio["campos"]]
        partes += [*_tabla_md(["Campo", "Antes", "Después"], filas), ""]
    return partes


def markdown(informe: dict[str, Any]) -> str:
    """El informe en Markdown (para un pull request o unas notas de versión)."""
    hasta = informe["hasta"]
    hacia = f"al {hasta.removeprefix('el ')}" if hasta == revisiones.ARBOL else f"a {hasta}"
    partes = [f"## Cambios de {informe['desde']} {hacia}", ""]
    for clase in comparar.CLASES:
        partes += _clase(clase, informe[clase])
    partes += _rotos(informe["rotos"])
    impacto = informe.get("impacto_markdown", [])
    partes += impacto  # con sus encabezados: uno propio, encima, quedaba vacío
    if len(partes) == 2:
        partes.append("Ningún cambio en reglas, tablas, parámetros ni secciones.")
    return "\n".join(partes).rstrip("\n") + "\n"


def cambios(desde: str, hasta: str | None, configuracion: Configuracion) -> dict[str, Any]:
    """El informe como datos (lo que escribe ``--json``) y su impacto en Markdown."""
    for revision in (desde, hasta):
        if revision is not None:
            comprobar_revision(revision)
    casos = casos_del_libro(configuracion)
    antes = revisiones.describir(desde, configuracion, casos)
    despues = revisiones.describir(hasta, configuracion, casos)
    ejemplos = [
        {**caso, "antes": a, "despues": d}
        for caso, a, d in zip(casos, antes["resultados"], despues["resultados"], strict=True)
        if a != d
    ]
    return {
        "desde": desde,
        "hasta": hasta or revisiones.ARBOL,
        **comparar.comparar(antes, despues),
        "probabilidades": comparar.probabilidades(antes, despues),
        "ejemplos": ejemplos,
        "rotos": rotos(ejemplos),
        "impacto_markdown": partes_ejemplos(antes, despues, casos) + partes_accion(antes, despues),
    }


def rotos(ejemplos: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Los ejemplos del libro que se cumplían antes y dejan de cumplirse: cada salida que el
    libro afirma y que ya no da (hay que cambiar el libro o el cambio)."""
    return [
        {
            "id": e["id"],
            "pagina": e["pagina"],
            "linea": e["linea"],
            "titulo": e["titulo"],
            "salida": salida,
            "espera": esperado,
            "antes": e["antes"].get(salida),
            "despues": e["despues"].get(salida),
        }
        for e in ejemplos
        for salida, esperado in e["espera"].items()
        if salida in e["antes"]
        and coincide(esperado, e["antes"][salida])
        and not (salida in e["despues"] and coincide(esperado, e["despues"][salida]))
    ]


def _rotos(lista: list[dict[str, Any]]) -> list[str]:
    if not lista:
        return []
    filas = [
        [
            f"{r['pagina']}:{r['linea']} «{r['titulo']}» (`{r['id']}`)",
            r["salida"],
            valor(r["espera"]),
            valor(r["despues"]),
        ]
        for r in lista
    ]
    cabecera = ["Ejemplo", "Salida", "El libro dice", "Ahora da"]
    return ["### Ejemplos del libro que dejan de cumplirse", "", *_tabla_md(cabecera, filas), ""]
