"""Movimiento en combate y fuera de combate, e Impedimento y Carga (TZR0002)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo, decimal, exigir_minimo
from tapiz_rules.reglas.caracteristicas import exigir_caracteristica
from tapiz_rules.reglas.efectos import Grado, buscar_grado

SECCION = "Rango y Movimiento"
TZR0002 = "TZR0002"


@dataclass(frozen=True)
class Impedimento:
    nombre: str
    titulo: str
    veces_con: int | None
    """Hasta Carga + veces_con × CON kg; None: sin límite superior."""
    nivel: int
    grado: Grado | None
    fraccion: Fraction
    descanso_minutos: int

    @property
    def consecuencia(self) -> int:
        return 0 if self.grado is None else -self.grado.modificador


IMPEDIMENTOS: tuple[Impedimento, ...] = (
    Impedimento("normal", "Normal", 0, 0, None, Fraction(1), 0),
    Impedimento("cargado", "Cargado", 1, -1, buscar_grado("menor"), Fraction(1, 2), 10),
    Impedimento("sobrecargado", "Sobrecargado", 3, -2, buscar_grado("mayor"), Fraction(1, 3), 20),
    Impedimento("extenuado", "Extenuado", None, -4, buscar_grado("extremo"), Fraction(1, 10), 60),
)
POR_NOMBRE = {i.nombre: i for i in IMPEDIMENTOS}
MINUTOS_POR_CON = 10
"""El descanso se toma cada CON × 10 minutos de movimiento."""


def _duracion(minutos: int) -> str:
    if minutos % 60 == 0:
        horas = minutos // 60
        return f"{horas} hora{'s' if horas > 1 else ''}"
    return f"{minutos} minutos"


def _fraccion(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


_PARTES = {Fraction(1, 2): "La mitad", Fraction(1, 3): "Un tercio", Fraction(1, 10): "Un décimo"}


def _tramo(i: Impedimento) -> str:
    if i.veces_con is None:
        return f"Más allá del valor de Carga + {IMPEDIMENTOS[-2].veces_con} x CON"
    if i.veces_con == 0:
        return "Hasta el valor de Carga"
    return f"Hasta el valor de Carga + {'' if i.veces_con == 1 else f'{i.veces_con} x '}CON"


@REGISTRO.tabla("tabla_impedimento", titulo="Impedimento", seccion=SECCION)
def tabla_impedimento(reglamento: Reglamento) -> Tabla:
    """Las consecuencias de cargar peso por encima de la Carga (FUE + DES, en kilos)."""
    filas = []
    for i in IMPEDIMENTOS:
        if i.grado is None:
            combate, fuera, notas = "Sin consecuencias", "Sin consecuencias", ""
        else:
            combate = (
                f"Consecuencia {i.grado.femenino} ({con_signo(i.consecuencia)}) "
                "a todas las tiradas de movimiento y combate"
            )
            fuera = f"{_PARTES[i.fraccion]} de todos los valores"
            notas = (
                f"Requiere descansar {_duracion(i.descanso_minutos)} cada CON x "
                f"{MINUTOS_POR_CON} minutos realizando el movimiento"
            )
        filas.append((_tramo(i), combate, fuera, f"{i.titulo} ({i.nivel})", notas))
    notas_tabla = ["Carga = FUE + DES (en kilos), más los bonificadores de clase o especie."]
    if reglamento.activa(TZR0002):
        notas_tabla.append(
            "Regla opcional TZR0002 activa: el impedimento se anota pero no se aplica."
        )
    return Tabla(
        titulo="Impedimento",
        columnas=(
            "Carga soportada (en kg)",
            "En combate",
            "Fuera de combate",
            "Impedimento",
            "Notas",
        ),
        filas=tuple(filas),
        notas=tuple(notas_tabla),
    )


def impedimento_de(peso: float, carga: int, con: int) -> Impedimento:
    for i in IMPEDIMENTOS:
        if i.veces_con is None or peso <= carga + i.veces_con * con:
            return i
    raise AssertionError("el último impedimento no tiene límite")


@REGISTRO.regla(
    "impedimento",
    titulo="Impedimento y Carga",
    seccion=SECCION,
    entradas=[
        Campo("fue", int, "Fuerza del personaje"),
        Campo("des", int, "Destreza del personaje"),
        Campo("con", int, "Constitución del personaje"),
        Campo("peso", float, "Peso que lleva encima, en kilos"),
        Campo("bonus_carga", int, "Bonificador a la Carga por clase o especie", por_defecto=0),
    ],
    salidas=[
        Campo("carga", int, "Kilos que lleva sin consecuencias: FUE + DES + bonificador"),
        Campo("impedimento", str, "normal, cargado, sobrecargado o extenuado"),
        Campo("nivel_impedimento", int, "Nivel de impedimento: 0, -1, -2 o -4"),
        Campo("consecuencia_combate", int, "Modificador a las tiradas de movimiento y combate"),
        Campo(
            "fraccion_fuera_combate",
            str,
            "Fracción de la distancia fuera de combate: 1, 1/2, 1/3 o 1/10",
        ),
        Campo("descanso", str, "Descanso que necesita al moverse fuera de combate"),
    ],
)
def impedimento(
    reglamento: Reglamento, fue: int, des: int, con: int, peso: float, bonus_carga: int
) -> Resultado:
    """El impedimento por el peso que lleva un personaje.

    La Carga (FUE + DES, en kilos) se lleva sin consecuencias; por encima, la
    Constitución marca los tramos cargado (Carga + CON), sobrecargado (Carga +
    3 × CON) y extenuado. Con la regla opcional TZR0002 se anota pero no se aplica.
    """
    for nombre, valor in (("fue", fue), ("des", des), ("con", con)):
        exigir_caracteristica(nombre, valor)
    exigir_minimo("peso", peso, 0)
    carga = fue + des + bonus_carga
    i = impedimento_de(peso, carga, con)
    extra = f" + bonus {con_signo(bonus_carga)}" if bonus_carga else ""
    pasos = [f"Carga: FUE {fue} + DES {des}{extra} = {carga} kg"]
    pasos.append(_paso_tramo(i, peso, carga, con))
    if reglamento.activa(TZR0002):
        pasos.append(
            "Regla opcional TZR0002 activa: el impedimento se anota pero no se aplica "
            "ninguna penalización"
        )
        aplicado = IMPEDIMENTOS[0]
    else:
        aplicado = i
        if i.grado is not None:
            pasos.append(
                f"En combate: consecuencia {i.grado.femenino} "
                f"({con_signo(i.consecuencia)}); fuera de "
                f"combate: {_PARTES[i.fraccion].lower()} de la distancia"
            )
    descanso = _descanso(aplicado, con)
    if aplicado.descanso_minutos:
        pasos.append(f"Descanso: {descanso}")
    valores = {
        "carga": carga,
        "impedimento": i.nombre,
        "nivel_impedimento": aplicado.nivel,
        "consecuencia_combate": aplicado.consecuencia,
        "fraccion_fuera_combate": _fraccion(aplicado.fraccion),
        "descanso": descanso,
    }
    return Resultado(valores, tuple(pasos))


def _paso_tramo(i: Impedimento, peso: float, carga: int, con: int) -> str:
    kilos = f"{decimal(peso)} kg"
    if i.veces_con == 0:
        return f"{kilos} ≤ {carga}: impedimento normal (0)"
    anterior = IMPEDIMENTOS[IMPEDIMENTOS.index(i) - 1]
    limite_anterior = carga + (anterior.veces_con or 0) * con
    if i.veces_con is None:
        return (
            f"{kilos} > {limite_anterior} (Carga + {anterior.veces_con} × CON): "
            f"{i.nombre} ({i.nivel})"
        )
    limite = carga + i.veces_con * con
    return (
        f"{kilos} > {limite_anterior} y ≤ {limite} (Carga + {i.veces_con} × CON): "
        f"{i.nombre} ({i.nivel})"
    )


def _descanso(i: Impedimento, con: int) -> str:
    if not i.descanso_minutos:
        return "ninguno"
    return f"{_duracion(i.descanso_minutos)} cada {con * MINUTOS_POR_CON} minutos de movimiento"


CAMPO_IMPEDIMENTO = Campo(
    "impedimento",
    str,
    "Impedimento por carga del personaje",
    por_defecto="normal",
    opciones=tuple(POR_NOMBRE),
)


@dataclass(frozen=True)
class MovimientoCombate:
    nombre: str
    titulo: str
    metros_por_punto: int
    grado: Grado


MOVIMIENTOS_COMBATE: dict[str, MovimientoCombate] = {
    m.nombre: m
    for m in (
        MovimientoCombate("normal", "Normal", 1, buscar_grado("menor")),
        MovimientoCombate("correr", "Correr", 2, buscar_grado("mayor")),
        MovimientoCombate("esprint", "Esprint", 3, buscar_grado("extremo")),
    )
}


@REGISTRO.tabla("tabla_movimiento_combate", titulo="Movimiento en combate", seccion=SECCION)
def tabla_movimiento_combate(reglamento: Reglamento) -> Tabla:
    """Distancia por ronda según el tipo de movimiento y la consecuencia para otras acciones."""
    return Tabla(
        titulo="Movimiento en combate",
        columnas=("Tipo de movimiento", "Distancia por punto de movimiento", "Notas"),
        filas=tuple(
            (
                m.titulo,
                f"{m.metros_por_punto} metro{'s' if m.metros_por_punto > 1 else ''} por ronda",
                f"Establece una consecuencia {m.grado.femenino} "
                f"({con_signo(-m.grado.modificador)}) en acciones no relacionadas "
                "con el movimiento",
            )
            for m in MOVIMIENTOS_COMBATE.values()
        ),
    )


@REGISTRO.regla(
    "movimiento_combate",
    titulo="Movimiento en combate",
    seccion=SECCION,
    entradas=[
        Campo("mov", int, "Atributo de Movimiento (MOV)"),
        Campo("tipo", str, "Tipo de movimiento", opciones=tuple(MOVIMIENTOS_COMBATE)),
        CAMPO_IMPEDIMENTO,
    ],
    salidas=[
        Campo("metros", int, "Metros que recorre en una ronda"),
        Campo("modificador", int, "Consecuencia del movimiento a acciones no relacionadas con él"),
        Campo("grado", str, "Grado de esa consecuencia"),
        Campo("modificador_total", int, "Modificador a esas acciones sumando el impedimento"),
    ],
)
def movimiento_combate(reglamento: Reglamento, mov: int, tipo: str, impedimento: str) -> Resultado:
    """Moverse en una ronda de combate y actuar a la vez tiene una consecuencia en la otra acción.

    El impedimento por carga se suma a esa acción, pero no reduce la distancia
    en combate. Con la regla opcional TZR0002 el impedimento no se aplica.
    """
    exigir_minimo("mov", mov, 0)
    m = MOVIMIENTOS_COMBATE[tipo]
    metros = mov * m.metros_por_punto
    modificador = -m.grado.modificador
    pasos = [
        f"{m.titulo}: MOV {mov} × {m.metros_por_punto} m = {metros} m por ronda",
        f"Consecuencia {m.grado.femenino} ({con_signo(modificador)}) a las acciones no "
        "relacionadas con el movimiento",
    ]
    i = POR_NOMBRE[impedimento]
    carga = i.consecuencia
    if i.grado is not None and reglamento.activa(TZR0002):
        pasos.append(f"Impedimento {i.nombre}: no se aplica (regla opcional TZR0002)")
        carga = 0
    elif i.grado is not None:
        pasos.append(
            f"Impedimento {i.nombre}: {con_signo(carga)} a esa acción, total "
            f"{con_signo(modificador + carga)} (el movimiento en sí no se penaliza)"
        )
    valores = {
        "metros": metros,
        "modificador": modificador,
        "grado": m.grado.nombre,
        "modificador_total": modificador + carga,
    }
    return Resultado(valores, tuple(pasos))


@dataclass(frozen=True)
class MovimientoFuera:
    nombre: str
    titulo: str
    por_punto: Fraction
    unidad: str
    """«m» por minuto o «km» por día."""
    notas: str


MOVIMIENTOS_FUERA: dict[str, MovimientoFuera] = {
    m.nombre: m
    for m in (
        MovimientoFuera(
            "normal",
            "Normal",
            Fraction(3),
            "m",
            "Andar normal en superficie llana o con poca pendiente",
        ),
        MovimientoFuera(
            "reconocimiento",
            "Reconocimiento",
            Fraction(1, 2),
            "m",
            "Reconocimiento para detectar trampas",
        ),
        MovimientoFuera(
            "precavido", "Precavido", Fraction(1), "m", "Tratando de pasar inadvertido"
        ),
        MovimientoFuera(
            "caminata",
            "Caminata",
            Fraction(1),
            "km",
            "Suponiendo 8-10 horas de caminar normal por día",
        ),
    )
}
NOMBRES_TIEMPO = {
    "minutos": ("minuto", "minutos"),
    "horas": ("hora", "horas"),
    "dias": ("día", "días"),
}
UNIDADES_TIEMPO: dict[str, tuple[str, Fraction]] = {
    "minutos": ("m", Fraction(1)),
    "horas": ("m", Fraction(60)),
    "dias": ("km", Fraction(1)),
}
"""Unidad de tiempo → (unidad de distancia del tipo que la admite, cuántas unidades base)."""


def _texto_por_punto(m: MovimientoFuera) -> str:
    cantidad = _fraccion(m.por_punto)
    if m.unidad == "km":
        return f"{cantidad} km por día"
    return f"{cantidad} metro{'s' if m.por_punto > 1 else ''} por minuto"


@REGISTRO.tabla(
    "tabla_movimiento_fuera_combate", titulo="Movimiento fuera de combate", seccion=SECCION
)
def tabla_movimiento_fuera(reglamento: Reglamento) -> Tabla:
    """Distancias de referencia fuera de combate por cada punto de Movimiento."""
    return Tabla(
        titulo="Movimiento fuera de combate",
        columnas=("Tipo de movimiento", "Distancia por punto de movimiento", "Notas"),
        filas=tuple((m.titulo, _texto_por_punto(m), m.notas) for m in MOVIMIENTOS_FUERA.values()),
    )


@REGISTRO.regla(
    "movimiento_fuera_combate",
    titulo="Movimiento fuera de combate",
    seccion=SECCION,
    entradas=[
        Campo("mov", int, "Atributo de Movimiento (MOV)"),
        Campo("tipo", str, "Tipo de movimiento", opciones=tuple(MOVIMIENTOS_FUERA)),
        Campo("tiempo", float, "Tiempo que se mueve", por_defecto=1),
        Campo(
            "unidad",
            str,
            "Unidad del tiempo (por defecto minutos, o días en una caminata)",
            por_defecto=None,
            opciones=tuple(UNIDADES_TIEMPO),
            admite_nulo=True,
        ),
        CAMPO_IMPEDIMENTO,
    ],
    salidas=[
        Campo("distancia", float, "Distancia recorrida"),
        Campo("unidad", str, "m (metros) o km (kilómetros)"),
    ],
)
def movimiento_fuera_combate(
    reglamento: Reglamento, mov: int, tipo: str, tiempo: float, unidad: str | None, impedimento: str
) -> Resultado:
    """La distancia que se recorre fuera de combate según el tipo de movimiento.

    Normal, reconocimiento y precavido se miden en metros por minuto; la caminata,
    en kilómetros por día. El impedimento reduce la distancia (la mitad, un tercio
    o un décimo), salvo con la regla opcional TZR0002.
    """
    exigir_minimo("mov", mov, 0)
    exigir_minimo("tiempo", tiempo, 0)
    m = MOVIMIENTOS_FUERA[tipo]
    unidad = unidad or ("dias" if m.unidad == "km" else "minutos")
    unidad_distancia, factor = UNIDADES_TIEMPO[unidad]
    if unidad_distancia != m.unidad:
        validas = [NOMBRES_TIEMPO[u][1] for u, (d, _) in UNIDADES_TIEMPO.items() if d == m.unidad]
        raise ErrorEntrada(
            f"el movimiento «{tipo}» se mide en {' u '.join(validas)}, "
            f"no en {NOMBRES_TIEMPO[unidad][1]}"
        )
    base = Fraction(tiempo) * factor
    distancia = mov * m.por_punto * base
    pasos = [
        f"{m.titulo}: MOV {mov} × {_texto_por_punto(m)} × {decimal(tiempo)} "
        f"{NOMBRES_TIEMPO[unidad][tiempo != 1]} "
        f"= {decimal(distancia)} {m.unidad}"
    ]
    i = POR_NOMBRE[impedimento]
    if i.grado is not None and reglamento.activa(TZR0002):
        pasos.append(f"Impedimento {i.nombre}: no se aplica (regla opcional TZR0002)")
    elif i.grado is not None:
        distancia *= i.fraccion
        pasos.append(
            f"Impedimento {i.nombre}: {_PARTES[i.fraccion].lower()} de la distancia = "
            f"{decimal(distancia)} {m.unidad}"
        )
    return Resultado({"distancia": float(distancia), "unidad": m.unidad}, tuple(pasos))
