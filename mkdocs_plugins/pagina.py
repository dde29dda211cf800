"""El núcleo común: procesar una página entera y comprobar ficheros.

El plugin de MkDocs, el plugin de pytest y ``tapiz comprobar`` solo adaptan
estas funciones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs_plugins import bloques as extraccion
from mkdocs_plugins import dados_en_texto, render
from mkdocs_plugins.bloques import Bloque
from mkdocs_plugins.configuracion import Configuracion
from mkdocs_plugins.ejecucion import (
    EjemploEjecutado,
    ejecutar_ejemplo,
    ejecutar_regla,
    resultados_con_dados,
)
from mkdocs_plugins.especificacion import leer_ejemplo, leer_regla
from mkdocs_plugins.problemas import ErrorDePagina, Problema
from tapiz_rules.modelo import Regla, Reglamento, Tabla
from tapiz_rules.sistemas import reglamento as reglamento_de_serie

ACTUAL = reglamento_de_serie()

MARCA = "TAPIZBLOQUE{}FIN"
_MARCA_HTML = re.compile(r"(?:<p>)?TAPIZBLOQUE(\d+)FIN(?:</p>)?")
_TODO = re.compile(r"<!--\s*(TODO|FIXME)\b:?\s*(.*?)-->", re.DOTALL)


@dataclass(frozen=True)
class Marca:
    """Una anotación editorial oculta a los lectores (``<!-- TODO: … -->``)."""

    ruta: str
    linea: int
    tipo: str
    texto: str

    def __str__(self) -> str:
        return f"{self.ruta}:{self.linea}: {self.tipo}: {self.texto}"


@dataclass
class Procesada:
    """Una página tras pasar por el núcleo."""

    ruta: str
    markdown: str
    fragmentos: list[str] = field(default_factory=list)
    problemas: list[Problema] = field(default_factory=list)
    ejemplos: dict[str, dict[str, Any]] = field(default_factory=dict)
    expresiones: set[str] = field(default_factory=set)
    total_ejemplos: int = 0

    def html(self, contenido: str) -> str:
        """Completa el HTML de MkDocs: botones de dados y bloques renderizados."""
        contenido = dados_en_texto.botones(contenido, self.expresiones)
        return _MARCA_HTML.sub(lambda m: self.fragmentos[int(m.group(1))], contenido)


def identificador(ruta: str, linea: int) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", ruta.lower().removesuffix(".md")).strip("-")
    return f"ejemplo-{base}-l{linea}"


def _renderizar_regla(bloque: Bloque, reglamento: Reglamento) -> str:
    espec = leer_regla(bloque, reglamento)
    if espec.widget is not None:
        return render.widget(espec.widget, espec.reglamento)
    definida = ejecutar_regla(espec)
    if isinstance(definida, Tabla):
        return render.tabla(definida, espec.tabla or "")
    if isinstance(definida, Regla) and espec.catalogo:
        return render.regla_para_catalogo(definida, espec.reglamento.sistema.nombre)
    if isinstance(definida, Regla):
        return render.regla_para_lectores(definida)
    return ""


def comprobar_ejemplo(bloque: Bloque, reglamento: Reglamento = ACTUAL) -> EjemploEjecutado:
    """Ejecuta una valla ```tapiz-ejemplo``; lanza ErrorDePagina si algo no cuadra."""
    return ejecutar_ejemplo(leer_ejemplo(bloque, reglamento))


def _datos_ejemplo(ejecutado: EjemploEjecutado) -> dict[str, Any] | None:
    resultados = resultados_con_dados(ejecutado)
    if resultados is None:
        return None
    espec = ejecutado.espec
    return {
        "regla": ejecutado.regla.nombre,
        "edicion": espec.reglamento.edicion,
        "dados": espec.dados,
        "entradas": ejecutado.entradas,
        "salidas": list(espec.espera),
        "resultados": resultados,
    }


def procesar(
    ruta: str,
    markdown: str,
    desplazamiento: int = 0,
    reglamento: Reglamento = ACTUAL,
    *,
    ejemplos: bool = True,
) -> Procesada:
    """Ejecuta todos los bloques de una página y reúne todos sus problemas.

    Con ``ejemplos=False`` los ejemplos no se ejecutan (pytest los ejecuta uno a uno).
    """
    procesada = Procesada(ruta, markdown)
    documento = extraccion.Documento(markdown, desplazamiento)
    lineas = markdown.split("\n")
    for bloque in reversed(list(documento.bloques())):
        es_ejemplo = bloque.tipo == "tapiz-ejemplo"
        procesada.total_ejemplos += es_ejemplo
        if es_ejemplo and not ejemplos:
            continue
        try:
            fragmento = _fragmento(procesada, bloque, reglamento)
        except ErrorDePagina as error:
            problema = error.en(ruta)
            procesada.problemas.append(problema)
            fragmento = render.error(problema)
        sangria = " " * bloque.sangria
        procesada.fragmentos.append(fragmento)
        marca = sangria + MARCA.format(len(procesada.fragmentos) - 1)
        lineas[bloque.inicio : bloque.fin] = [sangria, marca, sangria]
    validas, errores = dados_en_texto.problemas(documento.textos())
    procesada.expresiones = validas
    procesada.problemas.extend(error.en(ruta) for error in errores)
    procesada.problemas.sort(key=lambda p: p.linea)
    procesada.markdown = "\n".join(lineas)
    return procesada


def _fragmento(procesada: Procesada, bloque: Bloque, reglamento: Reglamento) -> str:
    if bloque.tipo == "tapiz-regla":
        return _renderizar_regla(bloque, reglamento)
    if bloque.tipo != "tapiz-ejemplo":
        validos = ", ".join(extraccion.TIPOS)
        raise ErrorDePagina(
            bloque.linea, f"tipo de bloque desconocido «{bloque.tipo}»; los válidos son: {validos}"
        )
    ejecutado = comprobar_ejemplo(bloque, reglamento)
    ident = identificador(procesada.ruta, bloque.linea)
    datos = _datos_ejemplo(ejecutado)
    if datos is not None:
        procesada.ejemplos[ident] = datos
    return render.ejemplo(ejecutado, ident, repetible=datos is not None)


def marcas_editoriales(ruta: str, markdown: str, desplazamiento: int = 0) -> list[Marca]:
    """Los ``<!-- TODO -->`` y ``<!-- FIXME -->`` de la página, para quien contribuye."""
    return [
        Marca(
            ruta,
            desplazamiento + markdown.count("\n", 0, encontrada.start()) + 1,
            encontrada.group(1).upper(),
            " ".join(encontrada.group(2).split()),
        )
        for encontrada in _TODO.finditer(markdown)
    ]


@dataclass(frozen=True)
class Informe:
    ejemplos: int
    problemas: list[Problema]
    marcas: list[Marca]


def comprobar_ficheros(ficheros: list[Path], configuracion: Configuracion) -> Informe:
    """Comprueba ficheros Markdown como lo haría la construcción del sitio."""
    ejemplos, problemas, marcas = 0, [], []
    for fichero in ficheros:
        ruta = configuracion.ruta(fichero)
        markdown, desplazamiento = extraccion.separar_front_matter(fichero.read_text("utf-8"))
        reglamento = configuracion.reglamento_de(fichero)
        procesada = procesar(ruta, markdown, desplazamiento, reglamento)
        ejemplos += procesada.total_ejemplos
        problemas.extend(procesada.problemas)
        marcas.extend(marcas_editoriales(ruta, markdown, desplazamiento))
    return Informe(ejemplos, problemas, marcas)


def ruta_mostrada(fichero: Path, raiz: Path) -> str:
    try:
        return fichero.resolve().relative_to(raiz.resolve()).as_posix()
    except ValueError:
        return fichero.as_posix()
