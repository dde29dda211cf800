"""Los parámetros del Sistema Tapiz: los números de sus reglas y tablas, como datos.

Las reglas los reciben como primer argumento (``p``) y nunca leen una constante
de módulo: así una edición, una regla opcional o un Lienzo cambian un umbral o
una tabla sin tocar el cuerpo de ninguna regla.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from tapiz_rules.dados import PROFUNDIDAD_POR_DEFECTO, Distribucion, distribucion
from tapiz_rules.errores import ErrorEntrada


@dataclass(frozen=True)
class Grado:
    nombre: str
    puntos: int
    modificador: int

    @property
    def femenino(self) -> str:
        """El nombre concordado con «consecuencia»: menor, mayor, extrema."""
        return self.nombre[:-1] + "a" if self.nombre.endswith("o") else self.nombre


@dataclass(frozen=True)
class Impedimento:
    nombre: str
    titulo: str
    veces_con: int | None
    """Hasta Carga + veces_con × CON kg; None: sin límite superior."""
    nivel: int
    grado: str | None
    fraccion: Fraction
    descanso_minutos: int
    aviso: str = ""
    """Con TZR0002 el impedimento se anota pero no se aplica: lo dice este aviso."""


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


@dataclass(frozen=True)
class Escuela:
    """Una escuela de generación de características: los puntos a repartir y su matriz fija."""

    nombre: str
    titulo: str
    puntos: int
    matriz: tuple[int, ...]


ESCUELAS: tuple[Escuela, ...] = (
    Escuela("antigua", "Antigua Escuela", 63, (14, 12, 10, 10, 9, 8)),
    Escuela("nueva", "Nueva Escuela", 72, (16, 14, 13, 12, 10, 9)),
)


@dataclass(frozen=True)
class Cobertura:
    nombre: str
    titulo: str
    parcial: int
    total: int
    ejemplos: str


COBERTURAS: tuple[Cobertura, ...] = (
    Cobertura("ninguna", "Sin cobertura", 0, 0, "Campo abierto"),
    Cobertura("ligera", "Cobertura ligera", 2, 5, "Capa fina de madera, ramas, escayola, maleza"),
    Cobertura("media", "Cobertura media", 5, 10, "Madera gruesa, ladrillo, piedra"),
    Cobertura("pesada", "Cobertura pesada", 10, 20, "Piedra gruesa, metal"),
)


@dataclass(frozen=True)
class Dificultad:
    clave: str
    titulo: str
    resistencia: int


GRADOS: tuple[Grado, ...] = (
    Grado("menor", 5, 2),
    Grado("mayor", 10, 4),
    Grado("extremo", 15, 6),
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

IMPEDIMENTOS: tuple[Impedimento, ...] = (
    Impedimento("normal", "Normal", 0, 0, None, Fraction(1), 0),
    Impedimento("cargado", "Cargado", 1, -1, "menor", Fraction(1, 2), 10),
    Impedimento("sobrecargado", "Sobrecargado", 3, -2, "mayor", Fraction(1, 3), 20),
    Impedimento("extenuado", "Extenuado", None, -4, "extremo", Fraction(1, 10), 60),
)

DIFICULTADES: tuple[Dificultad, ...] = (
    Dificultad("trivial", "Trivial", 3),
    Dificultad("muy_facil", "Muy fácil", 6),
    Dificultad("facil", "Fácil", 9),
    Dificultad("media", "Media", 12),
    Dificultad("dificil", "Difícil", 15),
    Dificultad("muy_dificil", "Muy difícil", 18),
    Dificultad("extremadamente_dificil", "Extremadamente difícil", 21),
    Dificultad("locura", "Locura", 24),
    Dificultad("casi_imposible", "Casi imposible", 30),
    Dificultad("imposible", "Imposible", 40),
)


@dataclass(frozen=True)
class ParametrosTapiz:
    """Todo número que una regla de Tapiz necesita. Los valores por defecto son el texto actual."""

    edicion: str = "actual"
    dado_base: str = "1d20"
    """El dado de la tirada de acción: 1d20 en el texto actual, 3d6 en la edición de 2017."""
    grados: tuple[Grado, ...] = GRADOS
    rasgo_adicional: int = 1
    """Cada rasgo después del primero suma esto (el primero suma el nivel)."""
    tope_por_nivel: int = 2
    """El bonus total por rasgos no pasa de este múltiplo del nivel."""
    bonus_lengua: int = 0
    """Bonus de rasgo por cada circunstancia de lengua: 0 sin TZR0001, 1 con ella."""
    maximo_rasgos_lengua: int = 2
    base_estatica: int = 10
    """Una tirada estática suma esto en lugar de tirar los dados."""
    bonus_heroicidad: int = 1
    ventaja_momentanea: int = 1
    dados_atributo: tuple[tuple[int, int] | None, ...] = DADOS_ATRIBUTO
    px_por_nivel: tuple[int, ...] = PX_POR_NIVEL
    px_tras_ultimo: int = 500_000
    niveles_por_mejora: int = 5
    heroicidad_por_nivel: int = 1
    heroicidad_directora_por_jugador: int = 1
    impedimentos: tuple[Impedimento, ...] = IMPEDIMENTOS
    minutos_por_con: int = 10
    dificultades: tuple[Dificultad, ...] = DIFICULTADES
    paso_tamano: int = 2
    bonus_defensa_ferrea: int = 4
    multiplicador_apuntar: int = 2
    metros_por_punto_combate: dict[str, int] = field(
        default_factory=lambda: {"normal": 1, "correr": 2, "esprint": 3}
    )
    movimiento_fuera_por_punto: dict[str, Fraction] = field(
        default_factory=lambda: {
            "normal": Fraction(3),
            "reconocimiento": Fraction(1, 2),
            "precavido": Fraction(1),
            "caminata": Fraction(1),
        }
    )
    """Metros por minuto (km por día en la caminata) por cada punto de MOV."""
    grado_movimiento_combate: dict[str, str] = field(
        default_factory=lambda: {"normal": "menor", "correr": "mayor", "esprint": "extremo"}
    )
    grado_visibilidad: dict[str, str | None] = field(
        default_factory=lambda: {"normal": None, "parcial": "menor", "nula": "mayor"}
    )
    coberturas: tuple[Cobertura, ...] = COBERTURAS
    # Características, niveles y personajes
    modificadores_caracteristica: tuple[Tramo, ...] = MODIFICADORES
    caracteristica_minima: int = 3
    caracteristica_maxima: int = 18
    reparto_minimo: int = 8
    reparto_maximo: int = 18
    limite_fatal: int = -10
    """Con -10 puntos de golpe (o menos), la vida de aventura ha terminado."""
    perdida_por_ronda: int = 1
    escuelas: tuple[Escuela, ...] = ESCUELAS
    """Puntos a repartir y matriz fija de la Antigua y la Nueva Escuela."""

    def __hash__(self) -> int:
        return hash((self.dado_base, self.grados, self.dados_atributo, self.impedimentos))

    def grado(self, nombre: str) -> Grado:
        return next(g for g in self.grados if g.nombre == nombre)

    def grado_de(self, puntos: int) -> Grado | None:
        """El grado más alto que alcanzan unos puntos de efecto o de consecuencia."""
        alcanzados = [g for g in self.grados if puntos >= g.puntos]
        return alcanzados[-1] if alcanzados else None

    @property
    def nivel_atributo_maximo(self) -> int:
        return len(self.dados_atributo) - 1

    def expresion_dados_atributo(self, nivel: int) -> str | None:
        """La notación de los dados de un atributo de ese nivel («2d6!»), o None en el nivel 0."""
        dados = self.dados_atributo[nivel]
        return None if dados is None else f"{dados[0]}d{dados[1]}!"

    def total_de_accion(self, nivel: int) -> Distribucion:
        """El dado base más los dados de un atributo de ese nivel, que explotan."""
        base = distribucion(self.dado_base)
        dados = self.dados_atributo[nivel]
        if dados is None:
            return base
        cantidad, caras = dados
        return base + Distribucion.dado(caras).explotar(PROFUNDIDAD_POR_DEFECTO).veces(cantidad)

    def impedimento(self, nombre: str) -> Impedimento:
        return next(i for i in self.impedimentos if i.nombre == nombre)

    def dificultad(self, clave: str) -> Dificultad:
        return next(d for d in self.dificultades if d.clave == clave)

    def cobertura(self, nombre: str) -> Cobertura:
        return next(c for c in self.coberturas if c.nombre == nombre)

    def escuela(self, nombre: str) -> Escuela:
        return next(e for e in self.escuelas if e.nombre == nombre)


def exigir_lengua(p: ParametrosTapiz, que: str) -> None:
    """Error si se pide un bonus por lengua y el reglamento no lo da (TZR0001 inactiva)."""
    if not p.bonus_lengua:
        raise ErrorEntrada(
            f"{que} requiere la regla opcional TZR0001 (Bonus de rasgo asociados al "
            "conocimiento de una lengua), que no está activa en este reglamento"
        )
