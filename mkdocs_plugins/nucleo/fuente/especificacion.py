"""Leer el cuerpo YAML de un bloque y validar su forma, con la línea de cada campo."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mkdocs_plugins.nucleo.fuente.bloques import Bloque, otra_apertura
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina
from mkdocs_plugins.nucleo.widgets.widgets import COLOCABLES
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import sistema
from tapiz_rules.yaml_con_lineas import ErrorYaml, cargar_mapa

CAMPOS_REGLAMENTO = ("sistema", "edicion", "opcionales")
CAMPOS_EJEMPLO = (
    "titulo",
    "regla",
    "entradas",
    "espera",
    "dados",
    "notas",
    *CAMPOS_REGLAMENTO,
)
CAMPOS_REGLA = (
    "tabla",
    "regla",
    "tablas",
    "reglas",
    "widget",
    "titulo",
    "catalogo",
    *CAMPOS_REGLAMENTO,
)


@dataclass(frozen=True)
class Cuerpo:
    """El YAML de una valla: sus valores y la línea (en el fichero) de cada clave."""

    valores: dict[str, Any]
    lineas: dict[str, int]
    linea_valla: int
    lineas_anidadas: dict[tuple[str, str], int] = field(default_factory=dict)

    def linea(self, clave: str, subclave: str | None = None) -> int:
        if subclave is not None and (clave, subclave) in self.lineas_anidadas:
            return self.lineas_anidadas[(clave, subclave)]
        return self.lineas.get(clave, self.linea_valla)


@dataclass(frozen=True)
class EspecEjemplo:
    bloque: Bloque
    cuerpo: Cuerpo
    titulo: str
    regla: str
    entradas: dict[str, Any]
    espera: dict[str, Any]
    dados: dict[str, str]
    reglamento: Reglamento
    notas: dict[str, str] = field(default_factory=dict)
    """Por qué está una entrada que no cambia lo que se afirma: la tarjeta lo dice."""


@dataclass(frozen=True)
class EspecRegla:
    bloque: Bloque
    cuerpo: Cuerpo
    tabla: str | None
    regla: str | None
    widget: str | None
    titulo: str | None
    reglamento: Reglamento
    catalogo: bool = False
    """La ficha para quien contribuye (nombres de campo y tipos), no la del lector."""
    tablas: tuple[str, ...] = ()
    reglas: tuple[str, ...] = ()
    """Varias fichas del catálogo, cada una bajo su encabezado: una sección en un solo bloque."""


@lru_cache(maxsize=4096)
def leer_cuerpo(bloque: Bloque) -> Cuerpo:
    """Analiza el YAML; un error de sintaxis o una clave repetida se sitúan en su línea.

    Se recuerda por bloque: el título y la lectura del ejemplo leen el mismo cuerpo, y
    nadie modifica lo leído.
    """
    primera = bloque.linea + 1
    if (otra := otra_apertura(bloque.cuerpo)) is not None:
        raise ErrorDePagina(
            bloque.linea,
            f"la valla ```{bloque.tipo} no se cierra: falta la línea ``` que la termina "
            f"antes de la valla de la línea {primera + otra}",
        )
    try:
        documento = cargar_mapa(bloque.cuerpo)
    except ErrorYaml as error:
        linea = primera + error.linea if error.linea is not None else bloque.linea
        raise ErrorDePagina(linea, f"YAML no válido en ```{bloque.tipo}: {error}") from None
    if documento is None:
        raise ErrorDePagina(
            bloque.linea,
            f"el cuerpo de ```{bloque.tipo} debe ser un mapa YAML de campos (clave: valor)",
        )
    lineas = {clave: primera + linea for clave, linea in documento.lineas.items()}
    anidadas = {clave: primera + linea for clave, linea in documento.anidadas.items()}
    return Cuerpo(documento.valores, lineas, bloque.linea, anidadas)


def _sin_campos_desconocidos(cuerpo: Cuerpo, validos: tuple[str, ...], tipo: str) -> None:
    for clave in cuerpo.valores:
        if clave not in validos:
            raise ErrorDePagina(
                cuerpo.linea(clave),
                f"campo desconocido «{clave}» en ```{tipo}; los campos válidos son: "
                + ", ".join(validos),
            )


def _mapa(cuerpo: Cuerpo, clave: str, obligatorio: bool) -> dict[str, Any]:
    valor = cuerpo.valores.get(clave)
    if valor is None:
        if obligatorio:
            raise ErrorDePagina(cuerpo.linea_valla, f"falta el campo obligatorio «{clave}»")
        return {}
    if not isinstance(valor, dict):
        raise ErrorDePagina(
            cuerpo.linea(clave), f"el campo «{clave}» debe ser un mapa (nombre: valor)"
        )
    return {str(k): v for k, v in valor.items()}


def _texto(cuerpo: Cuerpo, clave: str, obligatorio: bool) -> str | None:
    valor = cuerpo.valores.get(clave)
    if valor is None:
        if obligatorio:
            raise ErrorDePagina(cuerpo.linea_valla, f"falta el campo obligatorio «{clave}»")
        return None
    if not isinstance(valor, str | int) or isinstance(valor, bool):
        raise ErrorDePagina(cuerpo.linea(clave), f"el campo «{clave}» debe ser un texto")
    return str(valor)


def _reglamento(cuerpo: Cuerpo, base: Reglamento) -> Reglamento:
    """El reglamento de la página, con el sistema, la edición o las opcionales del bloque.

    Nombrar el sistema pide sus reglas de serie: en la página de un Lienzo,
    ``sistema: tapiz`` compara con el libro sin las reglas del Lienzo.
    """
    nombre = _texto(cuerpo, "sistema", obligatorio=False)
    edicion = _texto(cuerpo, "edicion", obligatorio=False)
    opcionales = cuerpo.valores.get("opcionales")
    if nombre is None and edicion is None and "opcionales" not in cuerpo.valores:
        return base
    try:
        reglamento = Reglamento(sistema(nombre)) if nombre is not None else base
    except ErrorTapiz as error:
        raise ErrorDePagina(cuerpo.linea("sistema"), str(error)) from None
    if opcionales is None:
        opcionales = sorted(reglamento.opcionales)
    if not isinstance(opcionales, list) or not all(isinstance(o, str) for o in opcionales):
        validas = ", ".join(reglamento.sistema.opcionales) or "(ninguna)"
        raise ErrorDePagina(
            cuerpo.linea("opcionales"),
            "el campo «opcionales» debe ser una lista de códigos, p. ej. [TZR0001]; válidos: "
            + validas,
        )
    try:
        return reglamento.con(
            edicion=edicion or reglamento.edicion, opcionales=frozenset(opcionales)
        )
    except ErrorTapiz as error:
        clave = "edicion" if "edición" in str(error) else "opcionales"
        raise ErrorDePagina(cuerpo.linea(clave), str(error)) from None


def _espera(cuerpo: Cuerpo) -> dict[str, Any]:
    espera = _mapa(cuerpo, "espera", obligatorio=True)
    if not espera:
        raise ErrorDePagina(
            cuerpo.linea("espera"),
            "«espera» está vacío: un ejemplo tiene que afirmar al menos un resultado",
        )
    return espera


def _notas(cuerpo: Cuerpo, entradas: dict[str, Any]) -> dict[str, str]:
    notas = _mapa(cuerpo, "notas", obligatorio=False)
    for nombre, nota in notas.items():
        if nombre not in entradas:
            raise ErrorDePagina(
                cuerpo.linea("notas", nombre),
                f"la nota de «{nombre}» no explica ninguna entrada del ejemplo",
            )
        if not isinstance(nota, str) or not nota.strip():
            raise ErrorDePagina(
                cuerpo.linea("notas", nombre),
                f"la nota de «{nombre}» debe ser una frase para quien lee",
            )
    return notas


def leer_ejemplo(bloque: Bloque, base: Reglamento) -> EspecEjemplo:
    cuerpo = leer_cuerpo(bloque)
    _sin_campos_desconocidos(cuerpo, CAMPOS_EJEMPLO, bloque.tipo)
    dados = _mapa(cuerpo, "dados", obligatorio=False)
    for nombre, expresion in dados.items():
        if not isinstance(expresion, str):
            raise ErrorDePagina(
                cuerpo.linea("dados", nombre),
                f"los dados de «{nombre}» deben escribirse como notación, p. ej. 1d20",
            )
    entradas = _mapa(cuerpo, "entradas", obligatorio=False)
    return EspecEjemplo(
        bloque=bloque,
        cuerpo=cuerpo,
        titulo=_texto(cuerpo, "titulo", obligatorio=False) or "",
        regla=_texto(cuerpo, "regla", obligatorio=True) or "",
        entradas=entradas,
        espera=_espera(cuerpo),
        dados=dados,
        reglamento=_reglamento(cuerpo, base),
        notas=_notas(cuerpo, entradas),
    )


def _nombres(cuerpo: Cuerpo, clave: str) -> tuple[str, ...]:
    valor = cuerpo.valores.get(clave)
    if valor is None:
        return ()
    if not valor or not isinstance(valor, list) or not all(isinstance(v, str) for v in valor):
        raise ErrorDePagina(
            cuerpo.linea(clave),
            f"el campo «{clave}» debe ser una lista de nombres, p. ej. [accion]",
        )
    return tuple(valor)


def leer_regla(bloque: Bloque, base: Reglamento) -> EspecRegla:
    cuerpo = leer_cuerpo(bloque)
    _sin_campos_desconocidos(cuerpo, CAMPOS_REGLA, bloque.tipo)
    tabla = _texto(cuerpo, "tabla", obligatorio=False)
    regla = _texto(cuerpo, "regla", obligatorio=False)
    tablas, reglas = _nombres(cuerpo, "tablas"), _nombres(cuerpo, "reglas")
    widget = _texto(cuerpo, "widget", obligatorio=False)
    catalogo = cuerpo.valores.get("catalogo") is True
    if sum(1 for dado in (tabla, regla, tablas, reglas) if dado) != 1 and widget is None:
        raise ErrorDePagina(
            bloque.linea,
            "un ```tapiz-regla necesita exactamente uno de «tabla», «regla», «tablas» o «reglas»",
        )
    if (tablas or reglas) and not catalogo:
        raise ErrorDePagina(
            cuerpo.linea("tablas" if tablas else "reglas"),
            "«tablas» y «reglas» son para el catálogo de quien contribuye: van con "
            "«catalogo: true»; en el libro, un bloque por tabla o por regla",
        )
    if widget is not None and widget not in COLOCABLES:
        raise ErrorDePagina(
            cuerpo.linea("widget"),
            f"widget desconocido «{widget}»; los válidos son: " + ", ".join(COLOCABLES),
        )
    return EspecRegla(
        bloque=bloque,
        cuerpo=cuerpo,
        tabla=tabla,
        regla=regla,
        widget=widget,
        titulo=_texto(cuerpo, "titulo", obligatorio=False),
        reglamento=_reglamento(cuerpo, base),
        catalogo=catalogo,
        tablas=tablas,
        reglas=reglas,
    )
