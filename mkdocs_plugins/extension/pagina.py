"""El núcleo común: convertir una página con la extensión y comprobar ficheros.

``tapiz comprobar`` y el plugin de pytest convierten cada página con
Python-Markdown y la extensión ``mkdocs_plugins.extension``, igual que la
construcción del sitio: las mismas vallas, los mismos mensajes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from markdown import Markdown

from mkdocs_plugins.extension import Pagina, TapizExtension
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.fuente import (
    Configuracion,
    Estructura,
    Problema,
    error_front_matter,
    separar_front_matter,
)
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.vallas import Fragmento
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento as reglamento_de_serie

ACTUAL = reglamento_de_serie()
EXTENSIONES: tuple[str, ...] = (
    "abbr",
    "admonition",
    "attr_list",
    "def_list",
    "md_in_html",
    "tables",
    "pymdownx.details",
    "pymdownx.superfences",
)
"""Las extensiones del libro que deciden la estructura de una página (véase mkdocs.yml)."""
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
    """Una página convertida: su HTML, sus problemas y lo que necesitan los widgets."""

    ruta: str
    html: str
    problemas: list[Problema] = field(default_factory=list)
    fragmentos: list[Fragmento] = field(default_factory=list)
    ejemplos: dict[str, str] = field(default_factory=dict)
    expresiones: set[str] = field(default_factory=set)
    avisos: list[Problema] = field(default_factory=list)
    estructura: Estructura | None = None

    @property
    def total_ejemplos(self) -> int:
        return sum(f.es_ejemplo for f in self.fragmentos)


def procesar(
    ruta: str, markdown: str, desplazamiento: int = 0, reglamento: Reglamento = ACTUAL
) -> Procesada:
    """Convierte una página como la construcción del sitio y reúne todos sus problemas."""
    extension = TapizExtension()
    extension.pagina = Pagina(ruta, reglamento, desplazamiento)
    html = Markdown(extensions=[*EXTENSIONES, extension]).convert(markdown)
    estado = extension.ultimo
    if estado is None:
        return Procesada(ruta, html)
    return Procesada(
        ruta,
        html,
        estado.problemas,
        estado.fragmentos,
        estado.ejemplos,
        estado.expresiones,
        estado.avisos,
        estado.estructura,
    )


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


@dataclass
class Informe:
    """Lo que deja comprobar un conjunto de páginas; también lo que necesitan los widgets."""

    ejemplos: int = 0
    problemas: list[Problema] = field(default_factory=list)
    marcas: list[Marca] = field(default_factory=list)
    expresiones: set[str] = field(default_factory=set)
    datos_ejemplos: dict[str, str] = field(default_factory=dict)
    avisos: list[Problema] = field(default_factory=list)


def comprobar_ficheros(ficheros: list[Path], configuracion: Configuracion) -> Informe:
    """Comprueba ficheros Markdown como lo haría la construcción del sitio."""
    informe = Informe()
    registro = identificadores.del_proyecto(configuracion)
    for fichero in ficheros:
        ruta = configuracion.ruta(fichero)
        texto = fichero.read_text("utf-8")
        if cabecera := error_front_matter(texto):
            informe.problemas.append(Problema(ruta, *cabecera))
        markdown, desplazamiento = separar_front_matter(texto)
        reglamento = configuracion.reglamento_de(fichero)
        procesada = procesar(ruta, markdown, desplazamiento, reglamento)
        informe.ejemplos += procesada.total_ejemplos
        informe.problemas.extend(procesada.problemas)
        informe.marcas.extend(marcas_editoriales(ruta, markdown, desplazamiento))
        informe.expresiones |= procesada.expresiones
        informe.datos_ejemplos |= procesada.ejemplos
        informe.avisos.extend(procesada.avisos)
        informe.problemas += de_identificadores(configuracion, fichero, procesada, registro)
    return informe


def de_identificadores(
    configuracion: Configuracion,
    fichero: Path,
    procesada: Procesada,
    registro: identificadores.Referencia | None,
) -> list[Problema]:
    """Los problemas de los identificadores de sus secciones y ejemplos, con lo que dice el
    registro si el proyecto lo tiene o, si no, git (los mismos en ``tapiz comprobar`` y en
    pytest)."""
    clave = identificadores.clave(configuracion, fichero)
    generada = clave == catalogo.RUTA  # la escribe «tapiz exportar», como el plugin
    if not clave or generada or procesada.estructura is None:
        return []
    ruta = configuracion.ruta(fichero)
    return identificadores.comprobar(ruta, clave, procesada.estructura, registro)
