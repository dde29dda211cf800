"""``tapiz accion``, ``tapiz reglas`` y ``tapiz regla``: las reglas de cada sistema.

Las opciones de cada entrada salen de la declaración de la regla: ninguna se
escribe a mano.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

from tapiz_rules.cli.comun import anadir_json, imprimir_json, semilla_o_nueva
from tapiz_rules.cli.lienzos import anadir_lienzo, reglamento_del_lienzo
from tapiz_rules.cli.tablas import mostrar as mostrar_tabla
from tapiz_rules.dados import Generador, tirar
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.evaluar import resultado_en_json
from tapiz_rules.modelo import Campo, DefinicionTabla, Regla, Reglamento, Sistema
from tapiz_rules.sistemas import POR_DEFECTO, SISTEMAS, reglamento, sistema

# --- entradas de una regla como opciones de la línea de órdenes ---------------

TAPIZ = SISTEMAS[POR_DEFECTO]


def _lista_de_enteros(texto: str) -> list[int]:
    try:
        return [int(parte) for parte in texto.replace(" ", "").split(",") if parte]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"se esperaba una lista de enteros separados por comas, como 15,10,12: {texto}"
        ) from None


def opcion(campo: Campo) -> str:
    return "--" + campo.nombre.replace("_", "-")


def anadir_entradas(
    parser: argparse.ArgumentParser, regla: Regla, opcionales: Sequence[str] = ()
) -> None:
    """Una opción por entrada de la regla, con su tipo, sus valores válidos y su etiqueta.

    Las opciones salen de la declaración de la regla: no se escriben a mano. Las que
    no se dan no llegan a la regla, que usa su valor por defecto.
    """
    grupo = parser.add_argument_group(f"entradas de «{regla.nombre}»")
    for campo in regla.entradas:
        ayuda = campo.etiqueta + (f": {campo.ayuda}" if campo.ayuda else "")
        if not campo.obligatorio and campo.por_defecto is not None:
            ayuda += f" (por defecto {campo.mostrar(campo.por_defecto)})"
        ayuda = ayuda.replace("%", "%%")
        requerida = campo.obligatorio and campo.nombre not in opcionales
        if campo.tipo is bool:
            grupo.add_argument(
                opcion(campo), dest=campo.nombre, action=argparse.BooleanOptionalAction, help=ayuda
            )
            continue
        tipos: dict[type, Callable[[str], Any]] = {int: int, float: float, list: _lista_de_enteros}
        tipo = tipos.get(campo.tipo, str)
        elecciones = campo.valores_validos or None
        grupo.add_argument(
            opcion(campo),
            dest=campo.nombre,
            type=tipo,
            choices=elecciones,
            required=requerida,
            metavar=None if elecciones else campo.nombre_de_tipo.upper().replace("/", ""),
            help=ayuda,
        )


def entradas_dadas(args: argparse.Namespace, regla: Regla) -> dict[str, Any]:
    valores = vars(args)
    return {
        c.nombre: valores[c.nombre] for c in regla.entradas if valores.get(c.nombre) is not None
    }


def anadir_reglamento(parser: argparse.ArgumentParser, sistema_: Sistema) -> None:
    if sistema_.ediciones:
        parser.add_argument(
            "--edicion",
            choices=tuple(sistema_.ediciones),
            help=f"edición del reglamento (por defecto {sistema_.edicion_por_defecto})",
        )
    if sistema_.opcionales:
        parser.add_argument(
            "--opcional",
            action="append",
            choices=tuple(sistema_.opcionales),
            help="activa una regla opcional (se puede repetir)",
        )


# --- accion ------------------------------------------------------------------

EDICION_POR_DADO = {
    Reglamento(TAPIZ, clave).parametros.dado_base: clave for clave in TAPIZ.ediciones
}
CLAVES_ACCION = (
    "total",
    "resultado",
    "exito",
    "puntos_de_efecto",
    "puntos_de_consecuencia",
    "grado",
    "modificador",
    "bonus_rasgos",
    "a_un_punto",
)


def ejecutar_accion(args: argparse.Namespace) -> int:
    edicion = args.edicion or EDICION_POR_DADO.get(args.dado_base or "", "")
    elegido = reglamento(POR_DEFECTO, edicion, args.opcional or ())
    regla = elegido.regla("accion")
    entradas = entradas_dadas(args, regla)
    dado_base = elegido.parametros.dado_base
    origen = "dada"
    if "base" not in entradas:
        semilla = semilla_o_nueva(args.semilla)
        entradas["base"] = tirar(dado_base, Generador(semilla)).total
        origen = f"semilla {semilla}"
    resultado = regla.ejecutar(elegido.parametros, entradas)
    datos = {"base": entradas["base"], **{clave: resultado[clave] for clave in CLAVES_ACCION}}
    if args.json:
        imprimir_json(datos)
        return 0
    print(f"Tirada de acción con {dado_base}: {entradas['base']} ({origen})")
    for paso in resultado.pasos:
        print(f"  {paso}")
    return 0


def configurar_accion(sub: Any) -> None:
    p = sub.add_parser(
        "accion",
        help="resuelve una tirada de acción",
        description="Resuelve una tirada de acción contra una resistencia con la regla «accion».",
    )
    anadir_entradas(p, TAPIZ.regla("accion"), opcionales=("base",))
    p.add_argument(
        "--dado-base",
        choices=tuple(EDICION_POR_DADO),
        help="dado base: 1d20 (texto actual, por defecto) o 3d6 (edición de 2017)",
    )
    anadir_reglamento(p, TAPIZ)
    p.add_argument("--semilla", type=int, help="semilla para tirar el dado base si falta --base")
    anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_accion)


# --- reglas y regla ----------------------------------------------------------


def describir_regla(regla: Regla, sistema_: str = POR_DEFECTO) -> dict[str, Any]:
    return {
        "sistema": sistema_,
        "nombre": regla.nombre,
        "tipo": "regla",
        "titulo": regla.titulo,
        "seccion": regla.seccion,
        "descripcion": regla.descripcion,
        "entradas": [c.a_json() for c in regla.entradas],
        "salidas": [c.a_json() for c in regla.salidas],
    }


def describir_tabla(tabla: DefinicionTabla, sistema_: str) -> dict[str, Any]:
    return {
        "sistema": sistema_,
        "nombre": tabla.nombre,
        "tipo": "tabla",
        "titulo": tabla.titulo,
        "seccion": tabla.seccion,
        "descripcion": tabla.descripcion,
    }


def _sistemas(nombre: str | None) -> list[Sistema]:
    return [sistema(nombre)] if nombre else list(SISTEMAS.values())


def _reglamento_con_tabla(args: argparse.Namespace, sistemas: list[Sistema]) -> Reglamento | None:
    """El reglamento con que se muestra ``tapiz reglas NOMBRE`` si NOMBRE es una tabla."""
    if args.lienzo:
        elegido = reglamento_del_lienzo(args.lienzo)
        return elegido if args.nombre in elegido.vigente.tablas else None
    con_ella = [s for s in sistemas if args.nombre in s.tablas]
    return reglamento(con_ella[0].nombre, "", ()) if con_ella else None


def _mostrar_regla(regla: Regla, nombre_sistema: str) -> None:
    print(
        f"{regla.titulo} — regla «{regla.nombre}» del sistema «{nombre_sistema}» ({regla.seccion})"
    )
    print()
    print(regla.descripcion)
    for titulo, campos in (("Entradas", regla.entradas), ("Salidas", regla.salidas)):
        print()
        print(f"{titulo}:")
        for campo in campos:
            extra = ""
            if campo.unidad:
                extra += f", en {campo.unidad_en_plural}"
            if campo.opciones:
                extra += ": " + ", ".join(f"{v} ({e})" for v, e in campo.opciones)
            if titulo == "Entradas":
                extra += (
                    " — obligatoria"
                    if campo.obligatorio
                    else f" — por defecto {campo.mostrar(campo.por_defecto)}"
                )
            print(f"  {campo.nombre:<24} {campo.etiqueta} ({campo.nombre_de_tipo}{extra})")


def ejecutar_reglas(args: argparse.Namespace) -> int:
    sistemas = _sistemas(args.sistema)
    if args.lienzo:
        sistemas = [reglamento_del_lienzo(args.lienzo).vigente]
    if args.nombre:
        encontradas = [(s, s.reglas[args.nombre]) for s in sistemas if args.nombre in s.reglas]
        if not encontradas and (tabla := _reglamento_con_tabla(args, sistemas)) is not None:
            mostrar_tabla(args.nombre, tabla, "json" if args.json else "texto")
            return 0
        if not encontradas:
            sistemas[0].regla(args.nombre)  # el error en español, con sugerencias
        if args.json:
            imprimir_json([describir_regla(r, s.nombre) for s, r in encontradas])
            return 0
        for indice, (s, r) in enumerate(encontradas):
            if indice:
                print()
            _mostrar_regla(r, s.nombre)
        return 0
    reglas = [(s, r) for s in sistemas for r in sorted(s.reglas.values(), key=lambda r: r.nombre)]
    if args.tablas:
        reglas = []
    tablas = [(s, t) for s in sistemas for t in sorted(s.tablas.values(), key=lambda t: t.nombre)]
    if args.json:
        datos = {
            "reglas": [describir_regla(r, s.nombre) for s, r in reglas],
            "tablas": [describir_tabla(t, s.nombre) for s, t in tablas],
        }
        imprimir_json({"tablas": datos["tablas"]} if args.tablas else datos)
        return 0
    for s in sistemas:
        print(f"{s.titulo} (sistema «{s.nombre}»)")
        if not args.tablas:
            print("  Reglas:")
        for r in sorted(s.reglas.values(), key=lambda r: r.nombre) if not args.tablas else ():
            print(f"  {r.nombre:<28} {r.titulo} ({r.seccion})")
        if s.tablas:
            print("  Tablas:")
        for t in sorted(s.tablas.values(), key=lambda t: t.nombre):
            print(f"  {t.nombre:<28} {t.titulo} ({t.seccion})")
        print()
    return 0


def configurar_reglas(sub: Any) -> None:
    p = sub.add_parser(
        "reglas",
        help="catálogo de reglas y tablas",
        description="Lista las reglas y tablas con nombre de cada sistema, o describe una.",
    )
    p.add_argument(
        "nombre", nargs="?", metavar="NOMBRE", help="muestra las entradas y salidas de esa regla"
    )
    p.add_argument("--sistema", choices=tuple(SISTEMAS), help="solo las de ese sistema")
    p.add_argument(
        "--tablas",
        action="store_true",
        help="solo las tablas (cada una se ve entera con «tapiz tabla NOMBRE»)",
    )
    anadir_lienzo(p)
    anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_reglas)


MAX_ANIDADO = 32
"""Listas u objetos unos dentro de otros en ``--entrada``: ninguna regla pide más de dos."""


def _anidada(valor: Any) -> int:
    """Cuántos niveles de listas u objetos tiene ``valor`` (sin recursión: ya viene hondo)."""
    mayor, pendientes = 0, [(valor, 0)]
    while pendientes:
        actual, nivel = pendientes.pop()
        if isinstance(actual, dict | list):
            mayor = max(mayor, nivel + 1)
            hijos = actual.values() if isinstance(actual, dict) else actual
            pendientes.extend((hijo, nivel + 1) for hijo in hijos)
    return mayor


def _leer_entrada(texto: str) -> dict[str, Any]:
    try:
        entrada = json.loads(texto)
    except json.JSONDecodeError as error:
        raise ErrorTapiz(f"--entrada no es JSON válido (columna {error.colno}): {texto}") from None
    except ValueError:  # un entero de miles de cifras
        raise ErrorTapiz("--entrada tiene un número con demasiadas cifras") from None
    except RecursionError:
        entrada = None
    if entrada is None or _anidada(entrada) > MAX_ANIDADO:
        raise ErrorTapiz(
            f"--entrada anida más de {MAX_ANIDADO} listas u objetos unos dentro de otros"
        )
    if not isinstance(entrada, dict):
        raise ErrorTapiz('--entrada debe ser un objeto JSON, por ejemplo {"puntos": 7}')
    return entrada


def ejecutar_regla(args: argparse.Namespace) -> int:
    if args.lienzo:
        elegido = reglamento_del_lienzo(args.lienzo)
    else:
        elegido = reglamento(args.sistema, args.edicion or "", args.opcional or ())
    regla = elegido.regla(args.nombre)
    resultado = regla.ejecutar(elegido.parametros, _leer_entrada(args.entrada))
    if args.json:
        imprimir_json(resultado_en_json(resultado))
        return 0
    print(f"{regla.titulo} ({regla.nombre})")
    for paso in resultado.pasos:
        print(f"  {paso}")
    print()
    for campo in regla.salidas:
        valor = resultado.valores[campo.nombre]
        print(f"{campo.etiqueta}: {campo.mostrar(valor, resultado.valores)}")
    return 0


def configurar_regla(sub: Any) -> None:
    p = sub.add_parser(
        "regla",
        help="ejecuta una regla con nombre",
        description="Ejecuta cualquier regla del catálogo con entradas en JSON.",
    )
    p.add_argument("nombre", metavar="NOMBRE", help="nombre de la regla (véase «tapiz reglas»)")
    p.add_argument(
        "--sistema",
        choices=tuple(SISTEMAS),
        default=POR_DEFECTO,
        help=f"sistema de la regla (por defecto {POR_DEFECTO})",
    )
    p.add_argument(
        "--entrada",
        default="{}",
        metavar="JSON",
        help="entradas en JSON, por ejemplo '{\"puntos\": 7}'",
    )
    p.add_argument("--edicion", help="edición del reglamento (por defecto la actual)")
    p.add_argument(
        "--opcional", action="append", help="activa una regla opcional (se puede repetir)"
    )
    anadir_lienzo(p)
    anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_regla)
