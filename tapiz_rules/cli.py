"""La línea de órdenes ``tapiz``: tirar dados, ver probabilidades y usar las reglas.

Cada subcomando se declara con una función ``configurar(subcomandos)`` que añade
su analizador y fija ``ejecutar``; otro módulo puede pasar una lista ampliada a
``main`` (así ``mkdocs_plugins.cli`` añade ``comprobar`` sin que el motor sepa
nada de las páginas).
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from tapiz_rules.dados import Generador, analizar, distribucion, tirar
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.registro import Campo, Regla
from tapiz_rules.reglamento import EDICIONES, OPCIONALES, Reglamento
from tapiz_rules.reglas import REGISTRO

PROGRAMA = "tapiz"
SEMILLAS = 2**32

_TRADUCCIONES: tuple[tuple[str, str], ...] = (
    (r"the following arguments are required: (.*)", r"faltan argumentos obligatorios: \1"),
    (r"unrecognized arguments: (.*)", r"argumentos no reconocidos: \1"),
    (
        r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)",
        r"argumento \1: valor no válido \2; valores válidos: \3",
    ),
    (r"argument (\S+): invalid (\w+) value: (.*)", r"argumento \1: valor \2 no válido: \3"),
    (r"argument (\S+): expected one argument", r"argumento \1: falta su valor"),
    (r"argument (\S+): (.*)", r"argumento \1: \2"),
    (r"ambiguous option: (.*) could match (.*)", r"opción ambigua: \1 podría ser \2"),
)
_TIPOS = {"int": "entero", "float": "numérico"}


def traducir(mensaje: str) -> str:
    """Pasa al español los mensajes de error de argparse que conocemos."""
    for patron, reemplazo in _TRADUCCIONES:
        traducido, cambios = re.subn(f"^{patron}$", reemplazo, mensaje)
        if cambios:
            for ingles, espanol in _TIPOS.items():
                traducido = traducido.replace(f"valor {ingles} ", f"valor {espanol} ")
            return traducido
    return mensaje


class Formato(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """Un ArgumentParser con ayuda y errores en español."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formato)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "argumentos"
        self._optionals.title = "opciones"
        self.add_argument("-h", "--help", action="help", help="muestra esta ayuda y termina")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {traducir(message)}\n")


def _json(datos: Any) -> None:
    print(json.dumps(datos, ensure_ascii=False, indent=2))


def _anadir_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="salida en JSON")


def _semilla(valor: int | None) -> int:
    return secrets.randbelow(SEMILLAS) if valor is None else valor


# --- tirar -------------------------------------------------------------------


def _marca(dado: dict[str, Any]) -> str:
    marcas = []
    if dado["explosion"]:
        marcas.append("explosión")
    if dado["descartado"]:
        marcas.append("descartado")
    return f" ({', '.join(marcas)})" if marcas else ""


def ejecutar_tirar(args: argparse.Namespace) -> int:
    semilla = _semilla(args.semilla)
    tirada = tirar(args.expresion, Generador(semilla)).a_json()
    if args.json:
        _json(tirada)
        return 0
    print(f"{tirada['expresion']} = {tirada['total']}  (semilla {semilla})")
    for dado in tirada["dados"]:
        etiqueta = f" {dado['etiqueta']}" if dado["etiqueta"] else ""
        print(f"  d{dado['caras']}{etiqueta}: {dado['valor']}{_marca(dado)}")
    return 0


def configurar_tirar(sub: Any) -> None:
    p = sub.add_parser(
        "tirar",
        help="tira una expresión de dados",
        description="Tira una expresión de dados y muestra cada dado.",
    )
    p.add_argument(
        "expresion", metavar="EXPR", help="expresión de dados, por ejemplo 4d6kh3 o 1d20+1d8!+3"
    )
    p.add_argument("--semilla", type=int, help="semilla del generador, para repetir la tirada")
    _anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_tirar)


# --- prob --------------------------------------------------------------------


def _por_ciento(p: float) -> str:
    return f"{p * 100:.2f} %".replace(".", ",")


def ejecutar_prob(args: argparse.Namespace) -> int:
    dist = distribucion(args.expresion)
    items = dist.items()
    datos: dict[str, Any] = {
        "expresion": str(analizar(args.expresion)),
        "min": dist.minimo,
        "max": dist.maximo,
        "media": float(dist.media),
        "distribucion": [[valor, float(p)] for valor, p in items],
    }
    if args.objetivo is not None:
        datos["p_objetivo"] = float(dist.al_menos(args.objetivo))
    if args.json:
        _json(datos)
        return 0
    media = f"{datos['media']:.2f}".replace(".", ",")
    print(f"{datos['expresion']}: mínimo {dist.minimo}, máximo {dist.maximo}, media {media}")
    print()
    print("| Valor | Probabilidad | Al menos |")
    print("| ---: | ---: | ---: |")
    for valor, p in items:
        print(f"| {valor} | {_por_ciento(float(p))} | {_por_ciento(float(dist.al_menos(valor)))} |")
    if args.objetivo is not None:
        print()
        print(f"P(total ≥ {args.objetivo}) = {_por_ciento(datos['p_objetivo'])}")
    return 0


def configurar_prob(sub: Any) -> None:
    p = sub.add_parser(
        "prob",
        help="probabilidades exactas de una expresión",
        description="Calcula la distribución exacta de una expresión de dados.",
    )
    p.add_argument(
        "expresion", metavar="EXPR", help="expresión de dados, por ejemplo 3d6 o 2d6!kh1"
    )
    p.add_argument("--objetivo", type=int, metavar="T", help="muestra también P(total ≥ T)")
    _anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_prob)


# --- accion ------------------------------------------------------------------

EDICION_POR_DADO = {dado: edicion for edicion, dado in EDICIONES.items()}


def ejecutar_accion(args: argparse.Namespace) -> int:
    reglamento = Reglamento(edicion=EDICION_POR_DADO[args.dado_base])
    base, origen = args.base, "dada"
    if base is None:
        semilla = _semilla(args.semilla)
        base, origen = tirar(reglamento.dado_base, Generador(semilla)).total, f"semilla {semilla}"
    entradas = {
        "base": base,
        "dados": args.dados,
        "mod": args.mod,
        "nivel": args.nivel,
        "rasgos": args.rasgos,
        "bonus": args.bonus,
        "resistencia": args.resistencia,
    }
    resultado = REGISTRO.buscar_regla("accion")(entradas, reglamento)
    claves = (
        "total",
        "resultado",
        "exito",
        "puntos_de_efecto",
        "puntos_de_consecuencia",
        "grado",
        "modificador",
    )
    datos = {"base": base, **{clave: resultado[clave] for clave in claves}}
    if args.json:
        _json(datos)
        return 0
    print(f"Tirada de acción con {reglamento.dado_base}: {base} ({origen})")
    for paso in resultado.pasos:
        print(f"  {paso}")
    return 0


def configurar_accion(sub: Any) -> None:
    p = sub.add_parser(
        "accion",
        help="resuelve una tirada de acción",
        description="Resuelve una tirada de acción contra una resistencia con la regla «accion».",
    )
    p.add_argument(
        "--dado-base",
        choices=tuple(EDICION_POR_DADO),
        default=EDICIONES["actual"],
        help="dado base: 1d20 (texto actual, por defecto) o 3d6 (edición de 2017)",
    )
    p.add_argument(
        "--base", type=int, help="resultado del dado base; si falta, se tira con la semilla"
    )
    p.add_argument("--dados", type=int, default=0, help="suma de los dados de atributo ya tirados")
    p.add_argument("--mod", type=int, default=0, help="modificador de la característica o atributo")
    p.add_argument("--nivel", type=int, default=1, help="nivel del personaje")
    p.add_argument("--rasgos", type=int, default=0, help="rasgos que ayudan en la tirada")
    p.add_argument("--bonus", type=int, default=0, help="otros bonus o penalizaciones")
    p.add_argument("--resistencia", type=int, required=True, help="resistencia de la acción")
    p.add_argument("--semilla", type=int, help="semilla para tirar el dado base")
    _anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_accion)


# --- reglas y regla ----------------------------------------------------------


def _campo(campo: Campo) -> dict[str, Any]:
    datos: dict[str, Any] = {
        "nombre": campo.nombre,
        "tipo": campo.nombre_de_tipo,
        "descripcion": campo.descripcion,
        "obligatorio": campo.obligatorio,
    }
    if not campo.obligatorio:
        datos["por_defecto"] = campo.por_defecto
    if campo.opciones is not None:
        datos["opciones"] = list(campo.opciones)
    if campo.admite_nulo:
        datos["admite_nulo"] = True
    return datos


def describir_regla(regla: Regla) -> dict[str, Any]:
    return {
        "nombre": regla.nombre,
        "titulo": regla.titulo,
        "seccion": regla.seccion,
        "descripcion": regla.descripcion,
        "entradas": [_campo(c) for c in regla.entradas],
        "salidas": [_campo(c) for c in regla.salidas],
    }


def ejecutar_reglas(args: argparse.Namespace) -> int:
    reglas = sorted(REGISTRO.reglas.values(), key=lambda r: r.nombre)
    tablas = sorted(REGISTRO.tablas.values(), key=lambda t: t.nombre)
    if args.json:
        _json(
            {
                "reglas": [describir_regla(r) for r in reglas],
                "tablas": [
                    {
                        "nombre": t.nombre,
                        "titulo": t.titulo,
                        "seccion": t.seccion,
                        "descripcion": t.descripcion,
                    }
                    for t in tablas
                ],
            }
        )
        return 0
    print("Reglas:")
    for r in reglas:
        print(f"  {r.nombre:<28} {r.titulo} ({r.seccion})")
    print()
    print("Tablas:")
    for t in tablas:
        print(f"  {t.nombre:<28} {t.titulo} ({t.seccion})")
    return 0


def configurar_reglas(sub: Any) -> None:
    p = sub.add_parser(
        "reglas",
        help="catálogo de reglas y tablas",
        description="Lista las reglas y tablas con nombre del motor.",
    )
    _anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_reglas)


def _leer_entrada(texto: str) -> dict[str, Any]:
    try:
        entrada = json.loads(texto)
    except json.JSONDecodeError as error:
        raise ErrorTapiz(f"--entrada no es JSON válido (columna {error.colno}): {texto}") from None
    if not isinstance(entrada, dict):
        raise ErrorTapiz('--entrada debe ser un objeto JSON, por ejemplo {"puntos": 7}')
    return entrada


def _texto(valor: Any) -> str:
    if valor is None:
        return "—"
    if isinstance(valor, bool):
        return "sí" if valor else "no"
    return str(valor)


def ejecutar_regla(args: argparse.Namespace) -> int:
    regla = REGISTRO.buscar_regla(args.nombre)
    reglamento = Reglamento(edicion=args.edicion, opcionales=frozenset(args.opcional or ()))
    resultado = regla(_leer_entrada(args.entrada), reglamento)
    if args.json:
        _json({"valores": resultado.valores, "pasos": list(resultado.pasos)})
        return 0
    print(f"{regla.titulo} ({regla.nombre})")
    for paso in resultado.pasos:
        print(f"  {paso}")
    print()
    for clave, valor in resultado.valores.items():
        print(f"{clave}: {_texto(valor)}")
    return 0


def configurar_regla(sub: Any) -> None:
    p = sub.add_parser(
        "regla",
        help="ejecuta una regla con nombre",
        description="Ejecuta cualquier regla del catálogo con entradas en JSON.",
    )
    p.add_argument("nombre", metavar="NOMBRE", help="nombre de la regla (véase «tapiz reglas»)")
    p.add_argument(
        "--entrada",
        default="{}",
        metavar="JSON",
        help="entradas en JSON, por ejemplo '{\"puntos\": 7}'",
    )
    p.add_argument(
        "--edicion", choices=tuple(EDICIONES), default="actual", help="edición del reglamento"
    )
    p.add_argument(
        "--opcional",
        action="append",
        choices=tuple(OPCIONALES),
        help="activa una regla opcional (se puede repetir)",
    )
    _anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_regla)


# --- principal ---------------------------------------------------------------

SUBCOMANDOS: tuple[Callable[[Any], None], ...] = (
    configurar_tirar,
    configurar_prob,
    configurar_accion,
    configurar_reglas,
    configurar_regla,
)


def construir_parser(
    subcomandos: Sequence[Callable[[Any], None]] = SUBCOMANDOS,
) -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROGRAMA,
        description="El Sistema Tapiz en la línea de órdenes: dados, probabilidades y reglas.",
    )
    sub = parser.add_subparsers(
        title="subcomandos", dest="subcomando", metavar="SUBCOMANDO", parser_class=Parser
    )
    sub.required = True
    for configurar in subcomandos:
        configurar(sub)
    return parser


def main(
    argv: Sequence[str] | None = None,
    subcomandos: Sequence[Callable[[Any], None]] = SUBCOMANDOS,
) -> int:
    parser = construir_parser(subcomandos)
    try:
        args = parser.parse_args(argv)
    except SystemExit as salida:
        return salida.code if isinstance(salida.code, int) else 2
    try:
        return args.ejecutar(args)
    except ErrorTapiz as error:
        print(f"{PROGRAMA}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
