"""Características: modificadores y generación (Antigua y Nueva Escuela)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo
from tapiz_rules.modelo.unidades import PUNTOS, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_enteros, exigir_rango
from tapiz_rules.sistemas.tapiz.parametros import ESCUELAS, Escuela, ParametrosTapiz, Tramo

SECCION = "Creación de Personajes"
NOMBRES = ("FUE", "DES", "CON", "INT", "SAB", "CAR")
CARACTERISTICAS = {
    "FUE": "Fuerza",
    "DES": "Destreza",
    "CON": "Constitución",
    "INT": "Inteligencia",
    "SAB": "Sabiduría",
    "CAR": "Carisma",
}
"""El nombre de cada característica, por su abreviatura."""


def exigir_caracteristica(p: ParametrosTapiz, nombre: str, valor: int) -> None:
    exigir_rango(nombre, valor, p.caracteristica_minima, p.caracteristica_maxima)


def tramo_de(p: ParametrosTapiz, valor: int) -> Tramo:
    return next(t for t in p.modificadores_caracteristica if t.desde <= valor <= t.hasta)


@tabla("modificadores_caracteristica", titulo="Modificadores de característica", seccion=SECCION)
def tabla_modificadores(p: ParametrosTapiz) -> Tabla:
    """El modificador de cada valor de característica, normal y si es la principal."""
    return Tabla(
        titulo="Modificadores de característica",
        columnas=("Valor", "Modificador", "Modificador si es principal"),
        filas=tuple(
            (t.valores, con_signo(t.modificador), con_signo(t.principal))
            for t in p.modificadores_caracteristica
        ),
        notas=(
            f"Las características van de {p.caracteristica_minima} a {p.caracteristica_maxima}.",
        ),
    )


@regla(
    "modificador_caracteristica",
    titulo="Modificador de una característica",
    enunciado=(
        "El modificador se lee en la tabla de modificadores: va de −4 (valor 3) a +4 (valor "
        "18). En la característica principal los modificadores positivos se doblan y los "
        "negativos se reducen: de −2 (valor 3) a +8 (valor 18)."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "modificador",
            int,
            "Modificador",
            ayuda="Modificador que la característica suma a las tiradas",
            formato=Formato.MODIFICADOR,
        )
    ],
)
def modificador_caracteristica(
    p: ParametrosTapiz,
    valor: Annotated[
        int,
        Entrada(
            "Valor de la característica",
            ayuda="Valor de la característica (3-18)",
            limites=lambda p: (p.caracteristica_minima, p.caracteristica_maxima),
            unidad=SIN_UNIDAD,
        ),
    ],
    principal: Annotated[
        bool,
        Entrada(
            "Característica principal", ayuda="Si es la característica principal del personaje"
        ),
    ] = False,
) -> Resultado:
    """El modificador de una característica según la tabla de la hoja de personaje."""
    exigir_caracteristica(p, "valor", valor)
    tramo = tramo_de(p, valor)
    modificador = tramo.principal if principal else tramo.modificador
    columna = "como principal" if principal else "normal"
    paso = f"Valor {valor} (tramo {tramo.valores}), modificador {columna}: {con_signo(modificador)}"
    return Resultado({"modificador": modificador}, (paso,))


@dataclass(frozen=True)
class Metodo:
    dados: int
    descartados: int


METODOS: dict[str, Metodo] = {"3d6": Metodo(3, 0), "4d6dl1": Metodo(4, 1)}
CARAS = 6


@regla(
    "tirada_caracteristica",
    titulo="Tirada de una característica",
    enunciado=(
        "En la Antigua Escuela, el valor es la suma de 3d6; en la Nueva, la de 4d6 sin el "
        "dado menor."
    ),
    seccion=SECCION,
    salidas=[Campo("valor", int, "Valor de la característica", unidad=SIN_UNIDAD)],
)
def tirada_caracteristica(
    p: ParametrosTapiz,
    metodo: Annotated[
        str,
        Entrada(
            "Método",
            ayuda="3d6 (Antigua Escuela) o 4d6dl1: 4d6 descartando el menor (Nueva Escuela)",
            opciones={
                "3d6": "3d6 (Antigua Escuela)",
                "4d6dl1": "4d6, descartando el menor (Nueva Escuela)",
            },
        ),
    ],
    dados: Annotated[
        list[int],
        Entrada(
            "Dados tirados",
            ayuda="Resultados de cada d6 tirado",
            unidad=SIN_UNIDAD,
            minimo=1,
            maximo=CARAS,
            longitud=(
                min(m.dados for m in METODOS.values()),
                max(m.dados for m in METODOS.values()),
            ),
        ),
    ],
) -> Resultado:
    """El valor de una característica a partir de los dados tirados para generarla."""
    m = METODOS[metodo]
    dados = exigir_enteros("dados", list(dados), 1, CARAS)
    if len(dados) != m.dados:
        raise ErrorEntrada(f"el método {metodo} tira {m.dados} dados; se recibieron {len(dados)}")
    ordenados = sorted(dados, reverse=True)
    guardados = ordenados[: m.dados - m.descartados]
    descartados = ordenados[m.dados - m.descartados :]
    valor = sum(guardados)
    suma = " + ".join(str(d) for d in guardados)
    if descartados:
        paso = f"{metodo}: se descarta el menor ({descartados[0]}); {suma} = {valor}"
    else:
        paso = f"{metodo}: {suma} = {valor}"
    return Resultado({"valor": valor}, (paso,))


DESCRIPCIONES_ESCUELA: dict[str, str] = {
    "antigua": "Sigue la tradición de juegos de finales de los setenta e inicio de los ochenta, "
    "en donde los personajes son en general menos poderosos.",
    "nueva": "Sigue una nueva tradición asociada con un estilo de juego más heroico en donde los "
    "personajes son en general más poderosos.",
}
RECOMENDACION = (
    "La recomendación del sistema Tapiz es emplear la Nueva Escuela, en "
    "particular las opciones 1 y 2."
)


def _texto_reparto(p: ParametrosTapiz, e: Escuela) -> str:
    return (
        f"Repartir {e.puntos} puntos entre las seis características, ninguna por debajo de "
        f"{p.reparto_minimo} ni por encima de {p.reparto_maximo}"
    )


def _texto_matriz(e: Escuela) -> str:
    return f"Asignar los valores {', '.join(str(v) for v in e.matriz)}"


def _opciones(p: ParametrosTapiz, e: Escuela) -> tuple[str, ...]:
    orden = ", ".join(NOMBRES)
    if e.nombre == "antigua":
        return (
            f"Tirar 3d6 por cada característica, en orden ({orden}); opcionalmente, "
            "intercambiar dos valores una vez",
            "Tirar 3d6 seis veces y asignar los resultados libremente",
            _texto_matriz(e),
            _texto_reparto(p, e),
        )
    return (
        "Tirar 4d6 y descartar el dado menor, seis veces, y asignar los resultados libremente",
        _texto_reparto(p, e),
        f"{_texto_matriz(e)} ({sum(e.matriz)} puntos, pero ninguno por encima de "
        f"{max(e.matriz)} antes de los ajustes por especie)",
    )


def _tabla_escuela(p: ParametrosTapiz, e: Escuela) -> Tabla:
    notas = (DESCRIPCIONES_ESCUELA[e.nombre], *((RECOMENDACION,) if e.nombre == "nueva" else ()))
    return Tabla(
        titulo=f"Generación de atributos: {e.titulo}",
        columnas=("Opción", "Método"),
        filas=tuple((n, texto) for n, texto in enumerate(_opciones(p, e), start=1)),
        notas=notas,
    )


@tabla("generacion_antigua_escuela", titulo="Generación: Antigua Escuela", seccion=SECCION)
def tabla_antigua(p: ParametrosTapiz) -> Tabla:
    """Las cuatro opciones de la Antigua Escuela para generar las características."""
    return _tabla_escuela(p, p.escuela("antigua"))


@tabla("generacion_nueva_escuela", titulo="Generación: Nueva Escuela", seccion=SECCION)
def tabla_nueva(p: ParametrosTapiz) -> Tabla:
    """Las tres opciones de la Nueva Escuela para generar las características."""
    return _tabla_escuela(p, p.escuela("nueva"))


EscuelaElegida = Annotated[
    str,
    Entrada(
        "Escuela",
        ayuda="Antigua o Nueva Escuela",
        opciones={e.nombre: e.titulo for e in ESCUELAS},
    ),
]


@regla(
    "reparto_puntos",
    titulo="Reparto de puntos entre características",
    enunciado=(
        "Un reparto es válido si suma exactamente los puntos de su escuela (63 en la Antigua,"
        " 72 en la Nueva) y ningún valor queda por debajo de 8 ni por encima de 18."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "valido", bool, "Reparto válido", ayuda="Si el reparto cumple las reglas de la escuela"
        ),
        Campo("total", int, "Puntos repartidos", ayuda="Suma de los seis valores", unidad=PUNTOS),
        Campo("motivo", str, "Motivo", ayuda="Por qué es válido o no"),
    ],
)
def reparto_puntos(
    p: ParametrosTapiz,
    escuela: EscuelaElegida,
    valores: Annotated[
        list[int],
        Entrada(
            "Valores repartidos",
            ayuda=f"Los seis valores repartidos, en orden {', '.join(NOMBRES)}",
            limites=lambda p: (p.caracteristica_minima, p.caracteristica_maxima),
            longitud=(len(NOMBRES), len(NOMBRES)),
            unidad=SIN_UNIDAD,
        ),
    ],
) -> Resultado:
    """Comprueba un reparto de puntos entre las seis características.

    Se reparten 63 puntos (Antigua Escuela) o 72 (Nueva), cada valor entre 8 y 18.
    """
    e = p.escuela(escuela)
    valores = exigir_enteros(
        "valores", list(valores), p.caracteristica_minima, p.caracteristica_maxima
    )
    if len(valores) != len(NOMBRES):
        raise ErrorEntrada(
            f"la entrada «valores» necesita {len(NOMBRES)} valores; se recibieron {len(valores)}"
        )
    total = sum(valores)
    fuera = [
        f"{n} {v}"
        for n, v in zip(NOMBRES, valores, strict=True)
        if not p.reparto_minimo <= v <= p.reparto_maximo
    ]
    pasos = [
        f"Suma: {' + '.join(str(v) for v in valores)} = {total} (la {e.titulo} reparte {e.puntos})"
    ]
    if fuera:
        motivo = f"{', '.join(fuera)} fuera del rango {p.reparto_minimo}-{p.reparto_maximo}"
    elif total != e.puntos:
        motivo = f"se reparten {total} puntos en lugar de {e.puntos}"
    else:
        motivo = (
            f"{e.puntos} puntos repartidos, todos entre {p.reparto_minimo} y {p.reparto_maximo}"
        )
    valido = not fuera and total == e.puntos
    pasos.append(f"{'Válido' if valido else 'No válido'}: {motivo}")
    return Resultado({"valido": valido, "total": total, "motivo": motivo}, tuple(pasos))


@regla(
    "matriz_fija",
    titulo="Matriz fija de valores",
    enunciado=(
        "La Antigua Escuela asigna los valores 14, 12, 10, 10, 9 y 8; la Nueva, 16, 14, 13, "
        "12, 10 y 9, en el orden que se quiera."
    ),
    seccion=SECCION,
    salidas=[Campo("valores", list, "Valores", ayuda="Los seis valores que se asignan libremente")],
)
def matriz_fija(p: ParametrosTapiz, escuela: EscuelaElegida) -> Resultado:
    """Los valores fijos que cada escuela permite asignar a las características."""
    e = p.escuela(escuela)
    paso = f"{e.titulo}: {', '.join(str(v) for v in e.matriz)} (suman {sum(e.matriz)})"
    return Resultado({"valores": list(e.matriz)}, (paso,))


REGLAS = (modificador_caracteristica, tirada_caracteristica, reparto_puntos, matriz_fija)
TABLAS = (tabla_modificadores, tabla_antigua, tabla_nueva)
