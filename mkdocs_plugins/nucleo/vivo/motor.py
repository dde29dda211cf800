"""Las reglas en vivo: el motor y Python (Pyodide) publicados con el sitio, para la página.

La construcción copia de ``node_modules/pyodide`` (``npm ci``, versión fijada en
``package-lock.json``) los ficheros que Pyodide necesita para arrancar sin red y escribe
``motor.zip``: el paquete ``tapiz_rules`` y las reglas del libro como datos (la
declaración de cada Lienzo ya leída). Nada de esto se descarga con la página: lo pide
``tapiz/motor.js`` cuando quien lee pide algo en vivo.

El Python de un Lienzo (su ``reglas.py``) no va en ``motor.zip``: cada Lienzo con Python tiene
su propio zip (``lienzos/N.zip``, con ``tapiz_rules`` y solo ese Lienzo) y su propio motor en la
página, en un marco aislado (``tapiz/caja.js``); ``lienzos.json`` dice cuáles son y qué declara
cada una de sus reglas, para comprobar lo que responda (véase ARQUITECTURA.md, «El código de
un Lienzo en la página del lector»).

Con Node, el Python que la página importa al arrancar va ya compilado (``precompilado.py``):
la biblioteca estándar de Pyodide y ``tapiz_rules``, en ``.pyc``. Sin Node, en fuentes.

Sin ``node_modules/pyodide`` (ni el Pyodide que trae ``tapiz motor``, ``pyodide_npm.py``)
el libro se publica igual, sin reglas en vivo: los controles
«Probar» dicen que el motor no está disponible.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path
from typing import Any

from mkdocs_plugins.nucleo.datos import Anteriores, anteriores
from mkdocs_plugins.nucleo.fuente.configuracion import Configuracion
from mkdocs_plugins.nucleo.vivo import precompilado, zips
from mkdocs_plugins.nucleo.vivo.precompilado import Precompilacion, Precompilado, importados
from tapiz_rules.lienzos.incluir import leer_declaracion
from tapiz_rules.lienzos.lienzo import FICHERO as FICHERO_LIENZO
from tapiz_rules.modelo import Reglamento
from tapiz_rules.vivo import documento_en_datos

log = logging.getLogger("mkdocs.plugins.tapiz")
"""El registro del plugin: con MkDocs, el aviso sale como los suyos."""

CARPETA = "assets/tapiz/vivo"
"""Donde se publican, relativo al sitio: ``pyodide/``, ``motor.zip`` y ``descargas.json``."""
PYODIDE = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Lo que Pyodide carga al arrancar (el cargador clásico, para un Worker sin módulos: así
no depende de que el servidor conozca el tipo de ``.mjs``). Los paquetes de su
``pyodide-lock.json`` no se publican: el motor no los necesita, y la lista que se publica va sin
ellos (:func:`lista_sin_paquetes`)."""
DESCARGAS = "descargas.json"
"""Los ficheros del motor del libro y sus bytes, relativo a :data:`CARPETA` (:func:`descargas`)."""


def carpeta_pyodide(raiz: Path) -> Path | None:
    """``node_modules/pyodide`` (``npm ci``) o, si no, el de ``tapiz motor``, si está completo;
    None si no hay ninguno."""
    from mkdocs_plugins.nucleo.vivo import pyodide_npm

    for carpeta in (raiz / "node_modules" / "pyodide", pyodide_npm.carpeta(raiz)):
        if all((carpeta / f).is_file() for f in PYODIDE):
            return carpeta
    return None


def precompilar(raiz: Path, configuracion: Configuracion) -> Precompilacion | None:
    """Empieza a precompilar el Python de la página (None sin Pyodide): el plugin lo hace al
    principio de la construcción, y Node trabaja mientras se construyen las páginas."""
    origen = carpeta_pyodide(raiz)
    if origen is None:
        return None
    return Precompilacion(raiz, origen, importados_por_los_lienzos(configuracion))


def importados_por_los_lienzos(configuracion: Configuracion) -> set[str]:
    """Lo que importa el Python de los Lienzos: la página lleva solo la parte de la biblioteca
    estándar que se importa, y esto también."""
    ficheros = (f for carpeta, _ in configuracion.lienzos for f in sorted(carpeta.rglob("*.py")))
    return importados(ficheros)


def publicar(
    sitio: Path,
    raiz: Path,
    configuracion: Configuracion,
    precompilacion: Precompilacion | None = None,
    apartados: Anteriores | None = None,
) -> bool:
    """Copia Pyodide y escribe ``motor.zip`` en el sitio; False si falta Pyodide.

    ``precompilacion`` es la que el plugin empezó al principio de la construcción; sin ella,
    se hace aquí (de la caché, o con Node). Con ``apartados``, lo de la construcción anterior
    que no cambia vuelve a su sitio."""
    origen = carpeta_pyodide(raiz)
    if origen is None:
        log.info(
            "tapiz: falta Pyodide; el libro se publica sin reglas en vivo "
            "(tráelo con «tapiz motor», o con «npm ci» en este repositorio)"
        )
        return False
    if precompilacion is None:
        precompilacion = Precompilacion(raiz, origen, importados_por_los_lienzos(configuracion))
    compilado = precompilacion.resultado()
    guardados = zips.Guardados(raiz)
    destino = sitio / CARPETA
    (destino / "pyodide").mkdir(parents=True, exist_ok=True)
    for nombre in PYODIDE:
        if nombre == "pyodide-lock.json":
            _escribir(destino / "pyodide" / nombre, lista_sin_paquetes(origen / nombre), apartados)
        elif nombre == "python_stdlib.zip" and compilado is not None:
            _escribir(destino / "pyodide" / nombre, compilado.biblioteca, apartados)
        else:
            _copiar(origen / nombre, destino / "pyodide" / nombre, apartados)
    zip_del_motor = motor_zip(configuracion, compilado, guardados)
    _escribir(destino / "motor.zip", zip_del_motor, apartados)
    _escribir(destino / DESCARGAS, _json(descargas(destino)), apartados)
    aparte = lienzos_aparte(configuracion, compilado, guardados)
    publicar_lienzos(destino, aparte, apartados)
    guardados.quitar_los_demas()
    return True


def descargas(carpeta: Path) -> dict[str, int]:
    """Lo que descarga el motor del libro en la página, con sus bytes (``DESCARGAS``): el Worker
    lo pide todo a la vez y dice cuánto lleva mientras llega."""
    nombres = [f"pyodide/{nombre}" for nombre in PYODIDE] + ["motor.zip"]
    return {nombre: (carpeta / nombre).stat().st_size for nombre in nombres}


def publicar_lienzos(
    destino: Path,
    aparte: dict[str, tuple[bytes, dict[str, Any]]],
    apartados: Anteriores | None = None,
) -> None:
    """Escribe el zip de cada Lienzo con Python y ``lienzos.json`` (nombre → zip y declaración)."""
    indice: dict[str, Any] = {}
    for ruta, (datos, declarado) in aparte.items():
        (destino / ruta).parent.mkdir(exist_ok=True)
        _escribir(destino / ruta, datos, apartados)
        indice[declarado["nombre"]] = {"zip": ruta, **declarado}
    _escribir(destino / "lienzos.json", _json(indice), apartados)


def lista_sin_paquetes(lista: Path) -> bytes:
    """``pyodide-lock.json`` sin sus paquetes: Pyodide la lee al arrancar y son 120 KB de
    paquetes que no se publican (quedan ``info`` y la forma que Pyodide espera)."""
    datos = json.loads(lista.read_bytes())
    return json.dumps({**datos, "packages": {}}, sort_keys=True).encode()


def _escribir(destino: Path, datos: bytes, apartados: Anteriores | None = None) -> None:
    """Escribe si cambió: la fecha de lo que no cambia no cambia."""
    if not destino.is_file() or destino.read_bytes() != datos:
        anteriores.escribir(destino, datos, apartados)


def _copiar(origen: Path, destino: Path, apartados: Anteriores | None = None) -> None:
    """Copia si cambió (``mkdocs serve`` reconstruye a menudo y son ~10 MB)."""
    antes, ahora = origen.stat(), destino.stat() if destino.exists() else None
    if ahora is None or (ahora.st_size, ahora.st_mtime_ns) != (antes.st_size, antes.st_mtime_ns):
        if apartados is None:
            shutil.copy2(origen, destino)
        else:
            apartados.copiar(origen, destino)


def libro(configuracion: Configuracion) -> dict[str, Any]:
    """Las reglas del libro como datos: la declaración de cada Lienzo, ya leída. Los Lienzos con
    Python van marcados ``aparte``: el motor del libro no los carga (los calcula el suyo)."""
    lienzos: list[dict[str, Any]] = []
    for indice, (carpeta, lienzo) in enumerate(configuracion.lienzos):
        declarado = _declarado(configuracion, indice, carpeta, lienzo.nombre)
        if declarado["documento"]["valores"].get("python") is not None:
            declarado["aparte"] = True
        lienzos.append(declarado)
    return {"lienzos": lienzos}


def _declarado(
    configuracion: Configuracion, indice: int, carpeta: Path, nombre: str
) -> dict[str, Any]:
    declaracion = carpeta / FICHERO_LIENZO
    documento = leer_declaracion(declaracion, configuracion.ruta(declaracion)).documento
    return {
        "nombre": nombre,
        "ruta": configuracion.ruta(declaracion),
        "carpeta": f"lienzos/{indice}",
        "documento": documento_en_datos(documento),
    }


def ficheros_del_lienzo(carpeta: Path, declarado: dict[str, Any]) -> dict[str, bytes]:
    """El Python de un Lienzo, con su ruta en su zip: lo único que la página recibe de su
    carpeta. Es el único sitio que decide qué ficheros de un Lienzo llegan a la página."""
    if declarado["documento"]["valores"].get("python") is None:
        return {}
    return {
        f"{declarado['carpeta']}/{fichero.relative_to(carpeta).as_posix()}": fichero.read_bytes()
        for fichero in python_del_lienzo(carpeta)
    }


def lienzos_aparte(
    configuracion: Configuracion,
    compilado: Precompilado | None = None,
    guardados: zips.Guardados | None = None,
) -> dict[str, tuple[bytes, dict[str, Any]]]:
    """Cada Lienzo con Python: su zip (``tapiz_rules``, su declaración y su Python, sin nada
    del libro ni de otro Lienzo) y lo que declara cada una de sus reglas y tablas."""
    aparte: dict[str, tuple[bytes, dict[str, Any]]] = {}
    for indice, (carpeta, lienzo) in enumerate(configuracion.lienzos):
        declarado = _declarado(configuracion, indice, carpeta, lienzo.nombre)
        if declarado["documento"]["valores"].get("python") is None:
            continue
        ficheros = ficheros_del_lienzo(carpeta, declarado)
        ficheros["libro.json"] = _json({"lienzos": [declarado]})
        aparte[f"lienzos/{indice}.zip"] = (
            _zip(ficheros, compilado, guardados),
            {"nombre": lienzo.nombre, "id": carpeta.name, **declaraciones(lienzo.reglamento())},
        )
    return aparte


def declaraciones(reglamento: Reglamento) -> dict[str, Any]:
    """Los nombres de las entradas y salidas de cada regla, y las tablas: lo que la página
    comprueba en cada respuesta del motor de un Lienzo antes de mostrarla."""
    vigente = reglamento.vigente
    return {
        "reglas": {
            nombre: {
                "entradas": [c.nombre for c in regla.entradas],
                "salidas": [c.nombre for c in regla.salidas],
            }
            for nombre, regla in sorted(vigente.reglas.items())
        },
        "tablas": sorted(vigente.tablas),
    }


def python_del_lienzo(carpeta: Path) -> list[Path]:
    """Su ``reglas.py`` y los módulos que importa junto a él (``from ayuda import X``): todo
    el Python de la carpeta del Lienzo, sin cachés, para que la página importe lo mismo que
    la construcción."""
    return sorted(
        f for f in carpeta.rglob("*.py") if "__pycache__" not in f.relative_to(carpeta).parts
    )


def motor_zip(
    configuracion: Configuracion,
    compilado: Precompilado | None = None,
    guardados: zips.Guardados | None = None,
) -> bytes:
    """``tapiz_rules`` y ``libro.json``, sin el Python de ningún Lienzo.

    De ``tapiz_rules`` van sus ``.py`` y, con ``compilado``, el ``.pyc`` en lugar del ``.py``
    de cada módulo que importa la página (Python lo carga igual, sin compilarlo)."""
    return _zip({"libro.json": _json(libro(configuracion))}, compilado, guardados)


def _json(datos: Any) -> bytes:
    return json.dumps(datos, ensure_ascii=False, sort_keys=True).encode()


def _zip(
    ficheros: dict[str, bytes], compilado: Precompilado | None, guardados: zips.Guardados | None
) -> bytes:
    """``ficheros``, ``tapiz_rules`` y el cargador del código generado en un zip, siempre con
    los mismos bytes (con ``guardados``, comprimido una vez)."""
    ficheros = dict(ficheros)
    pyc = compilado.pyc if compilado is not None else {}
    for ruta, fuente in precompilado.fuentes().items():
        if ruta + "c" in pyc:
            ficheros[ruta + "c"] = pyc[ruta + "c"]
        else:
            ficheros[ruta] = fuente
    if compilado is not None:
        ficheros[precompilado.GENERADO] = compilado.generado
    return zips.comprimir(ficheros) if guardados is None else guardados.zip(ficheros)
