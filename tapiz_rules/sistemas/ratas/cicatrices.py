"""Las cicatrices del cuerpo (al sobrevivir a 0 PV) y de la mente (al seguir a 0 de cordura)."""

from __future__ import annotations

from typing import Annotated

from tapiz_rules.modelo import Campo, Entrada, Resultado, Tabla, regla, tabla
from tapiz_rules.modelo.unidades import SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_rango
from tapiz_rules.sistemas.ratas.parametros import ParametrosRatas, buscar, rango
from tapiz_rules.sistemas.ratas.tiradas import Dados

SECCION = "Ratas en las paredes"


@tabla("cicatrices", titulo="Cicatrices", seccion=SECCION)
def tabla_cicatrices(p: ParametrosRatas) -> Tabla:
    """Quien sobrevive a 0 PV se levanta con 1 PV y tira 2d6 en esta tabla."""
    return Tabla(
        titulo="Ratas en las paredes: cicatrices (2d6)",
        columnas=("2d6", "Cicatriz", "Efecto"),
        filas=tuple((rango(d, h), n, e) for d, h, n, e in p.cicatrices),
        notas=("No se tira si la situación exige un resultado concreto (ácido, fuego…).",),
    )


@tabla("locuras", titulo="Cicatrices de la locura", seccion=SECCION)
def tabla_locuras(p: ParametrosRatas) -> Tabla:
    """Quien sigue actuando a 0 de cordura tira 2d6 aquí y recupera 1d6 de cordura."""
    return Tabla(
        titulo="Ratas en las paredes: cicatrices de la locura (2d6)",
        columnas=("2d6", "Cicatriz", "Efecto"),
        filas=tuple((rango(d, h), n, e) for d, h, n, e in p.locuras),
    )


@tabla("cosmeticos", titulo="Cambios cosméticos", seccion=SECCION)
def tabla_cosmeticos(p: ParametrosRatas) -> Tabla:
    """La subtabla de 1d6 del «cambio cosmético»."""
    return Tabla(
        titulo="Ratas en las paredes: cambios cosméticos (1d6)",
        columnas=("1d6", "Cambio"),
        filas=tuple((str(i), c) for i, c in enumerate(p.cosmeticos, 1)),
    )


@regla(
    "cicatriz",
    titulo="Cicatriz",
    enunciado="Se tiran 2d6 y se lee la cicatriz en la tabla de cicatrices.",
    seccion=SECCION,
    salidas=[Campo("cicatriz", str, "Cicatriz"), Campo("efecto", str, "Efecto")],
)
def cicatriz(p: ParametrosRatas, dados: Dados) -> Resultado:
    """Busca la tirada de 2d6 en la tabla de cicatrices."""
    exigir_rango("dados", dados, 2, 12)
    nombre, efecto = buscar(p.cicatrices, dados)
    paso = f"2d6 = {dados} en la tabla de cicatrices: {nombre} ({efecto})"
    return Resultado({"cicatriz": nombre, "efecto": efecto}, (paso,))


@regla(
    "locura",
    titulo="Cicatriz de la locura",
    enunciado=(
        "Se tiran 2d6 y se lee la cicatriz en la tabla de la locura; si sale un cambio "
        "cosmético, se tira además 1d6."
    ),
    seccion=SECCION,
    salidas=[Campo("cicatriz", str, "Cicatriz"), Campo("efecto", str, "Efecto")],
)
def locura(
    p: ParametrosRatas,
    dados: Dados,
    cosmetico: Annotated[
        int,
        Entrada(
            "Tirada de 1d6",
            ayuda="Solo para el cambio cosmético (1-6)",
            minimo=1,
            maximo=6,
            unidad=SIN_UNIDAD,
        ),
    ] = 1,
) -> Resultado:
    """Busca la tirada de 2d6 en la tabla de locura; un cambio cosmético tira además 1d6."""
    exigir_rango("dados", dados, 2, 12)
    exigir_rango("cosmetico", cosmetico, 1, 6)
    nombre, efecto = buscar(p.locuras, dados)
    pasos = [f"2d6 = {dados} en la tabla de cicatrices de la locura: {nombre}"]
    if nombre == "Cambio cosmético":
        efecto = p.cosmeticos[cosmetico - 1]
        pasos.append(f"1d6 = {cosmetico} en la tabla de cambios cosméticos: {efecto}")
    else:
        pasos[0] += f" ({efecto})"
    return Resultado({"cicatriz": nombre, "efecto": efecto}, tuple(pasos))


REGLAS = (cicatriz, locura)
TABLAS = (tabla_cicatrices, tabla_locuras, tabla_cosmeticos)
