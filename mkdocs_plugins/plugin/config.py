"""Las opciones del plugin ``tapiz`` en ``mkdocs.yml``, con sus tipos y valores por defecto."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

from mkdocs_plugins.nucleo.fuente import FICHERO
from mkdocs_plugins.plugin import adelanto


class TapizConfig(base.Config):
    enabled = c.Type(bool, default=True)
    """Con ``false`` los bloques quedan como código sin ejecutar (para comparar tiempos)."""
    configuracion = c.Type(str, default=FICHERO)
    """Las reglas del libro (sistema, edición, opcionales), las mismas que usan pytest y
    ``tapiz comprobar``; relativo a mkdocs.yml. Si no existe, Tapiz actual sin opcionales."""
    catalogo = c.Type(bool, default=True)
    """Genera la página ``catalogo.md`` con todas las reglas del registro."""
    minificar = c.Type(bool, default=True)
    """Publica los módulos y estilos de ``tapiz/`` sin comentarios ni espacios."""
    cache = c.Type(bool, default=True)
    """Guarda lo que da cada bloque entre construcciones (en memoria y en ``cache_dir``)."""
    cache_dir = c.Type(str, default=".cache/plugin/tapiz")
    """La carpeta de la caché, relativa a mkdocs.yml."""
    procesos = c.Type(int, default=adelanto.procesos_por_defecto())
    """Con la caché vacía, cuántos procesos ejecutan los bloques por adelantado (0: ninguno, ni
    el que escribe páginas a la vez que MkDocs, ``adelanto/escritor.py``)."""
    api = c.Type(bool, default=False)
    """Publica la API estática ``api/v1/`` (JSON del libro); el libro la activa en mkdocs.yml."""
    cambios = c.Type(bool, default=False)
    """Publica la página «Cambios» (``cambios.md``) y el feed ``cambios.xml`` a partir de las
    etiquetas ``v*`` de git; las fichas del catálogo dicen desde qué versión se leen así.
    Los encabezados de la página declaran su ancla (``{#v1-2-0}``): necesita ``attr_list``."""
    sin_conexion = c.Type(bool, default=True)
    """El libro instalable y sin conexión: el manifiesto de aplicación web y un trabajador de
    servicio que guarda el sitio (véase ``plugin/sin_conexion.py``). Con ``mkdocs serve`` no se
    registra, y el trabajador publicado se da de baja."""
    nombre_corto = c.Type(str, default="Tapiz")
    """El nombre del libro instalado, bajo su icono."""

    estado = c.Type(bool, default=False)
    """Publica la página «Estado del SRD» (``colaborar/estado.md``): las secciones redactadas
    y las pendientes de cada capítulo, con el enlace para editar cada fichero."""
