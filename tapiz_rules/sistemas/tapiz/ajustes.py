"""Los parámetros de Tapiz que un Lienzo puede cambiar, y cómo se leen de su declaración.

Cada ajuste lee el valor YAML, lo valida y devuelve los parámetros cambiados;
un valor de tipo incorrecto es un ``ErrorTapiz`` con un mensaje en español. Lo
que no está aquí (los tramos de Impedimento, el bonus por lengua…) un Lienzo no
lo cambia directamente: para eso están las reglas opcionales y las reglas nuevas.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from tapiz_rules.dados import analizar
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.modelo import Tabla, tabla
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz


@dataclass(frozen=True)
class Ajuste:
    etiqueta: str
    ejemplo: str
    leer: Callable[[ParametrosTapiz, Any], ParametrosTapiz]
    mostrar: Callable[[ParametrosTapiz], str]


def _entero(nombre: str, valor: Any, minimo: int = 0) -> int:
    if isinstance(valor, bool) or not isinstance(valor, int):
        raise ErrorTapiz(f"«{nombre}» debe ser un número entero, no «{valor}»")
    if valor < minimo:
        raise ErrorTapiz(f"«{nombre}» no puede ser menor que {minimo}; se recibió {valor}")
    return valor


def _mapa(nombre: str, valor: Any, validas: list[str]) -> dict[str, Any]:
    if not isinstance(valor, dict):
        raise ErrorTapiz(
            f"«{nombre}» debe ser un mapa (clave: valor) con claves entre: {', '.join(validas)}"
        )
    for clave in valor:
        if clave not in validas:
            raise ErrorTapiz(
                f"«{nombre}» no tiene «{clave}»; las claves válidas son: {', '.join(validas)}"
            )
    return {str(k): v for k, v in valor.items()}


def _dado_base(p: ParametrosTapiz, valor: Any) -> ParametrosTapiz:
    if not isinstance(valor, str):
        raise ErrorTapiz(f"«dado_base» debe ser una notación de dados como 1d12, no «{valor}»")
    return replace(p, dado_base=str(analizar(valor)))


def _grados(p: ParametrosTapiz, valor: Any) -> ParametrosTapiz:
    cambios = _mapa("grados", valor, [g.nombre for g in p.grados])
    grados = tuple(
        replace(g, puntos=_entero(f"grados.{g.nombre}", cambios[g.nombre], 1))
        if g.nombre in cambios
        else g
        for g in p.grados
    )
    umbrales = [g.puntos for g in grados]
    if umbrales != sorted(set(umbrales)):
        raise ErrorTapiz(f"los umbrales de «grados» deben crecer de menor a extremo: {umbrales}")
    return replace(p, grados=grados)


def _dificultades(p: ParametrosTapiz, valor: Any) -> ParametrosTapiz:
    cambios = _mapa("dificultades", valor, [d.clave for d in p.dificultades])
    return replace(
        p,
        dificultades=tuple(
            replace(d, resistencia=_entero(f"dificultades.{d.clave}", cambios[d.clave]))
            if d.clave in cambios
            else d
            for d in p.dificultades
        ),
    )


def _metros(p: ParametrosTapiz, valor: Any) -> ParametrosTapiz:
    cambios = _mapa("metros_por_punto_combate", valor, list(p.metros_por_punto_combate))
    nuevos = {
        tipo: _entero(f"metros_por_punto_combate.{tipo}", cambios.get(tipo, metros), 1)
        for tipo, metros in p.metros_por_punto_combate.items()
    }
    return replace(p, metros_por_punto_combate=nuevos)


def _entero_simple(campo: str, minimo: int) -> Callable[[ParametrosTapiz, Any], ParametrosTapiz]:
    def leer(p: ParametrosTapiz, valor: Any) -> ParametrosTapiz:
        nuevo: dict[str, Any] = {campo: _entero(campo, valor, minimo)}
        return replace(p, **nuevo)

    return leer


def _valor(campo: str) -> Callable[[ParametrosTapiz], str]:
    return lambda p: str(getattr(p, campo))


AJUSTES: Mapping[str, Ajuste] = {
    "dado_base": Ajuste("Dado de la tirada de acción", "1d12", _dado_base, _valor("dado_base")),
    "grados": Ajuste(
        "Puntos de cada grado de efecto",
        "{menor: 4, mayor: 8, extremo: 12}",
        _grados,
        lambda p: ", ".join(f"{g.nombre} {g.puntos}" for g in p.grados),
    ),
    "tope_por_nivel": Ajuste(
        "Tope del bonus de rasgos (veces el nivel)",
        "3",
        _entero_simple("tope_por_nivel", 1),
        _valor("tope_por_nivel"),
    ),
    "rasgo_adicional": Ajuste(
        "Bonus de cada rasgo después del primero",
        "1",
        _entero_simple("rasgo_adicional", 0),
        _valor("rasgo_adicional"),
    ),
    "base_estatica": Ajuste(
        "Base de una tirada estática",
        "10",
        _entero_simple("base_estatica", 0),
        _valor("base_estatica"),
    ),
    "bonus_heroicidad": Ajuste(
        "Puntos que suma un punto de heroicidad",
        "1",
        _entero_simple("bonus_heroicidad", 0),
        _valor("bonus_heroicidad"),
    ),
    "px_tras_ultimo": Ajuste(
        "PX por nivel a partir del 10.º",
        "500000",
        _entero_simple("px_tras_ultimo", 1),
        _valor("px_tras_ultimo"),
    ),
    "dificultades": Ajuste(
        "Resistencia de cada dificultad",
        "{media: 11, dificil: 14}",
        _dificultades,
        lambda p: ", ".join(f"{d.clave} {d.resistencia}" for d in p.dificultades),
    ),
    "metros_por_punto_combate": Ajuste(
        "Metros por punto de MOV en combate",
        "{esprint: 4}",
        _metros,
        lambda p: ", ".join(f"{t} {m}" for t, m in p.metros_por_punto_combate.items()),
    ),
    "paso_tamano": Ajuste(
        "Modificador por escalón de tamaño",
        "2",
        _entero_simple("paso_tamano", 0),
        _valor("paso_tamano"),
    ),
    "bonus_defensa_ferrea": Ajuste(
        "Bonus de la defensa férrea",
        "4",
        _entero_simple("bonus_defensa_ferrea", 0),
        _valor("bonus_defensa_ferrea"),
    ),
}


@tabla("parametros_lienzo", titulo="Lo que un Lienzo puede cambiar", seccion="Lienzos")
def tabla_parametros_lienzo(p: ParametrosTapiz) -> Tabla:
    """Los parámetros de Tapiz que un Lienzo puede cambiar en su ``lienzo.yml``, con su valor."""
    return Tabla(
        titulo="Lo que un Lienzo puede cambiar en «parametros»",
        columnas=("Parámetro", "Qué es", "Valor en Tapiz", "Ejemplo"),
        filas=tuple(
            (nombre, ajuste.etiqueta, ajuste.mostrar(p), ajuste.ejemplo)
            for nombre, ajuste in AJUSTES.items()
        ),
    )


TABLAS = (tabla_parametros_lienzo,)
