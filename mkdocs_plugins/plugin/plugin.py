"""El plugin de MkDocs ``tapiz``: un adaptador fino sobre ``mkdocs_plugins.extension.pagina``."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from mkdocs_plugins.extension import Estado, Pagina, TapizExtension
from mkdocs_plugins.extension.vigente import Vigente
from mkdocs_plugins.herramientas import publicar_cambios
from mkdocs_plugins.herramientas.historial import Historial, historial
from mkdocs_plugins.nucleo.api import api, identificadores
from mkdocs_plugins.nucleo.datos import Anteriores, Cache, cache, datos, memoria
from mkdocs_plugins.nucleo.fuente import (
    Configuracion,
    ErrorConfiguracion,
    Problema,
    cargar_configuracion,
    error_front_matter,
    lineas_previas,
)
from mkdocs_plugins.nucleo.marcado import Apartados, reubicar_enlaces
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.sin_conexion import Conocidas, huellas_de
from mkdocs_plugins.nucleo.vallas import render
from mkdocs_plugins.nucleo.vivo import Precompilacion, motor
from mkdocs_plugins.nucleo.widgets import reglas_lector
from mkdocs_plugins.plugin import (
    adelanto,
    api_guardada,
    arranque,
    busqueda,
    cambios,
    carga,
    contenido,
    emergencia,
    estado,
    generadas,
    plantillas,
    servidor,
    sin_conexion,
    sucio,
)
from mkdocs_plugins.plugin.cabecera import PLANTILLAS, plantillas_que_faltan
from mkdocs_plugins.plugin.cabecera import escapar as escapar_cabecera
from mkdocs_plugins.plugin.cerrojo import Cerrojo
from mkdocs_plugins.plugin.config import TapizConfig
from mkdocs_plugins.plugin.hilos import Hilos
from mkdocs_plugins.plugin.rutas import no_publicables, ruta_mostrada
from mkdocs_plugins.plugin.sucio import Sucio
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos import bifurcado as lienzo_bifurcado

log = logging.getLogger("mkdocs.plugins.tapiz")
CARPETAS_PROPIAS = (api.CARPETA, motor.CARPETA, datos.CARPETA, datos.RUTA)
"""Lo que escribe el plugin en el sitio, fuera de los ficheros de MkDocs (``Anteriores``)."""


class TapizPlugin(BasePlugin[TapizConfig]):
    def __init__(self) -> None:
        self.reglas: Configuracion | None = None
        self.extension = TapizExtension()
        self.estados: dict[str, Estado] = {}
        self.cargas = carga.Cargas()
        self.cache: Cache | None = None
        self.apartados = Apartados()
        self.definiciones: dict[str, tuple[str, ...]] = {}
        """Los términos que define cada sección, por su dirección en el índice de búsqueda."""
        self.carpeta_modulos: Path | None = None
        self.auxiliar: adelanto.Auxiliar | None = None
        """El adelanto de una construcción en frío (``plugin/adelanto/auxiliar.py``)."""
        self.registro: identificadores.Referencia | None = None
        self.sirviendo = False
        self.error_de_configuracion: Problema | None = None
        """Con ``mkdocs serve``, el error de tapiz.yml o de un lienzo.yml, que va en cada página."""
        self.raiz = Path()
        self.historial: Historial | None = None
        self.precompilacion: Precompilacion | None = None
        """El Python de las reglas en vivo, que se compila (con Node) mientras se construye."""
        self.minificados: dict[str, str] = {}
        self.buscador = False
        """Si se publicó el trabajador del buscador sin palabras vacías (busqueda.py)."""
        """Los módulos y estilos de los widgets minificados, por su fuente."""
        self.ficheros_de_datos: dict[Path, str] | None = None
        """Los que se enviaron al auxiliar (``on_env``), por si no llega a escribirlos."""
        self.variantes: dict[str, str] = {}
        """Lo que cambia con cada elección de quien lee, por página (``reglas_lector``)."""
        self._tema: jinja2.Environment | None = None
        """El entorno de Jinja del tema, para ver si existen las plantillas que nombra una
        cabecera (uno por construcción)."""
        self.cerrojo = Cerrojo()
        """El de la carpeta del sitio, de ``on_config`` al final de ``on_post_build``."""
        self.inicio_ns = 0
        """Cuándo empezó la construcción (``time.time_ns``)."""
        self.sucio = False
        """``--dirty``: MkDocs no vacía el sitio antes de construir."""
        self.reconstruccion = Sucio()
        """Con ``--dirty``, lo que se sabe de la construcción anterior (``plugin/sucio.py``)."""
        self.sigue = False
        """Si esta construcción parte de lo de cada página de la anterior (``--dirty``)."""
        self.anteriores: Anteriores | None = None
        """Lo que escribió el plugin en la construcción anterior, apartado de ``on_pre_build`` al
        final (véase ``nucleo/datos/anteriores.py``)."""
        self.hilos = Hilos()
        """El historial de versiones, en un hilo (``plugin/hilos.py``)."""
        self.plantillas: plantillas.PlantillasCompiladas | None = None
        """Lo compilado de las plantillas del tema, que se guarda al final (``on_post_build``)."""
        self.escritor: adelanto.Escritor | None = None
        """Quien escribe páginas desde la última mientras MkDocs lo hace desde la primera
        (``plugin/adelanto/escritor.py``)."""
        self._para_el_escritor: tuple[Files, Navigation, jinja2.Environment] | None = None
        self._navegacion: Navigation | None = None
        self._congelado: adelanto.Congelado | None = None
        """Si lo cargado está fuera de la recogida de basura (de ``on_config`` al final)."""
        self.vigente = Vigente()
        """Con ``mkdocs serve``, la configuración de la reconstrucción anterior, si sus ficheros
        no cambiaron (``extension/vigente.py``)."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """También hace que MkDocs conserve el plugin (y su caché) entre reconstrucciones."""
        self.sirviendo = command == "serve"
        self.sucio = dirty

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        self.inicio_ns = time.time_ns()
        self.cerrojo.tomar(Path(config.site_dir))  # antes de bifurcar y de vaciar el sitio
        raiz = self.raiz = Path(config.config_file_path or ".").resolve().parent
        fichero = raiz / self.config.configuracion
        self.error_de_configuracion = None
        arranque.anadir_tema(config)
        if not self.config.enabled:
            # Desactivado no hace nada: ni lee las reglas ni arranca el proceso de un Lienzo.
            # Solo quita su extensión, y las vallas quedan como código.
            arranque.quitar_extension(config)
            self.extension.cache = self.cache = None
            return config
        self._congelar()
        try:
            # Aún sin hilos ni adelanto: el proceso de un Lienzo se puede bifurcar de este, y
            # otro para el auxiliar del adelanto, si hay uno.
            with lienzo_bifurcado.permitido(reserva=self.config.procesos == 1):
                self.reglas = self._cargar_configuracion(fichero, raiz, Path(config.docs_dir))
            self.registro = identificadores.del_proyecto(self.reglas)
        except ErrorConfiguracion as error:
            if not self.sirviendo:
                raise PluginError(f"tapiz: {error}") from None
            log.error(f"tapiz: {error}")
            self.error_de_configuracion = emergencia.problema_de(error)
            self.reglas = emergencia.configuracion_de_serie(raiz, Path(config.docs_dir))
        self.extension = arranque.instalar_extension(config)
        self._abrir_cache(raiz, fichero)
        memoria.empezar()  # antes del adelanto: sus procesos también recuerdan
        self.carpeta_modulos = arranque.carpeta_modulos(config)
        self._cerrar_precompilacion()
        self._adelantar(config)
        if self.auxiliar is None or not self.auxiliar.publica_el_motor:
            self.precompilacion = motor.precompilar(raiz, self.reglas)
        if self.config.enabled and self.config.cambios and self.error_de_configuracion is None:
            carpeta = self.raiz / self.config.cache_dir  # tras bifurcar: sin hilos al hacerlo
            self.hilos.empezar("historial", partial(historial, self.configuracion, carpeta))
        return config

    def _congelar(self) -> None:
        """Lo ya cargado (módulos, configuración) vive toda la construcción: fuera de la
        recogida de basura hasta el final, que si no lo recorre entero en cada recogida
        completa (``bench/plugin.md``)."""
        if self._congelado is None:
            self._congelado = adelanto.Congelado()

    def _descongelar(self) -> None:
        if self._congelado is not None:
            self._congelado.soltar()
            self._congelado = None

    def _cargar_configuracion(self, fichero: Path, raiz: Path, paginas: Path) -> Configuracion:
        """La de ``tapiz.yml`` y los Lienzos; con ``mkdocs serve``, la de la reconstrucción
        anterior si ninguno de sus ficheros cambió (``mkdocs build`` construye una vez)."""

        def cargar() -> Configuracion:
            return cargar_configuracion(fichero if fichero.is_file() else None, raiz, paginas)

        if not self.sirviendo:
            return cargar()
        return self.vigente.cargar(raiz, paginas.resolve(), cargar)

    def _adelantar(self, config: MkDocsConfig) -> None:
        """Encarga a otro proceso lo que no depende de MkDocs: con la caché vacía, también los
        bloques de las páginas.

        Se encargan ya, antes de que MkDocs recorra los ficheros del tema y la
        navegación: así los procesos llevan ventaja cuando llega la primera página.
        """
        if not self.config.enabled or self.cache is None:
            return
        if self.config.procesos < 1 or not adelanto.se_puede_bifurcar():
            return
        self.auxiliar = adelanto.empezar(
            self.config,
            self.configuracion,
            config,
            self.raiz,
            self.cache,
            con_huellas=self._sin_conexion and not self.sirviendo,
        )

    def _encargado(self, nombre: str) -> Any:
        """Lo que dio su hilo o un encargo del adelanto (None si no lo hay: se hace aquí)."""
        if self.hilos.en_marcha(nombre):
            return self.hilos.recoger(nombre)
        return self.auxiliar.encargo(nombre) if self.auxiliar is not None else None

    def _abrir_cache(self, raiz: Path, fichero_reglas: Path) -> None:
        """La caché de los bloques, la misma mientras no cambien el código ni las reglas."""
        if not (self.config.enabled and self.config.cache):
            self.extension.cache = self.cache = None
            return
        huella = arranque.huella_de_la_cache(self.configuracion, fichero_reglas)
        if self.cache is None or self.cache.huella != huella:
            fichero_cache = raiz / self.config.cache_dir / cache.NOMBRE_DEL_FICHERO
            self.cache = cache.Cache(fichero_cache, huella)
        self.extension.cache = self.cache

    @property
    def _solo_lo_cambiado(self) -> bool:
        """Con ``--dirty`` y el plugin activo: MkDocs solo convierte las páginas que cambiaron."""
        return self.sucio and self.config.enabled

    @property
    def configuracion(self) -> Configuracion:
        if self.reglas is None:
            raise PluginError("tapiz: la configuración de reglas no se ha cargado (on_config)")
        return self.reglas

    def on_serve(
        self, server: Any, /, *, config: MkDocsConfig, builder: Callable[..., None]
    ) -> Any:
        """Con ``mkdocs serve``, un cambio en el motor o en el plugin reinicia el servidor."""
        return servidor.reiniciar_si_cambia_el_codigo(server)

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """Antes de que MkDocs vacíe el sitio, aparta lo que el plugin escribió la vez
        anterior (también para el auxiliar, que escribe lo suyo con lo apartado)."""
        if self.config.enabled:  # con --dirty también: así no queda lo de una página quitada
            self.anteriores = Anteriores.apartar(Path(config.site_dir), CARPETAS_PROPIAS)
        if not self._solo_lo_cambiado:
            self.reconstruccion = Sucio()
        self.sigue = self._solo_lo_cambiado and self.reconstruccion.empezar(
            config, self._huella_de_lo_demas(config)
        )
        if not self.sigue:
            self.estados, self.cargas, self.definiciones = {}, carga.Cargas(), {}
        self.apartados = Apartados()

    def _huella_de_lo_demas(self, config: MkDocsConfig) -> str:
        """Lo que decide todas las páginas y no es una página (el motor, ``tapiz.yml``, los
        Lienzos, ``mkdocs.yml`` y si hay un error en ellos): si cambia, con ``--dirty`` MkDocs
        las convierte todas."""
        fichero_reglas = self.raiz / self.config.configuracion
        if self.cache is not None:
            huella = self.cache.huella
        else:
            huella = arranque.huella_de_la_cache(self.configuracion, fichero_reglas)
        mkdocs_yml = Path(config.config_file_path or "mkdocs.yml")
        fecha = mkdocs_yml.stat().st_mtime_ns if mkdocs_yml.is_file() else 0
        return f"{huella} {fecha} {self.error_de_configuracion is None}"

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if self.error_de_configuracion is not None:  # con «serve»: el error en cada página
            for rechazado in no_publicables(files, config):
                files.remove(rechazado)
        if self.auxiliar is not None:  # MkDocs ya vació la carpeta del sitio
            self.auxiliar.sitio_listo.avisar()
        self.minificados = {}
        self._tema = None
        if self.config.enabled and self.config.minificar and self.carpeta_modulos is not None:
            self.minificados = carga.minificados(files, self.carpeta_modulos, self.cache)
            if self.auxiliar is None:  # si no, los escribe el auxiliar (on_nav)
                carga.publicar_minificados(files, self.minificados)
        if self.config.enabled and self.config.catalogo:
            del_auxiliar = self.auxiliar.catalogo if self.auxiliar is not None else None
            texto = del_auxiliar or catalogo.markdown()
            generadas.sustituir(files, File.generated(config, catalogo.RUTA, content=texto))
        if self.config.enabled and self.config.cambios:
            self.historial = cambios.anadir_pagina(
                files,
                config,
                self.configuracion,
                self.raiz / self.config.cache_dir,
                calculado=self._encargado("historial"),
            )
        if self.config.enabled and self.config.estado:
            estado.anadir_pagina(files, config, lambda: self._encargado("estado"), self.cache)
        self.buscador = self.config.enabled and busqueda.anadir_trabajador(files, config)
        if self._solo_lo_cambiado:  # con las páginas que añade el plugin
            if not self.sigue:
                log.info(
                    "tapiz: con --dirty, esta vez MkDocs convierte todas las páginas: es la "
                    "primera construcción, o cambió el motor, tapiz.yml, un Lienzo o mkdocs.yml"
                )
            leen_todas = [uri for uri, estado in self.estados.items() if estado.lee_todas]
            paginas = self.reconstruccion.preparar(files, self.sigue, leen_todas)
            guardado = (self.estados, self.variantes, self.cargas, self.definiciones)
            sucio.olvidar_paginas(paginas, *guardado)
        return files

    @event_priority(-100)  # cuando los demás plugins ya han cambiado los ficheros
    def on_nav(
        self, nav: Navigation, /, *, config: MkDocsConfig, files: Files
    ) -> Navigation | None:
        if self.config.enabled and self.auxiliar is not None:
            self.auxiliar.enviar_estaticos(files, self.minificados)
        self._navegacion = nav
        return nav

    def _plantillas_de_la_cabecera(self, page: Page, config: MkDocsConfig) -> None:
        if not any(campo in page.meta for campo in PLANTILLAS):
            return
        if self._tema is None:
            self._tema = config.theme.get_env()
        fuente = contenido.fuente(page.file)
        for linea, mensaje in plantillas_que_faltan(page.meta, fuente, self._tema):
            log.warning(str(Problema(ruta_mostrada(page.file.src_uri, config), linea, mensaje)))

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        escapar_cabecera(page.meta)
        self._plantillas_de_la_cabecera(page, config)
        if self.config.enabled:
            reglamento = self.configuracion.reglamento_de(Path(page.file.abs_src_path or ""))
            ruta = ruta_mostrada(page.file.src_uri, config)
            fuente = contenido.fuente(page.file)
            desplazamiento = lineas_previas(fuente, markdown)
            self.extension.pagina = Pagina(
                ruta, reglamento, desplazamiento, self.configuracion.paginas, page.file.src_uri
            )
            if self.auxiliar is not None and self.cache is not None:
                self.cache.ofrecer(self.auxiliar.entradas(ruta))
                if leida := self.auxiliar.leida(ruta):
                    self.extension.leidas = {leida[:2]: leida[2]}
            # MkDocs quita una cabecera que entiende: solo si la dejó puede estar mal escrita.
            if not desplazamiento and (cabecera := error_front_matter(fuente)):
                log.warning(str(Problema(ruta, *cabecera)))
        return markdown

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        estado = self.extension.ultimo
        if not self.config.enabled or estado is None:
            return html
        for problema in estado.problemas + self._identificadores(page, estado):
            log.warning(str(problema))
        for aviso in estado.avisos:
            log.info(str(aviso))
        self.estados[page.file.src_uri] = estado
        self.extension.ultimo = None
        if self.historial is not None and page.file.src_uri == catalogo.RUTA:
            html = publicar_cambios.marcar_fichas(html, self.historial)
        html = contenido.abreviaturas_propias(html, page, config, self.cache)
        html = self.cargas.marcar(html, page.file.src_uri, bool(estado.ejemplos))
        html = self._reglas_del_lector(html, page.file.src_uri, estado)
        if self.error_de_configuracion is not None:
            html = render.error(self.error_de_configuracion) + html
        if self.sigue:  # las de la construcción anterior
            sucio.olvidar_definiciones(self.definiciones, page.url)
        return contenido.apartar_de_la_busqueda(
            html, page, config, self.apartados, self.definiciones
        )

    def _reglas_del_lector(self, html: str, uri: str, estado: Estado) -> str:
        """La caja de las reglas de quien lee y lo que cambia con cada elección (sus datos)."""
        if not reglas_lector.tiene_reglas(html):
            self.variantes.pop(uri, None)
            return html
        texto = estado.variantes_del_lector(self.cache)
        if not reglas_lector.cambia_algo(html, texto):
            self.variantes.pop(uri, None)
            return html
        self.variantes[uri] = texto
        return reglas_lector.con_caja(html, datos.ruta_de_variantes(uri))

    def _identificadores(self, page: Page, estado: Estado) -> list[Problema]:
        """Los problemas de los identificadores de las secciones y los ejemplos (con lo que dice
        el registro, si el proyecto lo tiene)."""
        if page.file.generated_by:
            return []
        uri = page.file.src_uri
        return contenido.problemas_de_identificadores(self.cache, estado, uri, self.registro)

    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment | None:
        """El filtro con que el libro completo reescribe los enlaces de cada capítulo.

        Las páginas ya están convertidas: sus ficheros de datos ya se saben, y con el adelanto
        los escribe el auxiliar mientras MkDocs escribe las páginas."""
        env.filters["tapiz_reubicar_enlaces"] = reubicar_enlaces
        if self._solo_lo_cambiado:
            self.reconstruccion.lo_leido(files)
        if self.cache is not None:
            env.bytecode_cache = self.plantillas = plantillas.cache(
                self.raiz / self.config.cache_dir, plantillas.carpeta_del_usuario()
            )
        env.globals["tapiz_sin_conexion"] = self._sin_conexion and not self.sirviendo
        env.globals["tapiz_feed"] = self.config.enabled and self.config.cambios
        env.globals["tapiz_buscador"] = self.buscador
        if self.config.enabled and self.auxiliar is not None:
            if not self.auxiliar.estaticos_escritos(files):
                carga.publicar_minificados(files, self.minificados)
            self.ficheros_de_datos = self._datos(config)
            self.auxiliar.buzones.datos.enviar(self.ficheros_de_datos)
            if self._navegacion is not None and not (self.sucio or self.sirviendo):
                self._para_el_escritor = (files, self._navegacion, env)
        return env

    def _bifurcar_escritor(self, page: Page, config: MkDocsConfig) -> None:
        """Tras una página, con las plantillas ya compiladas, el escritor, en cuanto el auxiliar
        deja libre su núcleo (en frío, en un libro pequeño, no llega a dejarlo: el escritor solo
        le quitaría tiempo)."""
        if self._para_el_escritor is None:
            return
        if self.auxiliar is not None and not self.auxiliar.libre.avisado():
            return
        (files, nav, env), self._para_el_escritor = self._para_el_escritor, None
        self.escritor = adelanto.escritor(files, nav, env, config, page)
        if self.escritor is not None:
            desde = page.file.src_uri
            log.debug("Otro proceso escribe las páginas desde la última (tras %s)", desde)

    def _datos(self, config: MkDocsConfig) -> dict[Path, str]:
        """Los ficheros de datos de los widgets (véase ``datos.ficheros_del_sitio``)."""
        sitio, base = Path(config.site_dir), self.configuracion.base
        leen_datos = sorted(self.cargas.leen_datos)
        ficheros = datos.ficheros_del_sitio(sitio, base, self.estados, leen_datos, self.cache)
        for uri, texto in self.variantes.items():
            ficheros[sitio / datos.CARPETA / datos.ruta_de_variantes(uri)] = texto
        return ficheros

    @property
    def _sin_conexion(self) -> bool:
        """Si se publica el libro sin conexión (lo registra main.html, si no se está sirviendo)."""
        return self.config.enabled and self.config.sin_conexion and self.carpeta_modulos is not None

    @event_priority(-100)  # después del buscador, que ya ha indexado la página
    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext | None:
        if self.config.enabled and page.content:
            page.content = self.apartados.devolver(page.content)
        if self._solo_lo_cambiado:
            self.reconstruccion.recordar_busqueda(page.file.src_uri)
        return context

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        """Los estilos y la precarga de los módulos de sus widgets (véase ``carga.Cargas``)."""
        if not self.config.enabled:
            return output
        if self.escritor is not None and self.escritor.es_ajena(page):
            self.escritor.devolver_plantilla(page)
            return ""  # la escribe el escritor
        self._bifurcar_escritor(page, config)
        if self.auxiliar is not None and self.auxiliar.escritas is not None:
            self.auxiliar.escritas.anotar(page.file.abs_dest_path)
        salida = self.cargas.enlazar_pagina(output, page, self.apartados, self.carpeta_modulos)
        if self.escritor is not None:
            self.escritor.tras(page)
        return salida

    def on_build_error(self, *, error: Exception) -> None:
        self._para_el_escritor = None
        if self.escritor is not None:
            self.escritor.cerrar()
            self.escritor = None
        self.hilos.esperar_todas()
        self._cerrar_adelanto()
        self._cerrar_precompilacion()
        self._terminar_anteriores()
        memoria.terminar()
        self.reconstruccion = Sucio()  # la siguiente con --dirty no puede partir de esta
        self._descongelar()
        self.cerrojo.soltar()

    def _terminar_anteriores(self) -> None:
        if self.anteriores is not None:
            self.anteriores.terminar()
            self.anteriores = None

    def _cerrar_precompilacion(self) -> None:
        if self.precompilacion is not None:
            self.precompilacion.cerrar()
            self.precompilacion = None

    def _cerrar_adelanto(self, *, esperar: bool = True) -> None:
        if self.auxiliar is not None:
            self.auxiliar.cerrar(esperar=esperar)
            self.auxiliar = None

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self._para_el_escritor = None
        if self.escritor is not None:
            escritor, self.escritor = self.escritor, None
            escritor.terminar()
        try:
            self._terminar(config)
            self.reconstruccion.completa = self._solo_lo_cambiado
        finally:
            self._descongelar()
            self.cerrojo.soltar()

    def _terminar(self, config: MkDocsConfig) -> None:
        if self.auxiliar is not None:
            # Las páginas ya están escritas: el auxiliar resume el sitio mientras MkDocs escribe
            # lo que le queda (``adelanto.RESERVADOS``, cuyas huellas calcula él).
            self.auxiliar.paginas_escritas.avisar()
        if not self.config.enabled:
            self._cerrar_adelanto()
            return
        self._lo_que_no_espera(config)
        sitio = Path(config.site_dir)
        motor_hecho = self._motor(sitio)
        api_hecha = self._encargado("api")
        if self.config.api and api_hecha is None:
            try:
                api_hecha = api_guardada.escribir(
                    sitio, self.configuracion, self.cache, self.anteriores
                )
            except ErrorTapiz as error:  # una sección sin identificador: también sin --strict
                raise PluginError(f"tapiz: {error}") from None
        datos_hechos = self._escribir_lo_demas(config)
        del_sitio = self._encargado("huellas")
        self._cerrar_adelanto(esperar=False)  # el último encargo ya llegó: solo le queda salir
        memoria.terminar()
        # Lo que escribió MkDocs tras el aviso, si un encargo falló, y las del auxiliar igual.
        escritas = (api_hecha or {}) | (motor_hecho or {}) | datos_hechos
        if del_sitio is not None:  # todo el sitio, salvo lo que MkDocs reescribió después
            reescritas = sin_conexion.reescritas(sitio, adelanto.RESERVADOS)
            self._publicar_sin_conexion(config, del_sitio | escritas | reescritas, True)
        else:
            Anteriores(sitio).terminar()  # si el auxiliar no llegó a borrar lo apartado
            self._publicar_sin_conexion(config, escritas)

    def _motor(self, sitio: Path) -> Conocidas:
        """Las huellas del motor en vivo, publicado por el auxiliar (con la caché llena, cuando
        las páginas las lleva MkDocs) o aquí, antes de esperar al auxiliar (en frío, cuando
        él lleva las páginas y la API)."""
        precompilacion, self.precompilacion = self.precompilacion, None
        hecho: Conocidas | None = self._encargado("motor")
        if hecho is None:
            return self._publicar_motor(sitio, precompilacion)
        if precompilacion is not None:
            precompilacion.cerrar()
        return hecho

    def _publicar_motor(self, sitio: Path, precompilacion: Precompilacion | None) -> Conocidas:
        """Publica el motor en vivo y da las huellas de sus ficheros para la lista sin conexión
        (antes de cerrar la caché); ninguna sin Pyodide, sin lista o con ``mkdocs serve``."""
        publicado = motor.publicar(
            sitio, self.raiz, self.configuracion, precompilacion, self.anteriores
        )
        if publicado and self._sin_conexion and not self.sirviendo:
            return sin_conexion.del_motor(sitio, motor.CARPETA, self.raiz, self.inicio_ns)
        return {}

    def _lo_que_no_espera(self, config: MkDocsConfig) -> None:
        """El feed, el manifiesto y el índice de búsqueda: lo que MkDocs hace al final sin
        esperar al auxiliar, antes de esperarlo (en frío aún trabaja en la API)."""
        if self.historial is not None:
            cambios.escribir_feed(config, self.historial)
        if self._sin_conexion and not self.sirviendo and self.carpeta_modulos is not None:
            hoja = self.carpeta_modulos / "tapiz.css"
            sin_conexion.escribir_manifiesto(config, self.config.nombre_corto, hoja)
        indice = Path(config.site_dir) / busqueda.RUTA_INDICE
        if indice.exists():
            documentos = self.reconstruccion.documentos() if self._solo_lo_cambiado else None
            busqueda.plegar_indice_busqueda(indice, self.cache, self.definiciones, documentos)

    def _escribir_lo_demas(self, config: MkDocsConfig) -> Conocidas:
        """Los ficheros de datos, si no los escribió el auxiliar; sus huellas, las dé él o no."""
        hechos: Conocidas | None = self._encargado("datos")
        if hechos is None:
            ficheros = self.ficheros_de_datos or self._datos(config)
            datos.escribir(ficheros, self.anteriores)
            hechos = huellas_de(Path(config.site_dir), ficheros)
        self.ficheros_de_datos = None
        # Lo apartado ya no vuelve: fuera antes de que nadie recorra el sitio para la lista
        # sin conexión. Con auxiliar, lo borra él tras el aviso, antes de recorrerlo.
        if self.auxiliar is None:
            self._terminar_anteriores()
        self.anteriores = None
        if self.cache is not None:
            if (del_auxiliar := self._encargado("caché")) is not None:
                self.cache.recordar(del_auxiliar)  # lo que usó, o lo perdería al cerrarla
            log.debug(
                f"tapiz: caché de bloques, {self.cache.aciertos} aciertos y "
                f"{self.cache.fallos} fallos"
            )
            self.cache.cerrar()
        if self.plantillas is not None:
            self.plantillas.guardar()
            self.plantillas = None
        return hechos

    def _publicar_sin_conexion(
        self, config: MkDocsConfig, escritas: Conocidas, completas: bool = False
    ) -> None:
        """Lo último: la lista del trabajador lleva la huella de cada fichero ya escrito (de las
        ``escritas`` por el adelanto ya la sabe; con ``completas``, las de todo el sitio)."""
        if not self._sin_conexion:
            return
        if self.sirviendo:
            sin_conexion.retirar(config)
            return
        sin_conexion.escribir(config, escritas, completas=completas)
