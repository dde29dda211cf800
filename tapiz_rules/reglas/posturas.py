"""Posturas: alternativas a las tiradas de acción y resistencia durante un conflicto."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.registro import REGISTRO, Campo, Resultado, Tabla
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import con_signo, exigir_minimo
from tapiz_rules.reglas.accion import CAMPO_NIVEL

SECCION = "Posturas"
BONUS_DEFENSA_FERREA = 4
MULTIPLICADOR_APUNTAR = 2
"""Apuntar dobla el bonus del primer rasgo (el nivel): suma el nivel otra vez."""


@dataclass(frozen=True)
class Postura:
    nombre: str
    titulo: str
    ataque: str
    resistencia: str
    ultimo_en_iniciativa: bool
    nota: str


POSTURAS: dict[str, Postura] = {
    p.nombre: p
    for p in (
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
            "Solo cuerpo a cuerpo (rango inmediato o cerca) o en conflictos mentales. Si falla, "
            "el objetivo impone una consecuencia de un grado más: un fallo simple pasa a menor, "
            "menor a mayor y mayor a extrema.",
        ),
        Postura(
            "defensa_ferrea",
            "Defensa férrea",
            "Se pierden todos los bonificadores al ataque",
            f"+{BONUS_DEFENSA_FERREA}",
            False,
            "Buena postura para personajes no combatientes: si no hay bonificadores al "
            "ataque, no se pierde nada.",
        ),
        Postura(
            "apuntar",
            "Apuntar",
            f"El primer rasgo aporta el doble ({MULTIPLICADOR_APUNTAR} × nivel): + nivel",
            "—",
            False,
            "Cada ataque a distancia exige una ronda previa apuntando concentrado.",
        ),
    )
}


def bonus_maximo_ataque_total(nivel: int) -> int:
    return -(-nivel // 2)


@REGISTRO.tabla("posturas", titulo="Posturas", seccion=SECCION)
def tabla_posturas(reglamento: Reglamento) -> Tabla:
    """Las posturas de Tapiz y lo que cambian en el ataque, la resistencia y la iniciativa."""
    return Tabla(
        titulo="Posturas",
        columnas=("Postura", "Ataque", "Resistencia", "Último en iniciativa", "Notas"),
        filas=tuple(
            (p.titulo, p.ataque, p.resistencia, "Sí" if p.ultimo_en_iniciativa else "No", p.nota)
            for p in POSTURAS.values()
        ),
        notas=("Cambiar de postura con el conflicto ya empezado supone una consecuencia menor.",),
    )


@REGISTRO.regla(
    "postura",
    titulo="Postura en un conflicto",
    seccion=SECCION,
    entradas=[
        Campo("postura", str, "Postura elegida", opciones=tuple(POSTURAS)),
        CAMPO_NIVEL,
        Campo(
            "bonus_elegido",
            int,
            "Solo en ataque total: bonus menor que el máximo, si se prefiere",
            por_defecto=None,
            admite_nulo=True,
        ),
        Campo(
            "bonus_ataque",
            int,
            "Solo en defensa férrea: bonificadores al ataque que se pierden",
            por_defecto=0,
        ),
    ],
    salidas=[
        Campo("mod_ataque", int, "Modificador a las tiradas de ataque"),
        Campo("mod_resistencia", int, "Modificador a las tiradas de resistencia (y a la CA)"),
        Campo("ultimo_en_iniciativa", bool, "Si obliga a actuar el último en iniciativa"),
        Campo("nota", str, "Condiciones y efectos que no son un número"),
    ],
)
def postura(
    reglamento: Reglamento, postura: str, nivel: int, bonus_elegido: int | None, bonus_ataque: int
) -> Resultado:
    """Los modificadores de una postura durante un conflicto.

    Las posturas son normal, ataque total, foco en el daño, defensa férrea y apuntar.
    """
    exigir_minimo("nivel", nivel, 1)
    exigir_minimo("bonus_ataque", bonus_ataque, 0)
    p = POSTURAS[postura]
    if bonus_elegido is not None and postura != "ataque_total":
        raise ErrorEntrada("la entrada «bonus_elegido» solo se usa con la postura ataque_total")
    if bonus_ataque and postura != "defensa_ferrea":
        raise ErrorEntrada("la entrada «bonus_ataque» solo se usa con la postura defensa_ferrea")
    ataque, resistencia, paso = _modificadores(p, nivel, bonus_elegido, bonus_ataque)
    pasos = [paso]
    if p.ultimo_en_iniciativa:
        pasos.append(f"{p.titulo} obliga a ser el último en iniciativa")
    valores = {
        "mod_ataque": ataque,
        "mod_resistencia": resistencia,
        "ultimo_en_iniciativa": p.ultimo_en_iniciativa,
        "nota": p.nota,
    }
    return Resultado(valores, tuple(pasos))


def _modificadores(
    p: Postura, nivel: int, bonus_elegido: int | None, bonus_ataque: int
) -> tuple[int, int, str]:
    if p.nombre == "ataque_total":
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
    if p.nombre == "defensa_ferrea":
        paso = (
            f"Defensa férrea: se pierden {bonus_ataque} de bonificadores al ataque; "
            f"+{BONUS_DEFENSA_FERREA} a la resistencia"
        )
        return -bonus_ataque, BONUS_DEFENSA_FERREA, paso
    if p.nombre == "apuntar":
        extra = (MULTIPLICADOR_APUNTAR - 1) * nivel
        paso = (
            f"Apuntar: el primer rasgo aporta {MULTIPLICADOR_APUNTAR} × {nivel} "
            f"en lugar de {nivel}: {con_signo(extra)} al ataque"
        )
        return extra, 0, paso
    if p.nombre == "foco_en_el_dano":
        return 0, 0, "Foco en el daño: se suma a la tirada el dado mayor del daño tirado dos veces"
    return 0, 0, "Postura normal: sin modificadores"
