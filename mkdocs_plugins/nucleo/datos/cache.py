"""La caché de la construcción: lo que solo depende de su entrada y del código que lo calcula.

Un bloque del libro da siempre el mismo HTML y los mismos datos mientras no
cambien su texto, su sitio en la página, las reglas en vigor y el código del
motor y del plugin. La caché guarda esos resultados en memoria entre las
reconstrucciones de ``mkdocs serve`` y en un fichero entre procesos, como las
cachés de los plugins de mkdocs-material (``.cache/plugin/…``). El fichero va en
el formato de ``marshal``, el de los ``.pyc``: se escribe y se lee cuatro veces más
deprisa que un JSON, y como el de los ``.pyc`` solo vale para la versión de Python
que lo escribió, que es parte de la huella.

Todo va bajo una huella del código y de las reglas (``huella``): si se guarda
un fichero del motor, de un Lienzo o ``tapiz.yml``, la caché entera se
descarta. Un bloque con un problema no se guarda nunca: los errores se
calculan y se informan en cada construcción.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

FORMATO = 2
"""Cambia si cambia la forma de lo guardado: un fichero de otro formato se ignora."""
NOMBRE_DEL_FICHERO = "bloques.marshal"


def huella(ficheros: Iterable[Path | str]) -> str:
    """Una huella de esos ficheros: su ruta, su tamaño y su fecha de modificación.

    Como ``make`` o la caché de pytest, no se leen: guardar un fichero cambia su
    fecha, y así la huella de cada construcción cuesta solo mirar las fechas. Van en el
    orden de ``Path`` (por partes), pero como textos: ordenar los ``Path`` costaba más.
    """
    resumen = hashlib.sha256(f"{FORMATO}\0{sys.version}\0{marshal.version}".encode())
    for fichero in sorted(set(map(str, ficheros)), key=lambda ruta: ruta.split("/")):
        try:
            estado = os.stat(fichero)
            sello = f"{estado.st_size}:{estado.st_mtime_ns}"
        except OSError:
            sello = "(ilegible)"
        resumen.update(f"{fichero}\0{sello}\0".encode("utf-8", "surrogateescape"))
    return resumen.hexdigest()


def ficheros_bajo(
    carpeta: Path, acepta: Callable[[str], bool], enlaces: bool = False
) -> Iterator[str]:
    """Los ficheros bajo ``carpeta`` cuyo nombre ``acepta`` (como ``rglob``, pero sin un
    ``Path`` por fichero). Con ``enlaces`` entra también en las carpetas enlazadas (cada
    carpeta real una vez, así un ciclo de enlaces no es un bucle)."""
    vistas: set[str] = set()
    for actual, carpetas, nombres in os.walk(carpeta, followlinks=enlaces):
        if enlaces:
            real = os.path.realpath(actual)
            if real in vistas:
                carpetas.clear()
                continue
            vistas.add(real)
        yield from (os.path.join(actual, nombre) for nombre in nombres if acepta(nombre))


def ficheros_de_lienzo(carpeta: Path) -> Iterator[str]:
    """Lo de la carpeta de un Lienzo que decide sus reglas: todo salvo sus páginas, también a
    través de sus carpetas enlazadas (el código del Lienzo que las lea sin Landlock, que no le
    deja salir de su carpeta, véase ``tapiz_rules.lienzos.encierro``)."""
    return ficheros_bajo(carpeta, lambda nombre: not nombre.endswith(".md"), True)


def clave(*partes: str) -> str:
    """La clave de una entrada: una huella de sus partes, que no pueden confundirse."""
    return hashlib.sha256("\0".join(partes).encode("utf-8")).hexdigest()


def texto_guardado(cache: Cache | None, calcular: Callable[[], str], *partes: str) -> str:
    """Un texto que solo depende de ``partes``: el de la caché si está; si no, se calcula
    (y se guarda, si hay caché)."""
    if cache is None:
        return calcular()
    entrada = clave(*partes)
    guardado = cache.obtener(entrada)
    if isinstance(guardado, str):
        return guardado
    calculado = calcular()
    cache.guardar(entrada, calculado)
    return calculado


T = TypeVar("T")


def sin_problemas(cache: Cache | None, comprobar: Callable[[], list[T]], *partes: str) -> list[T]:
    """Una comprobación que solo depende de ``partes``: si la última vez no encontró nada, la
    caché lo recuerda y no se repite; lo que encuentra no se guarda y se busca cada vez (como
    los errores de los bloques)."""
    entrada = clave("sin problemas", *partes)
    if cache is not None and cache.obtener(entrada) is True:
        return []
    problemas = comprobar()
    if cache is not None and not problemas:
        cache.guardar(entrada, True)
    return problemas


def objeto_guardado(cache: Cache | None, calcular: Callable[[], T], *partes: str) -> T:
    """Como :func:`texto_guardado`, para un objeto de Python (va al fichero con ``pickle``, como
    bytes): lo que cuesta mucho más calcular que leer, como la estructura de una página que
    lee markdown-it-py. El fichero es del plugin y vale lo que la huella del código."""
    if cache is None:
        return calcular()
    entrada = clave(*partes)
    guardado = cache.obtener(entrada)
    if isinstance(guardado, bytes):
        return cast(T, pickle.loads(guardado))
    calculado = calcular()
    cache.guardar(entrada, pickle.dumps(calculado, pickle.HIGHEST_PROTOCOL))
    return calculado


Usado = tuple[list[str], dict[str, Any]]
"""Las claves que usó un proceso en una construcción, y las entradas que calculó."""


class Cache:
    """Entradas por clave (textos, números, listas y diccionarios, como en JSON), válidas
    mientras no cambie la huella con que se abrieron.

    En cada construcción se marcan las entradas usadas; al cerrarla solo esas se
    conservan, así el fichero no crece con bloques que ya no existen.
    """

    def __init__(self, fichero: Path | None, huella: str) -> None:
        self.fichero = fichero
        self.huella = huella
        self._anteriores: dict[str, Any] = _entradas(fichero, huella) if fichero else {}
        self._usadas: dict[str, Any] = {}
        self._ofrecidas: dict[str, Any] = {}
        self.memoria: dict[str, dict[str, Any]] = {}
        """Lo que solo se recuerda en este proceso, de una construcción a otra de ``mkdocs
        serve`` (objetos que no van al fichero), por tema; vale lo que la huella."""
        self.aciertos = 0
        self.fallos = 0

    @property
    def _fuentes(self) -> tuple[dict[str, Any], ...]:
        return self._usadas, self._anteriores, self._ofrecidas

    @property
    def tiene_entradas(self) -> bool:
        return any(self._fuentes)

    def obtener(self, clave: str) -> Any | None:
        valor = next((d[clave] for d in self._fuentes if clave in d), None)
        if valor is None:
            self.fallos += 1
            return None
        self.aciertos += 1
        self._usadas[clave] = valor
        return valor

    def guardar(self, clave: str, valor: Any) -> None:
        self._usadas[clave] = valor

    def ofrecer(self, entradas: dict[str, Any]) -> None:
        """Entradas calculadas en otro proceso: disponibles en esta construcción."""
        self._ofrecidas.update(entradas)

    def lo_usado(self) -> Usado:
        """En un proceso bifurcado de este (el auxiliar del adelanto): las claves que usó en esta
        construcción y, de ellas, las que no estaban en el fichero, con su valor. El proceso de
        MkDocs las conserva al cerrar (:meth:`recordar`): si no, las perdería."""
        calculadas = {k: v for k, v in self._usadas.items() if k not in self._anteriores}
        return list(self._usadas), calculadas

    def recordar(self, usado: Usado) -> None:
        """Lo que usó otro proceso (:meth:`lo_usado`), como si se hubiera usado aquí."""
        claves, calculadas = usado
        self._usadas.update((k, self._anteriores[k]) for k in claves if k in self._anteriores)
        self._usadas.update(calculadas)

    def guardadas(self) -> dict[str, Any]:
        """Las entradas usadas o guardadas en esta construcción."""
        return dict(self._usadas)

    def cerrar(self) -> None:
        """Termina una construcción: escribe el fichero si algo cambió y empieza otra."""
        cambiada = self._usadas.keys() != self._anteriores.keys()
        if self.fichero is not None and cambiada:
            contenido = {"formato": FORMATO, "huella": self.huella, "entradas": self._usadas}
            escribir_de_una_vez(self.fichero, contenido)
        self._anteriores, self._usadas, self._ofrecidas = self._usadas, {}, {}
        self.aciertos = self.fallos = 0


def leer_diccionario(fichero: Path) -> dict[Any, Any]:
    """Lo que guardó :func:`escribir_de_una_vez`, o nada si falta o está roto."""
    try:
        guardado = marshal.loads(fichero.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return guardado if isinstance(guardado, dict) else {}


def _entradas(fichero: Path, huella: str) -> dict[str, Any]:
    """Las entradas del fichero, o ninguna si falta, está roto o es de otro código."""
    guardado = leer_diccionario(fichero)
    if guardado.get("formato") != FORMATO or guardado.get("huella") != huella:
        return {}
    entradas = guardado.get("entradas")
    return entradas if isinstance(entradas, dict) else {}


def escribir_de_una_vez(fichero: Path, contenido: dict[str, Any] | bytes) -> None:
    """Escribe de una vez (fichero temporal y renombrado): nunca queda un fichero a medias, y
    otro proceso que lo lea a la vez lo ve entero o no lo ve. Un diccionario va con
    ``marshal`` (lo lee :func:`leer_diccionario`); los bytes, tal cual."""
    datos = contenido if isinstance(contenido, bytes) else marshal.dumps(contenido)
    try:
        fichero.parent.mkdir(parents=True, exist_ok=True)
        temporal = fichero.with_name(f".{fichero.name}.{os.getpid()}")
        temporal.write_bytes(datos)
        os.replace(temporal, fichero)
    except OSError:
        pass  # una caché que no se puede escribir solo hace más lenta la próxima construcción
