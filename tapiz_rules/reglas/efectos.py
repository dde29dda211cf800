"""Puntos de efecto y de consecuencia: los grados menor, mayor y extremo."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import contar_puntos


@dataclass(frozen=True)
class Grado:
    nombre: str
    puntos: int
    modificador: int

    @property
    def femenino(self) -> str:
        """El nombre concordado con «consecuencia»: menor, mayor, extrema."""
        return self.nombre[:-1] + "a" if self.nombre.endswith("o") else self.nombre


GRADOS: tuple[Grado, ...] = (
    Grado("menor", 5, 2),
    Grado("mayor", 10, 4),
    Grado("extremo", 15, 6),
)


def grado_de(puntos: int) -> Grado | None:
    """El grado más alto que alcanzan unos puntos de efecto o de consecuencia."""
    alcanzados = [g for g in GRADOS if puntos >= g.puntos]
    return alcanzados[-1] if alcanzados else None


@REGISTRO.tabla(
    "grados_efecto", titulo="Grados de efecto y consecuencia", seccion="Puntos de Efecto"
)
def tabla_grados(reglamento: Reglamento) -> Tabla:
    """Cuántos puntos crean cada grado de efecto o consecuencia y su modificador."""
    return Tabla(
        titulo="Grados de efecto y consecuencia",
        columnas=("Grado", "Puntos necesarios", "Modificador"),
        filas=tuple((g.nombre, g.puntos, f"+{g.modificador}/-{g.modificador}") for g in GRADOS),
    )


@REGISTRO.regla(
    "grado_efecto",
    titulo="Grado de un efecto",
    seccion="Puntos de Efecto",
    entradas=[Campo("puntos", int, "Puntos de efecto o de consecuencia disponibles")],
    salidas=[
        Campo("grado", str, "menor, mayor, extremo o nulo si no llega a menor", admite_nulo=True),
        Campo("modificador", int, "Modificador que proporciona el grado (0 si no hay grado)"),
    ],
)
def grado_efecto(reglamento: Reglamento, puntos: int) -> Resultado:
    """Qué grado de efecto (o de consecuencia) crean unos puntos."""
    grado = grado_de(puntos)
    valores = {
        "grado": None if grado is None else grado.nombre,
        "modificador": 0 if grado is None else grado.modificador,
    }
    return Resultado(valores, (paso_grado(puntos),))


def paso_grado(cantidad: int, consecuencia: bool = False) -> str:
    """El paso que explica qué grado alcanzan unos puntos de efecto o de consecuencia."""
    que, articulo = ("consecuencia", "una") if consecuencia else ("efecto", "un")
    grado = grado_de(cantidad)
    if grado is None:
        llegan = "llega" if abs(cantidad) == 1 else "llegan"
        minimo = GRADOS[0].puntos
        return f"{contar_puntos(cantidad)} no {llegan} a los {minimo} de {articulo} {que} menor"
    nombre = grado.femenino if consecuencia else grado.nombre
    return f"{contar_puntos(cantidad)} ≥ {grado.puntos}: {que} {nombre} (±{grado.modificador})"


NOMBRES_GRADO: tuple[str, ...] = tuple(g.nombre for g in GRADOS)
VENTAJA_MOMENTANEA = 1
"""+1 a ti o -1 a tu objetivo en la siguiente acción, con menos puntos de los de un efecto menor."""
BONUS_HEROICIDAD = 1
"""Un punto de heroicidad suma +1 a los puntos de efecto si te quedaste a un punto de un grado."""


def buscar_grado(nombre: str) -> Grado:
    return next(g for g in GRADOS if g.nombre == nombre)


def grado_a_un_punto(puntos: int) -> Grado | None:
    """El grado que se alcanzaría con un punto de heroicidad (4, 9 o 14 puntos de efecto)."""
    siguiente = grado_de(puntos + BONUS_HEROICIDAD)
    if siguiente is None or siguiente == grado_de(puntos):
        return None
    return siguiente


@REGISTRO.regla(
    "eliminar_efecto",
    titulo="Eliminar un efecto o una consecuencia",
    seccion="Puntos de Efecto",
    entradas=[
        Campo(
            "grado",
            str,
            "Grado del efecto o consecuencia que se quiere eliminar",
            opciones=NOMBRES_GRADO,
        )
    ],
    salidas=[Campo("puntos", int, "Puntos de efecto necesarios para eliminarlo")],
)
def eliminar_efecto(reglamento: Reglamento, grado: str) -> Resultado:
    """Los puntos de efecto que elimina un efecto o consecuencia: los mismos que lo crearon.

    Un personaje derribado y noqueado (una consecuencia mayor) necesita otros
    10 puntos de efecto para levantarse.
    """
    g = buscar_grado(grado)
    paso = (
        f"Un efecto {g.nombre} se creó con {g.puntos} puntos: "
        f"eliminarlo cuesta {g.puntos} puntos de efecto"
    )
    return Resultado({"puntos": g.puntos}, (paso,))


@REGISTRO.regla(
    "ventaja_momentanea",
    titulo="Ventaja o desventaja momentánea",
    seccion="Puntos de Efecto",
    entradas=[
        Campo(
            "puntos",
            int,
            f"Puntos de efecto obtenidos, menos de los {GRADOS[0].puntos} de un efecto menor",
            opciones=tuple(range(1, GRADOS[0].puntos)),
        )
    ],
    salidas=[
        Campo("modificador", int, "+1 a ti (o -1 a tu objetivo) en la siguiente acción"),
        Campo(
            "puntos_de_golpe", int, "Puntos de golpe que se pueden quitar al objetivo en combate"
        ),
    ],
)
def ventaja_momentanea(reglamento: Reglamento, puntos: int) -> Resultado:
    """Qué compran unos puntos de efecto que no llegan a un efecto menor.

    En combate, cada punto de efecto puede quitar un punto de golpe al objetivo.
    También se puede crear una ventaja o desventaja momentánea: +1 para ti o -1
    para tu objetivo en la siguiente acción (también en tiradas estáticas).
    """
    pasos = (
        paso_grado(puntos),
        f"En combate: quitar {contar_puntos(puntos, 'golpe')} al objetivo (uno por punto)",
        f"O bien una ventaja momentánea: +{VENTAJA_MOMENTANEA} a ti o "
        f"-{VENTAJA_MOMENTANEA} a tu objetivo en la siguiente acción",
    )
    return Resultado({"modificador": VENTAJA_MOMENTANEA, "puntos_de_golpe": puntos}, pasos)


EJEMPLOS_EFECTOS: dict[str, tuple[str, str]] = {
    "menor": (
        "posición ventajosa, colocar un obstáculo en el camino de algo o alguien, flanquear a "
        "un oponente, desequilibrar a un oponente, infligir una herida de arma particularmente "
        "dolorosa, aturdir a un oponente, provocar una distracción",
        "envainar o desenvainar el arma, desmontar, subirse a montura (pero no durante un "
        "combate), moverse un rango de distancia, forzar a un oponente a mover un rango de "
        "distancia, obligar a un oponente a perder un recurso menor (por ejemplo, una flecha o "
        "una carga de un objeto mágico)",
    ),
    "mayor": (
        "posición a cubierto, inspirada, encontrar el punto débil, conocer su estilo de combate, "
        "provocar una gran distracción, derribar a un enemigo, ralentizar a un enemigo, infundir "
        "miedo a un oponente, infligir una herida con hemorragia, provocar una dislocación o una "
        "luxación",
        "desarmar a un oponente, subirse a una montura (durante el combate), provocar que el "
        "oponente pierda una pieza de su equipo, herir a un oponente con una estocada en "
        "respuesta a su ataque",
    ),
    "extremo": (
        "tener a tus oponentes exactamente donde quieres, conocer sus planes, aturdirlos o "
        "confundirlos, hacer que un oponente pierda una extremidad o quede cegado, hacer que un "
        "oponente quiera creerte",
        "hacer que un oponente caiga de su montura, romper el arma o una pieza del equipo de un "
        "enemigo, cancelar un poder especial de un oponente, un enemigo hiere a un aliado "
        "(consecuencia)",
    ),
}


@REGISTRO.tabla(
    "ejemplos_efectos", titulo="Ejemplos de efectos y consecuencias", seccion="Puntos de Efecto"
)
def tabla_ejemplos(reglamento: Reglamento) -> Tabla:
    """Ejemplos de efectos y consecuencias de cada grado, con y sin carga numérica."""
    filas = tuple(
        (
            g.nombre,
            f"+{g.modificador}/-{g.modificador}: {EJEMPLOS_EFECTOS[g.nombre][0]}",
            EJEMPLOS_EFECTOS[g.nombre][1],
        )
        for g in GRADOS
    )
    return Tabla(
        titulo="Ejemplos de efectos y consecuencias",
        columnas=("Grado", "A la siguiente tirada de acción", "Sin carga numérica"),
        filas=filas,
    )
