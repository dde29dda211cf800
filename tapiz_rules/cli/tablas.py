"""``tapiz tabla NOMBRE``: las columnas y filas de una tabla, como las calcula el motor.

Con ``--lienzo`` es la tabla que ven las páginas de ese Lienzo (con sus parámetros, o la
que sustituye); con ``--yaml``, la entrada que un ``lienzo.yml`` copia en ``tablas`` para
sustituirla cambiando los textos y conservando los números.
"""

from __future__ import annotations

import argparse
from typing import Any

from tapiz_rules.cli.comun import imprimir_json
from tapiz_rules.cli.lienzos import anadir_lienzo, reglamento_del_lienzo
from tapiz_rules.modelo import DefinicionTabla, Reglamento, Tabla
from tapiz_rules.sistemas import POR_DEFECTO, SISTEMAS, reglamento
from tapiz_rules.vivo import celda


def tabla_en_datos(
    definicion: DefinicionTabla, tabla: Tabla, elegido: Reglamento
) -> dict[str, Any]:
    return {
        "sistema": elegido.sistema.nombre,
        "reglamento": elegido.describir(),
        "nombre": definicion.nombre,
        "titulo": tabla.titulo,
        "seccion": definicion.seccion,
        "columnas": list(tabla.columnas),
        "filas": [[_en_json(v) for v in fila] for fila in tabla.filas],
        "notas": list(tabla.notas),
    }


def _en_json(valor: Any) -> Any:
    """El valor tal cual si JSON lo tiene (número, texto, sí/no, nada); si no (una fecha que
    YAML leyó en la tabla de un Lienzo), como texto."""
    return valor if valor is None or isinstance(valor, bool | int | float | str) else str(valor)


def en_texto(definicion: DefinicionTabla, tabla: Tabla, elegido: Reglamento) -> str:
    """La tabla alineada en columnas, con las celdas escritas como en el libro."""
    filas = [list(tabla.columnas), *([celda(v) for v in fila] for fila in tabla.filas)]
    anchos = [max(len(f[i]) for f in filas) for i in range(len(tabla.columnas))]
    lineas = [
        f"{tabla.titulo} — tabla «{definicion.nombre}» ({elegido.describir()})",
        "",
        *("  ".join(c.ljust(a) for c, a in zip(f, anchos, strict=True)).rstrip() for f in filas),
    ]
    lineas.insert(3, "  ".join("-" * a for a in anchos))
    if tabla.notas:
        lineas += ["", *tabla.notas]
    return "\n".join(lineas)


def en_yaml(definicion: DefinicionTabla, tabla: Tabla) -> str:
    """La entrada de ``tablas`` de un ``lienzo.yml`` que repite esta tabla."""
    import yaml

    datos = {
        "titulo": tabla.titulo,
        "columnas": list(tabla.columnas),
        "filas": [list(fila) for fila in tabla.filas],
    }
    if tabla.notas:
        datos["notas"] = list(tabla.notas)
    texto: str = yaml.safe_dump(
        {"tablas": {definicion.nombre: datos}},
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=None,
        width=4096,
    )
    return texto.rstrip("\n")


def mostrar(nombre: str, elegido: Reglamento, formato: str = "texto") -> None:
    definicion = elegido.vigente.tabla(nombre)
    tabla = definicion.construir(elegido.parametros)
    if formato == "json":
        imprimir_json(tabla_en_datos(definicion, tabla, elegido))
    elif formato == "yaml":
        print(en_yaml(definicion, tabla))
    else:
        print(en_texto(definicion, tabla, elegido))


def ejecutar_tabla(args: argparse.Namespace) -> int:
    if args.lienzo:
        elegido = reglamento_del_lienzo(args.lienzo)
    else:
        elegido = reglamento(args.sistema, args.edicion or "", args.opcional or ())
    mostrar(args.nombre, elegido, "json" if args.json else "yaml" if args.yaml else "texto")
    return 0


def configurar_tabla(sub: Any) -> None:
    p = sub.add_parser(
        "tabla",
        help="muestra las columnas y filas de una tabla",
        description="Muestra una tabla como la calcula el motor (la de un Lienzo con --lienzo).",
    )
    p.add_argument(
        "nombre", metavar="NOMBRE", help="nombre de la tabla (véase «tapiz reglas --tablas»)"
    )
    p.add_argument(
        "--sistema",
        choices=tuple(SISTEMAS),
        default=POR_DEFECTO,
        help=f"sistema de la tabla (por defecto {POR_DEFECTO})",
    )
    p.add_argument("--edicion", help="edición del reglamento (por defecto la actual)")
    p.add_argument(
        "--opcional", action="append", help="activa una regla opcional (se puede repetir)"
    )
    anadir_lienzo(p)
    salida = p.add_mutually_exclusive_group()
    salida.add_argument("--json", action="store_true", help="salida en JSON")
    salida.add_argument(
        "--yaml",
        action="store_true",
        help="la tabla como entrada de «tablas» de un lienzo.yml, para sustituirla",
    )
    p.set_defaults(ejecutar=ejecutar_tabla)
