"""Los bloques ``tapiz-*`` y los dados del texto como extensión de Python-Markdown.

Es el único camino por el que se muestran: el plugin de MkDocs, pytest,
``tapiz comprobar`` y cualquier otro generador que use Python-Markdown (Zensical
incluido) convierten la página con esta extensión. Las vallas las encuentra
``pymdownx.superfences``, el mismo analizador que las muestra; la extensión solo
registra sus tipos y recupera la línea de cada valla en el fichero.

En ``mkdocs.yml`` va después de ``pymdownx.superfences``::

    markdown_extensions:
      - pymdownx.superfences
      - mkdocs_plugins.extension
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from pymdownx.superfences import SuperFencesCodeExtension

from mkdocs_plugins.extension import resaltado, snippets, valores
from mkdocs_plugins.extension.html_crudo import HtmlCrudo
from mkdocs_plugins.extension.valores import DadoDeLaTirada, DadosNarrados, ValorDelMotor
from mkdocs_plugins.extension.vigente import configuracion_vigente
from mkdocs_plugins.nucleo import vallas
from mkdocs_plugins.nucleo.datos import Cache, cache, datos, objeto_guardado
from mkdocs_plugins.nucleo.fuente import (
    Configuracion,
    ErrorConfiguracion,
    ErrorDePagina,
    Problema,
    bloques,
    estructura,
    pendientes,
    ubicacion,
)
from mkdocs_plugins.nucleo.marcado import anclas, dados_en_texto
from mkdocs_plugins.nucleo.vallas import fragmentos, render
from mkdocs_plugins.nucleo.widgets import hoja, reglas_lector
from tapiz_rules.modelo import Reglamento

MAX_PAGINA = 1_000_000
"""Caracteres de una página; la más larga del libro tiene unos 20.000."""


@dataclass
class Pagina:
    """La página que se convierte: cómo se nombra, con qué reglas y cuántas líneas preceden."""

    ruta: str
    reglamento: Reglamento
    desplazamiento: int = 0
    paginas: Path | None = None
    """La carpeta de las páginas y la de esta dentro de ella: con ellas se enlaza la página
    que muestra cada regla (la hoja de personaje); sin ellas, esos enlaces no se resuelven."""
    uri: str = ""


@dataclass
class Estado:
    """Lo que la conversión de una página deja para la construcción y las pruebas."""

    pagina: Pagina
    lineas: list[str] = field(default_factory=list)
    usadas: set[int] = field(default_factory=set)
    problemas: list[Problema] = field(default_factory=list)
    avisos: list[Problema] = field(default_factory=list)
    fragmentos: list[vallas.Fragmento] = field(default_factory=list)
    ejemplos: dict[str, str] = field(default_factory=dict)
    expresiones: set[str] = field(default_factory=set)
    anclas: set[str] = field(default_factory=set)
    estructura: estructura.Estructura = field(default_factory=lambda: estructura.Estructura([], []))
    """Lo que markdown-it-py lee de la página: secciones y vallas, con sus líneas."""
    ubicacion: ubicacion.Ubicacion = field(default_factory=lambda: ubicacion.Ubicacion([]))
    propios: set[str] = field(default_factory=set)
    """El HTML de los bloques (Tapiz y código): lo escribe el libro, no quien contribuye."""
    lee_todas: bool = False
    """Enlaza reglas desde la hoja de personaje a la página que muestra cada una: depende de
    todas las páginas (``plugin/sucio.py``)."""
    arbol_terminado: bool = False
    """Los posprocesadores ya reciben la página entera: antes, el índice de contenidos y el
    título les pasan cada encabezado suelto, que la página entera vuelve a traer."""

    def linea_de(self, tipo: str, cuerpo: str) -> int:
        """La línea (desde 1, en el fichero) de la valla con ese tipo y ese cuerpo.

        La dice markdown-it-py; si no lee esa valla, es un error de la página en la línea
        que se adivina buscando su cuerpo.
        """
        return self.bloque(tipo, cuerpo).linea

    def bloque(self, tipo: str, cuerpo: str) -> bloques.Bloque:
        """La valla con su línea (``linea_de``) y el identificador de su cabecera."""
        valla = self.ubicacion.ubicar(tipo, cuerpo)
        if valla is not None:
            return bloques.Bloque(tipo, valla.inicio, cuerpo, valla.identificador)
        return bloques.Bloque(tipo, self.huerfana(tipo, cuerpo), cuerpo)

    def huerfana(self, tipo: str, cuerpo: str) -> int:
        """El error de una valla que SuperFences muestra y markdown-it-py no lee; su línea."""
        candidatas = bloques.aperturas(self.lineas, tipo)
        linea = self.pagina.desplazamiento + 1
        linea += bloques.buscar_valla(self.lineas, tipo, cuerpo, self.usadas, candidatas)
        self.problemas.append(Problema(self.pagina.ruta, linea, ubicacion.mensaje_huerfana(tipo)))
        return linea

    def linea_fuera_de_vallas(self, grupos: tuple[tuple[str, ...], ...]) -> int:
        """La línea (desde 1, en el fichero) fuera de las vallas que tiene todos los textos
        del primer grupo que aparece, sin distinguir mayúsculas; la primera si ninguno."""
        desplazamiento = self.pagina.desplazamiento
        lineas = [
            (desplazamiento + indice + 1, linea.lower())
            for indice, linea in enumerate(self.lineas)
            if not any(
                v.inicio <= desplazamiento + indice + 1 <= v.fin for v in self.estructura.vallas
            )
        ]
        for grupo in grupos:
            textos = [t.lower() for t in grupo if t]
            for numero, linea in lineas:
                if textos and all(t in linea for t in textos):
                    return numero
        return desplazamiento + 1

    def variantes_del_lector(self, guardadas: Cache | None) -> str:
        """Lo que cambia en los bloques de la página con cada elección de las reglas de quien
        lee (``reglas_lector.variantes``, en JSON).

        Las tablas, tarjetas y la calculadora que lee ``variantes`` salen todas de los bloques
        con las reglas del libro: su HTML basta, y es la clave en la caché. Así el adelanto las
        calcula en otro proceso, con los mismos bloques, antes de que MkDocs convierta la
        página; y ni se leen ni cuentan los demás (las tablas de la comparativa)."""
        html = "".join(f.html for f in self.fragmentos if reglas_lector.tiene_reglas(f.html))
        return cache.texto_guardado(
            guardadas, lambda: datos.en_json(reglas_lector.variantes(html)), "variantes", html
        )

    def desacuerdos(self) -> None:
        """Las vallas que markdown-it-py lee y SuperFences no mostró son errores."""
        for valla in self.ubicacion.sin_mostrar():
            mensaje = ubicacion.mensaje_sin_mostrar(valla)
            self.problemas.append(Problema(self.pagina.ruta, valla.inicio, mensaje))


class TapizExtension(Extension):
    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "configuracion": ["tapiz.yml", "El tapiz.yml del libro, para otros generadores"],
        }
        super().__init__(**kwargs)
        self.pagina: Pagina | None = None
        """La fija el plugin de MkDocs antes de cada página; sin él se deduce del generador."""
        self.ultimo: Estado | None = None
        self.cache: Cache | None = None
        """La caché de los bloques; la pone el plugin de MkDocs (pytest no la usa)."""
        self.leidas: dict[tuple[bytes, int], estructura.Estructura] = {}
        """Lo que markdown-it-py ya leyó en otro proceso, por la huella del texto
        (``huella_del_texto``) y el desplazamiento (el adelanto del plugin): ese mismo texto no
        se lee otra vez."""
        self._mostradas: dict[Path, dict[str, str]] = {}
        self._configuracion: Configuracion | None = None
        self._estados: WeakKeyDictionary[Markdown, Estado] = WeakKeyDictionary()
        self._previos: WeakKeyDictionary[Markdown, list[tuple[int, str]]] = WeakKeyDictionary()
        """Lo que falla antes de empezar la página (``snippets.py``): índice y mensaje."""

    def extendMarkdown(self, md: Markdown) -> None:
        superfences = next(
            (e for e in md.registeredExtensions if isinstance(e, SuperFencesCodeExtension)), None
        )
        if superfences is None:
            raise ErrorConfiguracion(
                "la extensión mkdocs_plugins.extension necesita pymdownx.superfences antes que "
                "ella en markdown_extensions"
            )
        md.registerExtension(self)
        md.preprocessors.register(_Fuente(md, self), "tapiz_fuente", 26)
        incluir = snippets.ComprobarSnippets(md, partial(self._previos.__setitem__, md))
        md.preprocessors.register(incluir, "tapiz_snippets", snippets.PRIORIDAD)
        for tipo in vallas.VALLAS:
            superfences.extend_super_fences(
                tipo, self._formateador(md, tipo), _validar, lambda _md: None
            )
        original = superfences.superfences[0]["formatter"]
        superfences.superfences[0]["formatter"] = self._vigilar_tipos(md, original)
        # Tras «toc» (5): el índice de la página no lleva la marca de pendiente.
        md.treeprocessors.register(_Pendientes(md), "tapiz_pendientes", 4)
        md.treeprocessors.register(_FinDelArbol(md, self), "tapiz_fin_del_arbol", -100)
        # Antes que todos los demás: ve lo que escribe quien contribuye, sin botones ni anclas.
        crudo = HtmlCrudo(md, self.estado, lambda: self.cache)
        md.postprocessors.register(crudo, "tapiz_html_crudo", 40)
        md.postprocessors.register(_DadosEnTexto(md, self), "tapiz_dados", 31)
        md.postprocessors.register(_Anclas(md), "tapiz_anclas", 25)
        md.postprocessors.register(_EnlacesAReglas(md, self), "tapiz_enlaces_reglas", 24)
        md.inlinePatterns.register(
            ValorDelMotor(md, lambda: self._contexto(md)), "tapiz_valor", 175
        )
        md.inlinePatterns.register(
            DadosNarrados(dados_en_texto.NARRADOS, md), "tapiz_dados_narrados", 174
        )
        md.inlinePatterns.register(
            DadoDeLaTirada(md, lambda: self._contexto(md)), "tapiz_dado_de_la_tirada", 173
        )

    def _contexto(self, md: Markdown) -> tuple[Reglamento, Callable[[str, str], None]]:
        estado = self.estado(md)

        def informar(texto: str, mensaje: str) -> None:
            linea = estado.pagina.desplazamiento + bloques.buscar_en_texto(estado.lineas, texto)
            estado.problemas.append(Problema(estado.pagina.ruta, linea + 1, mensaje))

        return estado.pagina.reglamento, informar

    def estado(self, md: Markdown) -> Estado:
        return self._estados[md]

    def reglas_mostradas(self, paginas: Path) -> dict[str, str]:
        """Dónde muestra el libro cada regla (``hoja.donde_se_muestran``): una vez por
        construcción (el plugin crea la extensión en cada una), no en cada página con la hoja,
        que es mirar la fecha de cada página del libro."""
        if paginas not in self._mostradas:
            self._mostradas[paginas] = hoja.donde_se_muestran(paginas)
        return self._mostradas[paginas]

    def empezar(self, md: Markdown, lineas: list[str]) -> None:
        estado = Estado(self.pagina_de(md), lineas=list(lineas))
        texto, desplazamiento = "\n".join(lineas), estado.pagina.desplazamiento
        leida = (
            self.leidas.pop((huella_del_texto(texto), desplazamiento), None)
            if self.leidas
            else None
        )
        estado.estructura = objeto_guardado(
            self.cache,
            lambda: leida or estructura.leer(texto, desplazamiento),
            "estructura",
            texto,
            str(desplazamiento),
        )
        estado.ubicacion = ubicacion.Ubicacion(estado.estructura.vallas)
        for indice, mensaje in self._previos.get(md, []):
            linea = estado.pagina.desplazamiento + indice + 1
            estado.problemas.append(Problema(estado.pagina.ruta, linea, mensaje))
        self._estados[md] = estado
        self.ultimo = estado

    def pagina_de(self, md: Markdown) -> Pagina:
        if self.pagina is not None:
            return self.pagina
        return self._pagina_del_generador(md)

    def _pagina_del_generador(self, md: Markdown) -> Pagina:
        """Fuera de MkDocs: la página que anuncia el generador (Zensical), o una sin nombre."""
        if self._configuracion is None:
            fichero = Path(str(self.getConfig("configuracion")))
            self._configuracion = configuracion_vigente(fichero.resolve().parent)
        ruta = _ruta_del_generador(md)
        if not ruta:
            return Pagina("(página)", self._configuracion.base)
        carpeta = self._configuracion.paginas
        fichero = carpeta / str(ruta)
        return Pagina(
            self._configuracion.ruta(fichero),
            self._configuracion.reglamento_de(fichero),
            paginas=carpeta,
            uri=str(ruta),
        )

    def _formateador(self, md: Markdown, tipo: str) -> Callable[..., str]:
        def formatear(src: str = "", language: str = "", **kwargs: Any) -> str:
            estado = self.estado(md)
            bloque = estado.bloque(tipo, src)
            pagina = estado.pagina
            hecho = fragmentos.ejecutar(
                bloque, pagina.ruta, pagina.reglamento, estado.anclas, self.cache
            )
            estado.fragmentos.append(hecho)
            if hecho.problema is not None:
                estado.problemas.append(hecho.problema)
            estado.avisos.extend(hecho.avisos)
            if hecho.datos is not None:
                estado.ejemplos[hecho.identificador] = hecho.datos
            estado.propios.add(hecho.html)
            return hecho.html

        return formatear

    def _vigilar_tipos(self, md: Markdown, original: Callable[..., str]) -> Callable[..., str]:
        """Una valla que nombra «tapiz» con otro tipo es un error, no código que pasa callado."""

        def formatear(src: str = "", language: str | None = "", **kwargs: Any) -> str:
            # Una valla sin lenguaje llega con None: un error aquí la dejaba como código en línea.
            language = language or ""
            estado = self.estado(md)
            if "tapiz" not in language.lower():
                if estado.ubicacion.ubicar(language, src) is None:
                    estado.huerfana(language, src)
                codigo = resaltado.coloreada(
                    md,
                    self.cache,
                    lambda: str(original(src=src, language=language, **kwargs)),
                    src,
                    language,
                    kwargs,
                )
                estado.propios.add(codigo)
                return codigo
            validos = ", ".join(vallas.VALLAS)
            error = ErrorDePagina(
                estado.linea_de(language, src),
                f"tipo de bloque desconocido «{language}»; los válidos son: {validos}",
            )
            problema = error.en(estado.pagina.ruta)
            estado.problemas.append(problema)
            estado.propios.add(render.error(problema))
            return render.error(problema)

        return formatear


def _ruta_del_generador(md: Markdown) -> str | None:
    """La ruta de la página que convierte Zensical (su preprocesador «rendering_context»)."""
    if "rendering_context" not in md.preprocessors:
        return None
    pagina = getattr(md.preprocessors["rendering_context"], "page", None)
    ruta = getattr(pagina, "path", None)
    return str(ruta) if ruta else None


def _validar(
    language: str,
    inputs: dict[str, str],
    options: dict[str, Any],
    attrs: dict[str, Any],
    md: Markdown,
) -> bool:
    return True


def huella_del_texto(texto: str) -> bytes:
    """Lo que identifica el texto de una página entre procesos sin enviarlo entero."""
    return hashlib.blake2b(texto.encode(), digest_size=16).digest()


class _Fuente(Preprocessor):
    """Guarda las líneas de la página y empieza su estado, antes de que superfences las lea."""

    def __init__(self, md: Markdown, extension: TapizExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        tamano = sum(len(linea) + 1 for linea in lines)
        if tamano <= MAX_PAGINA:
            self.extension.empezar(self.md, lines)
            return lines
        # Ni se lee ni se muestra: ningún error más de la página, que sigue entera en el fichero.
        self.extension.empezar(self.md, [])
        estado = self.extension.estado(self.md)
        maximo = f"{MAX_PAGINA:,}".replace(",", ".")
        mensaje = f"la página ocupa más de {maximo} caracteres; divídela en varias"
        # La línea 1, la página entera: la misma en la construcción y en «comprobar».
        estado.problemas.append(Problema(estado.pagina.ruta, 1, mensaje))
        return []


class _Pendientes(Treeprocessor):
    """Las secciones pendientes, en una línea y con una marca en su encabezado."""

    def run(self, root: Any) -> None:
        pendientes.compactar(root)


class _FinDelArbol(Treeprocessor):
    """El último del árbol: lo que llegue después a los posprocesadores es la página entera."""

    def __init__(self, md: Markdown, extension: TapizExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, root: Any) -> None:
        estado = self.extension.estado(self.md)
        estado.arbol_terminado = True
        estado.desacuerdos()


class _Anclas(Postprocessor):
    """El ancla y el enlace de cada tarjeta, ya con el HTML de los bloques en su sitio (tras
    el postprocesador de HTML en bruto, prioridad 30)."""

    def run(self, text: str) -> str:
        return anclas.anclar(text)


class _EnlacesAReglas(Postprocessor):
    """Los enlaces de la hoja de personaje a la página que muestra cada regla."""

    def __init__(self, md: Markdown, extension: TapizExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, text: str) -> str:
        pagina = self.extension.estado(self.md).pagina
        if pagina.paginas is None or hoja.ENLACE not in text:
            return text
        self.extension.estado(self.md).lee_todas = True
        try:
            return hoja.enlazar(text, pagina.uri, self.extension.reglas_mostradas(pagina.paginas))
        except KeyError as error:
            problema = Problema(
                pagina.ruta,
                pagina.desplazamiento + 1,
                f"la hoja enlaza la regla «{error.args[0]}», que ninguna página del libro "
                "muestra en un bloque tapiz-regla",
            )
            self.extension.estado(self.md).problemas.append(problema)
            return render.error(problema) + text


class _DadosEnTexto(Postprocessor):
    """Convierte en botones los dados del texto; la notación que el motor rechaza es un error."""

    def __init__(self, md: Markdown, extension: TapizExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, text: str) -> str:
        estado = self.extension.estado(self.md)
        if not estado.arbol_terminado:
            return text
        visible = dados_en_texto.Visibilidad(text)
        validas, invalidas = dados_en_texto.clasificar(visible)
        invalidas += bloques.vallas_no_reconocidas(text, tuple(vallas.VALLAS))
        if valores.INICIO_DE_MARCA in text:
            visibles = list(dados_en_texto.textos_visibles(valores.sin_errores(text)))
            invalidas += valores.marcas_sin_resolver(visibles)
        estado.expresiones |= validas
        nuevos = [
            Problema(
                estado.pagina.ruta,
                estado.pagina.desplazamiento + bloques.buscar_en_texto(estado.lineas, texto) + 1,
                mensaje,
            )
            for texto, mensaje in invalidas
        ]
        estado.problemas.extend(nuevos)
        estado.problemas.sort(key=lambda p: p.linea)
        aviso = "".join(render.error(p) for p in nuevos)
        return aviso + dados_en_texto.botones(visible, validas)


def makeExtension(**kwargs: Any) -> TapizExtension:
    return TapizExtension(**kwargs)
