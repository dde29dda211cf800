"""*Ratas en las paredes* (004): 2d6 + atributo, éxito con 8 o más y bandas de resultado."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Sistema, Tabla, regla, tabla
from tapiz_rules.reglas._formato import con_signo, exigir_rango

SECCION = "Ratas en las paredes"


@dataclass(frozen=True)
class Banda:
    nombre: str
    desde: int
    combate: str
    tarea: str


BANDAS: tuple[Banda, ...] = (
    Banda(
        "7-",
        -1000,
        "El DJ puede usar dos consecuencias contra él o una muy seria",
        "Lo consigue en 2d6 (turnos, minutos, horas…)",
    ),
    Banda(
        "8-9",
        8,
        "Tiene éxito, pero sufre una consecuencia",
        "Lo hace en 1d6 (turnos, minutos, horas…)",
    ),
    Banda(
        "10-11",
        10,
        "Tiene éxito y elige una consecuencia para su objetivo",
        "Lo consigue casi inmediatamente",
    ),
    Banda(
        "12+",
        12,
        "Tiene éxito y escoge dos consecuencias para su objetivo",
        "Lo consigue casi inmediatamente",
    ),
)


@dataclass(frozen=True)
class ParametrosRatas:
    dados: str = "2d6"
    exito: int = 8
    dados_fuego_automatico: str = "3d6"
    """El fuego automático tira 3d6 sin bonificaciones; cualquier 1 vacía el arma."""
    vacia_el_arma: int = 1
    dificultades: tuple[tuple[str, str, int], ...] = (
        ("facil", "Fácil", 2),
        ("normal", "Normal", 0),
        ("dificil", "Difícil", -2),
    )
    bandas: tuple[Banda, ...] = BANDAS

    def modificador(self, dificultad: str) -> tuple[str, int]:
        return next((t, m) for clave, t, m in self.dificultades if clave == dificultad)

    def banda(self, total: int) -> Banda:
        return [b for b in self.bandas if total >= b.desde][-1]


DIFICULTADES = {clave: titulo for clave, titulo, _ in ParametrosRatas().dificultades}
BANDAS_ETIQUETAS = {b.nombre: b.nombre for b in BANDAS}


@tabla("bandas", titulo="Bandas de resultado", seccion=SECCION)
def tabla_bandas(p: ParametrosRatas) -> Tabla:
    """Qué significa cada banda de resultado de 2d6 + atributo en combate y en tareas."""
    facil, dificil = p.modificador("facil")[1], p.modificador("dificil")[1]
    return Tabla(
        titulo="Ratas en las paredes: bandas de resultado",
        columnas=("Resultado", "En combate", "En una tarea"),
        filas=tuple((b.nombre, b.combate, b.tarea) for b in p.bandas),
        notas=(
            f"{p.dados} + atributo ≥ {p.exito} es un éxito; una acción fácil suma "
            f"{con_signo(facil)} y una difícil {con_signo(dificil)}.",
        ),
    )


@regla(
    "tirada",
    titulo="Tirada de atributo",
    seccion=SECCION,
    salidas=[
        Campo("total", int, "Total", ayuda="2d6 + atributo + modificador por dificultad"),
        Campo("exito", bool, "Éxito", ayuda="Si el total es 8 o más", decisiva=True),
        Campo("banda", str, "Banda de resultado", ayuda="Banda de resultado: 7-, 8-9, 10-11 o 12+"),
        Campo("descripcion", str, "Qué ocurre", ayuda="Qué ocurre en combate con esa banda"),
    ],
)
def tirada(
    p: ParametrosRatas,
    dados: Annotated[int, Entrada("Tirada de 2d6", ayuda="Suma de los 2d6 tirados (2-12)")],
    atributo: Annotated[
        int,
        Entrada("Atributo", ayuda="Valor del atributo relevante", formato=Formato.MODIFICADOR),
    ] = 0,
    dificultad: Annotated[
        str, Entrada("Dificultad", ayuda="Fácil (+2), normal o difícil (-2)", opciones=DIFICULTADES)
    ] = "normal",
) -> Resultado:
    """La tirada de atributo de *Ratas en las paredes*: 2d6 + atributo, éxito con 8 o más."""
    exigir_rango("dados", dados, 2, 12)
    titulo, mod = p.modificador(dificultad)
    total = dados + atributo + mod
    banda = p.banda(total)
    exito = total >= p.exito
    pasos = (
        f"2d6 = {dados} + atributo {con_signo(atributo)} + {titulo.lower()} {con_signo(mod)} "
        f"= {total}",
        f"{total} {'≥' if exito else '<'} {p.exito}: {'éxito' if exito else 'fallo'}, "
        f"banda {banda.nombre}",
    )
    valores = {"total": total, "exito": exito, "banda": banda.nombre, "descripcion": banda.combate}
    return Resultado(valores, pasos)


REGLAS = (tirada,)
TABLAS = (tabla_bandas,)


def crear_ratas() -> Sistema:
    return Sistema.crear("ratas", "Ratas en las paredes", ParametrosRatas(), REGLAS, TABLAS)


RATAS = crear_ratas()
