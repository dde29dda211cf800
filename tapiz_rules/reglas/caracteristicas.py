"""Características: modificadores y generación (Antigua y Nueva Escuela)."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo, exigir_enteros, exigir_rango

SECCION = "Creación de Personajes"
MINIMO = 3
MAXIMO = 18
NOMBRES = ("FUE", "DES", "CON", "INT", "SAB", "CAR")


@dataclass(frozen=True)
class Tramo:
    desde: int
    hasta: int
    modificador: int
    principal: int

    @property
    def valores(self) -> str:
        return str(self.desde) if self.desde == self.hasta else f"{self.desde}-{self.hasta}"


MODIFICADORES: tuple[Tramo, ...] = (
    Tramo(3, 3, -4, -2),
    Tramo(4, 5, -3, -1),
    Tramo(6, 7, -2, 0),
    Tramo(8, 9, -1, 0),
    Tramo(10, 11, 0, 0),
    Tramo(12, 13, 1, 2),
    Tramo(14, 15, 2, 4),
    Tramo(16, 17, 3, 6),
    Tramo(18, 18, 4, 8),
)


def exigir_caracteristica(nombre: str, valor: int) -> None:
    exigir_rango(nombre, valor, MINIMO, MAXIMO)


def tramo_de(valor: int) -> Tramo:
    return next(t for t in MODIFICADORES if t.desde <= valor <= t.hasta)


@REGISTRO.tabla(
    "modificadores_caracteristica", titulo="Modificadores de característica", seccion=SECCION
)
def tabla_modificadores(reglamento: Reglamento) -> Tabla:
    """El modificador de cada valor de característica, normal y si es la principal."""
    return Tabla(
        titulo="Modificadores de característica",
        columnas=("Valor", "Modificador", "Modificador si es principal"),
        filas=tuple(
            (t.valores, con_signo(t.modificador), con_signo(t.principal)) for t in MODIFICADORES
        ),
        notas=(f"Las características van de {MINIMO} a {MAXIMO}.",),
    )


@REGISTRO.regla(
    "modificador_caracteristica",
    titulo="Modificador de una característica",
    seccion=SECCION,
    entradas=[
        Campo("valor", int, f"Valor de la característica ({MINIMO}-{MAXIMO})"),
        Campo(
            "principal", bool, "Si es la característica principal del personaje", por_defecto=False
        ),
    ],
    salidas=[Campo("modificador", int, "Modificador que la característica suma a las tiradas")],
)
def modificador_caracteristica(reglamento: Reglamento, valor: int, principal: bool) -> Resultado:
    """El modificador de una característica según la tabla de la hoja de personaje."""
    exigir_caracteristica("valor", valor)
    tramo = tramo_de(valor)
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


@REGISTRO.regla(
    "tirada_caracteristica",
    titulo="Tirada de una característica",
    seccion=SECCION,
    entradas=[
        Campo(
            "metodo",
            str,
            "3d6 (Antigua Escuela) o 4d6dl1: 4d6 descartando el menor (Nueva Escuela)",
            opciones=tuple(METODOS),
        ),
        Campo("dados", list, "Resultados de cada d6 tirado"),
    ],
    salidas=[Campo("valor", int, "Valor de la característica")],
)
def tirada_caracteristica(reglamento: Reglamento, metodo: str, dados: list) -> Resultado:
    """El valor de una característica a partir de los dados tirados para generarla."""
    m = METODOS[metodo]
    exigir_enteros("dados", dados, 1, CARAS)
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


@dataclass(frozen=True)
class Escuela:
    nombre: str
    titulo: str
    descripcion: str
    puntos: int
    matriz: tuple[int, ...]


ESCUELAS: dict[str, Escuela] = {
    "antigua": Escuela(
        "antigua",
        "Antigua Escuela",
        "Sigue la tradición de finales de los setenta e inicio de los ochenta: "
        "personajes menos poderosos.",
        63,
        (14, 12, 10, 10, 9, 8),
    ),
    "nueva": Escuela(
        "nueva",
        "Nueva Escuela",
        "Estilo de juego más heroico: personajes más poderosos.",
        72,
        (16, 14, 13, 12, 10, 9),
    ),
}
REPARTO_MINIMO = 8
REPARTO_MAXIMO = 18
RECOMENDACION = (
    "La recomendación del sistema Tapiz es emplear la Nueva Escuela, en "
    "particular las opciones 1 y 2."
)


def _texto_reparto(e: Escuela) -> str:
    return (
        f"Repartir {e.puntos} puntos entre las seis características, ninguna por debajo de "
        f"{REPARTO_MINIMO} ni por encima de {REPARTO_MAXIMO}"
    )


def _texto_matriz(e: Escuela) -> str:
    return f"Asignar los valores {', '.join(str(v) for v in e.matriz)}"


def _opciones(e: Escuela) -> tuple[str, ...]:
    orden = ", ".join(NOMBRES)
    if e.nombre == "antigua":
        return (
            f"Tirar 3d6 por cada característica, en orden ({orden}); opcionalmente, "
            "intercambiar dos valores una vez",
            "Tirar 3d6 seis veces y asignar los resultados libremente",
            _texto_matriz(e),
            _texto_reparto(e),
        )
    return (
        "Tirar 4d6 y descartar el dado menor, seis veces, y asignar los resultados libremente",
        _texto_reparto(e),
        f"{_texto_matriz(e)} ({sum(e.matriz)} puntos, pero ninguno por encima de "
        f"{max(e.matriz)} antes de los ajustes por especie)",
    )


def _tabla_escuela(e: Escuela) -> Tabla:
    notas = (e.descripcion,) + ((RECOMENDACION,) if e.nombre == "nueva" else ())
    return Tabla(
        titulo=f"Generación de atributos: {e.titulo}",
        columnas=("Opción", "Método"),
        filas=tuple((n, texto) for n, texto in enumerate(_opciones(e), start=1)),
        notas=notas,
    )


@REGISTRO.tabla("generacion_antigua_escuela", titulo="Generación: Antigua Escuela", seccion=SECCION)
def tabla_antigua(reglamento: Reglamento) -> Tabla:
    """Las cuatro opciones de la Antigua Escuela para generar las características."""
    return _tabla_escuela(ESCUELAS["antigua"])


@REGISTRO.tabla("generacion_nueva_escuela", titulo="Generación: Nueva Escuela", seccion=SECCION)
def tabla_nueva(reglamento: Reglamento) -> Tabla:
    """Las tres opciones de la Nueva Escuela para generar las características."""
    return _tabla_escuela(ESCUELAS["nueva"])


CAMPO_ESCUELA = Campo("escuela", str, "Antigua o Nueva Escuela", opciones=tuple(ESCUELAS))


@REGISTRO.regla(
    "reparto_puntos",
    titulo="Reparto de puntos entre características",
    seccion=SECCION,
    entradas=[
        CAMPO_ESCUELA,
        Campo("valores", list, f"Los seis valores repartidos, en orden {', '.join(NOMBRES)}"),
    ],
    salidas=[
        Campo("valido", bool, "Si el reparto cumple las reglas de la escuela"),
        Campo("total", int, "Suma de los seis valores"),
        Campo("motivo", str, "Por qué es válido o no"),
    ],
)
def reparto_puntos(reglamento: Reglamento, escuela: str, valores: list) -> Resultado:
    """Comprueba un reparto de puntos entre las seis características.

    Se reparten 63 puntos (Antigua Escuela) o 72 (Nueva), cada valor entre 8 y 18.
    """
    e = ESCUELAS[escuela]
    exigir_enteros("valores", valores, MINIMO, MAXIMO)
    if len(valores) != len(NOMBRES):
        raise ErrorEntrada(
            f"la entrada «valores» necesita {len(NOMBRES)} valores; se recibieron {len(valores)}"
        )
    total = sum(valores)
    fuera = [
        f"{n} {v}"
        for n, v in zip(NOMBRES, valores, strict=True)
        if not REPARTO_MINIMO <= v <= REPARTO_MAXIMO
    ]
    pasos = [
        f"Suma: {' + '.join(str(v) for v in valores)} = {total} (la {e.titulo} reparte {e.puntos})"
    ]
    if fuera:
        motivo = f"{', '.join(fuera)} fuera del rango {REPARTO_MINIMO}-{REPARTO_MAXIMO}"
    elif total != e.puntos:
        motivo = f"se reparten {total} puntos en lugar de {e.puntos}"
    else:
        motivo = f"{e.puntos} puntos repartidos, todos entre {REPARTO_MINIMO} y {REPARTO_MAXIMO}"
    valido = not fuera and total == e.puntos
    pasos.append(f"{'Válido' if valido else 'No válido'}: {motivo}")
    return Resultado({"valido": valido, "total": total, "motivo": motivo}, tuple(pasos))


@REGISTRO.regla(
    "matriz_fija",
    titulo="Matriz fija de valores",
    seccion=SECCION,
    entradas=[CAMPO_ESCUELA],
    salidas=[Campo("valores", list, "Los seis valores que se asignan libremente")],
)
def matriz_fija(reglamento: Reglamento, escuela: str) -> Resultado:
    """Los valores fijos que cada escuela permite asignar a las características."""
    e = ESCUELAS[escuela]
    paso = f"{e.titulo}: {', '.join(str(v) for v in e.matriz)} (suman {sum(e.matriz)})"
    return Resultado({"valores": list(e.matriz)}, (paso,))
