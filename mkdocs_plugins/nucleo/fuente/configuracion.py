"""Una sola configuración de reglas para la construcción, pytest y ``tapiz comprobar``.

Las páginas son las del ``docs_dir`` de ``mkdocs.yml`` (``proyecto.py``). El sistema, la
edición y las reglas opcionales del libro viven en ``tapiz.yml``, junto a ``mkdocs.yml``, y
es opcional: sin él, Tapiz actual sin opcionales. Los Lienzos se descubren solos: cada
carpeta de las páginas con un ``lienzo.yml`` es uno, y sus páginas se comprueban con sus
reglas.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mkdocs_plugins.nucleo.fuente import carpeta as carpeta_paginas
from mkdocs_plugins.nucleo.fuente import proyecto
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.aislado import LIMITE_POR_DEFECTO
from tapiz_rules.lienzos.lienzo import FICHERO as FICHERO_LIENZO
from tapiz_rules.lienzos.lienzo import ErrorLienzo, Lienzo, cargar
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento
from tapiz_rules.yaml_con_lineas import ErrorYaml, cargar_mapa

FICHERO = "tapiz.yml"
CLAVES = ("paginas", "sistema", "edicion", "opcionales", "limite_lienzo")
PAGINAS_POR_DEFECTO = "srd"
"""Las páginas de un proyecto sin ``mkdocs.yml`` ni ``paginas`` en ``tapiz.yml`` (las pruebas
que solo tienen una carpeta ``srd/``); con ``mkdocs.yml``, su ``docs_dir``."""


class ErrorConfiguracion(ErrorTapiz):
    """``tapiz.yml`` o un ``lienzo.yml`` mal escritos; el mensaje empieza por «fichero:línea:»."""


class ErrorCarpeta(ErrorConfiguracion):
    """La carpeta de las páginas no se puede leer tal como está (un enlace que sale de ella, un
    fichero que no es UTF-8): la entrada está mal, no el libro (:mod:`.carpeta`)."""


@dataclass(frozen=True)
class Configuracion:
    raiz: Path
    paginas: Path
    base: Reglamento
    lienzos: tuple[tuple[Path, Lienzo], ...] = ()

    def reglamento_de(self, pagina: Path) -> Reglamento:
        """El reglamento de una página: el de su Lienzo si está en uno, si no el del libro."""
        ruta = os.path.normcase(os.path.realpath(pagina))
        elegido: tuple[int, Lienzo] | None = None
        for carpeta, lienzo in self.lienzos:
            # Como Path.is_relative_to, con textos: se mira en cada página y por cada Lienzo.
            dentro = os.path.normcase(carpeta)
            contiene = ruta == dentro or ruta.startswith(dentro + os.sep)
            if contiene and (elegido is None or len(dentro) > elegido[0]):
                elegido = (len(dentro), lienzo)  # el Lienzo más interior manda
        return elegido[1].reglamento() if elegido is not None else self.base

    def ruta(self, fichero: Path) -> str:
        """Como se nombra un fichero en los mensajes: relativo a la raíz del proyecto."""
        try:
            return fichero.resolve().relative_to(self.raiz).as_posix()
        except ValueError:
            return fichero.as_posix()


def buscar(desde: Path) -> Path | None:
    """El ``tapiz.yml`` de esta carpeta o de la más cercana por encima."""
    for carpeta in (desde.resolve(), *desde.resolve().parents):
        if (carpeta / FICHERO).is_file():
            return carpeta / FICHERO
    return None


def cargar_configuracion(
    fichero: Path | None,
    raiz: Path,
    paginas: Path | None = None,
    solo: Sequence[Path] | None = None,
) -> Configuracion:
    """Lee ``tapiz.yml`` (o los valores por defecto si no hay) y los Lienzos de las páginas.

    Con ``solo`` (las rutas que se van a comprobar), carga solo los Lienzos que las contienen
    o que están dentro de ellas: el código de los demás no se ejecuta. De todos se lee el
    nombre, que no puede repetirse."""
    valores: dict[str, object] = {}
    lineas: dict[str, int] = {}
    if fichero is not None:
        raiz = fichero.parent.resolve()
        try:
            documento = cargar_mapa(fichero.read_text(encoding="utf-8"))
        except ErrorYaml as error:
            raise ErrorConfiguracion(
                f"{FICHERO}:{(error.linea or 0) + 1}: YAML no válido: {error}"
            ) from None
        if documento is not None:
            valores, lineas = documento.valores, documento.lineas
    raiz = raiz.resolve()

    def error_en(clave: str, mensaje: str) -> ErrorConfiguracion:
        return ErrorConfiguracion(f"{FICHERO}:{lineas.get(clave, 0) + 1}: {mensaje}")

    for clave in valores:
        if clave not in CLAVES:
            raise error_en(
                clave, f"clave desconocida «{clave}»; las válidas son: {', '.join(CLAVES)}"
            )
    opcionales = valores.get("opcionales") or []
    if not isinstance(opcionales, list):
        raise error_en("opcionales", "«opcionales» debe ser una lista de códigos, p. ej. [TZR0001]")
    try:
        base = reglamento(
            str(valores.get("sistema") or "tapiz"),
            str(valores.get("edicion") or ""),
            [str(o) for o in opcionales],
        )
    except ErrorTapiz as problema:
        texto = str(problema)
        clave = (
            "edicion" if "edición" in texto else "opcionales" if "opcional" in texto else "sistema"
        )
        raise error_en(clave, str(problema)) from None
    limite = valores.get("limite_lienzo", LIMITE_POR_DEFECTO)
    if isinstance(limite, bool) or not isinstance(limite, int | float) or not 0 < limite <= 600:
        raise error_en(
            "limite_lienzo",
            "«limite_lienzo» son los segundos que puede tardar el Python de un Lienzo en "
            "cada llamada: un número mayor que 0 y hasta 600",
        )
    escritas = valores.get("paginas")
    if "\0" in str(escritas or ""):
        raise error_en("paginas", "«paginas» es una carpeta (p. ej. srd): no lleva bytes nulos")
    if paginas is None:
        paginas = raiz / str(escritas or PAGINAS_POR_DEFECTO)
    elif escritas is not None and (raiz / str(escritas)).resolve() != paginas.resolve():
        raise error_en(
            "paginas",
            f"«paginas: {escritas}» no es la carpeta de las páginas de mkdocs.yml "
            f"({Path(os.path.relpath(paginas, raiz)).as_posix()}): "
            "quita «paginas», la carpeta la dice docs_dir en mkdocs.yml",
        )
    paginas = paginas.resolve()
    if fuera := carpeta_paginas.problemas(paginas, carpeta_paginas.nombrar_desde(raiz)):
        raise ErrorCarpeta("\n".join(map(str, fuera)))
    declaraciones = sorted(paginas.rglob(FICHERO_LIENZO))
    _nombres_unicos(declaraciones, raiz)
    elegidas = [Path(os.path.realpath(r)) for r in solo] if solo is not None else None
    lienzos = tuple(
        (declaracion.parent, _lienzo(declaracion, raiz, float(limite)))
        for declaracion in declaraciones
        if elegidas is None or _hace_falta(declaracion.parent.resolve(), elegidas)
    )
    return Configuracion(raiz, paginas, base, lienzos)


def _hace_falta(carpeta: Path, elegidas: list[Path]) -> bool:
    return any(carpeta.is_relative_to(r) or r.is_relative_to(carpeta) for r in elegidas)


def _nombres_unicos(declaraciones: list[Path], raiz: Path) -> None:
    """Dos Lienzos con el mismo nombre son un error en el segundo (el libro los distingue por
    su nombre: la página de uno calcularía con las reglas del otro)."""
    vistos: dict[str, str] = {}
    for declaracion in declaraciones:
        try:
            documento = cargar_mapa(declaracion.read_bytes().decode("utf-8"))
        except (ErrorYaml, OSError, ValueError):
            continue  # lo dice la carga del Lienzo, con su línea
        nombre = documento.valores.get("nombre") if documento is not None else None
        if not isinstance(nombre, str) or not nombre.strip() or documento is None:
            continue
        ruta = _ruta(declaracion, raiz)
        if (otro := vistos.setdefault(nombre.strip(), ruta)) != ruta:
            raise ErrorConfiguracion(
                f"{ruta}:{documento.linea('nombre') + 1}: otro Lienzo ya se llama "
                f"«{nombre.strip()}» ({otro}); cada Lienzo necesita un nombre propio"
            )


def _ruta(declaracion: Path, raiz: Path) -> str:
    try:
        return declaracion.resolve().relative_to(raiz).as_posix()
    except ValueError:
        return declaracion.as_posix()


def _lienzo(declaracion: Path, raiz: Path, limite: float) -> Lienzo:
    try:
        return cargar(declaracion, _ruta(declaracion, raiz), limite)
    except ErrorLienzo as error:
        raise ErrorConfiguracion(str(error)) from None


def raiz_del_proyecto(desde: Path) -> Path | None:
    """La carpeta del libro: la más cercana, de ``desde`` hacia arriba, con ``mkdocs.yml`` o
    ``tapiz.yml``; None si no hay ninguna."""
    inicio = desde.resolve()
    for carpeta in (inicio, *inicio.parents):
        if (carpeta / proyecto.MKDOCS).is_file() or (carpeta / FICHERO).is_file():
            return carpeta
    return None


def configuracion_desde(carpeta: Path, solo: Sequence[Path] | None = None) -> Configuracion:
    """La configuración del libro que contiene ``carpeta``: sus páginas, las del ``docs_dir``
    de su ``mkdocs.yml``; sus reglas, las de su ``tapiz.yml`` (sin él, las de serie);
    ``solo``, como en :func:`cargar_configuracion`."""
    raiz = raiz_del_proyecto(carpeta) or carpeta.resolve()
    fichero = raiz / FICHERO
    try:
        paginas = proyecto.paginas(raiz)
    except proyecto.ErrorMkdocs as error:
        raise ErrorConfiguracion(str(error)) from None
    return cargar_configuracion(fichero if fichero.is_file() else None, raiz, paginas, solo=solo)
