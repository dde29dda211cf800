"""Los encargos del plugin al adelanto: lo que solo depende de la fuente, hecho en el proceso
auxiliar tras sus páginas (``adelanto.Encargo``) mientras MkDocs sigue con las suyas.

Unos dan datos que MkDocs recoge cuando los necesita (el historial de versiones, los
capítulos de «Estado del SRD»); otros escriben ellos mismos sus ficheros en el sitio (la API
y el motor en vivo) y devuelven su huella para la lista del libro sin conexión. Si el
auxiliar falla, el encargo da None y MkDocs lo hace él, como sin adelanto.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.util
import os
import pickle
import select
import struct
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from mkdocs_plugins.herramientas import publicar_cambios
from mkdocs_plugins.nucleo.datos import Anteriores, Cache, datos
from mkdocs_plugins.nucleo.fuente import Configuracion
from mkdocs_plugins.nucleo.paginas import estado_srd
from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.nucleo.vivo import Precompilacion, motor
from mkdocs_plugins.plugin import api_guardada, busqueda, estado
from mkdocs_plugins.plugin import sin_conexion as sin_conexion_del_sitio
from mkdocs_plugins.plugin.adelanto import estaticos, salida
from mkdocs_plugins.plugin.adelanto.ejecutor import PaginaPendiente
from mkdocs_plugins.plugin.adelanto.escritas import Escritas
from mkdocs_plugins.plugin.adelanto.procesos import ConPagina, Encargo
from mkdocs_plugins.plugin.rutas import ruta_mostrada


class Aviso:
    """Una señal de MkDocs a los encargos del auxiliar: que ya vació la carpeta del sitio (tras
    ``on_pre_build``: lo que se escribiera antes se borraría), o que ya escribió las páginas;
    o del auxiliar a MkDocs: que ya solo le espera (``libre``). Se crea antes de bifurcar el
    auxiliar.

    Es un tubo en el que quien avisa escribe un byte que nadie lee: desde entonces se puede
    leer, para cada uno que lo espere o lo mire (como un ``multiprocessing.Event``, sin sus
    semáforos)."""

    def __init__(self) -> None:
        self._lector, self._escritor = os.pipe()
        self._mkdocs = os.getpid()

    def avisar(self) -> None:
        os.write(self._escritor, b"!")

    @property
    def descriptor(self) -> int:
        """El que se puede leer desde que se avisa (para esperarlo con otros)."""
        return self._lector

    def cerrar(self) -> None:
        """En MkDocs, al terminar el auxiliar."""
        os.close(self._lector)
        os.close(self._escritor)

    def avisado(self) -> bool:
        """Si ya se avisó, sin esperar."""
        return bool(select.select([self._lector], [], [], 0)[0])

    def esperar(self) -> bool:
        """En el auxiliar: True cuando MkDocs avisa; False si MkDocs ya no está."""
        return _mientras_viva(
            self._mkdocs, lambda: bool(select.select([self._lector], [], [], 1)[0])
        )


class Buzon:
    """Lo que MkDocs envía a un encargo del auxiliar: los ficheros estáticos, en cuanto sabe
    los del sitio (``on_nav``), o los de datos de los widgets, en cuanto ha convertido las
    páginas (``on_env``). Se crea antes de bifurcar el auxiliar.

    Lo enviado va a un fichero temporal sin nombre que los dos procesos comparten, y su
    tamaño por un tubo: MkDocs no espera a que el auxiliar, con otro encargo, lo lea, y no
    hace falta un hilo que lo escriba por trozos (el tubo guarda 64 KB; los datos del libro
    son medio mega, y cada trozo esperaba a que MkDocs soltara el GIL)."""

    def __init__(self) -> None:
        self._fichero = tempfile.TemporaryFile()  # noqa: SIM115 (se cierra en cerrar)
        self._lector, self._escritor = os.pipe()
        self._mkdocs = os.getpid()

    def bifurcado(self) -> None:
        """En MkDocs, tras bifurcar el auxiliar: sin el extremo que lee, si el auxiliar ya no
        está el aviso falla en lugar de quedarse esperando a que alguien lo lea."""
        os.close(self._lector)

    def enviar(self, valor: object) -> None:
        """En MkDocs: lo deja en el fichero y avisa con su tamaño, sin esperar."""
        datos = pickle.dumps(valor, pickle.HIGHEST_PROTOCOL)
        os.pwrite(self._fichero.fileno(), datos, 0)
        # Si el auxiliar ya no está, su encargo da None y MkDocs los escribe él.
        with contextlib.suppress(OSError):
            os.write(self._escritor, _TAMANO.pack(len(datos)))

    def cerrar(self) -> None:
        """En MkDocs, al terminar el auxiliar."""
        self._fichero.close()
        os.close(self._escritor)

    def recibir(self) -> tuple[bool, Any]:
        """En el auxiliar: ``(True, lo enviado)``, o ``(False, None)`` si MkDocs ya no está."""
        if not _mientras_viva(self._mkdocs, self._avisado):
            return False, None
        tamano = _TAMANO.unpack(os.read(self._lector, _TAMANO.size))[0]
        return True, pickle.loads(os.pread(self._fichero.fileno(), tamano, 0))

    def _avisado(self) -> bool:
        return bool(select.select([self._lector], [], [], 1)[0])


_TAMANO = struct.Struct("=Q")


def _mientras_viva(mkdocs: int, listo: Callable[[], bool]) -> bool:
    """En el auxiliar: espera a que ``listo()`` (que espera hasta un segundo) dé True; False si
    antes el proceso ``mkdocs``, que lo bifurcó, ya no está."""
    while not listo():
        if os.getppid() != mkdocs:
            return False
    return True


@dataclass
class Buzones:
    """Los de los encargos del auxiliar que escriben lo que MkDocs les envía."""

    estaticos: Buzon = field(default_factory=Buzon)
    datos: Buzon = field(default_factory=Buzon)

    def bifurcado(self) -> None:
        self.estaticos.bifurcado()
        self.datos.bifurcado()

    def cerrar(self) -> None:
        self.estaticos.cerrar()
        self.datos.cerrar()


RESERVADOS = (
    busqueda.RUTA_INDICE,
    publicar_cambios.FEED,
    sin_conexion.MANIFIESTO,
    sin_conexion.TRABAJADOR,
    sin_conexion.LISTA,
)
"""Lo que MkDocs escribe (o reescribe) tras avisar de que las páginas están escritas, mientras
el auxiliar resume el sitio: sus huellas las calcula él."""


@dataclass
class Encargos:
    antes: list[Encargo] = field(default_factory=list)
    """Los que MkDocs necesita pronto, o que tardan: antes de las páginas del auxiliar."""
    despues: list[Encargo] = field(default_factory=list)


def del_plugin(
    configuracion: Configuracion,
    ficheros: Files,
    config: MkDocsConfig,
    sitio_listo: Aviso,
    paginas_escritas: Aviso,
    buzones: Buzones,
    libre: Aviso | None = None,
    *,
    con_estado: bool,
    con_api: bool,
    con_huellas: bool,
    motor_desde: Path | None,
    guardada: Cache | None = None,
    paginas_anotadas: Escritas | None = None,
) -> Encargos:
    """En el orden en que MkDocs los necesita: antes de las páginas, empieza a precompilar el
    Python del motor; tras ellas, los capítulos de «Estado del SRD» (la última página que lee,
    que el auxiliar lee también), los ficheros estáticos que MkDocs le envía
    (``buzones.estaticos``: los necesita escritos en ``on_env``) y, para ``on_post_build``, la
    API (de la caché ``guardada``, la copia del auxiliar, si nada de lo que la decide cambió) y
    el motor en vivo, con Pyodide de la carpeta del proyecto ``motor_desde`` (None si no se
    encarga). Después escribe los ficheros de datos de los widgets, cuando MkDocs se los envía
    (``buzones.datos``, tras convertir las páginas y mientras escribe su HTML); al empezar a
    esperarlos avisa de que está ``libre``: lo que le queda depende de MkDocs. Con la caché
    llena, devuelve lo que usó de ella (``Cache.lo_usado``): MkDocs lo conserva al cerrarla. El
    último, si el sitio lleva la lista sin conexión (``con_huellas``: no con ``mkdocs serve``),
    cuando MkDocs avisa de que ``paginas_escritas``: las huellas de todo el sitio (salvo lo que
    MkDocs escribe después, ``RESERVADOS``, y el motor si lo publica él), mientras MkDocs
    escribe eso; mientras espera el aviso, calcula la de cada página que MkDocs anota en
    ``paginas_anotadas`` (``adelanto/escritas.py``)."""
    encargos = Encargos()
    if con_estado:
        capitulos = estado.capitulos_del_libro(ficheros, config)

        def leer_capitulos() -> ConPagina:
            leidos = estado.leer([(r, f.content_string, t) for r, f, t in capitulos])
            texto = estado.texto(list(leidos.values()), config, ficheros)
            return ConPagina(leidos, _generada(estado_srd.RUTA, texto, config))

        encargos.despues.append(("estado", leer_capitulos))
    sitio = Path(config.site_dir)
    apartados = Anteriores(sitio)
    """Lo que MkDocs aparta del sitio antes de vaciarlo (en ``on_pre_build``, antes de avisar
    de que el sitio está listo): lo que se escribe igual vuelve de ahí con un renombrado."""
    escritas: sin_conexion.Conocidas = {}
    """Las huellas de lo que ya escribieron sus encargos: el resumen del sitio no lo lee otra
    vez (el motor lleva 10 MB de Pyodide)."""

    def escribir_los_estaticos() -> sin_conexion.Conocidas | None:
        llegaron, copias = buzones.estaticos.recibir()
        return estaticos.escribir(copias, config.site_dir) if llegaron else None

    encargos.despues.append(("estáticos", _apuntando(escritas, escribir_los_estaticos)))
    if con_api:

        def escribir_api() -> sin_conexion.Conocidas | None:
            """Con la API de ``guardada`` (la copia de la caché del auxiliar) si no cambió."""
            if not sitio_listo.esperar():
                return None
            return api_guardada.escribir(sitio, configuracion, guardada, apartados)

        encargos.despues.append(("api", _apuntando(escritas, escribir_api)))
    if motor_desde is not None:
        precompilar, (nombre, publicar) = _del_motor(
            configuracion, motor_desde, sitio, sitio_listo, apartados
        )
        encargos.antes.append(precompilar)
        encargos.despues.append((nombre, _apuntando(escritas, publicar)))

    def escribir_los_datos() -> sin_conexion.Conocidas | None:
        if libre is not None:
            libre.avisar()
        llegaron, ficheros = buzones.datos.recibir()
        if not llegaron:
            return None
        datos.escribir(ficheros, apartados)
        return sin_conexion.huellas_de(sitio, ficheros)

    encargos.despues.append(("datos", _apuntando(escritas, escribir_los_datos)))
    if guardada is not None and guardada.tiene_entradas:  # en frío, lo calcula casi todo
        encargos.despues.append(("caché", guardada.lo_usado))

    def resumir_el_sitio() -> sin_conexion.Conocidas | None:
        """Todo el sitio, con lo que MkDocs escribió él (si un encargo falló) antes de avisar."""
        if paginas_anotadas is not None:
            anticipadas = paginas_anotadas.huellas_hasta(paginas_escritas.descriptor, sitio)
        else:
            anticipadas = {} if paginas_escritas.esperar() else None
        if anticipadas is None:
            return None
        apartados.terminar()  # lo que no volvió: ni MkDocs ni los encargos escriben ya
        sin = RESERVADOS if motor_desde is not None else (*RESERVADOS, f"{motor.CARPETA}/*")
        return sin_conexion.huellas(sitio, "", sin=sin, conocidas=anticipadas | escritas)

    if con_huellas:
        encargos.despues.append(("huellas", resumir_el_sitio))
    return encargos


def _apuntando(
    escritas: sin_conexion.Conocidas, hacer: Callable[[], sin_conexion.Conocidas | None]
) -> Callable[[], sin_conexion.Conocidas | None]:
    """``hacer``, que además apunta en ``escritas`` las huellas de lo que escribió."""

    def apuntado() -> sin_conexion.Conocidas | None:
        hechas = hacer()
        escritas.update(hechas or {})
        return hechas

    return apuntado


def _generada(uri: str, texto: str, config: MkDocsConfig) -> PaginaPendiente:
    return PaginaPendiente(ruta_mostrada(uri, config), None, texto)


def _del_motor(
    configuracion: Configuracion, raiz: Path, sitio: Path, sitio_listo: Aviso, apartados: Anteriores
) -> tuple[Encargo, Encargo]:
    """Empezar a precompilar el Python del motor (Node, si hace falta, trabaja desde ahí) y,
    tras las páginas, publicar el motor en vivo con lo precompilado."""
    empezadas: list[Precompilacion | None] = []
    desde_ns = time.time_ns()
    """Lo que en el sitio es anterior es una copia con la fecha de su origen (Pyodide)."""

    def precompilar() -> None:
        with salida.sin_cortar():  # Node no queda huérfano si MkDocs termina el auxiliar ahora
            empezadas.append(empezada := motor.precompilar(raiz, configuracion))
            if empezada is not None:  # si el auxiliar acaba (o lo acaban) antes de publicarla
                multiprocessing.util.Finalize(empezada, empezada.cerrar, exitpriority=1)

    def publicar() -> sin_conexion.Conocidas | None:
        """Cuando el sitio está listo; da la huella de cada fichero del motor."""
        if not sitio_listo.esperar():
            return None
        motor.publicar(sitio, raiz, configuracion, empezadas[0] if empezadas else None, apartados)
        return sin_conexion_del_sitio.del_motor(sitio, motor.CARPETA, raiz, desde_ns)

    return ("precompilar", precompilar), ("motor", publicar)
