"""El libro sin conexión, desde MkDocs: qué se guarda al instalarse y qué solo al pedirlo, el
manifiesto de aplicación web y el trabajador de servicio (que arma ``nucleo/sin_conexion``).

Se guarda al instalarse lo que hace falta para leer el libro entero sin conexión, y poco más
(unos 400 KB con gzip además de la página por la que se entra: :data:`PRESUPUESTO`): la portada,
el libro completo en una página (``libro/``), la de «no encontrada», el índice de búsqueda y su
trabajador, los módulos y estilos, los datos de los widgets y los iconos. Lo que la página ya
descargó, el trabajador lo toma de la caché del navegador (cada fichero se descarga una vez).
Bajo demanda (se guarda la primera vez que se pide y desde entonces funciona sin conexión):

- Las demás páginas (cada capítulo, unos 560 KB con gzip entre todas): al leerlas.

- Pyodide y el motor empaquetado (``assets/tapiz/vivo/``, unos 12 MB): solo si quien lee pide
  las reglas en vivo.
- La API ``api/v1/`` (unos 650 kB en 48 ficheros): datos abiertos para programas; ninguna
  página la pide.
- Los mapas de código (``*.map``), el sitemap comprimido, el feed y los idiomas del buscador
  que el libro no usa (Material trae lunr para treinta idiomas).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from mkdocs_plugins.nucleo.datos import cache
from mkdocs_plugins.nucleo.sin_conexion import sin_conexion

PRESUPUESTO = 400 * 1000
"""Bytes con gzip que guarda el trabajador al instalarse además de la página por la que se entra
(issue 41); lo mide tests/navegador/test_sin_conexion.py."""
PAGINAS_SIEMPRE = ("index.html", "404.html", "libro/index.html")
"""Las páginas que se guardan al instalarse: con ``libro/``, el libro entero se lee sin conexión."""
BAJO_DEMANDA = (
    "*.html",
    "assets/tapiz/vivo/*",
    "api/*",
    "*.map",
    "*.gz",
    "cambios.xml",
    "assets/javascripts/lunr/*",
)
ICONOS = (
    sin_conexion.Icono("tapiz/iconos/icono-192.png"),
    sin_conexion.Icono("tapiz/iconos/icono-512.png"),
    sin_conexion.Icono("tapiz/iconos/icono-enmascarable-512.png", enmascarable=True),
)


def siempre(idiomas: list[str]) -> list[str]:
    """Los ficheros de lunr que el buscador de Material carga para los idiomas del libro."""
    propios = [i for i in idiomas if i != "en"]
    if not propios:
        return []
    lunr = "assets/javascripts/lunr/min/"
    ficheros = [f"{lunr}lunr.stemmer.support.min.js"] + [f"{lunr}lunr.{i}.min.js" for i in propios]
    return ficheros + ([f"{lunr}lunr.multi.min.js"] if len(idiomas) > 1 else [])


def idiomas_del_buscador(config: MkDocsConfig) -> list[str]:
    for nombre, plugin in config.plugins.items():
        if nombre.split("/")[-1] == "search":
            idiomas = plugin.config.get("lang") or ["en"]
            return list(idiomas) if isinstance(idiomas, list) else [str(idiomas)]
    return []


def escribir_manifiesto(config: MkDocsConfig, nombre_corto: str, hoja: Path) -> None:
    """El manifiesto de aplicación web, con los colores de ``hoja`` (tapiz.css)."""
    sitio = Path(config.site_dir)
    colores = sin_conexion.colores_de(hoja.read_text(encoding="utf-8"))
    descripcion = config.site_description or config.site_name
    manifiesto = sin_conexion.manifiesto_web(
        sitio, config.site_name, nombre_corto, descripcion, colores, ICONOS
    )
    (sitio / sin_conexion.MANIFIESTO).write_text(manifiesto, encoding="utf-8")


def escribir(
    config: MkDocsConfig,
    conocidas: sin_conexion.Conocidas | None = None,
    *,
    completas: bool = False,
) -> sin_conexion.Inventario:
    """La lista y el trabajador, en el sitio, con las huellas ya ``conocidas`` de lo que
    escribió otro proceso (con ``completas``, las de todo el sitio)."""
    siempre_ = [*siempre(idiomas_del_buscador(config)), *PAGINAS_SIEMPRE]
    sitio = Path(config.site_dir)
    lista = sin_conexion.inventario(sitio, BAJO_DEMANDA, siempre_, conocidas, completas=completas)
    return sin_conexion.publicar(sitio, lista)


HUELLAS = Path(".cache") / "tapiz" / "huellas.marshal"
"""Relativa a la raíz del proyecto: las huellas de las copias de Pyodide (véase ``del_motor``)."""


def del_motor(sitio: Path, carpeta: str, raiz: Path, desde_ns: int) -> sin_conexion.Conocidas:
    """Las huellas de los ficheros de ``sitio/carpeta``. La de uno anterior a ``desde_ns`` (el
    principio de la construcción) se guarda bajo su ruta en el sitio, su tamaño y su fecha: es
    una copia que conserva la de su origen, como Pyodide (13 MB de ``node_modules``), y
    calcularla en cada construcción costaba más que todo lo demás de la lista. Se guarda en
    ``.cache/tapiz/``, fuera de la caché de los bloques, como los zips del motor: no cambia
    hasta que cambia Pyodide. Quedan solo las que se usaron."""
    fichero_huellas = raiz / HUELLAS
    guardadas = cache.leer_diccionario(fichero_huellas)
    usadas: dict[str, str] = {}
    conocidas: sin_conexion.Conocidas = {}
    for actual, _, nombres in os.walk(sitio / carpeta):
        for nombre in nombres:
            fichero = Path(actual, nombre)
            ruta, estado = fichero.relative_to(sitio).as_posix(), fichero.stat()
            if estado.st_mtime_ns < desde_ns:
                sello = f"{ruta}\0{estado.st_size}\0{estado.st_mtime_ns}"
                huella = usadas[sello] = guardadas.get(sello) or sin_conexion.huella(fichero)
            else:
                huella = sin_conexion.huella(fichero)
            conocidas[ruta] = (estado.st_size, huella)
    if usadas != guardadas:
        cache.escribir_de_una_vez(fichero_huellas, usadas)
    return conocidas


def retirar(config: MkDocsConfig) -> None:
    """Con ``mkdocs serve``: un trabajador que se da de baja si el navegador tenía otro."""
    sin_conexion.retirar(Path(config.site_dir))


def reescritas(sitio: Path, rutas: Sequence[str]) -> sin_conexion.Conocidas:
    """Las huellas de esos ficheros del sitio (los que MkDocs reescribe tras el resumen del
    auxiliar, como el índice de búsqueda que pliega)."""
    return {
        ruta: sin_conexion.conocida((sitio / ruta).read_bytes())
        for ruta in rutas
        if (sitio / ruta).is_file()
    }
