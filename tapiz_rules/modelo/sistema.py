"""Sistemas de reglas y reglamentos: valores, nunca estado global.

Un :class:`Sistema` reúne sus reglas, sus tablas y sus parámetros (los números
de sus tablas, sus umbrales, su dado base) y declara sus variantes: ediciones y
reglas opcionales, cada una un cambio de parámetros o una superposición de
reglas. Un :class:`Reglamento` elige un sistema, una edición, unas opcionales y,
si acaso, un Lienzo; varios conviven en un mismo proceso.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo.reglas import DefinicionTabla, Regla, Resultado, Tabla


@dataclass(frozen=True)
class Variante:
    """Una edición o una regla opcional: cambia parámetros o superpone reglas y tablas."""

    codigo: str
    titulo: str
    cambiar: Callable[[Any], Any] = lambda parametros: parametros
    reglas: tuple[Regla, ...] = ()
    tablas: tuple[DefinicionTabla, ...] = ()


@dataclass(frozen=True)
class Sistema:
    """Un sistema de reglas: su nombre, sus reglas, sus tablas y sus parámetros."""

    nombre: str
    titulo: str
    parametros: Any
    reglas: Mapping[str, Regla]
    tablas: Mapping[str, DefinicionTabla]
    ediciones: Mapping[str, Variante] = field(default_factory=dict)
    opcionales: Mapping[str, Variante] = field(default_factory=dict)
    edicion_por_defecto: str = "actual"

    @classmethod
    def crear(
        cls,
        nombre: str,
        titulo: str,
        parametros: Any,
        reglas: Iterable[Regla],
        tablas: Iterable[DefinicionTabla] = (),
        ediciones: Iterable[Variante] = (),
        opcionales: Iterable[Variante] = (),
    ) -> Sistema:
        """Reúne reglas y tablas; un nombre repetido dentro del sistema es un error."""
        por_nombre: dict[str, Regla] = {}
        de_tablas: dict[str, DefinicionTabla] = {}
        definidas: list[Regla | DefinicionTabla] = [*reglas, *tablas]
        for definida in definidas:
            if definida.nombre in por_nombre or definida.nombre in de_tablas:
                raise ValueError(f"nombre repetido en el sistema «{nombre}»: {definida.nombre}")
            if isinstance(definida, Regla):
                por_nombre[definida.nombre] = definida
            else:
                de_tablas[definida.nombre] = definida
        lista_ediciones = {v.codigo: v for v in ediciones}
        return cls(
            nombre=nombre,
            titulo=titulo,
            parametros=parametros,
            reglas=por_nombre,
            tablas=de_tablas,
            ediciones=lista_ediciones,
            opcionales={v.codigo: v for v in opcionales},
            edicion_por_defecto=next(iter(lista_ediciones), "actual"),
        )

    def regla(self, nombre: str) -> Regla:
        """La regla ``nombre``; también con la grafía de la API (``reparto-puntos``)."""
        try:
            return self.reglas[nombre.replace("-", "_")]
        except KeyError:
            raise ErrorTapiz(self._desconocido("regla", nombre, self.reglas)) from None

    def tabla(self, nombre: str) -> DefinicionTabla:
        """La tabla ``nombre``; también con el identificador de la API (``cobertura`` para
        ``tabla_cobertura``)."""
        clave = nombre.replace("-", "_")
        for candidata in (clave, f"tabla_{clave}"):
            if candidata in self.tablas:
                return self.tablas[candidata]
        raise ErrorTapiz(self._desconocido("tabla", nombre, self.tablas))

    def _desconocido(self, que: str, nombre: str, conocidos: Mapping[str, Any]) -> str:
        parecidos = difflib.get_close_matches(nombre, conocidos, n=2, cutoff=0.85)
        pista = f" ¿Quizá {', '.join(f'«{p}»' for p in parecidos)}?" if parecidos else ""
        return (
            f"{que} desconocida «{nombre}» en el sistema «{self.nombre}».{pista} "
            "Consulta el catálogo de reglas."
        )

    def superponer(
        self,
        parametros: Any,
        reglas: Iterable[Regla] = (),
        tablas: Iterable[DefinicionTabla] = (),
    ) -> Sistema:
        """El mismo sistema con otros parámetros y algunas reglas o tablas sustituidas o nuevas."""
        return Sistema(
            nombre=self.nombre,
            titulo=self.titulo,
            parametros=parametros,
            reglas={**self.reglas, **{r.nombre: r for r in reglas}},
            tablas={**self.tablas, **{t.nombre: t for t in tablas}},
            ediciones=self.ediciones,
            opcionales=self.opcionales,
            edicion_por_defecto=self.edicion_por_defecto,
        )


class Superposicion(Protocol):
    """Lo que un Lienzo hace sobre su sistema ya configurado."""

    @property
    def nombre(self) -> str: ...

    def aplicar(self, sistema: Sistema) -> Sistema: ...


@dataclass(frozen=True)
class Reglamento:
    """Qué sistema, qué edición, qué reglas opcionales y qué Lienzo están en vigor."""

    sistema: Sistema
    edicion: str = ""
    opcionales: frozenset[str] = frozenset()
    lienzo: Superposicion | None = None

    def __post_init__(self) -> None:
        if not self.edicion:
            object.__setattr__(self, "edicion", self.sistema.edicion_por_defecto)
        object.__setattr__(self, "opcionales", frozenset(self.opcionales))
        nombre = self.sistema.nombre
        if self.sistema.ediciones and self.edicion not in self.sistema.ediciones:
            validas = ", ".join(self.sistema.ediciones)
            raise ErrorTapiz(
                f"edición desconocida «{self.edicion}» del sistema «{nombre}»; "
                f"las válidas son: {validas}"
            )
        desconocidas = sorted(self.opcionales - set(self.sistema.opcionales))
        if desconocidas:
            validas = ", ".join(self.sistema.opcionales) or "(ninguna)"
            raise ErrorTapiz(
                f"regla opcional desconocida «{desconocidas[0]}» del sistema «{nombre}»; "
                f"las válidas son: {validas}"
            )

    def firma(self) -> tuple[str, ...]:
        """Lo que distingue a este reglamento: sistema, edición, Lienzo y opcionales."""
        nombre_lienzo = self.lienzo.nombre if self.lienzo is not None else ""
        return (self.sistema.nombre, self.edicion, nombre_lienzo, *sorted(self.opcionales))

    def __hash__(self) -> int:
        return hash(self.firma())

    def con(
        self, *, edicion: str | None = None, opcionales: frozenset[str] | None = None
    ) -> Reglamento:
        """El mismo reglamento con otra edición u otras reglas opcionales."""
        return Reglamento(
            self.sistema,
            self.edicion if edicion is None else edicion,
            self.opcionales if opcionales is None else opcionales,
            self.lienzo,
        )

    @cached_property
    def vigente(self) -> Sistema:
        """El sistema con la edición, las opcionales y el Lienzo aplicados, en ese orden."""
        sistema = self.sistema
        variantes = [sistema.ediciones[self.edicion]] if sistema.ediciones else []
        variantes += [sistema.opcionales[c] for c in sorted(self.opcionales)]
        for variante in variantes:
            sistema = sistema.superponer(
                variante.cambiar(sistema.parametros), variante.reglas, variante.tablas
            )
        return self.lienzo.aplicar(sistema) if self.lienzo is not None else sistema

    @property
    def parametros(self) -> Any:
        return self.vigente.parametros

    def regla(self, nombre: str) -> Regla:
        return self.vigente.regla(nombre)

    def tabla(self, nombre: str) -> Tabla:
        return self.vigente.tabla(nombre).construir(self.parametros)

    def calcular(self, nombre: str, entradas: Mapping[str, Any] | None = None) -> Resultado:
        return self.regla(nombre).ejecutar(self.parametros, entradas or {})

    def activa(self, codigo: str) -> bool:
        return codigo in self.opcionales

    def describir(self) -> str:
        """«Edición de 2017 (3d6), con TZR0001», para etiquetar un ejemplo o un informe."""
        partes = [] if self.sistema.nombre == "tapiz" else [self.sistema.titulo]
        if self.lienzo is not None:
            partes.append(f"Lienzo «{self.lienzo.nombre}»")
        elif self.sistema.ediciones and self.edicion != self.sistema.edicion_por_defecto:
            partes.append(self.sistema.ediciones[self.edicion].titulo.capitalize())
        if self.lienzo is None and self.opcionales:
            partes.append("con " + " y ".join(sorted(self.opcionales)))
        return ", ".join(partes) or self.sistema.titulo
