"""El registro de reglas y tablas con nombre.

Las páginas, la línea de órdenes y los widgets llegan a las reglas solo por
aquí: cada regla declara sus entradas y salidas tipadas con descripción en
español, y el registro valida las entradas antes de llamarla.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.reglamento import ACTUAL, Reglamento


class _Obligatorio:
    def __repr__(self) -> str:
        return "OBLIGATORIO"


OBLIGATORIO: Any = _Obligatorio()

NOMBRES_DE_TIPO: dict[type, str] = {
    int: "entero",
    float: "número",
    bool: "sí/no",
    str: "texto",
    list: "lista",
}


@dataclass(frozen=True)
class Campo:
    """Una entrada o salida de una regla."""

    nombre: str
    tipo: type
    descripcion: str
    por_defecto: Any = OBLIGATORIO
    opciones: tuple[Any, ...] | None = None
    admite_nulo: bool = False

    @property
    def obligatorio(self) -> bool:
        return self.por_defecto is OBLIGATORIO

    @property
    def nombre_de_tipo(self) -> str:
        return NOMBRES_DE_TIPO[self.tipo]

    def validar(self, valor: Any) -> Any:
        if valor is None and self.admite_nulo:
            return None
        if not _es_del_tipo(valor, self.tipo):
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» debe ser {self.nombre_de_tipo}, "
                f"no {_describir(valor)}",
                self.nombre,
            )
        if self.opciones is not None and valor not in self.opciones:
            validas = ", ".join(str(o) for o in self.opciones)
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» no admite «{valor}»; valores válidos: {validas}",
                self.nombre,
            )
        return float(valor) if self.tipo is float else valor


def _es_del_tipo(valor: Any, tipo: type) -> bool:
    if isinstance(valor, bool):
        return tipo is bool
    if tipo is float:
        return isinstance(valor, int | float)
    return isinstance(valor, tipo)


def _describir(valor: Any) -> str:
    if valor is None:
        return "un valor vacío"
    if isinstance(valor, bool):
        return f"sí/no ({'true' if valor else 'false'})"
    mostrado = f"«{valor}»" if isinstance(valor, str) else repr(valor)
    return f"{NOMBRES_DE_TIPO.get(type(valor), type(valor).__name__)} ({mostrado})"


@dataclass(frozen=True)
class Resultado:
    """Lo que devuelve una regla: sus salidas y los pasos del cálculo en español."""

    valores: dict[str, Any]
    pasos: tuple[str, ...] = ()

    def __getitem__(self, nombre: str) -> Any:
        return self.valores[nombre]


@dataclass(frozen=True)
class Regla:
    nombre: str
    titulo: str
    seccion: str
    descripcion: str
    entradas: tuple[Campo, ...]
    salidas: tuple[Campo, ...]
    calcular: Callable[..., Resultado]

    def validar(self, entradas: Mapping[str, Any]) -> dict[str, Any]:
        """Comprueba nombres y tipos; devuelve las entradas con sus valores por defecto."""
        conocidas = {c.nombre: c for c in self.entradas}
        sobrantes = [n for n in entradas if n not in conocidas]
        if sobrantes:
            validas = ", ".join(conocidas) or "(ninguna)"
            raise ErrorEntrada(
                f"la regla «{self.nombre}» no tiene la entrada «{sobrantes[0]}»; "
                f"sus entradas son: {validas}",
                sobrantes[0],
            )
        valores: dict[str, Any] = {}
        for campo in self.entradas:
            if campo.nombre in entradas:
                valores[campo.nombre] = campo.validar(entradas[campo.nombre])
            elif campo.obligatorio:
                raise ErrorEntrada(
                    f"falta la entrada obligatoria «{campo.nombre}» de la regla «{self.nombre}» "
                    f"({campo.descripcion})"
                )
            else:
                valores[campo.nombre] = campo.por_defecto
        return valores

    def __call__(
        self, entradas: Mapping[str, Any] | None = None, reglamento: Reglamento = ACTUAL
    ) -> Resultado:
        return self.calcular(reglamento, **self.validar(entradas or {}))


@dataclass(frozen=True)
class Tabla:
    """Una tabla del reglamento tal como la muestra el libro."""

    titulo: str
    columnas: tuple[str, ...]
    filas: tuple[tuple[Any, ...], ...]
    notas: tuple[str, ...] = ()


@dataclass(frozen=True)
class DefinicionTabla:
    nombre: str
    titulo: str
    seccion: str
    descripcion: str
    construir: Callable[[Reglamento], Tabla]

    def __call__(self, reglamento: Reglamento = ACTUAL) -> Tabla:
        return self.construir(reglamento)


@dataclass
class Registro:
    """Catálogo de reglas y tablas. Se llena al importar los módulos de reglas."""

    reglas: dict[str, Regla] = field(default_factory=dict)
    tablas: dict[str, DefinicionTabla] = field(default_factory=dict)

    def regla(
        self,
        nombre: str,
        *,
        titulo: str,
        seccion: str,
        entradas: Iterable[Campo],
        salidas: Iterable[Campo],
    ) -> Callable[[Callable[..., Resultado]], Regla]:
        def registrar(funcion: Callable[..., Resultado]) -> Regla:
            self._nombre_libre(nombre)
            definida = Regla(
                nombre=nombre,
                titulo=titulo,
                seccion=seccion,
                descripcion=_docstring(funcion),
                entradas=tuple(entradas),
                salidas=tuple(salidas),
                calcular=funcion,
            )
            self.reglas[nombre] = definida
            return definida

        return registrar

    def tabla(
        self, nombre: str, *, titulo: str, seccion: str
    ) -> Callable[[Callable[[Reglamento], Tabla]], DefinicionTabla]:
        def registrar(funcion: Callable[[Reglamento], Tabla]) -> DefinicionTabla:
            self._nombre_libre(nombre)
            definida = DefinicionTabla(nombre, titulo, seccion, _docstring(funcion), funcion)
            self.tablas[nombre] = definida
            return definida

        return registrar

    def buscar_regla(self, nombre: str) -> Regla:
        try:
            return self.reglas[nombre]
        except KeyError:
            raise ErrorTapiz(_desconocido("regla", nombre, self.reglas)) from None

    def buscar_tabla(self, nombre: str) -> DefinicionTabla:
        try:
            return self.tablas[nombre]
        except KeyError:
            raise ErrorTapiz(_desconocido("tabla", nombre, self.tablas)) from None

    def _nombre_libre(self, nombre: str) -> None:
        if nombre in self.reglas or nombre in self.tablas:
            raise ValueError(f"nombre repetido en el registro: {nombre}")


def _docstring(funcion: Callable[..., Any]) -> str:
    import inspect

    return inspect.cleandoc(funcion.__doc__ or "")


def _desconocido(que: str, nombre: str, conocidos: Mapping[str, Any]) -> str:
    import difflib

    parecidos = difflib.get_close_matches(nombre, conocidos, n=2, cutoff=0.85)
    pista = f" ¿Quizá {', '.join(f'«{p}»' for p in parecidos)}?" if parecidos else ""
    return f"{que} desconocida «{nombre}».{pista} Consulta el catálogo de reglas."


REGISTRO = Registro()
