"""Las entradas y salidas de una regla, con lo que necesita quien las lee.

Una entrada se declara una sola vez, en la firma de la regla:
``nivel: Annotated[int, Entrada("Nivel", minimo=1)] = 1``; el registro la
convierte en un :class:`Campo` con su nombre, tipo y valor por defecto. Las
salidas se declaran como ``Campo`` en el decorador de la regla.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import dependencias
from tapiz_rules.modelo import formato as fmt
from tapiz_rules.modelo.dependencias import Segun
from tapiz_rules.modelo.formato import Formato

Unidad = str | tuple[str, str] | None
"""«m», «kg», «PX»… o (singular, plural) para las que concuerdan: («ronda», «rondas»)."""


class _Obligatorio:
    def __repr__(self) -> str:
        return "OBLIGATORIO"


OBLIGATORIO: Any = _Obligatorio()

Limites = Callable[[Any], tuple[int | float, int | float]]
"""Los límites que salen de los parámetros del sistema (la tirada base, del dado base)."""

TIPOS_JSON: dict[type, str] = {
    int: "integer",
    float: "number",
    bool: "boolean",
    str: "string",
    list: "array",
}
"""El tipo de JSON (el de JSON Schema) de cada tipo del motor."""

NOMBRES_DE_TIPO: dict[type, str] = {
    int: "entero",
    float: "número",
    bool: "sí/no",
    str: "texto",
    list: "lista",
}


@dataclass(frozen=True)
class Entrada:
    """Lo que una regla dice de una de sus entradas, junto a su tipo en la firma."""

    etiqueta: str
    ayuda: str = ""
    unidad: Unidad = None
    formato: Formato | None = None
    opciones: Mapping[Any, str] | None = None
    minimo: int | float | None = None
    maximo: int | float | None = None
    limites: Limites | None = None
    longitud: tuple[int, int] | None = None
    """En una lista: cuántos elementos admite, como mínimo y como máximo."""
    segun: Segun | None = None
    """Límites que dependen de otra entrada (``dependencias``)."""
    solo_con: tuple[str, Any] | None = None
    """Solo admite un valor distinto del de por defecto si esa entrada tiene ese valor."""
    unidad_segun: str | None = None
    """La entrada cuyo valor es su unidad (el tiempo, en la unidad de tiempo elegida)."""


@dataclass(frozen=True)
class Campo:
    """Una entrada o salida ya resuelta: nombre, tipo, etiqueta, unidad y formato."""

    nombre: str
    tipo: type
    etiqueta: str
    ayuda: str = ""
    unidad: Unidad = None
    formato: Formato | None = None
    opciones: tuple[tuple[Any, str], ...] | None = None
    por_defecto: Any = OBLIGATORIO
    admite_nulo: bool = False
    minimo: int | float | None = None
    maximo: int | float | None = None
    """En una lista, los límites de cada elemento."""
    limites: Limites | None = None
    """Mínimo y máximo según los parámetros del reglamento; los exige la regla."""
    elementos: type | None = None
    """En una lista, el tipo de sus elementos (``list[int]`` → int)."""
    longitud: tuple[int, int] | None = None
    unidad_de: str | None = None
    """Para una salida cuya unidad da otra salida (la distancia en «m» o «km»)."""
    decisiva: bool = False
    """La salida que dice si sale bien: una tarjeta la enseña aunque el ejemplo no la cite."""
    segun: Segun | None = None
    solo_con: tuple[str, Any] | None = None
    unidad_segun: str | None = None
    """En una entrada, la entrada cuyo valor es su unidad: se declara (la API lo publica como
    ``unidad_de``), no se escribe junto al número."""

    def __post_init__(self) -> None:
        if self.formato is None:
            object.__setattr__(self, "formato", _formato_por_defecto(self))

    @property
    def obligatorio(self) -> bool:
        return self.por_defecto is OBLIGATORIO

    @property
    def nombre_de_tipo(self) -> str:
        return NOMBRES_DE_TIPO[self.tipo]

    @property
    def unidad_en_plural(self) -> str | None:
        """La unidad, en plural; None si es un número sin unidad (``SIN_UNIDAD``) o no es un
        número."""
        return self.unidad[1] if isinstance(self.unidad, tuple) else self.unidad or None

    @property
    def unidad_declarada(self) -> bool:
        """Si un número dice su unidad o que no la tiene (lo que no es un número, siempre): los
        modificadores, las probabilidades y las opciones no tienen unidad por su formato."""
        numero = self.tipo in (int, float) or (self.tipo is list and self.elementos in (int, float))
        sin_unidad_por_formato = self.formato in (
            Formato.MODIFICADOR,
            Formato.PROBABILIDAD,
            Formato.OPCION,
        )
        declaradas = (self.unidad, self.unidad_de, self.unidad_segun)
        return not numero or sin_unidad_por_formato or declaradas != (None, None, None)

    @property
    def descripcion(self) -> str:
        """La explicación larga para quien contribuye; la etiqueta si no hay otra."""
        return self.ayuda or self.etiqueta

    def ayuda_de_limites(self, parametros: Any = None, hermanas: Sequence[Campo] = ()) -> str:
        """«De 1 a 5.400.»: lo que un formulario dice de sus límites (``formato.limites``), con
        los parámetros de un reglamento y los que dan otras entradas (``hermanas``)."""
        return dependencias.ayuda(self, parametros, hermanas)

    @property
    def valores_validos(self) -> tuple[Any, ...]:
        return tuple(valor for valor, _ in self.opciones or ())

    def etiqueta_de(self, valor: Any) -> str:
        """La etiqueta del lector para una opción («Ataque total» para ``ataque_total``)."""
        for opcion, etiqueta in self.opciones or ():
            if opcion == valor and type(opcion) is type(valor):
                return etiqueta
        return str(valor)

    def validar(self, valor: Any) -> Any:
        """El valor listo para la regla, o un ErrorEntrada en español que nombra el campo."""
        if valor is None and self.admite_nulo:
            return None
        if self.opciones is not None and isinstance(valor, str) and self.tipo is str:
            valor = self._opcion(valor)
        if not _es_del_tipo(valor, self.tipo):
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» debe ser {self.nombre_de_tipo}, "
                f"no {_describir(valor)}",
                self.nombre,
            )
        if self.opciones is not None and valor not in self.valores_validos:
            validas = ", ".join(str(o) for o in self.valores_validos)
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» no admite «{valor}»; valores válidos: {validas}",
                self.nombre,
            )
        self._en_rango(valor)
        return float(valor) if self.tipo is float else valor

    def _opcion(self, texto: str) -> str:
        """Acepta la grafía de las fuentes: «FÁCIL», «fácil» y «facil» son la misma opción."""
        buscado = plegar(texto)
        for valor, etiqueta in self.opciones or ():
            if buscado in (plegar(str(valor)), plegar(etiqueta)):
                return str(valor)
        return texto

    def _en_rango(self, valor: Any) -> None:
        if isinstance(valor, bool) or not isinstance(valor, int | float):
            return
        minimo, maximo = self.minimo, self.maximo
        if minimo is not None and maximo is not None and not minimo <= valor <= maximo:
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» debe estar entre {minimo} y {maximo}; "
                f"se recibió {fmt.en_mensaje(valor)}",
                self.nombre,
            )
        if minimo is not None and valor < minimo:
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» no puede ser menor que {minimo}; "
                f"se recibió {fmt.en_mensaje(valor)}",
                self.nombre,
            )
        if maximo is not None and valor > maximo:
            raise ErrorEntrada(
                f"la entrada «{self.nombre}» no puede ser mayor que {maximo}; "
                f"se recibió {fmt.en_mensaje(valor)}",
                self.nombre,
            )

    def mostrar(self, valor: Any, valores: Mapping[str, Any] | None = None) -> str:
        """El valor como lo lee una persona: «74,1 %», «5.400 m», «−2», «Ataque total»."""
        if valor is None:
            return "—"
        unidad = self.unidad
        if self.unidad_de is not None and valores is not None:
            unidad = valores.get(self.unidad_de)
        texto = _texto(self, valor)
        singular = isinstance(valor, int | float) and abs(valor) == 1
        return fmt.con_unidad(texto, unidad, singular)

    def a_json(self) -> dict[str, Any]:
        """La declaración para scripts y widgets (``tapiz reglas --json``, ``datos.json``)."""
        datos: dict[str, Any] = {
            "nombre": self.nombre,
            "etiqueta": self.etiqueta,
            "tipo": self.nombre_de_tipo,
            "unidad": self.unidad_en_plural,
            "formato": (self.formato or Formato.TEXTO).value,
            "descripcion": self.descripcion,
            "obligatorio": self.obligatorio,
        }
        if not self.obligatorio:
            datos["por_defecto"] = self.por_defecto
        if self.opciones is not None:
            datos["opciones"] = list(self.valores_validos)
            datos["etiquetas"] = [{"valor": v, "etiqueta": e} for v, e in self.opciones]
        if self.admite_nulo:
            datos["admite_nulo"] = True
        for limite in ("minimo", "maximo"):
            if getattr(self, limite) is not None:
                datos[limite] = getattr(self, limite)
        return datos

    def esquema(self, parametros: Any = None) -> dict[str, Any]:
        """El JSON Schema de un valor de este campo, con los límites que exige el motor (los
        que dependen de otra entrada los dice ``declaracion``)."""
        esquema: dict[str, Any] = {"type": TIPOS_JSON[self.tipo]}
        limites: dict[str, Any] = {}
        minimo, maximo = dependencias.rango(self, parametros, None)
        for clave, limite in (("minimum", minimo), ("maximum", maximo)):
            if limite is not None:
                limites[clave] = limite
        if self.tipo is list:
            elementos = {"type": TIPOS_JSON[self.elementos or str], **limites}
            esquema["items"] = elementos
            if self.longitud is not None:
                esquema["minItems"], esquema["maxItems"] = self.longitud
        else:
            esquema |= limites
        if self.opciones is not None:
            esquema["enum"] = list(self.valores_validos)
        if self.admite_nulo:
            esquema["type"] = [esquema["type"], "null"]
        return esquema

    def declaracion(self, parametros: Any = None, hermanas: Sequence[Campo] = ()) -> dict[str, Any]:
        """La declaración para quien programa (la API): clave, tipo de JSON, unidad, límites y
        el JSON Schema del valor; ``parametros`` resuelve los límites que dependen de ellos y
        ``hermanas`` (las entradas de la regla), los que dependen de otra entrada."""
        esquema = self.esquema(parametros)
        datos: dict[str, Any] = {
            "clave": self.nombre,
            "etiqueta": self.etiqueta,
            "descripcion": self.descripcion,
            "tipo": TIPOS_JSON[self.tipo],
            "unidad": self.unidad_en_plural,
            "formato": (self.formato or Formato.TEXTO).value,
            "obligatorio": self.obligatorio,
            "admite_nulo": self.admite_nulo,
            "esquema": esquema,
        }
        if not self.obligatorio:
            datos["por_defecto"] = self.por_defecto
        if unidad_de := self.unidad_de or self.unidad_segun:
            datos["unidad_de"] = unidad_de
        if self.opciones is not None:
            datos["opciones"] = [{"valor": v, "etiqueta": e} for v, e in self.opciones]
        limites = esquema.get("items", esquema)
        for clave, limite in (("minimo", "minimum"), ("maximo", "maximum")):
            if limite in limites:
                datos[clave] = limites[limite]
        if self.tipo is list:
            datos["elementos"] = TIPOS_JSON[self.elementos or str]
            if self.longitud is not None:
                datos["longitud"] = {"minimo": self.longitud[0], "maximo": self.longitud[1]}
        return datos | dependencias.declaracion(self, parametros, hermanas)


def opciones_de(opciones: Mapping[Any, str] | None) -> tuple[tuple[Any, str], ...] | None:
    return None if opciones is None else tuple(opciones.items())


@lru_cache(maxsize=4096)
def plegar(texto: str) -> str:
    """Sin tildes, en minúsculas y con «_» por espacios: «Muy difícil» → «muy_dificil»."""
    sin_tildes = "".join(
        c for c in unicodedata.normalize("NFKD", texto) if not unicodedata.combining(c)
    )
    return "_".join(sin_tildes.lower().replace("-", " ").split())


def _formato_por_defecto(campo: Campo) -> Formato:
    if campo.tipo is bool:
        return Formato.SI_NO
    if campo.opciones is not None:
        return Formato.OPCION
    return {int: Formato.ENTERO, float: Formato.DECIMAL, list: Formato.LISTA}.get(
        campo.tipo, Formato.TEXTO
    )


def _texto(campo: Campo, valor: Any) -> str:
    match campo.formato:
        case Formato.OPCION:
            return campo.etiqueta_de(valor)
        case Formato.SI_NO:
            return "sí" if valor else "no"
        case Formato.MODIFICADOR:
            return fmt.con_signo(int(valor))
        case Formato.PROBABILIDAD:
            return fmt.porcentaje(valor)
        case Formato.LISTA:
            return fmt.enumerar([_elemento(v) for v in valor])
        case Formato.ENTERO | Formato.DECIMAL if isinstance(valor, int | float):
            return fmt.decimal(valor) if isinstance(valor, float) else fmt.miles(valor)
    return str(valor)


def _elemento(valor: Any) -> str:
    if isinstance(valor, int) and not isinstance(valor, bool):
        return fmt.miles(valor)
    if isinstance(valor, float):
        return fmt.decimal(valor)
    return str(valor)


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
