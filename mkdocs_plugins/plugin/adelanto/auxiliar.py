"""El adelanto de una construcción, visto desde el plugin: con qué páginas y qué encargos se
bifurca el auxiliar (``adelanto.Adelanto``, ``encargos``), y lo que se cruzan MkDocs y él."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, get_files

from mkdocs_plugins.nucleo.datos import Cache
from mkdocs_plugins.nucleo.fuente import Configuracion
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.vivo import motor
from mkdocs_plugins.plugin.adelanto import encargos, estaticos
from mkdocs_plugins.plugin.adelanto.ejecutor import Leida, PaginaPendiente
from mkdocs_plugins.plugin.adelanto.escritas import Escritas
from mkdocs_plugins.plugin.adelanto.procesos import Adelanto
from mkdocs_plugins.plugin.rutas import ruta_mostrada

if TYPE_CHECKING:
    from mkdocs_plugins.plugin.config import TapizConfig


@dataclass
class Auxiliar:
    adelanto: Adelanto
    sitio_listo: encargos.Aviso
    """Se avisa cuando MkDocs ha vaciado la carpeta del sitio: sus encargos ya pueden escribir."""
    paginas_escritas: encargos.Aviso
    """Se avisa al empezar ``on_post_build``: ya puede calcular las huellas del sitio."""
    buzones: encargos.Buzones
    """Lo que escribe el auxiliar: los ficheros estáticos y los de datos de los widgets."""
    escritas: Escritas | None
    """Las páginas que MkDocs ya escribió, para que el auxiliar calcule antes sus huellas (si
    resume el sitio: solo con la lista sin conexión)."""
    libre: encargos.Aviso
    """Lo avisa el auxiliar cuando lo que le queda espera a MkDocs: su núcleo queda libre."""
    catalogo: str | None = None
    """El Markdown del catálogo, que el auxiliar ya tiene entre sus páginas."""
    copias: list[estaticos.Copia] = field(default_factory=list)

    def entradas(self, ruta: str) -> dict[str, Any]:
        return self.adelanto.entradas(ruta)

    def leida(self, ruta: str) -> Leida | None:
        return self.adelanto.leida(ruta)

    def encargo(self, nombre: str) -> Any:
        return self.adelanto.encargo(nombre)

    def enviar_estaticos(self, files: Files, minificados: dict[str, str]) -> None:
        """Que el auxiliar escriba los ficheros estáticos (``plugin/adelanto/estaticos.py``)."""
        self.copias = estaticos.copias(files, minificados)
        self.buzones.estaticos.enviar(self.copias)

    def estaticos_escritos(self, files: Files) -> bool:
        """Espera a que el auxiliar escriba los estáticos y, si lo hizo, MkDocs ya no los
        copia; False si falló (los copia MkDocs)."""
        if self.encargo("estáticos") is None:
            return False
        estaticos.dar_por_escritas(files, self.copias)
        return True

    @property
    def publica_el_motor(self) -> bool:
        return self.adelanto.encargado("motor")

    def cerrar(self, *, esperar: bool = True) -> None:
        self.adelanto.cerrar(esperar=esperar)
        self.buzones.cerrar()
        self.sitio_listo.cerrar()
        self.paginas_escritas.cerrar()
        self.libre.cerrar()
        if self.escritas is not None:
            self.escritas.cerrar()


def empezar(
    tapiz: TapizConfig,
    configuracion: Configuracion,
    config: MkDocsConfig,
    raiz: Path,
    guardada: Cache,
    *,
    con_huellas: bool,
) -> Auxiliar:
    """Bifurca el auxiliar con los encargos del plugin y, si la caché ``guardada`` aún no
    tiene entradas (en frío), las páginas del sitio (y el catálogo, que genera el plugin).
    Con la caché llena, MkDocs toma de ella lo de cada página y el auxiliar solo hace los
    encargos. ``con_huellas``: si el sitio lleva la lista sin conexión (el auxiliar resume
    el sitio al final)."""
    ficheros = get_files(config)
    en_frio = not guardada.tiene_entradas
    paginas = [
        PaginaPendiente(ruta_mostrada(f.src_uri, config), f.abs_src_path)
        for f in ficheros.documentation_pages()
        if en_frio and not (tapiz.catalogo and f.src_uri == catalogo.RUTA)
    ]
    del_catalogo = catalogo.markdown() if tapiz.catalogo else None
    if del_catalogo is not None and en_frio:
        paginas.append(PaginaPendiente(ruta_mostrada(catalogo.RUTA, config), None, del_catalogo))
    sitio_listo, paginas_escritas, libre = encargos.Aviso(), encargos.Aviso(), encargos.Aviso()
    buzones, escritas = encargos.Buzones(), Escritas() if con_huellas else None
    encargados = encargos.del_plugin(
        configuracion,
        ficheros,
        config,
        sitio_listo,
        paginas_escritas,
        buzones,
        libre,
        con_estado=tapiz.estado and en_frio,
        con_api=tapiz.api,
        con_huellas=con_huellas,
        # En frío el auxiliar lleva las páginas y la API y acaba el último: el motor lo publica
        # MkDocs mientras lo espera. Con la caché llena, MkDocs lleva las páginas.
        motor_desde=raiz if not en_frio and motor.carpeta_pyodide(raiz) is not None else None,
        guardada=guardada,
        paginas_anotadas=escritas,
    )
    adelanto = Adelanto(
        configuracion,
        paginas,
        tapiz.procesos,
        antes=encargados.antes,
        encargos=encargados.despues,
        markdown=(list(config.markdown_extensions), dict(config.mdx_configs)),
    )
    buzones.bifurcado()
    if escritas is not None:
        escritas.bifurcado()
    return Auxiliar(
        adelanto,
        sitio_listo,
        paginas_escritas,
        buzones,
        escritas,
        libre,
        catalogo=del_catalogo,
    )
