"""Lo que hace cada proceso auxiliar del adelanto con una página: pasarla por un Markdown que
solo tiene preprocesadores, donde la extensión ejecuta sus bloques como en la construcción
(``adelanto``), y calcular lo que cambia en ellos con las reglas de quien lee."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown import Markdown
from mkdocs.utils import meta

from mkdocs_plugins.extension import Estado, Pagina, TapizExtension
from mkdocs_plugins.extension.extension import huella_del_texto
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.datos import Cache, datos
from mkdocs_plugins.nucleo.fuente import Configuracion, Estructura, lineas_previas
from mkdocs_plugins.nucleo.marcado import dados_en_texto
from mkdocs_plugins.nucleo.vallas import VALLAS
from mkdocs_plugins.nucleo.widgets import reglas_lector
from mkdocs_plugins.plugin import contenido

_LENGUAJE_DE_VALLA = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[{. \t]*([^\s{}.,`~]+)", re.MULTILINE)
"""El lenguaje de una valla que se abre (o se cierra con algo detrás: no importa, véase
``orden``)."""

Leida = tuple[bytes, int, Estructura]
"""La huella del texto que la extensión recibió de una página (``huella_del_texto``), su
desplazamiento y lo que se leyó."""


@dataclass(frozen=True)
class PaginaPendiente:
    """Lo que hace falta para convertir una página en otro proceso."""

    ruta: str
    """Como la nombran los mensajes (``srd/pagina.md``): es parte de la clave de sus bloques."""
    fichero: str | None
    contenido: str | None = None
    """El texto de una página generada, que no está en disco."""

    @functools.cached_property
    def fuente(self) -> str:
        """Su texto, leído una vez: el auxiliar lo mira para decidir el orden y después la
        convierte."""
        texto = self.contenido
        if texto is None:
            texto = Path(self.fichero or "").read_text("utf-8")
        return texto.replace("\r\n", "\n")


def orden(paginas: list[PaginaPendiente]) -> list[int]:
    """En qué orden las recorre un auxiliar: primero las que tienen código que colorear
    (vallas con un lenguaje que no son de Tapiz), después las demás, como MkDocs.

    Pygments importa y compila cada lenguaje la primera vez que un proceso lo usa (decenas de
    milisegundos; el libro lleva siete): si el auxiliar colorea todas las vallas, MkDocs toma
    su HTML de la caché y no importa ninguno (``extension/resaltado.py``). Si las dejara para
    su turno, MkDocs llegaría antes a alguna y la colorearía él. Solo decide el orden: una
    expresión regular basta (leer cada página con markdown-it-py, aquí, costaba 50 ms antes
    de la primera)."""
    colorean = [i for i, pagina in enumerate(paginas) if _colorea(pagina)]
    primero = set(colorean)
    return colorean + [i for i in range(len(paginas)) if i not in primero]


def _colorea(pagina: PaginaPendiente) -> bool:
    try:
        fuente = pagina.fuente
    except OSError:  # al convertirla, el error lo dice MkDocs
        return False
    return any(v not in VALLAS for v in _LENGUAJE_DE_VALLA.findall(fuente))


class Ejecutor:
    """En cada proceso auxiliar: un Markdown que solo pasa los preprocesadores.

    Así las vallas se encuentran y se ejecutan exactamente como en la construcción
    (``pymdownx.superfences`` las lee y llama a la extensión en el mismo orden, con
    el mismo texto y la misma línea), sin convertir el resto de la página.
    """

    def __init__(
        self,
        configuracion: Configuracion,
        markdown: tuple[list[Any], dict[str, Any]] | None = None,
    ) -> None:
        self.configuracion = configuracion
        self.extension = TapizExtension()
        # Las de la construcción (sin su extensión), para que el texto de cada página llegue a
        # la extensión como en MkDocs (p. ej. con lo que añade pymdownx.snippets).
        extensiones, ajustes = markdown or ([], {})
        otras = [e for e in extensiones if not isinstance(e, TapizExtension)]
        otras += [] if "pymdownx.superfences" in otras else ["pymdownx.superfences"]
        # Las vallas de código se colorean como en MkDocs (con la misma configuración), que
        # toma su HTML de la caché (extension/resaltado.py).
        self.markdown = Markdown(extensions=[*otras, self.extension], extension_configs=ajustes)
        self.leida: Leida | None = None
        """Lo que markdown-it-py leyó de la última página, con su texto."""
        self.vistas: set[str] = set()
        """Las expresiones de dados ya vistas en otras páginas."""

    def entradas_de(self, pagina: PaginaPendiente) -> dict[str, Any]:
        fichero = Path(pagina.fichero or "")
        fuente = pagina.fuente
        # Como MkDocs quita la cabecera (get_data): el mismo texto y las mismas líneas.
        markdown = meta.get_data(fuente)[0]
        desplazamiento = lineas_previas(fuente, markdown)
        reglamento = self.configuracion.reglamento_de(fichero)
        self.extension.pagina = Pagina(pagina.ruta, reglamento, desplazamiento)
        self.extension.cache = recogidas = Cache(None, huella="")
        self.markdown.reset()
        lineas = markdown.split("\n")
        self.leida = None
        for preprocesador in self.markdown.preprocessors:
            lineas = preprocesador.run(lineas)
        estado = self.extension.ultimo
        if estado is not None:
            vista = huella_del_texto("\n".join(estado.lineas))
            self.leida = (vista, estado.pagina.desplazamiento, estado.estructura)
            if any(reglas_lector.tiene_reglas(f.html) for f in estado.fragmentos):
                estado.variantes_del_lector(recogidas)
            self._identificadores(estado, fichero, recogidas)
        # Las distribuciones de los dados del texto, para los ficheros de datos (de más no
        # estorban: MkDocs solo busca las de los dados que ve).
        for expresion in {e.group(0) for e in dados_en_texto.expresiones(markdown)} - self.vistas:
            self.vistas.add(expresion)
            if dados_en_texto.error_de_notacion(expresion) is None:
                datos.distribucion_en_json(expresion, recogidas)
        return recogidas.guardadas()

    @functools.cached_property
    def registro(self) -> identificadores.Registro | None:
        return identificadores.leer(self.configuracion.raiz / identificadores.FICHERO)

    def _identificadores(self, estado: Estado, fichero: Path, recogidas: Cache) -> None:
        """Comprueba los identificadores de la página como MkDocs, con la misma clave: si no
        hay problemas, MkDocs ya no los busca. Solo con registro (el de git lo mira MkDocs)."""
        uri = identificadores.clave(self.configuracion, fichero)
        if self.registro is not None and uri is not None:
            contenido.problemas_de_identificadores(recogidas, estado, uri, self.registro)
