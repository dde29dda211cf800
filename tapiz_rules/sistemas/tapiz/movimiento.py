"""Movimiento en combate y fuera de combate, e Impedimento y Carga (TZR0002)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo, decimal, miles
from tapiz_rules.modelo.unidades import SIN_UNIDAD
from tapiz_rules.sistemas.tapiz.caracteristicas import exigir_caracteristica
from tapiz_rules.sistemas.tapiz.efectos import NOMBRES_GRADO
from tapiz_rules.sistemas.tapiz.parametros import IMPEDIMENTOS, Impedimento, ParametrosTapiz

SECCION = "Rango y Movimiento"
ETIQUETAS_IMPEDIMENTO = {i.nombre: i.titulo for i in IMPEDIMENTOS}


def consecuencia(p: ParametrosTapiz, i: Impedimento) -> int:
    return 0 if i.grado is None else -p.grado(i.grado).modificador


def _duracion(minutos: int) -> str:
    if minutos % 60 == 0:
        horas = minutos // 60
        return f"{horas} hora{'s' if horas > 1 else ''}"
    return f"{minutos} minutos"


def _fraccion(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


_PARTES = {Fraction(1, 2): "La mitad", Fraction(1, 3): "Un tercio", Fraction(1, 10): "Un décimo"}


def _parte(f: Fraction) -> str:
    """«La mitad», «Un tercio»…; otra fracción que ponga un Lienzo se escribe en cifras: «1/4»."""
    return _PARTES.get(f, _fraccion(f))


def _tramo(p: ParametrosTapiz, i: Impedimento) -> str:
    if i.veces_con is None:
        return f"Más allá del valor de Carga + {p.impedimentos[-2].veces_con} x CON"
    if i.veces_con == 0:
        return "Hasta el valor de Carga"
    return f"Hasta el valor de Carga + {'' if i.veces_con == 1 else f'{i.veces_con} x '}CON"


@tabla("tabla_impedimento", titulo="Impedimento", seccion=SECCION)
def tabla_impedimento(p: ParametrosTapiz) -> Tabla:
    """Las consecuencias de cargar peso por encima de la Carga (FUE + DES, en kilos)."""
    filas = []
    for i in p.impedimentos:
        if i.grado is None:
            combate, fuera, notas = "Sin consecuencias", "Sin consecuencias", ""
        else:
            combate = (
                f"Consecuencia {p.grado(i.grado).femenino} ({con_signo(consecuencia(p, i))}) "
                "a todas las tiradas de movimiento y combate"
            )
            fuera = f"{_parte(i.fraccion)} de todos los valores"
            notas = (
                f"Requiere descansar {_duracion(i.descanso_minutos)} cada CON x "
                f"{p.minutos_por_con} minutos realizando el movimiento"
            )
        filas.append((_tramo(p, i), combate, fuera, f"{i.titulo} ({miles(i.nivel)})", notas))
    notas_tabla = ["Carga = FUE + DES (en kilos), más los bonificadores de clase o especie."]
    notas_tabla += sorted({f"{i.aviso}." for i in p.impedimentos if i.aviso})
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


def impedimento_de(p: ParametrosTapiz, peso: float, carga: int, con: int) -> Impedimento:
    for i in p.impedimentos:
        if i.veces_con is None or peso <= carga + i.veces_con * con:
            return i
    raise AssertionError("el último impedimento no tiene límite")


def _caracteristica(nombre: str) -> Entrada:
    return Entrada(
        nombre,
        ayuda=f"{nombre} del personaje",
        limites=lambda p: (p.caracteristica_minima, p.caracteristica_maxima),
        unidad=SIN_UNIDAD,
    )


@regla(
    "impedimento",
    titulo="Impedimento y Carga",
    enunciado=(
        "La Carga es FUE + DES en kilos y se lleva sin impedimento; hasta Carga + CON se va "
        "cargado (−1); hasta Carga + 3 × CON, sobrecargado (−2); con más, extenuado (−4). Con"
        " la regla opcional TZR0002, el impedimento se anota pero no se aplica."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "carga",
            int,
            "Carga",
            ayuda="Kilos que lleva sin consecuencias: FUE + DES + bonificador",
            unidad="kg",
        ),
        Campo(
            "impedimento",
            str,
            "Impedimento",
            ayuda="Normal, cargado, sobrecargado o extenuado",
            opciones=tuple(ETIQUETAS_IMPEDIMENTO.items()),
        ),
        Campo(
            "nivel_impedimento",
            int,
            "Nivel de impedimento",
            ayuda="Nivel de impedimento: 0, −1, −2 o −4",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "consecuencia_combate",
            int,
            "Consecuencia en combate",
            ayuda="Modificador a las tiradas de movimiento y combate",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "fraccion_fuera_combate",
            str,
            "Distancia fuera de combate",
            ayuda="Fracción de la distancia fuera de combate: 1, 1/2, 1/3 o 1/10",
        ),
        Campo(
            "descanso", str, "Descanso", ayuda="Descanso que necesita al moverse fuera de combate"
        ),
    ],
)
def impedimento(
    p: ParametrosTapiz,
    fue: Annotated[int, _caracteristica("Fuerza")],
    des: Annotated[int, _caracteristica("Destreza")],
    con: Annotated[int, _caracteristica("Constitución")],
    peso: Annotated[
        float,
        Entrada("Peso que lleva", ayuda="Peso que lleva encima, en kilos", unidad="kg", minimo=0),
    ],
    bonus_carga: Annotated[
        int,
        Entrada(
            "Bonificador a la Carga",
            ayuda="Bonificador a la Carga por clase o especie",
            unidad="kg",
        ),
    ] = 0,
) -> Resultado:
    """El impedimento por el peso que lleva un personaje.

    La Carga (FUE + DES, en kilos) se lleva sin consecuencias; por encima, la
    Constitución marca los tramos cargado (Carga + CON), sobrecargado (Carga +
    3 × CON) y extenuado. Con la regla opcional TZR0002 se anota pero no se aplica.
    """
    for nombre, valor in (("fue", fue), ("des", des), ("con", con)):
        exigir_caracteristica(p, nombre, valor)
    carga = fue + des + bonus_carga
    i = impedimento_de(p, peso, carga, con)
    extra = f" + bonus {con_signo(bonus_carga)}" if bonus_carga else ""
    pasos = [f"Carga: FUE {fue} + DES {des}{extra} = {carga} kg"]
    pasos.append(_paso_tramo(p, i, peso, carga, con))
    if i.aviso:
        pasos.append(f"{i.aviso} ninguna penalización")
    if i.grado is not None:
        pasos.append(
            f"En combate: consecuencia {p.grado(i.grado).femenino} "
            f"({con_signo(consecuencia(p, i))}); fuera de "
            f"combate: {_parte(i.fraccion).lower()} de la distancia"
        )
    descanso = _descanso(p, i, con)
    if i.descanso_minutos:
        pasos.append(f"Descanso: {descanso}")
    valores = {
        "carga": carga,
        "impedimento": i.nombre,
        "nivel_impedimento": i.nivel,
        "consecuencia_combate": consecuencia(p, i),
        "fraccion_fuera_combate": _fraccion(i.fraccion),
        "descanso": descanso,
    }
    return Resultado(valores, tuple(pasos))


def _paso_tramo(p: ParametrosTapiz, i: Impedimento, peso: float, carga: int, con: int) -> str:
    kilos = f"{decimal(peso)} kg"
    if i.veces_con == 0:
        return f"{kilos} ≤ {carga}: impedimento normal (0)"
    anterior = p.impedimentos[p.impedimentos.index(i) - 1]
    limite_anterior = carga + (anterior.veces_con or 0) * con
    if i.veces_con is None:
        return (
            f"{kilos} > {limite_anterior} (Carga + {anterior.veces_con} × CON): "
            f"{i.nombre} ({miles(i.nivel)})"
        )
    limite = carga + i.veces_con * con
    return (
        f"{kilos} > {limite_anterior} y ≤ {limite} (Carga + {i.veces_con} × CON): "
        f"{i.nombre} ({miles(i.nivel)})"
    )


def _descanso(p: ParametrosTapiz, i: Impedimento, con: int) -> str:
    if not i.descanso_minutos:
        return "ninguno"
    return f"{_duracion(i.descanso_minutos)} cada {con * p.minutos_por_con} minutos de movimiento"


ImpedimentoDelPersonaje = Annotated[
    str,
    Entrada(
        "Impedimento", ayuda="Impedimento por carga del personaje", opciones=ETIQUETAS_IMPEDIMENTO
    ),
]


def _paso_impedimento(p: ParametrosTapiz, i: Impedimento, efecto: str) -> str | None:
    """El paso del impedimento en un movimiento: su efecto, o su aviso si no se aplica (TZR0002)."""
    if i.aviso and i != p.impedimentos[0]:
        return f"{i.aviso} (impedimento {i.nombre})"
    return None if i.grado is None else f"Impedimento {i.nombre}: {efecto}"


TIPOS_COMBATE = {"normal": "Normal", "correr": "Correr", "esprint": "Esprint"}


@tabla("tabla_movimiento_combate", titulo="Movimiento en combate", seccion=SECCION)
def tabla_movimiento_combate(p: ParametrosTapiz) -> Tabla:
    """Distancia por ronda según el tipo de movimiento y la consecuencia para otras acciones."""
    filas = []
    for tipo, titulo in TIPOS_COMBATE.items():
        metros = p.metros_por_punto_combate[tipo]
        grado = p.grado(p.grado_movimiento_combate[tipo])
        filas.append(
            (
                titulo,
                f"{metros} metro{'s' if metros > 1 else ''} por ronda",
                f"Establece una consecuencia {grado.femenino} "
                f"({con_signo(-grado.modificador)}) en acciones no relacionadas "
                "con el movimiento",
            )
        )
    return Tabla(
        titulo="Movimiento en combate",
        columnas=("Tipo de movimiento", "Distancia por punto de movimiento", "Notas"),
        filas=tuple(filas),
    )


Mov = Annotated[
    int,
    Entrada("Movimiento (MOV)", ayuda="Atributo de Movimiento (MOV)", minimo=0, unidad=SIN_UNIDAD),
]


@regla(
    "movimiento_combate",
    titulo="Movimiento en combate",
    enunciado=(
        "En una ronda se recorren MOV metros con movimiento normal (una consecuencia menor a "
        "la otra acción de la ronda), el doble corriendo (consecuencia mayor) o el triple en "
        "un esprint (consecuencia extrema); el impedimento por carga se suma a esa "
        "consecuencia. El impedimento no reduce la distancia en combate y, con la regla "
        "opcional TZR0002, no se aplica."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "metros",
            int,
            "Distancia por ronda",
            ayuda="Metros que recorre en una ronda",
            unidad="m",
        ),
        Campo(
            "modificador",
            int,
            "Consecuencia a otras acciones",
            ayuda="Consecuencia del movimiento a acciones no relacionadas con él",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "grado",
            str,
            "Grado de la consecuencia",
            ayuda="Grado de esa consecuencia",
            opciones=tuple(NOMBRES_GRADO.items()),
        ),
        Campo(
            "modificador_total",
            int,
            "Modificador total a otras acciones",
            ayuda="Modificador a esas acciones sumando el impedimento",
            formato=Formato.MODIFICADOR,
        ),
    ],
)
def movimiento_combate(
    p: ParametrosTapiz,
    mov: Mov,
    tipo: Annotated[str, Entrada("Tipo de movimiento", opciones=TIPOS_COMBATE)],
    impedimento: ImpedimentoDelPersonaje = "normal",
) -> Resultado:
    """Moverse en una ronda de combate y actuar a la vez tiene una consecuencia en la otra acción.

    El impedimento por carga se suma a esa acción, pero no reduce la distancia
    en combate. Con la regla opcional TZR0002 el impedimento no se aplica.
    """
    por_punto = p.metros_por_punto_combate[tipo]
    grado = p.grado(p.grado_movimiento_combate[tipo])
    metros = mov * por_punto
    modificador = -grado.modificador
    pasos = [
        f"{TIPOS_COMBATE[tipo]}: MOV {mov} × {por_punto} m = {metros} m por ronda",
        f"Consecuencia {grado.femenino} ({con_signo(modificador)}) a las acciones no "
        "relacionadas con el movimiento",
    ]
    i = p.impedimento(impedimento)
    carga = consecuencia(p, i)
    paso = _paso_impedimento(
        p,
        i,
        f"{con_signo(carga)} a esa acción, total {con_signo(modificador + carga)} "
        "(el movimiento en sí no se penaliza)",
    )
    if paso is not None:
        pasos.append(paso)
    valores = {
        "metros": metros,
        "modificador": modificador,
        "grado": grado.nombre,
        "modificador_total": modificador + carga,
    }
    return Resultado(valores, tuple(pasos))


@dataclass(frozen=True)
class MovimientoFuera:
    nombre: str
    titulo: str
    unidad: str
    """«m» por minuto o «km» por día."""
    notas: str


MOVIMIENTOS_FUERA: dict[str, MovimientoFuera] = {
    m.nombre: m
    for m in (
        MovimientoFuera(
            "normal", "Normal", "m", "Andar normal en superficie llana o con poca pendiente"
        ),
        MovimientoFuera(
            "reconocimiento", "Reconocimiento", "m", "Reconocimiento para detectar trampas"
        ),
        MovimientoFuera("precavido", "Precavido", "m", "Tratando de pasar inadvertido"),
        MovimientoFuera(
            "caminata", "Caminata", "km", "Suponiendo 8-10 horas de caminar normal por día"
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


def _texto_por_punto(p: ParametrosTapiz, m: MovimientoFuera) -> str:
    por_punto = p.movimiento_fuera_por_punto[m.nombre]
    cantidad = _fraccion(por_punto)
    if m.unidad == "km":
        return f"{cantidad} km por día"
    return f"{cantidad} metro{'s' if por_punto > 1 else ''} por minuto"


@tabla("tabla_movimiento_fuera_combate", titulo="Movimiento fuera de combate", seccion=SECCION)
def tabla_movimiento_fuera(p: ParametrosTapiz) -> Tabla:
    """Distancias de referencia fuera de combate por cada punto de Movimiento."""
    return Tabla(
        titulo="Movimiento fuera de combate",
        columnas=("Tipo de movimiento", "Distancia por punto de movimiento", "Notas"),
        filas=tuple(
            (m.titulo, _texto_por_punto(p, m), m.notas) for m in MOVIMIENTOS_FUERA.values()
        ),
    )


@regla(
    "movimiento_fuera_combate",
    titulo="Movimiento fuera de combate",
    enunciado=(
        "Por cada punto de MOV se recorren, por minuto, 3 metros con movimiento normal, medio"
        " metro en reconocimiento y un metro con cautela; en caminata, un kilómetro por día. "
        "El impedimento deja la mitad de la distancia (cargado), un tercio (sobrecargado) o "
        "un décimo (extenuado). Con la regla opcional TZR0002, el impedimento no la reduce."
    ),
    seccion=SECCION,
    salidas=[
        Campo("distancia", float, "Distancia recorrida", unidad_de="unidad"),
        Campo(
            "unidad",
            str,
            "Unidad",
            ayuda="Metros (m) o kilómetros (km)",
            opciones=(("m", "metros"), ("km", "kilómetros")),
        ),
    ],
)
def movimiento_fuera_combate(
    p: ParametrosTapiz,
    mov: Mov,
    tipo: Annotated[
        str,
        Entrada(
            "Tipo de movimiento", opciones={m.nombre: m.titulo for m in MOVIMIENTOS_FUERA.values()}
        ),
    ],
    tiempo: Annotated[float, Entrada("Tiempo que se mueve", minimo=0, unidad_segun="unidad")] = 1,
    unidad: Annotated[
        str | None,
        Entrada(
            "Unidad de tiempo",
            ayuda="Unidad del tiempo (por defecto minutos, o días en una caminata)",
            opciones={"minutos": "minutos", "horas": "horas", "dias": "días"},
        ),
    ] = None,
    impedimento: ImpedimentoDelPersonaje = "normal",
) -> Resultado:
    """La distancia que se recorre fuera de combate según el tipo de movimiento.

    Normal, reconocimiento y precavido se miden en metros por minuto; la caminata,
    en kilómetros por día. El impedimento reduce la distancia (la mitad, un tercio
    o un décimo), salvo con la regla opcional TZR0002.
    """
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
    distancia = mov * p.movimiento_fuera_por_punto[tipo] * base
    pasos = [
        f"{m.titulo}: MOV {mov} × {_texto_por_punto(p, m)} × {decimal(tiempo)} "
        f"{NOMBRES_TIEMPO[unidad][tiempo != 1]} "
        f"= {decimal(distancia)} {m.unidad}"
    ]
    i = p.impedimento(impedimento)
    reducida = distancia * i.fraccion
    paso = _paso_impedimento(
        p,
        i,
        f"{_parte(i.fraccion).lower()} de la distancia = {decimal(reducida)} {m.unidad}",
    )
    if paso is not None:
        pasos.append(paso)
    return Resultado({"distancia": float(reducida), "unidad": m.unidad}, tuple(pasos))


REGLAS = (impedimento, movimiento_combate, movimiento_fuera_combate)
TABLAS = (tabla_impedimento, tabla_movimiento_combate, tabla_movimiento_fuera)
