"""La hoja de personaje de Tapiz: qué anota quien juega y qué regla calcula cada número.

La leen la página «Hoja de personaje» (el formulario y el motor en el navegador) y la hoja
impresa del PDF (``mkdocs_plugins/herramientas/pdf/hoja.py``). Cada dato es la entrada de una
regla (de ella salen su etiqueta, su tipo, su unidad y sus límites) y cada número, la salida
de una regla con sus entradas tomadas de los datos o de otros números.
"""

from __future__ import annotations

from functools import cache

from tapiz_rules.modelo.hoja import (
    Apartado,
    Calculo,
    Dato,
    De,
    Es,
    Fuente,
    Hoja,
    Salida,
    SalidaSegun,
)
from tapiz_rules.sistemas.tapiz.nombres import DE_SERIE, NOMBRES, Nombres
from tapiz_rules.sistemas.tapiz.parametros import DIFICULTADES as ESCALA

FILAS_ATRIBUTOS = 7
"""Las filas de atributos y habilidades (las de la hoja impresa)."""
LINEAS_RASGOS = 5
LINEAS_LENGUAS = 3
IDENTIDAD = (("nombre", "Nombre"), ("especie", "Especie"), ("clase", "Clase"))
"""Lo que la hoja anota sin que lo use ninguna regla (el libro aún no define especies ni
clases: se escriben a mano)."""
DIFICULTADES = tuple(d.clave for d in ESCALA)
"""Los escalones de la escala de dificultades, de Trivial a Imposible."""

CLAVES = tuple(c.abreviatura.lower() for c in DE_SERIE)
"""La clave de cada característica en los datos de la hoja (``fue``…): no cambia con sus
nombres, así una hoja guardada sigue valiendo en otro Lienzo."""


def _opciones(nombres: Nombres) -> tuple[tuple[str, str], ...]:
    return tuple(
        (clave, f"{c.abreviatura} ({c.nombre})")
        for clave, c in zip(CLAVES, nombres.caracteristicas, strict=True)
    )


def _caracteristicas(nombres: Nombres) -> tuple[tuple[Dato, ...], tuple[Calculo, ...]]:
    propias = tuple(zip(CLAVES, nombres.caracteristicas, strict=True))
    datos = tuple(
        Dato(
            clave,
            "modificador_caracteristica",
            "valor",
            etiqueta=c.nombre,
            minimo="caracteristica_minima",
            maximo="caracteristica_maxima",
        )
        for clave, c in propias
    )
    principal = Dato(
        "pri",
        "modificador_caracteristica",
        "principal",
        opciones=(("", "Ninguna"), *_opciones(nombres)),
    )
    calculos = tuple(
        Calculo(
            f"mod_{clave}",
            "modificador_caracteristica",
            {"valor": De(clave), "principal": Es("pri", clave)},
            ("modificador",),
            etiqueta=f"Modificador de {c.nombre}",
        )
        for clave, c in propias
    )
    return (*datos, principal), calculos


def _atributos(nombres: Nombres) -> tuple[tuple[Dato, ...], tuple[Calculo, ...]]:
    datos: list[Dato] = []
    calculos: list[Calculo] = []
    for i in range(1, FILAS_ATRIBUTOS + 1):
        datos += [
            Dato(f"at{i}", etiqueta=nombres.atributo_o_habilidad),
            Dato(f"na{i}", "dados_atributo", "nivel", minimo=0, maximo="nivel_atributo_maximo"),
            Dato(
                f"ca{i}",
                "probabilidades_accion",
                "mod",
                etiqueta="Característica",
                opciones=(("", "—"), *_opciones(nombres)),
            ),
            Dato(f"ra{i}", "probabilidades_accion", "rasgos"),
        ]
        calculos.append(
            Calculo(f"dados{i}", "dados_atributo", {"nivel": De(f"na{i}")}, ("expresion",))
        )
        for dificultad in DIFICULTADES:
            entradas: dict[str, Fuente] = {
                "resistencia": Salida(f"resistencia_{dificultad}", "resistencia"),
                "dados": Salida(f"dados{i}", "expresion"),
                "mod": SalidaSegun(f"ca{i}", "mod_{}", "modificador"),
                "nivel": De("niv"),
                "rasgos": De(f"ra{i}"),
            }
            calculos.append(
                Calculo(f"exito{i}_{dificultad}", "probabilidades_accion", entradas, ("p_exito",))
            )
    return tuple(datos), tuple(calculos)


def _combate(tipo: str, etiqueta: str) -> Calculo:
    return Calculo(
        f"mov_{tipo}",
        "movimiento_combate",
        {"mov": De("mov"), "tipo": tipo, "impedimento": Salida("carga", "impedimento")},
        ("metros", "modificador_total"),
        etiqueta=etiqueta,
    )


@cache
def hoja_de(nombres: Nombres) -> Hoja:
    """La hoja con los nombres de un reglamento (los de Tapiz o los de un Lienzo)."""
    datos_car, calculos_car = _caracteristicas(nombres)
    datos_atr, calculos_atr = _atributos(nombres)
    datos = (
        *(Dato(clave, etiqueta=etiqueta) for clave, etiqueta in IDENTIDAD),
        *datos_car,
        Dato("niv", "bonus_rasgos", "nivel"),
        Dato("px", "nivel_por_experiencia", "px"),
        Dato("rasgos", etiqueta="Rasgos", lineas=LINEAS_RASGOS),
        *datos_atr,
        Dato("arm", "defensa_fisica", "nivel_armadura"),
        Dato("barm", "defensa_fisica", "bonus_armadura"),
        Dato("vol", "defensa_mental", "nivel_voluntad"),
        Dato("beq", "defensa_mental", "bonus_equipo"),
        Dato("pgf", "estado_puntos_golpe", "puntos", etiqueta="Puntos de golpe físicos (PGF)"),
        Dato("pgm", "estado_puntos_golpe", "puntos", etiqueta="Puntos de golpe mentales (PGM)"),
        Dato("peso", "impedimento", "peso"),
        Dato("bcarga", "impedimento", "bonus_carga"),
        Dato("mov", "movimiento_combate", "mov", minimo=0),
    )
    calculos = (
        *calculos_car,
        Calculo("heroicidad", "puntos_heroicidad", {"nivel": De("niv")}, ("puntos",)),
        Calculo("mejoras", "mejoras_caracteristica", {"nivel": De("niv")}, ("mejoras",)),
        Calculo(
            "tope", "bonus_rasgos", {"nivel": De("niv")}, ("tope",), "Tope del bonus de rasgos"
        ),
        Calculo(
            "experiencia",
            "nivel_por_experiencia",
            {"px": De("px")},
            ("nivel", "px_siguiente"),
            "Según la experiencia",
        ),
        Calculo(
            "defensa_fisica",
            "defensa_fisica",
            {"nivel_armadura": De("arm"), "bonus_armadura": De("barm")},
            ("defensa",),
        ),
        Calculo(
            "defensa_mental",
            "defensa_mental",
            {
                "mod_int": Salida("mod_int", "modificador"),
                "nivel_voluntad": De("vol"),
                "bonus_equipo": De("beq"),
            },
            ("defensa",),
        ),
        Calculo(
            "iniciativa",
            "modificador_iniciativa",
            {
                "mod_des": Salida("mod_des", "modificador"),
                "mod_sab": Salida("mod_sab", "modificador"),
            },
            ("modificador",),
        ),
        Calculo(
            "pg_fisicos",
            "estado_puntos_golpe",
            {"tipo": "fisicos", "puntos": De("pgf")},
            ("estado", "pierde_por_ronda"),
            "Físicos (PGF)",
        ),
        Calculo(
            "pg_mentales",
            "estado_puntos_golpe",
            {"tipo": "mentales", "puntos": De("pgm")},
            ("estado", "pierde_por_ronda"),
            "Mentales (PGM)",
        ),
        Calculo(
            "carga",
            "impedimento",
            {
                "fue": De("fue"),
                "des": De("des"),
                "con": De("con"),
                "peso": De("peso", vacio=0),
                "bonus_carga": De("bcarga"),
            },
            ("carga", "impedimento", "consecuencia_combate", "fraccion_fuera_combate"),
        ),
        _combate("normal", "Normal"),
        _combate("correr", "Correr"),
        _combate("esprint", "Esprint"),
        *(
            Calculo(f"resistencia_{d}", "dificultad", {"nombre": d}, ("resistencia",))
            for d in DIFICULTADES
        ),
        *calculos_atr,
    )
    apartados = (
        Apartado("Personaje", tuple(c for c, _ in IDENTIDAD)),
        Apartado(
            "Características",
            tuple(d.clave for d in datos_car),
            tuple(c.clave for c in calculos_car),
            forma="caracteristicas",
        ),
        Apartado("Nivel", ("niv", "px"), ("heroicidad", "mejoras", "tope", "experiencia")),
        Apartado("Rasgos", ("rasgos",)),
        Apartado(
            "Defensas",
            ("arm", "barm", "vol", "beq"),
            ("defensa_fisica", "defensa_mental", "iniciativa"),
        ),
        Apartado("Puntos de golpe", ("pgf", "pgm"), ("pg_fisicos", "pg_mentales")),
        Apartado(
            "Carga y movimiento",
            ("peso", "bcarga", "mov"),
            ("carga", "mov_normal", "mov_correr", "mov_esprint"),
        ),
        Apartado(
            nombres.atributos_y_habilidades,
            tuple(d.clave for d in datos_atr),
            tuple(c.clave for c in calculos_atr),
            forma="atributos",
        ),
    )
    return Hoja(datos, calculos, apartados)


HOJA = hoja_de(NOMBRES)
