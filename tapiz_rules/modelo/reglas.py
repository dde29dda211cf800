"""Reglas y tablas con nombre: valores que un sistema reúne, sin registro global.

``@regla(...)`` convierte una función en una :class:`Regla`; sus entradas salen
de la firma (``Annotated[tipo, Entrada(...)]`` y el valor por defecto), de modo
que se declaran una sola vez. La declaración se comprueba al importar: una
entrada sin ``Entrada``, un tipo que el motor no sabe mostrar o un valor por
defecto que no está entre las opciones es un :class:`ErrorDeclaracion`.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, get_args, get_origin, get_type_hints

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo.campos import NOMBRES_DE_TIPO, OBLIGATORIO, Campo, Entrada, opciones_de


class ErrorDeclaracion(TypeError):
    """Una regla mal declarada: un error de quien programa, que se ve al importar."""


@dataclass(frozen=True)
class Resultado:
    """Lo que devuelve una regla: sus salidas y los pasos del cálculo en español."""

    valores: dict[str, Any]
    pasos: tuple[str, ...] = ()
    exactos: Mapping[str, Fraction] = field(default_factory=dict)
    """Las salidas que el motor calcula exactas (probabilidades), como fracciones; en
    ``valores`` van como decimales, que es lo que leen el libro y los widgets."""

    def __getitem__(self, nombre: str) -> Any:
        return self.valores[nombre]


Calculo = Callable[..., Resultado]


@dataclass(frozen=True)
class Regla:
    """Una regla: recibe los parámetros de su sistema y sus entradas validadas."""

    nombre: str
    titulo: str
    seccion: str
    descripcion: str
    entradas: tuple[Campo, ...]
    salidas: tuple[Campo, ...]
    calcular: Calculo
    enunciado: str = ""
    """La regla como la imprime un reglamento: una frase o una fórmula en palabras.

    Puede citar los parámetros del sistema como ``{p.base_estatica}``, para que un
    Lienzo que los cambia vea su regla y no la del libro.
    """

    def enunciar(self, parametros: Any) -> str:
        """El enunciado con los parámetros de un reglamento."""
        return self.enunciado.format(p=parametros)

    def entrada(self, nombre: str) -> Campo | None:
        return next((c for c in self.entradas if c.nombre == nombre), None)

    def salida(self, nombre: str) -> Campo | None:
        return next((c for c in self.salidas if c.nombre == nombre), None)

    def validar(self, entradas: Mapping[str, Any]) -> dict[str, Any]:
        """Comprueba nombres, tipos y rangos; devuelve las entradas con sus valores por defecto."""
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

    def ejecutar(self, parametros: Any, entradas: Mapping[str, Any]) -> Resultado:
        """Valida las entradas, calcula y comprueba que las salidas son las declaradas."""
        resultado = self.calcular(parametros, **self.validar(entradas))
        declaradas = [c.nombre for c in self.salidas]
        if list(resultado.valores) != declaradas:
            raise ErrorDeclaracion(
                f"la regla «{self.nombre}» devolvió las salidas {list(resultado.valores)}, "
                f"pero declara {declaradas}"
            )
        return resultado


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
    construir: Callable[[Any], Tabla]


def regla(
    nombre: str,
    *,
    titulo: str,
    seccion: str,
    salidas: Iterable[Campo],
    enunciado: str = "",
) -> Callable[[Calculo], Regla]:
    """Declara una regla: sus entradas salen de la firma; sus salidas, de aquí."""

    def declarar(funcion: Calculo) -> Regla:
        salidas_ = tuple(salidas)
        _comprobar_salidas(nombre, salidas_)
        return Regla(
            nombre=nombre,
            titulo=titulo,
            seccion=seccion,
            descripcion=inspect.cleandoc(funcion.__doc__ or ""),
            entradas=entradas_de(nombre, funcion),
            salidas=salidas_,
            calcular=funcion,
            enunciado=enunciado,
        )

    return declarar


def tabla(
    nombre: str, *, titulo: str, seccion: str
) -> Callable[[Callable[[Any], Tabla]], DefinicionTabla]:
    def declarar(funcion: Callable[[Any], Tabla]) -> DefinicionTabla:
        descripcion = inspect.cleandoc(funcion.__doc__ or "")
        return DefinicionTabla(nombre, titulo, seccion, descripcion, funcion)

    return declarar


def entradas_de(nombre: str, funcion: Callable[..., Any]) -> tuple[Campo, ...]:
    """Las entradas que declara la firma; el primer parámetro son los del sistema."""
    try:
        tipos = get_type_hints(funcion, include_extras=True)
    except NameError as error:
        raise ErrorDeclaracion(f"la regla «{nombre}»: no se resuelve un tipo ({error})") from None
    parametros = list(inspect.signature(funcion).parameters.values())
    if not parametros:
        raise ErrorDeclaracion(f"la regla «{nombre}» debe recibir primero los parámetros")
    campos = tuple(_campo(nombre, p, tipos.get(p.name)) for p in parametros[1:])
    nombres = {c.nombre for c in campos}
    for campo in campos:
        for otra in (campo.segun and campo.segun.entrada, campo.solo_con and campo.solo_con[0]):
            if otra and otra not in nombres:
                raise ErrorDeclaracion(
                    f"la regla «{nombre}», entrada «{campo.nombre}»: depende de «{otra}», "
                    "que no es una de sus entradas"
                )
    return campos


def _campo(regla: str, parametro: inspect.Parameter, anotacion: Any) -> Campo:
    donde = f"la regla «{regla}», entrada «{parametro.name}»"
    if parametro.kind not in (parametro.POSITIONAL_OR_KEYWORD, parametro.KEYWORD_ONLY):
        raise ErrorDeclaracion(f"{donde}: no se admiten *args ni **kwargs")
    if get_origin(anotacion) is not Annotated:
        raise ErrorDeclaracion(f"{donde}: declárala como Annotated[tipo, Entrada(...)]")
    tipo, *extras = get_args(anotacion)
    entrada = next((e for e in extras if isinstance(e, Entrada)), None)
    if entrada is None:
        raise ErrorDeclaracion(f"{donde}: falta su Entrada(...) en Annotated")
    tipo, admite_nulo = _sin_nulo(tipo)
    elementos = _elementos(tipo)
    tipo = get_origin(tipo) or tipo
    if tipo not in NOMBRES_DE_TIPO:
        raise ErrorDeclaracion(
            f"{donde}: el tipo {tipo!r} no es entero, número, sí/no, texto ni lista"
        )
    por_defecto = OBLIGATORIO if parametro.default is parametro.empty else parametro.default
    campo = Campo(
        nombre=parametro.name,
        tipo=tipo,
        etiqueta=entrada.etiqueta,
        ayuda=entrada.ayuda,
        unidad=entrada.unidad,
        unidad_segun=entrada.unidad_segun,
        formato=entrada.formato,
        opciones=opciones_de(entrada.opciones),
        por_defecto=por_defecto,
        admite_nulo=admite_nulo,
        minimo=entrada.minimo,
        maximo=entrada.maximo,
        elementos=elementos,
        longitud=entrada.longitud,
        limites=entrada.limites,
        segun=entrada.segun,
        solo_con=entrada.solo_con,
    )
    if not campo.obligatorio and campo.por_defecto is not None:
        try:
            campo.validar(campo.por_defecto)
        except ErrorEntrada as error:
            raise ErrorDeclaracion(f"{donde}: su valor por defecto no vale ({error})") from None
    return campo


def _sin_nulo(tipo: Any) -> tuple[Any, bool]:
    """``int | None`` → (int, True); ``list[int]`` queda ``list[int]`` (False)."""
    if get_origin(tipo) in (types.UnionType, typing.Union):
        resto = [t for t in get_args(tipo) if t is not type(None)]
        if len(resto) == 1 and len(get_args(tipo)) == 2:
            return _sin_nulo(resto[0])[0], True
    return tipo, False


def _elementos(tipo: Any) -> type | None:
    """El tipo de los elementos de una lista declarada como ``list[int]``."""
    argumentos = get_args(tipo) if get_origin(tipo) is list else ()
    return argumentos[0] if len(argumentos) == 1 and isinstance(argumentos[0], type) else None


def _comprobar_salidas(nombre: str, salidas: tuple[Campo, ...]) -> None:
    vistos: set[str] = set()
    for campo in salidas:
        if campo.nombre in vistos:
            raise ErrorDeclaracion(
                f"la regla «{nombre}» declara dos veces la salida «{campo.nombre}»"
            )
        vistos.add(campo.nombre)
        if campo.tipo not in NOMBRES_DE_TIPO:
            raise ErrorDeclaracion(
                f"la regla «{nombre}», salida «{campo.nombre}»: tipo {campo.tipo!r} no admitido"
            )
        if campo.unidad_de is not None and campo.unidad_de not in {c.nombre for c in salidas}:
            raise ErrorDeclaracion(
                f"la regla «{nombre}», salida «{campo.nombre}»: su unidad sale de "
                f"«{campo.unidad_de}», que no es una salida"
            )
