"""``tapiz tirar`` y ``tapiz prob``: tirar dados y ver sus probabilidades exactas."""

from __future__ import annotations

import argparse
from typing import Any

from tapiz_rules.cli.comun import anadir_json, imprimir_json, semilla_o_nueva
from tapiz_rules.dados import DadoTirado, Generador, analizar, distribucion, tirar

# --- tirar -------------------------------------------------------------------


def _marca(dado: DadoTirado) -> str:
    marcas = []
    if dado.explosion:
        marcas.append("explosión")
    if dado.descartado:
        marcas.append("descartado")
    return f" ({', '.join(marcas)})" if marcas else ""


def ejecutar_tirar(args: argparse.Namespace) -> int:
    semilla = semilla_o_nueva(args.semilla)
    tirada = tirar(args.expresion, Generador(semilla))
    if args.json:
        imprimir_json(tirada.a_json())
        return 0
    print(f"{tirada.expresion} = {tirada.total}  (semilla {semilla})")
    for dado in tirada.dados:
        etiqueta = f" {dado.etiqueta}" if dado.etiqueta else ""
        print(f"  d{dado.caras}{etiqueta}: {dado.valor}{_marca(dado)}")
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
    anadir_json(p)
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
        imprimir_json(datos)
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
    anadir_json(p)
    p.set_defaults(ejecutar=ejecutar_prob)
