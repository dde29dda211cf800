"""Puntos de efecto y de consecuencia: los grados menor, mayor y extremo."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.formato import contar_puntos
from tapiz_rules.modelo.unidades import PUNTOS, PUNTOS_DE_GOLPE
from tapiz_rules.sistemas.tapiz.parametros import Grado, ParametrosTapiz

SECCION = "Puntos de Efecto"
NOMBRES_GRADO = {"menor": "Menor", "mayor": "Mayor", "extremo": "Extremo"}
"""Las etiquetas del lector de cada grado (los umbrales son parámetros del sistema)."""


def salida_grado(etiqueta: str = "Grado") -> Campo:
    return Campo(
        "grado",
        str,
        etiqueta,
        ayuda="Menor, mayor o extremo; ninguno si no llega a menor",
        opciones=tuple(NOMBRES_GRADO.items()),
        admite_nulo=True,
    )


TIPOS_MOMENTANEOS = {"ventaja": "Ventaja para ti", "desventaja": "Desventaja para tu objetivo"}

SALIDA_MODIFICADOR = Campo(
    "modificador",
    int,
    "Modificador del grado",
    ayuda="Modificador que proporciona el grado (0 si no hay grado)",
    formato=Formato.MODIFICADOR,
)


@tabla("grados_efecto", titulo="Grados de efecto y consecuencia", seccion=SECCION)
def tabla_grados(p: ParametrosTapiz) -> Tabla:
    """Cuántos puntos crean cada grado de efecto o consecuencia y su modificador."""
    return Tabla(
        titulo="Grados de efecto y consecuencia",
        columnas=("Grado", "Puntos necesarios", "Modificador"),
        filas=tuple(
            (
                NOMBRES_GRADO.get(g.nombre, g.nombre),
                g.puntos,
                f"+{g.modificador}/-{g.modificador}",
            )
            for g in p.grados
        ),
    )


@regla(
    "grado_efecto",
    titulo="Grado de un efecto",
    enunciado=(
        "Con {p.grados[0].puntos} puntos o más se crea un efecto menor "
        "(+{p.grados[0].modificador}); con {p.grados[1].puntos} o más, uno mayor "
        "(+{p.grados[1].modificador}); con {p.grados[2].puntos} o más, uno extremo "
        "(+{p.grados[2].modificador}). Con menos de {p.grados[0].puntos} no hay grado. Los "
        "puntos de consecuencia crean consecuencias con los mismos umbrales y el modificador "
        "en negativo."
    ),
    seccion=SECCION,
    salidas=[salida_grado(), SALIDA_MODIFICADOR],
)
def grado_efecto(
    p: ParametrosTapiz,
    puntos: Annotated[
        int,
        Entrada("Puntos", unidad=PUNTOS, ayuda="Puntos de efecto o de consecuencia disponibles"),
    ],
) -> Resultado:
    """Qué grado de efecto (o de consecuencia) crean unos puntos."""
    grado = p.grado_de(puntos)
    valores = {
        "grado": None if grado is None else grado.nombre,
        "modificador": 0 if grado is None else grado.modificador,
    }
    return Resultado(valores, (paso_grado(p, puntos),))


def paso_grado(p: ParametrosTapiz, cantidad: int, consecuencia: bool = False) -> str:
    """El paso que explica qué grado alcanzan unos puntos de efecto o de consecuencia."""
    que, articulo = ("consecuencia", "una") if consecuencia else ("efecto", "un")
    grado = p.grado_de(cantidad)
    if grado is None:
        llegan = "llega" if abs(cantidad) == 1 else "llegan"
        minimo = p.grados[0].puntos
        return f"{contar_puntos(cantidad)} no {llegan} a los {minimo} de {articulo} {que} menor"
    nombre = grado.femenino if consecuencia else grado.nombre
    return f"{contar_puntos(cantidad)} ≥ {grado.puntos}: {que} {nombre} (±{grado.modificador})"


def grado_a_un_punto(p: ParametrosTapiz, puntos: int) -> Grado | None:
    """El grado que se alcanzaría con un punto de heroicidad (4, 9 o 14 puntos de efecto)."""
    siguiente = p.grado_de(puntos + p.bonus_heroicidad)
    if siguiente is None or siguiente == p.grado_de(puntos):
        return None
    return siguiente


@regla(
    "eliminar_efecto",
    titulo="Eliminar un efecto o una consecuencia",
    enunciado=(
        "Para eliminar un efecto o una consecuencia hacen falta tantos puntos de efecto como "
        "los que lo crearon: {p.grados[0].puntos} para uno menor, {p.grados[1].puntos} para "
        "uno mayor y {p.grados[2].puntos} para uno extremo. Un personaje derribado y noqueado"
        " (una consecuencia mayor) necesita otros {p.grados[1].puntos} puntos de efecto para "
        "levantarse."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "puntos",
            int,
            "Puntos de efecto necesarios",
            unidad=PUNTOS,
            ayuda="Puntos de efecto necesarios para eliminarlo",
        )
    ],
)
def eliminar_efecto(
    p: ParametrosTapiz,
    grado: Annotated[
        str,
        Entrada(
            "Grado",
            ayuda="Grado del efecto o consecuencia que se quiere eliminar",
            opciones=NOMBRES_GRADO,
        ),
    ],
) -> Resultado:
    """Los puntos de efecto que elimina un efecto o consecuencia: los mismos que lo crearon.

    Un personaje derribado y noqueado (una consecuencia mayor) necesita otros
    10 puntos de efecto para levantarse.
    """
    g = p.grado(grado)
    paso = (
        f"Un efecto {g.nombre} se creó con {g.puntos} puntos: "
        f"eliminarlo cuesta {g.puntos} puntos de efecto"
    )
    return Resultado({"puntos": g.puntos}, (paso,))


@regla(
    "ventaja_momentanea",
    titulo="Ventaja o desventaja momentánea",
    enunciado=(
        "Los puntos de efecto que no llegan a un efecto menor compran una ventaja momentánea "
        "(+{p.ventaja_momentanea} a tu siguiente acción) o una desventaja momentánea "
        "(−{p.ventaja_momentanea} a la siguiente acción de tu objetivo); en combate, en lugar"
        " de eso, cada uno puede quitar un punto de golpe al objetivo."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "modificador",
            int,
            "Modificador a la siguiente acción",
            ayuda="+1 a ti (ventaja) o −1 a tu objetivo (desventaja) en la siguiente acción",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "puntos_de_golpe",
            int,
            "Puntos de golpe que se pueden quitar",
            unidad=PUNTOS_DE_GOLPE,
            ayuda="Puntos de golpe que se pueden quitar al objetivo en combate",
        ),
    ],
)
def ventaja_momentanea(
    p: ParametrosTapiz,
    puntos: Annotated[
        int,
        Entrada(
            "Puntos de efecto",
            unidad=PUNTOS,
            ayuda="Puntos de efecto obtenidos, menos de los de un efecto menor",
            minimo=1,
            limites=lambda p: (1, p.grados[0].puntos - 1),
        ),
    ],
    tipo: Annotated[
        str,
        Entrada(
            "Ventaja o desventaja",
            ayuda="Ventaja para ti o desventaja para tu objetivo",
            opciones=TIPOS_MOMENTANEOS,
        ),
    ] = "ventaja",
) -> Resultado:
    """Qué compran unos puntos de efecto que no llegan a un efecto menor.

    En combate, cada punto de efecto puede quitar un punto de golpe al objetivo.
    También se puede crear una ventaja o desventaja momentánea: +1 para ti o -1
    para tu objetivo en la siguiente acción (también en tiradas estáticas).
    """
    menor = p.grados[0].puntos
    if puntos >= menor:
        validos = ", ".join(str(n) for n in range(1, menor))
        raise ErrorEntrada(
            f"la entrada «puntos» no admite «{puntos}»; valores válidos: {validos}", "puntos"
        )
    pasos = (
        paso_grado(p, puntos),
        f"En combate: quitar {contar_puntos(puntos, 'golpe')} al objetivo (uno por punto)",
        f"O bien una ventaja momentánea: +{p.ventaja_momentanea} a ti en tu siguiente acción"
        if tipo == "ventaja"
        else f"O bien una desventaja momentánea: -{p.ventaja_momentanea} a tu objetivo "
        "en su siguiente acción",
    )
    modificador = p.ventaja_momentanea if tipo == "ventaja" else -p.ventaja_momentanea
    return Resultado({"modificador": modificador, "puntos_de_golpe": puntos}, pasos)


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


@tabla("ejemplos_efectos", titulo="Ejemplos de efectos y consecuencias", seccion=SECCION)
def tabla_ejemplos(p: ParametrosTapiz) -> Tabla:
    """Ejemplos de efectos y consecuencias de cada grado, con y sin carga numérica."""
    filas = tuple(
        (
            NOMBRES_GRADO.get(g.nombre, g.nombre),
            f"+{g.modificador}/-{g.modificador}: {EJEMPLOS_EFECTOS[g.nombre][0]}",
            EJEMPLOS_EFECTOS[g.nombre][1],
        )
        for g in p.grados
    )
    return Tabla(
        titulo="Ejemplos de efectos y consecuencias",
        columnas=("Grado", "A la siguiente tirada de acción", "Sin carga numérica"),
        filas=filas,
    )


REGLAS = (grado_efecto, eliminar_efecto, ventaja_momentanea)
TABLAS = (tabla_grados, tabla_ejemplos)
