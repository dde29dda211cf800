"""Una hoja de personaje declarada con las reglas de su sistema.

La hoja no sabe ninguna regla: dice qué datos anota quien juega (cada uno es la entrada de una
regla, y de ella salen su etiqueta, su tipo y su unidad) y qué número calcula cada regla con
qué datos. :func:`evaluar` calcula todos los números de una hoja rellena con las mismas
funciones que la CLI; la página los pide al motor en el navegador y los escribe con
``Campo.mostrar``. Una regla que necesita un dato vacío no se calcula (su número queda «—»);
un dato que no se puede leer se dice con su etiqueta.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import formato
from tapiz_rules.modelo.campos import Campo
from tapiz_rules.modelo.sistema import Reglamento


@dataclass(frozen=True)
class Dato:
    """Lo que anota quien juega. ``regla`` y ``entrada`` lo declaran (sin regla: texto libre)."""

    clave: str
    """Su nombre en el formulario y en el enlace («fue»): corto y estable."""
    regla: str | None = None
    entrada: str = ""
    etiqueta: str = ""
    """Solo si la de la entrada no lo distingue («Fuerza» frente a «Valor de la característica»)."""
    minimo: int | str | None = None
    """Si la entrada no lo declara: un número o el nombre de un parámetro del sistema."""
    maximo: int | str | None = None
    opciones: tuple[tuple[str, str], ...] | None = None
    """Para un dato que elige entre otros (la característica principal)."""
    lineas: int = 1
    """Un texto libre de varias líneas (los rasgos)."""


@dataclass(frozen=True)
class De:
    """El valor de un dato de la hoja; ``vacio``, el que vale si no se escribió (si no, la
    entrada toma su valor por defecto o, si es obligatoria, el cálculo no se hace)."""

    clave: str
    vacio: int | None = None


@dataclass(frozen=True)
class Es:
    """Sí si el dato ``clave`` vale ``valor`` (la característica principal es esta)."""

    clave: str
    valor: str


@dataclass(frozen=True)
class Salida:
    """Una salida de otro cálculo de la hoja."""

    calculo: str
    salida: str


@dataclass(frozen=True)
class SalidaSegun:
    """Una salida del cálculo que elige un dato: ``plantilla`` con su valor («mod_{}»)."""

    clave: str
    plantilla: str
    salida: str


Fuente = De | Es | Salida | SalidaSegun | int | str | bool


@dataclass(frozen=True)
class Calculo:
    """Un número (o varios) de la hoja: la regla que lo da y de dónde sale cada entrada."""

    clave: str
    regla: str
    entradas: Mapping[str, Fuente]
    salidas: tuple[str, ...]
    etiqueta: str = ""
    """Si no basta la de la salida («Correr»)."""


@dataclass(frozen=True)
class Apartado:
    """Cómo se agrupan en la hoja: sus datos y sus cálculos, por clave."""

    titulo: str
    datos: tuple[str, ...]
    calculos: tuple[str, ...] = ()
    forma: str = "lista"
    """«lista», «caracteristicas» (una fila por característica) o «atributos» (una tabla)."""


@dataclass(frozen=True)
class Hoja:
    datos: tuple[Dato, ...]
    calculos: tuple[Calculo, ...]
    apartados: tuple[Apartado, ...]

    def dato(self, clave: str) -> Dato:
        return next(d for d in self.datos if d.clave == clave)

    def calculo(self, clave: str) -> Calculo:
        return next(c for c in self.calculos if c.clave == clave)


class ErrorHoja(ErrorTapiz):
    """Una hoja mal declarada: un dato o un cálculo que nombra lo que no existe."""


def campo_de(dato: Dato, reglamento: Reglamento) -> Campo | None:
    """La entrada que declara el dato (None si es texto libre)."""
    if dato.regla is None:
        return None
    campo = reglamento.regla(dato.regla).entrada(dato.entrada)
    if campo is None:
        raise ErrorHoja(f"la regla «{dato.regla}» no tiene la entrada «{dato.entrada}»")
    return campo


def etiqueta_de(dato: Dato, reglamento: Reglamento) -> str:
    campo = campo_de(dato, reglamento)
    return dato.etiqueta or (campo.etiqueta if campo else dato.clave)


def limites_de(dato: Dato, reglamento: Reglamento) -> tuple[Any, Any]:
    """El mínimo y el máximo del dato: los de su entrada o los parámetros que nombra."""
    campo = campo_de(dato, reglamento)

    def leer(limite: int | str | None, de_la_entrada: Any) -> Any:
        if isinstance(limite, str):
            return getattr(reglamento.parametros, limite)
        return limite if limite is not None else de_la_entrada

    minimo = leer(dato.minimo, campo.minimo if campo else None)
    maximo = leer(dato.maximo, campo.maximo if campo else None)
    return minimo, maximo


@dataclass
class Evaluacion:
    """Lo calculado: las salidas de cada cálculo hecho, y los errores por dato o cálculo."""

    valores: dict[str, dict[str, Any]] = field(default_factory=dict)
    errores: dict[str, str] = field(default_factory=dict)
    """Por clave del dato (no se pudo leer) o del cálculo (la regla lo rechazó)."""


_Leer = Any  # (Campo, texto) -> valor; lo da quien llama (la lectura de los formularios)


def evaluar(
    hoja: Hoja, reglamento: Reglamento, textos: Mapping[str, str], leer: _Leer
) -> Evaluacion:
    """Todos los cálculos de la hoja con lo que escribió quien juega (``textos``, por clave).

    ``leer(campo, texto)`` convierte un texto en el valor de la entrada o lanza ``ErrorTapiz``.
    """
    hecho = Evaluacion()
    datos = _leer_datos(hoja, reglamento, textos, leer, hecho)
    for calculo in hoja.calculos:
        entradas = _entradas(calculo, reglamento, datos, hecho)
        if entradas is None:
            continue
        try:
            hecho.valores[calculo.clave] = dict(_calcular(reglamento, calculo.regla, entradas))
        except ErrorTapiz as error:
            hecho.errores[calculo.clave] = str(error)
    return hecho


def _leer_datos(
    hoja: Hoja,
    reglamento: Reglamento,
    textos: Mapping[str, str],
    leer: _Leer,
    hecho: Evaluacion,
) -> dict[str, Any]:
    datos: dict[str, Any] = {}
    for dato in hoja.datos:
        texto = str(textos.get(dato.clave, "")).strip()
        campo = campo_de(dato, reglamento)
        if not texto:
            continue
        if campo is None or dato.opciones is not None:
            datos[dato.clave] = texto
            continue
        try:
            valor = leer(campo, texto)
            _en_limites(dato, reglamento, valor)
        except ErrorTapiz as error:
            hecho.errores[dato.clave] = _con_etiqueta(str(error), campo, dato, reglamento)
            continue
        datos[dato.clave] = valor
    return datos


def _en_limites(dato: Dato, reglamento: Reglamento, valor: Any) -> None:
    if isinstance(valor, bool) or not isinstance(valor, int | float):
        return
    minimo, maximo = limites_de(dato, reglamento)
    etiqueta = etiqueta_de(dato, reglamento)
    if fuera := formato.fuera_de_limites(valor, minimo, maximo):
        raise ErrorTapiz(f"{etiqueta}: {fuera}.")


def _con_etiqueta(mensaje: str, campo: Campo, dato: Dato, reglamento: Reglamento) -> str:
    """El mensaje de la lectura nombra la entrada; en la hoja, el dato («Fuerza»)."""
    etiqueta = etiqueta_de(dato, reglamento)
    if mensaje.startswith(f"{campo.etiqueta}:"):
        return etiqueta + mensaje[len(campo.etiqueta) :]
    return mensaje


def _entradas(
    calculo: Calculo, reglamento: Reglamento, datos: Mapping[str, Any], hecho: Evaluacion
) -> dict[str, Any] | None:
    """Las entradas del cálculo; None si falta algo que necesita (un dato obligatorio vacío o
    con error, o un cálculo que no se hizo)."""
    regla = reglamento.regla(calculo.regla)
    entradas: dict[str, Any] = {}
    for nombre, fuente in calculo.entradas.items():
        if isinstance(fuente, De):
            if fuente.clave in hecho.errores:
                return None
            if fuente.clave in datos:
                entradas[nombre] = datos[fuente.clave]
            elif fuente.vacio is not None:
                entradas[nombre] = fuente.vacio
            elif (campo := regla.entrada(nombre)) is None or campo.obligatorio:
                return None
        elif isinstance(fuente, Es):
            entradas[nombre] = datos.get(fuente.clave) == fuente.valor
        elif isinstance(fuente, Salida | SalidaSegun):
            if isinstance(fuente, SalidaSegun):
                if fuente.clave not in datos:
                    return None
                fuente = Salida(fuente.plantilla.format(datos[fuente.clave]), fuente.salida)
            if fuente.calculo not in hecho.valores:
                return None
            valor = hecho.valores[fuente.calculo][fuente.salida]
            if valor is not None:
                entradas[nombre] = valor
        else:
            entradas[nombre] = fuente
    return entradas


_MEMORIA: dict[tuple[Any, ...], Mapping[str, Any]] = {}
_MEMORIA_MAXIMA = 4096


def _calcular(reglamento: Reglamento, regla: str, entradas: Mapping[str, Any]) -> Mapping[str, Any]:
    """La regla con esas entradas, recordada: al escribir un dato, solo se recalcula lo que
    depende de él (las probabilidades exactas son lo caro)."""
    clave = (reglamento.firma(), regla, tuple(sorted((k, repr(v)) for k, v in entradas.items())))
    if clave not in _MEMORIA:
        if len(_MEMORIA) >= _MEMORIA_MAXIMA:
            _MEMORIA.clear()
        _MEMORIA[clave] = reglamento.calcular(regla, entradas).valores
    return _MEMORIA[clave]
