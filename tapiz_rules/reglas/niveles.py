"""Niveles y avances: progresión por experiencia, heroicidad, mejoras y dados de atributo."""

from __future__ import annotations

import bisect

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import contar_puntos, enumerar, exigir_minimo, exigir_rango, miles
from tapiz_rules.reglas.efectos import BONUS_HEROICIDAD, GRADOS

SECCION = "Creación de Personajes"
SECCION_HEROICIDAD = "Puntos de Heroicidad"

PX_POR_NIVEL: tuple[int, ...] = (
    0,
    2_000,
    4_000,
    8_000,
    16_000,
    32_000,
    64_000,
    128_000,
    256_000,
    512_000,
)
"""PX necesarios para los niveles 1 a 10 (el índice 0 es el nivel 1)."""
PX_TRAS_ULTIMO = 500_000
"""PX adicionales por cada nivel a partir del último de la tabla."""
ULTIMO_NIVEL_TABLA = len(PX_POR_NIVEL)
NIVELES_POR_MEJORA = 5
"""Cada cinco niveles se sube un punto una característica."""
HEROICIDAD_POR_NIVEL = 1
HEROICIDAD_DIRECTORA_POR_JUGADOR = 1


def px_para_nivel(nivel: int) -> int:
    """PX acumulados que se necesitan para alcanzar un nivel."""
    if nivel <= ULTIMO_NIVEL_TABLA:
        return PX_POR_NIVEL[nivel - 1]
    return PX_POR_NIVEL[-1] + (nivel - ULTIMO_NIVEL_TABLA) * PX_TRAS_ULTIMO


def nivel_de(px: int) -> int:
    if px < PX_POR_NIVEL[-1]:
        return bisect.bisect_right(PX_POR_NIVEL, px)
    return ULTIMO_NIVEL_TABLA + (px - PX_POR_NIVEL[-1]) // PX_TRAS_ULTIMO


@REGISTRO.tabla("progresion_nivel", titulo="Tabla de progresión de nivel", seccion=SECCION)
def tabla_progresion(reglamento: Reglamento) -> Tabla:
    """Los puntos de experiencia acumulados que se necesitan para cada nivel."""
    filas: list[tuple[int | str, str]] = [
        (nivel, miles(px)) for nivel, px in enumerate(PX_POR_NIVEL, start=1)
    ]
    filas.append(
        (
            "Cada nivel siguiente",
            f"+{miles(PX_TRAS_ULTIMO)} PX por nivel a partir del {ULTIMO_NIVEL_TABLA}.º",
        )
    )
    return Tabla(
        titulo="Tabla de progresión de nivel",
        columnas=("Nivel", "Puntos de experiencia necesarios"),
        filas=tuple(filas),
    )


@REGISTRO.regla(
    "nivel_por_experiencia",
    titulo="Nivel según la experiencia",
    seccion=SECCION,
    entradas=[Campo("px", int, "Puntos de experiencia acumulados")],
    salidas=[
        Campo("nivel", int, "Nivel del personaje"),
        Campo("px_siguiente", int, "PX acumulados necesarios para el nivel siguiente"),
    ],
)
def nivel_por_experiencia(reglamento: Reglamento, px: int) -> Resultado:
    """El nivel que corresponde a unos puntos de experiencia, según la tabla de progresión.

    A partir del nivel 10, cada nivel cuesta 500.000 PX más.
    """
    exigir_minimo("px", px, 0)
    nivel = nivel_de(px)
    siguiente = px_para_nivel(nivel + 1)
    pasos = [
        f"{miles(px)} PX ≥ {miles(px_para_nivel(nivel))} (nivel {nivel}) "
        f"y < {miles(siguiente)} (nivel {nivel + 1}): nivel {nivel}"
    ]
    if nivel >= ULTIMO_NIVEL_TABLA:
        pasos.append(
            f"Desde el nivel {ULTIMO_NIVEL_TABLA}, +{miles(PX_TRAS_ULTIMO)} PX por nivel: "
            f"el nivel {nivel + 1} pide {miles(siguiente)} PX"
        )
    return Resultado({"nivel": nivel, "px_siguiente": siguiente}, tuple(pasos))


CAMPO_NIVEL = Campo("nivel", int, "Nivel del personaje (1 o más)")


@REGISTRO.regla(
    "puntos_heroicidad",
    titulo="Puntos de heroicidad de un personaje",
    seccion=SECCION_HEROICIDAD,
    entradas=[CAMPO_NIVEL],
    salidas=[Campo("puntos", int, "Puntos de heroicidad al comienzo de una aventura")],
)
def puntos_heroicidad(reglamento: Reglamento, nivel: int) -> Resultado:
    """Los puntos de heroicidad con los que un personaje empieza cada aventura: su nivel.

    Se pierden los acumulados por encima de ese valor en la aventura anterior.
    """
    exigir_minimo("nivel", nivel, 1)
    puntos = nivel * HEROICIDAD_POR_NIVEL
    paso = (
        f"{HEROICIDAD_POR_NIVEL} punto por nivel: nivel {nivel} → "
        f"{contar_puntos(puntos, 'heroicidad')}"
    )
    return Resultado({"puntos": puntos}, (paso,))


@REGISTRO.regla(
    "heroicidad_directora",
    titulo="Puntos de heroicidad de la Directora de Juego",
    seccion=SECCION_HEROICIDAD,
    entradas=[Campo("jugadores", int, "Número de personajes jugadores")],
    salidas=[Campo("puntos", int, "Reserva de la Directora de Juego al comienzo de la aventura")],
)
def heroicidad_directora(reglamento: Reglamento, jugadores: int) -> Resultado:
    """La reserva de heroicidad de la Directora de Juego: uno por personaje jugador."""
    exigir_minimo("jugadores", jugadores, 1)
    puntos = jugadores * HEROICIDAD_DIRECTORA_POR_JUGADOR
    personajes = "personaje jugador" if jugadores == 1 else "personajes jugadores"
    paso = f"{jugadores} {personajes} → {contar_puntos(puntos, 'heroicidad')} para la Directora"
    return Resultado({"puntos": puntos}, (paso,))


@REGISTRO.regla(
    "mejoras_caracteristica",
    titulo="Mejoras de característica por nivel",
    seccion=SECCION,
    entradas=[CAMPO_NIVEL],
    salidas=[Campo("mejoras", int, "Puntos que se han sumado a características hasta este nivel")],
)
def mejoras_caracteristica(reglamento: Reglamento, nivel: int) -> Resultado:
    """Cada cinco niveles (5, 10, 15…) se suma un punto a una única característica."""
    exigir_minimo("nivel", nivel, 1)
    mejoras = nivel // NIVELES_POR_MEJORA
    alcanzados = [str(n) for n in range(NIVELES_POR_MEJORA, nivel + 1, NIVELES_POR_MEJORA)]
    if alcanzados:
        paso = (
            f"Un punto cada {NIVELES_POR_MEJORA} niveles: niveles "
            f"{', '.join(alcanzados)} → {mejoras}"
        )
    else:
        paso = f"Un punto cada {NIVELES_POR_MEJORA} niveles: nivel {nivel} aún no llega a ninguno"
    return Resultado({"mejoras": mejoras}, (paso,))


def _usos_heroicidad() -> tuple[tuple[str, str], ...]:
    a_un_punto = enumerar([str(g.puntos - BONUS_HEROICIDAD) for g in GRADOS], "o")
    return (
        ("Elegir y describir la consecuencia que un oponente impone al personaje", "Habitual"),
        ("Elegir y describir la consecuencia de fallar una tirada de acción", "Habitual"),
        (
            f"Sumar +{BONUS_HEROICIDAD} a los puntos de efecto solo si faltaba un punto para "
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


@REGISTRO.tabla(
    "usos_heroicidad", titulo="Usos de los puntos de heroicidad", seccion=SECCION_HEROICIDAD
)
def tabla_usos_heroicidad(reglamento: Reglamento) -> Tabla:
    """En qué puede gastar una jugadora un punto de heroicidad de su personaje."""
    return Tabla(
        titulo="Usos de los puntos de heroicidad",
        columnas=("Uso", "Tipo"),
        filas=_usos_heroicidad(),
        notas=(
            "Los puntos de heroicidad mitigan una consecuencia, pero nunca la anulan por completo.",
        ),
    )


DADOS_ATRIBUTO: tuple[tuple[int, int] | None, ...] = (
    None,
    (1, 4),
    (1, 6),
    (1, 8),
    (1, 10),
    (2, 6),
    (2, 8),
    (2, 10),
    (3, 8),
    (3, 10),
    (4, 10),
)
"""(cantidad, caras) de los dados de atributo por nivel 0-10; todos explotan."""
NIVEL_ATRIBUTO_MAXIMO = len(DADOS_ATRIBUTO) - 1


def expresion_dados_atributo(nivel: int) -> str | None:
    """La notación de los dados de un atributo de ese nivel («2d6!»), o None en el nivel 0."""
    dados = DADOS_ATRIBUTO[nivel]
    return None if dados is None else f"{dados[0]}d{dados[1]}!"


def coste_atributo(nivel: int) -> int:
    """Coste completo de un nivel de atributo: el número triangular L(L+1)/2."""
    return nivel * (nivel + 1) // 2


@REGISTRO.tabla("tabla_dados_atributo", titulo="Dados de atributo", seccion=SECCION)
def tabla_dados_atributo(reglamento: Reglamento) -> Tabla:
    """Los dados que suma un atributo o habilidad según su nivel, y su coste."""
    filas = tuple(
        (n, expresion_dados_atributo(n) or "—", coste_atributo(n))
        for n in range(NIVEL_ATRIBUTO_MAXIMO + 1)
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


@REGISTRO.regla(
    "dados_atributo",
    titulo="Dados de un atributo",
    seccion=SECCION,
    entradas=[Campo("nivel", int, f"Nivel del atributo o habilidad (0-{NIVEL_ATRIBUTO_MAXIMO})")],
    salidas=[
        Campo(
            "expresion",
            str,
            "Dados que se suman a la tirada (nulo en el nivel 0)",
            admite_nulo=True,
        ),
        Campo("coste", int, "Coste total del nivel: L(L+1)/2"),
    ],
)
def dados_atributo(reglamento: Reglamento, nivel: int) -> Resultado:
    """Los dados explosivos que un atributo o habilidad suma a la tirada, y su coste."""
    exigir_rango("nivel", nivel, 0, NIVEL_ATRIBUTO_MAXIMO)
    expresion = expresion_dados_atributo(nivel)
    coste = coste_atributo(nivel)
    dados = f"suma {expresion} (explosivos)" if expresion else "no suma dados"
    pasos = (
        f"Nivel {nivel}: {dados}",
        f"Coste: {nivel} × {nivel + 1} / 2 = {coste}",
    )
    return Resultado({"expresion": expresion, "coste": coste}, pasos)
