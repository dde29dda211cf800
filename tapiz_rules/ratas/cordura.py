"""Puntos de cordura: con cuántos se empieza, qué pasa al perderlos y los PV de los vehículos."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, Tabla, regla, tabla
from tapiz_rules.ratas.parametros import ParametrosRatas
from tapiz_rules.reglas._formato import exigir_minimo

SECCION = "Ratas en las paredes"


@tabla("vehiculos", titulo="PV de los vehículos", seccion=SECCION)
def tabla_vehiculos(p: ParametrosRatas) -> Tabla:
    """Los PV de referencia de los vehículos; sus armas hacen 3d6."""
    return Tabla(
        titulo="Ratas en las paredes: PV de los vehículos",
        columnas=("Vehículo", "PV"),
        filas=p.vehiculos,
        notas=(
            f"Las armas de vehículo hacen {p.dano_armas_de_vehiculo}; a un vehículo acorazado "
            f"solo le dañan las armas de {p.dano_armas_de_vehiculo}.",
            f"Ningún vehículo debería pasar de {p.pv_maximos_de_vehiculo} PV. A 0 PV queda "
            "destruido o inutilizado, a elección del atacante.",
        ),
    )


@regla(
    "cordura_inicial",
    titulo="Puntos de cordura iniciales",
    seccion=SECCION,
    salidas=[Campo("cordura", int, "Puntos de cordura")],
)
def cordura_inicial(
    p: ParametrosRatas,
    voluntad: Annotated[int, Entrada("VOLUNTAD", formato=Formato.MODIFICADOR)] = 0,
) -> Resultado:
    """Se empieza con VOLUNTAD + 10 puntos de cordura."""
    cordura = voluntad + p.cordura_base
    return Resultado({"cordura": cordura}, (f"{voluntad} + {p.cordura_base} = {cordura}",))


@regla(
    "perder_cordura",
    titulo="Perder cordura",
    seccion=SECCION,
    salidas=[
        Campo("cordura", int, "Cordura que queda"),
        Campo("a_cero", bool, "Llega a 0", ayuda="Elige: algo estúpido, desmayo o una cicatriz"),
    ],
)
def perder_cordura(
    p: ParametrosRatas,
    cordura: Annotated[int, Entrada("Cordura actual", minimo=0)],
    perdida: Annotated[int, Entrada("Pérdida", ayuda="Lo que sacan los dados (1d3 por estrés)")],
) -> Resultado:
    """Los horrores sobrenaturales restan cordura; a 0 hay que elegir qué hace el personaje."""
    exigir_minimo("perdida", perdida, 0)
    queda = max(0, cordura - perdida)
    return Resultado(
        {"cordura": queda, "a_cero": queda == 0}, (f"{cordura} − {perdida} = {queda}",)
    )


REGLAS = (cordura_inicial, perder_cordura)
TABLAS = (tabla_vehiculos,)
