"""Posturas: alternativas a las tiradas de acción y resistencia durante un conflicto."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Segun, Tabla, regla, tabla
from tapiz_rules.modelo.formato import con_signo
from tapiz_rules.modelo.unidades import SIN_UNIDAD
from tapiz_rules.sistemas.tapiz.accion import Nivel
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

SECCION = "Posturas"


@dataclass(frozen=True)
class Postura:
    nombre: str
    titulo: str
    ataque: str
    resistencia: str
    ultimo_en_iniciativa: bool
    nota: str


def posturas(p: ParametrosTapiz) -> dict[str, Postura]:
    """Las cinco posturas, con los números de los parámetros en sus textos."""
    return {
        postura.nombre: postura
        for postura in (
            Postura(
                "normal",
                "Normal",
                "—",
                "—",
                False,
                "La postura estándar: se siguen las reglas generales.",
            ),
            Postura(
                "ataque_total",
                "Ataque total",
                "+ la mitad del nivel (redondeando hacia arriba), o menos si se elige",
                "- el mismo bonus, también a la clase de armadura",
                True,
                "Se puede elegir un bonus menor al máximo para sufrir una penalización menor.",
            ),
            Postura(
                "foco_en_el_dano",
                "Foco en el daño",
                "+ el dado mayor de los dados de daño tirados dos veces",
                "—",
                True,
                "Solo cuerpo a cuerpo (rango inmediato o cerca) o en conflictos mentales. "
                "Si falla, el objetivo impone una consecuencia de un grado más: un fallo "
                "simple pasa a menor, menor a mayor y mayor a extrema.",
            ),
            Postura(
                "defensa_ferrea",
                "Defensa férrea",
                "Se pierden todos los bonificadores al ataque",
                f"+{p.bonus_defensa_ferrea}",
                False,
                "Buena postura para personajes no combatientes: si no hay bonificadores al "
                "ataque, no se pierde nada.",
            ),
            Postura(
                "apuntar",
                "Apuntar",
                f"El primer rasgo aporta el doble ({p.multiplicador_apuntar} × nivel): + nivel",
                "—",
                False,
                "Cada ataque a distancia exige una ronda previa apuntando concentrado.",
            ),
        )
    }


ETIQUETAS_POSTURA = {
    "normal": "Normal",
    "ataque_total": "Ataque total",
    "foco_en_el_dano": "Foco en el daño",
    "defensa_ferrea": "Defensa férrea",
    "apuntar": "Apuntar",
}


def bonus_maximo_ataque_total(nivel: int) -> int:
    return -(-nivel // 2)


@tabla("posturas", titulo="Posturas", seccion=SECCION)
def tabla_posturas(p: ParametrosTapiz) -> Tabla:
    """Las posturas de Tapiz y lo que cambian en el ataque, la resistencia y la iniciativa."""
    return Tabla(
        titulo="Posturas",
        columnas=("Postura", "Ataque", "Resistencia", "Último en iniciativa", "Notas"),
        filas=tuple(
            (
                postura.titulo,
                postura.ataque,
                postura.resistencia,
                "Sí" if postura.ultimo_en_iniciativa else "No",
                postura.nota,
            )
            for postura in posturas(p).values()
        ),
        notas=("Cambiar de postura con el conflicto ya empezado supone una consecuencia menor.",),
    )


@regla(
    "postura",
    titulo="Postura en un conflicto",
    enunciado=(
        "Normal: sin cambios. Ataque total: al ataque, hasta la mitad del nivel (redondeando "
        "hacia arriba), y lo mismo en contra a la resistencia y a la CA. Foco en el daño: los"
        " dados de daño se tiran dos veces y el dado más alto de todos se suma a la tirada de"
        " acción; si falla, el objetivo impone una consecuencia de un grado más. Defensa "
        "férrea: se pierden"
        " los bonificadores al ataque y se gana +{p.bonus_defensa_ferrea} a la resistencia. "
        "Apuntar: el primer rasgo aporta {p.multiplicador_apuntar} × nivel. En ataque total y"
        " foco en el daño se actúa el último."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "mod_ataque",
            int,
            "Modificador al ataque",
            ayuda="Modificador a las tiradas de ataque",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "mod_resistencia",
            int,
            "Modificador a la resistencia",
            ayuda="Modificador a las tiradas de resistencia (y a la CA)",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "ultimo_en_iniciativa",
            bool,
            "Último en iniciativa",
            ayuda="Si obliga a actuar el último en iniciativa",
        ),
        Campo("nota", str, "Condiciones", ayuda="Condiciones y efectos que no son un número"),
    ],
)
def postura(
    p: ParametrosTapiz,
    postura: Annotated[
        str, Entrada("Postura", ayuda="Postura elegida", opciones=ETIQUETAS_POSTURA)
    ],
    nivel: Nivel = 1,
    bonus_elegido: Annotated[
        int | None,
        Entrada(
            "Bonus elegido en ataque total",
            ayuda="Solo en ataque total: bonus menor que el máximo, si se prefiere",
            unidad=SIN_UNIDAD,
            solo_con=("postura", "ataque_total"),
            segun=Segun(
                "nivel",
                lambda p, nivel: (0, bonus_maximo_ataque_total(nivel)),
                "De 0 a la mitad del nivel, redondeando hacia arriba.",
            ),
        ),
    ] = None,
    bonus_ataque: Annotated[
        int,
        Entrada(
            "Bonificadores al ataque que se pierden",
            ayuda="Solo en defensa férrea: bonificadores al ataque que se pierden",
            minimo=0,
            solo_con=("postura", "defensa_ferrea"),
            unidad=SIN_UNIDAD,
        ),
    ] = 0,
) -> Resultado:
    """Los modificadores de una postura durante un conflicto.

    Las posturas son normal, ataque total, foco en el daño, defensa férrea y apuntar.
    """
    elegida = posturas(p)[postura]
    if bonus_elegido is not None and postura != "ataque_total":
        raise ErrorEntrada("la entrada «bonus_elegido» solo se usa con la postura ataque_total")
    if bonus_ataque and postura != "defensa_ferrea":
        raise ErrorEntrada("la entrada «bonus_ataque» solo se usa con la postura defensa_ferrea")
    ataque, resistencia, paso = _modificadores(p, elegida, nivel, bonus_elegido, bonus_ataque)
    pasos = [paso]
    if elegida.ultimo_en_iniciativa:
        pasos.append(f"{elegida.titulo} obliga a ser el último en iniciativa")
    valores = {
        "mod_ataque": ataque,
        "mod_resistencia": resistencia,
        "ultimo_en_iniciativa": elegida.ultimo_en_iniciativa,
        "nota": elegida.nota,
    }
    return Resultado(valores, tuple(pasos))


def _modificadores(
    p: ParametrosTapiz, elegida: Postura, nivel: int, bonus_elegido: int | None, bonus_ataque: int
) -> tuple[int, int, str]:
    if elegida.nombre == "ataque_total":
        maximo = bonus_maximo_ataque_total(nivel)
        bonus = maximo if bonus_elegido is None else bonus_elegido
        if not 0 <= bonus <= maximo:
            raise ErrorEntrada(
                f"en ataque total el bonus elegido va de 0 a {maximo} (la mitad del nivel "
                f"{nivel}, redondeando hacia arriba); se recibió {bonus}"
            )
        paso = (
            f"Ataque total: mitad del nivel {nivel} redondeando hacia arriba = {maximo}; "
            f"{con_signo(bonus)} al ataque y {con_signo(-bonus)} a la resistencia y la CA"
        )
        return bonus, -bonus, paso
    if elegida.nombre == "defensa_ferrea":
        paso = (
            f"Defensa férrea: se pierden {bonus_ataque} de bonificadores al ataque; "
            f"+{p.bonus_defensa_ferrea} a la resistencia"
        )
        return -bonus_ataque, p.bonus_defensa_ferrea, paso
    if elegida.nombre == "apuntar":
        extra = (p.multiplicador_apuntar - 1) * nivel
        paso = (
            f"Apuntar: el primer rasgo aporta {p.multiplicador_apuntar} × {nivel} "
            f"en lugar de {nivel}: {con_signo(extra)} al ataque"
        )
        return extra, 0, paso
    if elegida.nombre == "foco_en_el_dano":
        return 0, 0, "Foco en el daño: se suma a la tirada el dado mayor del daño tirado dos veces"
    return 0, 0, "Postura normal: sin modificadores"


REGLAS = (postura,)
TABLAS = (tabla_posturas,)
