"""Escribe la API estática ``api/v1/`` del libro (el plugin tras construir, y
``tapiz exportar --json``): lee cada página con markdown-it-py y escribe el HTML de cada
sección con las extensiones del libro."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from markdown import Markdown

from mkdocs_plugins.extension import valores
from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.nucleo.api import api, api_esquemas, api_paginas, identificadores
from mkdocs_plugins.nucleo.datos import Anteriores, anteriores
from mkdocs_plugins.nucleo.fuente import Configuracion, estructura, html_crudo, version
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.vivo import motor
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.lienzo import Lienzo
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import SISTEMAS

SEPARADOR = "<!--tapiz-api-seccion-->"
_CON_HTML = re.compile(r"^\s*<", re.MULTILINE)
_MARCA = re.compile(valores.PATRON)
MODULO = "tapiz.mjs"
"""El módulo ES que evalúa las reglas con el motor publicado (``nucleo/vivo/tapiz.mjs``)."""


@dataclass(frozen=True)
class Recordadas:
    """Lo que la API ya calculó en otra construcción del mismo proceso (``mkdocs serve``: el
    plugin las guarda en ``Cache.memoria``): el HTML de cada texto (``_conversor``) y las
    secciones y los ejemplos de cada página, con el texto, el título, el Lienzo y el
    reglamento de los que salieron. Al guardar una página solo se rehace lo suyo.

    El JSON de cada fichero no se recuerda: comparar sus datos con los de la vez anterior
    costaba menos que escribirlo, pero ``1 == 1.0 == True`` y el JSON de cada uno es otro."""

    html: dict[str, str] = field(default_factory=dict)
    paginas: dict[str, tuple[tuple[str, ...], Reglamento, list[Any], list[Any]]] = field(
        default_factory=dict
    )


class Leida(NamedTuple):
    fuente: api_paginas.Fuente
    titulo: str
    texto: str
    """El Markdown que se leyó, con los valores del motor ya escritos."""


def _conversor(hechas: dict[str, str] | None = None) -> Callable[[list[str]], list[str]]:
    """Markdown → HTML con la estructura del libro; las vallas quedan como código, sin colorear
    (``<code class="language-python">``: cada cliente lo colorea a su manera, y Pygments
    compilaba las expresiones de cada lenguaje en cada construcción, un tercio de la API).

    Las secciones de una página se convierten de una vez, separadas por un comentario que
    Python-Markdown deja tal cual: una conversión por página y no por sección (un tercio
    del tiempo de la API se iba en preparar cada conversión). Una sección con HTML propio
    (un ``<div>`` que podría quedar abierto) se convierte sola, como antes. El HTML solo
    depende del texto (``reset`` olvida lo de la conversión anterior): un texto repetido se
    convierte una vez, también en la construcción siguiente si se le dan las ``hechas``
    en la anterior (``plugin/api_guardada.py``); el conversor se prepara solo si hace falta."""
    preparado: list[Markdown] = []
    hechas = {} if hechas is None else hechas
    """Cada texto ya convertido: un libro con páginas repetidas convierte cada una una vez."""

    def solo(texto: str) -> str:
        if texto not in hechas:
            if not preparado:
                preparado.append(
                    Markdown(
                        extensions=[*EXTENSIONES, "pymdownx.highlight"],
                        extension_configs={"pymdownx.highlight": {"use_pygments": False}},
                    )
                )
            hechas[texto] = _sin_nada_activo(preparado[0].reset().convert(texto))
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


def _como_la_pagina(texto: str, reglamento: Reglamento) -> str:
    """El texto con cada valor del motor (``{{= regla(...).salida }}``) y el dado de la tirada
    (``{{dado}}``) como los muestra la página con las reglas del libro; una marca que no se
    calcula queda igual (la construcción ya la da por error)."""

    def valor(encontrado: re.Match[str]) -> str:
        try:
            return valores.calcular(reglamento, encontrado)
        except ErrorTapiz:
            return encontrado.group(0)

    texto = _MARCA.sub(valor, texto) if valores.INICIO_DE_MARCA in texto else texto
    dado = getattr(reglamento.parametros, "dado_base", None)
    return re.sub(valores.DADO_DE_LA_TIRADA, dado, texto) if isinstance(dado, str) else texto


def fuentes(configuracion: Configuracion) -> list[Leida]:
    """Cada página del libro con su título (el de su cabecera o su primer encabezado).

    Una sección sin identificador, con uno repetido en su página o reutilizado (según el
    registro o git, ``identificadores.comprobar``) es un error (``ErrorTapiz`` con
    ``fichero:línea``): su dirección no sería estable."""
    leidas = []
    problemas: list[str] = []
    registro = identificadores.del_proyecto(configuracion)
    carpetas = [(carpeta.resolve(), lienzo) for carpeta, lienzo in configuracion.lienzos]
    for fichero in sorted(configuracion.paginas.rglob("*.md")):
        if fichero == configuracion.paginas / catalogo.RUTA:
            continue  # lo genera «tapiz exportar»: no es una página del libro
        reglamento = configuracion.reglamento_de(fichero)
        texto = _como_la_pagina(fichero.read_text("utf-8"), reglamento)
        leida = estructura.leer(texto)
        ruta = configuracion.ruta(fichero)
        if clave := identificadores.clave(configuracion, fichero):
            de_ids = identificadores.comprobar(ruta, clave, leida, registro)
            problemas += [str(problema) for problema in de_ids]
        lienzo = _lienzo_de(carpetas, fichero)
        fuente = api_paginas.Fuente(
            fichero.relative_to(configuracion.paginas).as_posix(),
            ruta,
            leida,
            reglamento,
            api.id_de_lienzo(lienzo) if lienzo else None,
        )
        leidas.append(Leida(fuente, leida.titulo or fuente.pagina, texto))
    if problemas:
        raise ErrorTapiz("\n".join(problemas))
    return leidas


def _citas(secciones: list[dict[str, Any]], ejemplos: list[dict[str, Any]]) -> api.Referencias:
    """Por regla o tabla, las secciones que la muestran y, después, las de sus ejemplos."""
    citas: api.Referencias = {}
    por_id = {(s["pagina"], s["id"]): s for s in secciones}
    for seccion, ref in [
        *((s, r) for s in secciones for r in [*s["reglas"], *s["tablas"]]),
        *(
            (por_id[clave], e["regla"])
            for e in ejemplos
            if (clave := (e["pagina"], e["seccion"])) in por_id
        ),
    ]:
        lista = citas.setdefault(ref["enlace"], [])
        if seccion not in lista:
            lista.append(seccion)
    return citas


def _con_cabecera(tipo: str, ruta: str, base: str, datos: dict[str, Any]) -> dict[str, Any]:
    return {**api.cabecera(tipo, ruta, base), **datos}


def ficheros(
    configuracion: Configuracion,
    base: str | None = None,
    con_motor: bool = False,
    recordadas: Recordadas | None = None,
) -> dict[str, str]:
    """Cada fichero de la API, por su ruta dentro de ``api/v1/``; ``base``, la dirección del
    sitio (por defecto la ``site_url`` de ``mkdocs.yml``). Con ``con_motor`` (el sitio publica
    Pyodide y ``motor.zip``), también el módulo JavaScript que evalúa las reglas. Con
    ``recordadas``, rehace solo lo que cambió desde la construcción anterior."""
    base = sitio_de(configuracion.raiz) if base is None else base
    recordadas = Recordadas() if recordadas is None else recordadas
    a_html = _conversor(recordadas.html)
    leidas = fuentes(configuracion)
    de_cada = {leida.fuente.pagina: _pagina(leida, a_html, recordadas) for leida in leidas}
    paginas = {f.pagina: (f, titulo, de_cada[f.pagina][0]) for f, titulo, _ in leidas}
    secciones = [s for propias, _ in de_cada.values() for s in propias]
    ejemplos = [e for _, suyos in de_cada.values() for e in suyos]
    citas = _citas(secciones, ejemplos)
    salida: dict[str, dict[str, Any]] = {}

    def publicar(tipo: str, datos: dict[str, Any]) -> None:
        salida[datos["enlace"]] = _con_cabecera(tipo, datos["enlace"], base, datos)

    def con_sus_reglas(tipo: str, publicado: dict[str, Any]) -> None:
        """Un sistema o un Lienzo, y cada una de sus reglas y tablas en su propio fichero."""
        publicar(tipo, publicado)
        for regla in publicado["reglas"]:
            publicar("regla", regla)
        for tabla in publicado["tablas"]:
            publicar("tabla", tabla)

    for nombre in SISTEMAS:
        con_sus_reglas("sistema", api.sistema(nombre, citas))
    for _, declarado in configuracion.lienzos:
        con_sus_reglas("lienzo", api.lienzo(declarado, citas))
    for fuente, titulo, propias in paginas.values():
        publicar("pagina", api_paginas.datos_de_pagina(fuente, titulo, propias))
    for seccion in secciones:
        publicar("seccion", seccion)
    salida["ejemplos.json"] = _con_cabecera(
        "ejemplos",
        "ejemplos.json",
        base,
        {"ejemplos": ejemplos},
    )
    modulo = {"titulo": "El motor de reglas (módulo ES)", "url": f"{api.CARPETA}/{MODULO}"}
    raiz = configuracion.raiz
    salida["index.json"] = api.indice(
        version.leer(raiz), version.publicada(raiz), base, salida, modulo if con_motor else None
    )
    textos = {ruta: api.texto(datos) for ruta, datos in salida.items()}
    if con_motor:
        textos[MODULO] = (Path(motor.__file__).parent / MODULO).read_text("utf-8")
    textos |= {
        f"schemas/{tipo}.json": api.texto(api_esquemas.esquema(tipo, base)) for tipo in api.TIPOS
    }
    return textos


def _pagina(
    leida: Leida, a_html: Callable[[list[str]], list[str]], recordadas: Recordadas
) -> tuple[list[Any], list[Any]]:
    """Las secciones y los ejemplos de una página: los de la vez anterior si salen del mismo
    texto, título, Lienzo y reglamento (el mismo objeto: la configuración sigue entre las
    reconstrucciones de ``mkdocs serve`` mientras no cambian sus ficheros)."""
    fuente = leida.fuente
    firma = (fuente.ruta, fuente.lienzo or "", leida.titulo, leida.texto)
    anterior = recordadas.paginas.get(fuente.pagina)
    if anterior is not None and anterior[0] == firma and anterior[1] is fuente.reglamento:
        return anterior[2], anterior[3]
    secciones, ejemplos = api_paginas.pagina(fuente, a_html)
    recordadas.paginas[fuente.pagina] = (firma, fuente.reglamento, secciones, ejemplos)
    return secciones, ejemplos


def sitio_de(raiz: Path) -> str:
    """La ``site_url`` de ``mkdocs.yml`` (acabada en «/»), o «» si no la hay."""
    fichero = raiz / "mkdocs.yml"
    if not fichero.is_file():
        return ""
    encontrada = re.search(r"^site_url:\s*[\"']?([^\s\"'#]+)", fichero.read_text("utf-8"), re.M)
    if encontrada is None:
        return ""
    return encontrada.group(1).rstrip("/") + "/"


def escribir(
    destino: Path,
    configuracion: Configuracion,
    preparados: dict[str, str] | None = None,
    con_motor: bool | None = None,
    apartados: Anteriores | None = None,
) -> int:
    """Escribe la API en ``destino/api/v1/`` (los ficheros ``preparados`` en otro proceso, si
    los hay); cuántos ficheros (cada carpeta, creada una vez). El módulo JavaScript va si el
    sitio publica el motor (``con_motor``; sin decirlo, si hay Pyodide para publicarlo). Con
    ``apartados``, los de la construcción anterior que no cambian vuelven a su sitio."""
    if con_motor is None:
        con_motor = motor.carpeta_pyodide(configuracion.raiz) is not None
    escritos = ficheros(configuracion, con_motor=con_motor) if preparados is None else preparados
    carpeta = destino / api.CARPETA
    for subcarpeta in {(carpeta / ruta).parent for ruta in escritos}:
        subcarpeta.mkdir(parents=True, exist_ok=True)
    for ruta, texto in escritos.items():
        anteriores.escribir(carpeta / ruta, texto.encode(), apartados)
    return len(escritos)
