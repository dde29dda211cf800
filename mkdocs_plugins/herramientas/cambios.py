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
)
from mkdocs_plugins.nucleo.configuracion import Configuracion
from tapiz_rules.modelo.formato import decimal, miles

TITULOS = {
    "reglas": ("Reglas", "regla"),
    "tablas": ("Tablas", "tabla"),
    "parametros": ("Parámetros", "parámetro"),
    "secciones": ("Secciones", "sección"),
}
CAMPOS_DE_SECCION = {"pagina": "página", "titulo": "título", "nivel": "nivel", "texto": "texto"}


def valor(dato: Any) -> str:
    """Un valor de antes o de después como se lee en el informe: «5.400», «2,5», «sí», «—»."""
    if dato is None or dato == [] or dato == {}:
        return "—"
    if isinstance(dato, bool):
        return "sí" if dato else "no"
    if isinstance(dato, int):
        return miles(dato)
    if isinstance(dato, float):
        return decimal(dato, 4)
    texto = str(dato).replace("\n", " ")
    return texto if len(texto) <= 80 else texto[:79] + "…"


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
    impacto = informe.get("impacto_markdown", [])
    if impacto:
        partes += ["### Impacto en las probabilidades y en los ejemplos", "", *impacto]
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
        "impacto_markdown": partes_ejemplos(antes, despues, casos) + partes_accion(antes, despues),
    }
