"""Lienzos: ambientaciones sobre Tapiz, declaradas en un ``lienzo.yml`` junto a sus páginas.

Un Lienzo puede elegir edición y reglas opcionales, cambiar los parámetros que
lista :data:`tapiz_rules.sistemas.tapiz.ajustes.AJUSTES`, sustituir tablas del libro
por tablas de datos, añadir tablas y reglas de datos («tirada → resultado») y
cargar reglas escritas en Python. Cualquier error señala la línea de su
declaración: ``lienzos/islas/lienzo.yml:7: …``.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.aislado import (
    LIMITE_POR_DEFECTO,
    ErrorDelLienzo,
    Trabajador,
    reglas_en_este_proceso,
)
from tapiz_rules.lienzos.declaradas import reglas_del_lienzo
from tapiz_rules.lienzos.incluir import Declaracion, ErrorDeclaracion, leer_declaracion
from tapiz_rules.lienzos.nombres import PALABRAS as _NOMBRES
from tapiz_rules.lienzos.nombres import ErrorNombres, leer_nombres
from tapiz_rules.lienzos.reglas_de_datos import regla_de_tabla
from tapiz_rules.lienzos.tablas import diferencia
from tapiz_rules.modelo import (
    DefinicionTabla,
    Regla,
    Reglamento,
    Sistema,
    Tabla,
)
from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.ajustes import AJUSTES
from tapiz_rules.sistemas.tapiz.nombres import NOMBRES, Nombres, renombrar_sistema
from tapiz_rules.yaml_con_lineas import Documento, tipo_yaml

FICHERO = "lienzo.yml"
CLAVES = (
    "nombre",
    "descripcion",
    "edicion",
    "opcionales",
    "parametros",
    "tablas",
    "tablas_nuevas",
    "reglas",
    "python",
    "nombres",
    "incluir",
)

_PISTA_NOMBRES = " (los nombres de características, atributos y habilidades van en «nombres»)"


class ErrorLienzo(ErrorTapiz):
    """Una declaración de Lienzo incorrecta, con su fichero y su línea (desde 1)."""

    def __init__(self, ruta: str, linea: int, mensaje: str) -> None:
        super().__init__(f"{ruta}:{linea}: {mensaje}")
        self.ruta = ruta
        self.linea = linea
        self.detalle = mensaje


@dataclass(frozen=True)
class Lienzo:
    """Lo que un Lienzo cambia de Tapiz. Se aplica tras la edición y las opcionales."""

    nombre: str
    carpeta: str
    descripcion: str = ""
    edicion: str = ""
    opcionales: frozenset[str] = frozenset()
    parametros: tuple[tuple[str, Any], ...] = ()
    reglas: tuple[Regla, ...] = ()
    tablas: tuple[DefinicionTabla, ...] = field(default=())
    nombres: Nombres = NOMBRES

    def aplicar(self, sistema: Sistema) -> Sistema:
        p = sistema.parametros
        for nombre, valor in self.parametros:
            p = AJUSTES[nombre].leer(p, valor)
        sistema = renombrar_sistema(sistema, self.nombres)
        return sistema.superponer(p, self.reglas, self.tablas)

    def reglamento(self) -> Reglamento:
        return Reglamento(TAPIZ, self.edicion, self.opcionales, lienzo=self)


def cargar(fichero: Path, ruta: str | None = None, limite: float = LIMITE_POR_DEFECTO) -> Lienzo:
    """Lee y comprueba un ``lienzo.yml``; ``ruta`` es como se nombra en los mensajes.

    ``limite``: los segundos que pueden tardar su ``reglas.py`` al importarse y cada
    llamada a una de sus reglas (véase :mod:`tapiz_rules.lienzos.aislado`).
    """
    ruta = ruta or fichero.as_posix()
    try:
        declaracion = leer_declaracion(fichero, ruta)
    except ErrorDeclaracion as error:
        raise ErrorLienzo(error.ruta, error.linea, error.detalle) from None
    lector = _Lector(ruta, fichero.parent, declaracion.documento, limite, declaracion)
    return lector.lienzo()


def desde_documento(
    documento: Documento, carpeta: Path, ruta: str, limite: float = LIMITE_POR_DEFECTO
) -> Lienzo:
    """Un Lienzo de una declaración ya leída: la construcción lee el YAML y la página del
    lector (que no tiene PyYAML) recibe sus valores y líneas como datos."""
    return _Lector(ruta, carpeta, documento, limite).lienzo()


@dataclass
class _Lector:
    ruta: str
    carpeta: Path
    doc: Documento
    limite: float = LIMITE_POR_DEFECTO
    declaracion: Declaracion | None = None
    """De qué fichero sale cada clave, si ``lienzo.yml`` incluye otros."""

    def error(self, mensaje: str, clave: str, subclave: str | None = None) -> ErrorLienzo:
        ruta = self.ruta
        if self.declaracion is not None:
            ruta = self.declaracion.ruta(clave, subclave, self.ruta)
        return ErrorLienzo(ruta, self.doc.linea(clave, subclave) + 1, mensaje)

    def lienzo(self) -> Lienzo:
        for clave in self.doc.valores:
            if clave not in CLAVES:
                raise self.error(
                    f"clave desconocida «{clave}»; las válidas son: {', '.join(CLAVES)}", clave
                )
        nombre = self.doc.valores.get("nombre")
        if nombre is not None and not isinstance(nombre, str):
            raise self.error(
                "«nombre» debe ser un texto, el nombre del Lienzo como lo leerá la gente; "
                f"no {tipo_yaml(nombre)}",
                "nombre",
            )
        if not nombre or not nombre.strip():
            raise self.error(
                "falta «nombre»: el nombre del Lienzo, como lo leerá la gente", "nombre"
            )
        opcionales = self.doc.valores.get("opcionales") or []
        if not isinstance(opcionales, list):
            raise self.error(
                "«opcionales» debe ser una lista de códigos, p. ej. [TZR0001]; "
                f"no {tipo_yaml(opcionales)}",
                "opcionales",
            )
        lienzo = Lienzo(
            nombre=nombre.strip(),
            carpeta=self.carpeta.as_posix(),
            descripcion=str(self.doc.valores.get("descripcion") or ""),
            edicion=str(self.doc.valores.get("edicion") or ""),
            opcionales=frozenset(str(o) for o in opcionales),
            nombres=self.nombres(),
        )
        try:
            base = lienzo.reglamento()
        except ErrorTapiz as error:
            clave = "edicion" if "edición" in str(error) else "opcionales"
            raise self.error(str(error), clave) from None
        lienzo = replace(lienzo, parametros=self.parametros(base))
        nuevas = (*self.tablas(base), *self.tablas_nuevas(base), *self.reglas_de_datos(base))
        lienzo = replace(lienzo, tablas=tuple(t for t in nuevas if isinstance(t, DefinicionTabla)))
        reglas = tuple(r for r in nuevas if isinstance(r, Regla)) + self.python(base, lienzo)
        lienzo = replace(lienzo, reglas=reglas)
        self.comprobar(lienzo)
        return lienzo

    def parametros(self, base: Reglamento) -> tuple[tuple[str, Any], ...]:
        cambios = self.mapa("parametros")
        p = base.parametros
        for nombre, valor in cambios.items():
            if nombre not in AJUSTES:
                raise self.error(
                    f"un Lienzo no puede cambiar el parámetro «{nombre}»; los que puede cambiar "
                    f"son: {', '.join(AJUSTES)}{_PISTA_NOMBRES if nombre in _NOMBRES else ''}",
                    "parametros",
                    nombre,
                )
            try:
                p = AJUSTES[nombre].leer(p, valor)
            except ErrorTapiz as error:
                raise self.error(str(error), "parametros", nombre) from None
        return tuple(cambios.items())

    def nombres(self) -> Nombres:
        try:
            return leer_nombres(self.doc.valores.get("nombres"))
        except ErrorNombres as error:
            raise self.error(str(error), "nombres", error.clave) from None

    def mapa(self, clave: str) -> dict[str, Any]:
        valor = self.doc.valores.get(clave) or {}
        if not isinstance(valor, dict):
            raise self.error(
                f"«{clave}» debe ser un mapa (nombre: valor); no {tipo_yaml(valor)}", clave
            )
        return {str(k): v for k, v in valor.items()}

    def tabla_de_datos(self, nombre: str, datos: Any, clave: str) -> DefinicionTabla:
        if not isinstance(datos, dict):
            raise self.error(
                f"la tabla «{nombre}» debe tener titulo, columnas y filas", clave, nombre
            )
        titulo, columnas, filas = datos.get("titulo"), datos.get("columnas"), datos.get("filas")
        if (
            not isinstance(titulo, str)
            or not isinstance(columnas, list)
            or not isinstance(filas, list)
        ):
            raise self.error(
                f"la tabla «{nombre}» necesita «titulo» (texto), «columnas» y «filas» (listas)",
                clave,
                nombre,
            )
        if not filas:
            raise self.error(
                f"la tabla «{nombre}» no tiene filas («filas» está vacía)", clave, nombre
            )
        for fila in filas:
            if not isinstance(fila, list) or len(fila) != len(columnas):
                raise self.error(
                    f"cada fila de «{nombre}» debe ser una lista de {len(columnas)} valores, "
                    f"como sus columnas; no {fila!r}",
                    clave,
                    nombre,
                )
        notas = tuple(str(n) for n in datos.get("notas") or ())
        tabla = Tabla(titulo, tuple(map(str, columnas)), tuple(tuple(f) for f in filas), notas)
        seccion = str(self.doc.valores.get("nombre"))
        descripcion = str(datos.get("descripcion") or titulo)
        return DefinicionTabla(nombre, titulo, seccion, descripcion, lambda _p: tabla)

    def tablas(self, base: Reglamento) -> list[DefinicionTabla]:
        definidas = []
        for nombre, datos in self.mapa("tablas").items():
            if nombre not in base.vigente.tablas:
                raise self.error(
                    f"la tabla «{nombre}» no existe en Tapiz, así que no se puede sustituir; "
                    "para añadir una tabla nueva usa «tablas_nuevas»",
                    "tablas",
                    nombre,
                )
            definidas.append(self.tabla_de_datos(nombre, datos, "tablas"))
        return definidas

    def tablas_nuevas(self, base: Reglamento) -> list[DefinicionTabla]:
        definidas = []
        for nombre, datos in self.mapa("tablas_nuevas").items():
            self.nombre_libre(base, nombre, "tablas_nuevas")
            definidas.append(self.tabla_de_datos(nombre, datos, "tablas_nuevas"))
        return definidas

    def nombre_libre(self, base: Reglamento, nombre: str, clave: str) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", nombre):
            raise self.error(
                f"el nombre «{nombre}» debe ir en minúsculas, sin tildes ni espacios (p. ej. "
                "marea_del_dia)",
                clave,
                nombre,
            )
        if nombre in base.vigente.tablas or nombre in base.vigente.reglas:
            raise self.error(
                f"«{nombre}» ya existe en Tapiz; para sustituir una tabla usa «tablas»",
                clave,
                nombre,
            )

    def reglas_de_datos(self, base: Reglamento) -> list[Regla | DefinicionTabla]:
        definidas: list[Regla | DefinicionTabla] = []
        for nombre, datos in self.mapa("reglas").items():
            self.nombre_libre(base, nombre, "reglas")
            try:
                nueva = regla_de_tabla(nombre, datos, str(self.doc.valores.get("nombre")))
            except ErrorTapiz as error:
                raise self.error(str(error), "reglas", nombre) from None
            definidas += nueva
        return definidas

    def python(self, base: Reglamento, lienzo: Lienzo) -> tuple[Regla, ...]:
        nombre = self.doc.valores.get("python")
        if nombre is None:
            return ()
        if not isinstance(nombre, str) or "\0" in nombre:
            que = "un texto con un carácter nulo" if isinstance(nombre, str) else tipo_yaml(nombre)
            raise self.error(
                f"«python» debe nombrar un fichero .py de la carpeta del Lienzo; no {que}",
                "python",
            )
        fichero = self.carpeta / nombre
        carpeta = self.carpeta.resolve()
        if fichero.suffix != ".py" or not fichero.resolve().is_relative_to(carpeta):
            raise self.error(
                f"«python» debe nombrar un fichero .py de la carpeta del Lienzo, no «{nombre}»",
                "python",
            )
        if not fichero.is_file():
            raise self.error(
                f"no existe el fichero de reglas «{nombre}» junto a {FICHERO}", "python"
            )
        ruta = (Path(self.ruta).parent / nombre).as_posix()
        lineas: dict[str, int] = {}
        try:
            if sys.platform == "emscripten":
                reglas = reglas_en_este_proceso(fichero.resolve(), ruta)
            else:
                trabajador = Trabajador(fichero.resolve(), ruta, lienzo.nombre, self.limite)
                reglas = reglas_del_lienzo(trabajador)
                lineas = trabajador.lineas
        except ErrorDelLienzo as error:
            if error.fichero:
                raise ErrorLienzo(error.fichero, max(error.linea, 1), _sin_lugar(error)) from None
            raise self.error(_sin_lugar(error), "python") from None
        except ErrorTapiz as error:
            raise self.error(str(error), "python") from None
        for r in reglas:
            if r.nombre in base.vigente.tablas or r.nombre in base.vigente.reglas:
                raise ErrorLienzo(
                    ruta,
                    lineas.get(r.nombre) or 1,
                    f"la regla «{r.nombre}» ya existe en Tapiz, y un Lienzo no sustituye las "
                    "reglas del libro: dale otro nombre (lo que calculan las del libro se "
                    f"cambia con «parametros» en {FICHERO})",
                )
            self.nombre_libre(base, r.nombre, "python")
        return reglas

    def comprobar(self, lienzo: Lienzo) -> None:
        """Construye el sistema una vez, para que un error salga aquí y no en una página."""
        try:
            _ = lienzo.reglamento().vigente
        except ErrorTapiz as error:
            raise self.error(str(error), "parametros") from None
        if mal := comprobar_sustituidas(lienzo, list(self.mapa("tablas"))):
            raise self.error(mal[1], "tablas", mal[0])


def _sin_lugar(error: ErrorDelLienzo) -> str:
    """El mensaje sin el «fichero:línea:» con que empieza (ErrorLienzo lo vuelve a poner)."""
    texto = str(error)
    if error.fichero and texto.startswith(error.fichero):
        return texto.split(": ", 1)[1]
    return texto


def comprobar_sustituidas(lienzo: Lienzo, nombres: list[str]) -> tuple[str, str] | None:
    """(nombre, mensaje) de la primera tabla sustituida que no cuadra con sus reglas."""
    for nombre in nombres:
        propia = replace(lienzo, tablas=tuple(t for t in lienzo.tablas if t.nombre != nombre))
        original = propia.reglamento().tabla(nombre)
        mensaje = diferencia(nombre, lienzo.reglamento().tabla(nombre), original)
        if mensaje is not None:
            return nombre, mensaje
    return None
