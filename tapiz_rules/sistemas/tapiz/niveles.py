"""Niveles y avances: progresión por experiencia, heroicidad, mejoras y dados de atributo."""

from __future__ import annotations

import bisect
from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import contar_puntos, enumerar, miles
from tapiz_rules.modelo.unidades import PERSONAJES, PUNTOS, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_rango
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

SECCION = "Creación de Personajes"
SECCION_HEROICIDAD = "Puntos de Heroicidad"


def px_para_nivel(p: ParametrosTapiz, nivel: int) -> int:
    """PX acumulados que se necesitan para alcanzar un nivel."""
    ultimo = len(p.px_por_nivel)
    if nivel <= ultimo:
        return p.px_por_nivel[nivel - 1]
    return p.px_por_nivel[-1] + (nivel - ultimo) * p.px_tras_ultimo


def nivel_de(p: ParametrosTapiz, px: int) -> int:
    if px < p.px_por_nivel[-1]:
        return bisect.bisect_right(p.px_por_nivel, px)
    return len(p.px_por_nivel) + (px - p.px_por_nivel[-1]) // p.px_tras_ultimo


@tabla("progresion_nivel", titulo="Tabla de progresión de nivel", seccion=SECCION)
def tabla_progresion(p: ParametrosTapiz) -> Tabla:
    """Los puntos de experiencia acumulados que se necesitan para cada nivel."""
    filas: list[tuple[int | str, str]] = [
        (nivel, miles(px)) for nivel, px in enumerate(p.px_por_nivel, start=1)
    ]
    filas.append(
        (
            "Cada nivel siguiente",
            f"+{miles(p.px_tras_ultimo)} PX por nivel a partir del {len(p.px_por_nivel)}.º",
        )
    )
    return Tabla(
        titulo="Tabla de progresión de nivel",
        columnas=("Nivel", "Puntos de experiencia necesarios"),
        filas=tuple(filas),
    )


@regla(
    "nivel_por_experiencia",
    titulo="Nivel según la experiencia",
    enunciado=(
        "El nivel es el más alto cuya experiencia mínima se ha alcanzado en la tabla de "
        "progresión; a partir del nivel 10, cada nivel más cuesta 500.000 PX."
    ),
    seccion=SECCION,
    salidas=[
        Campo("nivel", int, "Nivel del personaje", unidad=SIN_UNIDAD),
        Campo(
            "px_siguiente",
            int,
            "Experiencia para el nivel siguiente",
            ayuda="PX acumulados necesarios para el nivel siguiente",
            unidad="PX",
        ),
    ],
)
def nivel_por_experiencia(
    p: ParametrosTapiz,
    px: Annotated[
        int,
        Entrada(
            "Puntos de experiencia",
            ayuda="Puntos de experiencia acumulados",
            unidad="PX",
            minimo=0,
        ),
    ],
) -> Resultado:
    """El nivel que corresponde a unos puntos de experiencia, según la tabla de progresión.

    A partir del nivel 10, cada nivel cuesta 500.000 PX más.
    """
    nivel = nivel_de(p, px)
    siguiente = px_para_nivel(p, nivel + 1)
    pasos = [
        f"{miles(px)} PX ≥ {miles(px_para_nivel(p, nivel))} (nivel {nivel}) "
        f"y < {miles(siguiente)} (nivel {nivel + 1}): nivel {nivel}"
    ]
    ultimo = len(p.px_por_nivel)
    if nivel >= ultimo:
        pasos.append(
            f"Desde el nivel {ultimo}, +{miles(p.px_tras_ultimo)} PX por nivel: "
            f"el nivel {nivel + 1} pide {miles(siguiente)} PX"
        )
    return Resultado({"nivel": nivel, "px_siguiente": siguiente}, tuple(pasos))


Nivel = Annotated[
    int,
    Entrada(
        "Nivel del personaje", ayuda="Nivel del personaje (1 o más)", minimo=1, unidad=SIN_UNIDAD
    ),
]


@regla(
    "puntos_heroicidad",
    titulo="Puntos de heroicidad de un personaje",
    enunciado=(
        "Un personaje empieza cada aventura con tantos puntos de heroicidad como su nivel. "
        "Los que sobraron de la aventura anterior por encima de ese número se pierden."
    ),
    seccion=SECCION_HEROICIDAD,
    salidas=[
        Campo(
            "puntos",
            int,
            "Puntos de heroicidad",
            unidad=PUNTOS,
            ayuda="Puntos de heroicidad al comienzo de una aventura",
        )
    ],
)
def puntos_heroicidad(p: ParametrosTapiz, nivel: Nivel) -> Resultado:
    """Los puntos de heroicidad con los que un personaje empieza cada aventura: su nivel.

    Se pierden los acumulados por encima de ese valor en la aventura anterior.
    """
    puntos = nivel * p.heroicidad_por_nivel
    paso = (
        f"{contar_puntos(p.heroicidad_por_nivel)} por nivel: nivel {nivel} → "
        f"{contar_puntos(puntos, 'heroicidad')}"
    )
    return Resultado({"puntos": puntos}, (paso,))


@regla(
    "heroicidad_directora",
    titulo="Puntos de heroicidad de la Directora de Juego",
    enunciado=(
        "La Directora de Juego tiene un punto de heroicidad por cada personaje jugador de la mesa."
    ),
    seccion=SECCION_HEROICIDAD,
    salidas=[
        Campo(
            "puntos",
            int,
            "Puntos de heroicidad de la Directora",
            unidad=PUNTOS,
            ayuda="Reserva de la Directora de Juego al comienzo de la aventura",
        )
    ],
)
def heroicidad_directora(
    p: ParametrosTapiz,
    jugadores: Annotated[
        int,
        Entrada(
            "Personajes jugadores",
            ayuda="Número de personajes jugadores",
            minimo=1,
            unidad=PERSONAJES,
        ),
    ],
) -> Resultado:
    """La reserva de heroicidad de la Directora de Juego: uno por personaje jugador."""
    puntos = jugadores * p.heroicidad_directora_por_jugador
    personajes = "personaje jugador" if jugadores == 1 else "personajes jugadores"
    paso = f"{jugadores} {personajes} → {contar_puntos(puntos, 'heroicidad')} para la Directora"
    return Resultado({"puntos": puntos}, (paso,))


@regla(
    "mejoras_caracteristica",
    titulo="Mejoras de característica por nivel",
    enunciado=(
        "Un personaje gana una mejora de característica cada {p.niveles_por_mejora} niveles: "
        "tantas como su nivel dividido entre {p.niveles_por_mejora}, sin decimales."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "mejoras",
            int,
            "Mejoras de característica",
            unidad=("mejora", "mejoras"),
            ayuda="Puntos que se han sumado a características hasta este nivel",
        )
    ],
)
def mejoras_caracteristica(p: ParametrosTapiz, nivel: Nivel) -> Resultado:
    """Cada cinco niveles (5, 10, 15…) se suma un punto a una única característica."""
    cada = p.niveles_por_mejora
    mejoras = nivel // cada
    alcanzados = [str(n) for n in range(cada, nivel + 1, cada)]
    if alcanzados:
        paso = f"Un punto cada {cada} niveles: niveles {', '.join(alcanzados)} → {mejoras}"
    else:
        paso = f"Un punto cada {cada} niveles: nivel {nivel} aún no llega a ninguno"
    return Resultado({"mejoras": mejoras}, (paso,))


def _usos_heroicidad(p: ParametrosTapiz) -> tuple[tuple[str, str], ...]:
    a_un_punto = enumerar([str(g.puntos - p.bonus_heroicidad) for g in p.grados], "o")
    return (
        ("Elegir y describir la consecuencia que un oponente impone al personaje", "Habitual"),
        ("Elegir y describir la consecuencia de fallar una tirada de acción", "Habitual"),
        (
            f"Sumar +{p.bonus_heroicidad} a los puntos de efecto solo si faltaba un punto para "
            f"un efecto menor, mayor o extremo ({a_un_punto} puntos)",
            "Habitual",
        ),
        ("Decidir el contenido de un tesoro en lugar de un punto de tesoro", "Habitual"),
        (
            "Recuperar puntos de golpe: tirar el dado de golpe y sumarlo, sin pasar del máximo",
            "Habitual",
        ),
        ("Hacer una tirada estática cuando las circunstancias no lo permiten", "Habitual"),
        (
            "Éxito con consecuencias: convertir un fallo con consecuencia menor en un éxito con "
            "efecto menor que trae una consecuencia mayor",
            "Opcional",
        ),
        (
            "Consecuencias con éxito: aceptar la consecuencia y crear a cambio un efecto menor "
            "a favor del personaje",
            "Opcional",
        ),
    )


@tabla("usos_heroicidad", titulo="Usos de los puntos de heroicidad", seccion=SECCION_HEROICIDAD)
def tabla_usos_heroicidad(p: ParametrosTapiz) -> Tabla:
    """En qué puede gastar una jugadora un punto de heroicidad de su personaje."""
    return Tabla(
        titulo="Usos de los puntos de heroicidad",
        columnas=("Uso", "Tipo"),
        filas=_usos_heroicidad(p),
        notas=(
            "Los puntos de heroicidad mitigan una consecuencia, pero nunca la anulan por completo.",
        ),
    )


def coste_atributo(nivel: int) -> int:
    """Coste completo de un nivel de atributo: el número triangular L(L+1)/2."""
    return nivel * (nivel + 1) // 2


@tabla("tabla_dados_atributo", titulo="Dados de atributo", seccion=SECCION)
def tabla_dados_atributo(p: ParametrosTapiz) -> Tabla:
    """Los dados que suma un atributo o habilidad según su nivel, y su coste."""
    filas = tuple(
        (n, p.expresion_dados_atributo(n) or "—", coste_atributo(n))
        for n in range(p.nivel_atributo_maximo + 1)
    )
    return Tabla(
        titulo="Dados de atributo",
        columnas=("Nivel", "Dados", "Coste total"),
        filas=filas,
        notas=(
            "Los dados de atributo explotan: un dado que saca su máximo se vuelve a "
            "tirar y se suma.",
            "El coste total de un nivel L es L(L+1)/2.",
            "Con ventaja se tira un dado más y se ignora el menor; con desventaja, uno "
            "más y se ignora el mayor.",
        ),
    )


@regla(
    "dados_atributo",
    titulo="Dados de un atributo",
    enunciado=(
        "Cada nivel de atributo da sus dados explosivos (nivel 1, 1d4; 2, 1d6; 3, 1d8; 4, "
        "1d10; 5, 2d6; 6, 2d8; 7, 2d10; 8, 3d8; 9, 3d10; 10, 4d10). Llegar a un nivel cuesta "
        "en total la suma de 1 hasta ese nivel (1, 3, 6, 10, 15…)."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "expresion",
            str,
            "Dados de atributo",
            ayuda="Dados que se suman a la tirada (ninguno en el nivel 0)",
            formato=Formato.DADOS,
            admite_nulo=True,
        ),
        Campo(
            "coste", int, "Coste total", ayuda="Coste total del nivel: L(L+1)/2", unidad=SIN_UNIDAD
        ),
    ],
)
def dados_atributo(
    p: ParametrosTapiz,
    nivel: Annotated[
        int,
        Entrada(
            "Nivel del atributo",
            ayuda="Nivel del atributo o habilidad (0-10)",
            limites=lambda p: (0, p.nivel_atributo_maximo),
            unidad=SIN_UNIDAD,
        ),
    ],
) -> Resultado:
    """Los dados explosivos que un atributo o habilidad suma a la tirada, y su coste."""
    exigir_rango("nivel", nivel, 0, p.nivel_atributo_maximo)
    expresion = p.expresion_dados_atributo(nivel)
    coste = coste_atributo(nivel)
    dados = f"suma {expresion} (explosivos)" if expresion else "no suma dados"
    pasos = (
        f"Nivel {nivel}: {dados}",
        f"Coste: {nivel} × {nivel + 1} / 2 = {coste}",
    )
    return Resultado({"expresion": expresion, "coste": coste}, pasos)


REGLAS = (
    nivel_por_experiencia,
    puntos_heroicidad,
    heroicidad_directora,
    mejoras_caracteristica,
    dados_atributo,
)
TABLAS = (tabla_progresion, tabla_usos_heroicidad, tabla_dados_atributo)
