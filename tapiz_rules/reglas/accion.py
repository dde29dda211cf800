"""Hacer cosas: la tirada de acción, los bonus de rasgos, tiradas estáticas y de resistencia."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tapiz_rules.dados import distribucion
from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.registro import REGISTRO, Campo, Resultado
from tapiz_rules.reglamento import Reglamento
from tapiz_rules.reglas._formato import (
    con_signo,
    contar_puntos,
    exigir_minimo,
    exigir_opcional,
    exigir_rango,
    operador,
    porcentaje,
)
from tapiz_rules.reglas.efectos import (
    BONUS_HEROICIDAD,
    grado_a_un_punto,
    grado_de,
    paso_grado,
)
from tapiz_rules.reglas.niveles import DADOS_ATRIBUTO, NIVEL_ATRIBUTO_MAXIMO

SECCION = "Hacer cosas"
SECCION_TIRADAS = "Tiradas"

RASGO_ADICIONAL = 1
"""Cada rasgo después del primero suma +1 (el primero suma el nivel)."""
TOPE_POR_NIVEL = 2
"""El bonus total por rasgos no pasa de 2 × nivel."""
BONUS_LENGUA = 1
"""TZR0001: cada circunstancia de lengua es un bonus de rasgo de +1."""
MAXIMO_RASGOS_LENGUA = 2
"""TZR0001 reconoce dos circunstancias: nivel erudito y lengua estimada por la audiencia."""
BASE_ESTATICA = 10
"""Una tirada estática suma 10 en lugar de tirar los dados."""


@dataclass(frozen=True)
class BonusRasgos:
    bonus: int
    tope: int
    paso: str


def calcular_bonus_rasgos(
    reglamento: Reglamento, nivel: int, rasgos: int, rasgos_lengua: int = 0
) -> BonusRasgos:
    """El bonus de rasgos de una tirada: nivel por el primero, +1 por cada otro, tope 2 × nivel."""
    exigir_minimo("nivel", nivel, 1)
    exigir_minimo("rasgos", rasgos, 0)
    exigir_rango("rasgos_lengua", rasgos_lengua, 0, MAXIMO_RASGOS_LENGUA)
    if rasgos_lengua:
        exigir_opcional(reglamento, "TZR0001", "el bonus de rasgo por lengua («rasgos_lengua»)")
    tope = TOPE_POR_NIVEL * nivel
    partes: list[str] = []
    bruto = 0
    if rasgos:
        partes.append(f"nivel {nivel} por el primer rasgo")
        bruto += nivel
    if rasgos > 1:
        otros = rasgos - 1
        partes.append(f"{otros * RASGO_ADICIONAL} por {_otros('rasgo', otros)}")
        bruto += otros * RASGO_ADICIONAL
    if rasgos_lengua:
        partes.append(f"{rasgos_lengua * BONUS_LENGUA} por lengua (TZR0001)")
        bruto += rasgos_lengua * BONUS_LENGUA
    bonus = min(bruto, tope)
    if not partes:
        paso = f"Bonus de rasgos: ningún rasgo aplica = 0 (tope {tope})"
    else:
        recorte = f", recortado a {bonus}" if bruto > tope else ""
        paso = f"Bonus de rasgos: {' + '.join(partes)} = {bruto} (tope {tope}{recorte})"
    return BonusRasgos(bonus, tope, paso)


def _otros(palabra: str, cantidad: int) -> str:
    return "el segundo" if cantidad == 1 else f"los otros {cantidad} {palabra}s"


def exigir_base(reglamento: Reglamento, base: int) -> None:
    """La tirada base debe ser un resultado posible del dado base del reglamento."""
    dist = distribucion(reglamento.dado_base)
    if not dist.minimo <= base <= dist.maximo:
        raise ErrorEntrada(
            f"la tirada base {base} no es posible con {reglamento.dado_base} "
            f"(de {dist.minimo} a {dist.maximo}; edición {reglamento.edicion})"
        )


CAMPO_BASE = Campo("base", int, "Resultado del dado base (1d20; 3d6 en la edición de 2017)")
CAMPO_DADOS = Campo(
    "dados", int, "Suma de los dados de atributo ya tirados, explosiones incluidas", por_defecto=0
)
CAMPO_MOD = Campo("mod", int, "Modificador de la característica o atributo", por_defecto=0)
CAMPO_NIVEL = Campo("nivel", int, "Nivel del personaje", por_defecto=1)
CAMPO_RASGOS = Campo("rasgos", int, "Rasgos que ayudan en la tirada", por_defecto=0)
CAMPO_RASGOS_LENGUA = Campo(
    "rasgos_lengua",
    int,
    "Bonus de rasgo +1 por lengua (0-2); solo con la regla opcional TZR0001",
    por_defecto=0,
)
CAMPO_BONUS = Campo(
    "bonus", int, "Otros bonus o penalizaciones: efectos y consecuencias activos", por_defecto=0
)
CAMPO_RESISTENCIA = Campo("resistencia", int, "Resistencia (dificultad) de la acción")


@REGISTRO.regla(
    "accion",
    titulo="Tirada de acción",
    seccion=SECCION,
    entradas=[
        CAMPO_BASE,
        CAMPO_DADOS,
        CAMPO_MOD,
        CAMPO_NIVEL,
        CAMPO_RASGOS,
        CAMPO_RASGOS_LENGUA,
        CAMPO_BONUS,
        CAMPO_RESISTENCIA,
    ],
    salidas=[
        Campo("total", int, "Resultado total de la tirada"),
        Campo("resultado", int, "Total menos resistencia"),
        Campo("exito", bool, "Si el total iguala o supera la resistencia"),
        Campo("puntos_de_efecto", int, "Puntos por encima de la resistencia (0 si falla)"),
        Campo(
            "puntos_de_consecuencia", int, "Puntos por debajo de la resistencia (0 si tiene éxito)"
        ),
        Campo(
            "grado",
            str,
            "Grado del efecto (o de la consecuencia si falla): menor, mayor, extremo o nulo",
            admite_nulo=True,
        ),
        Campo("modificador", int, "Modificador del grado alcanzado: 0, 2, 4 o 6"),
        Campo("bonus_rasgos", int, "Bonus de rasgos aplicado, ya con el tope"),
        Campo(
            "a_un_punto", bool, "Si a los puntos de efecto les falta uno para el grado siguiente"
        ),
    ],
)
def accion(
    reglamento: Reglamento,
    base: int,
    dados: int,
    mod: int,
    nivel: int,
    rasgos: int,
    rasgos_lengua: int,
    bonus: int,
    resistencia: int,
) -> Resultado:
    """Una tirada de acción contra una resistencia.

    Se tira el dado base (1d20; 3d6 en 2017) y los dados de atributo, y se suman
    el modificador, el bonus de rasgos (el nivel por el primer rasgo, +1 por cada
    otro, como mucho 2 × nivel) y otros bonus. Si el total iguala o supera la
    resistencia, la diferencia son puntos de efecto; si no, puntos de consecuencia.
    """
    exigir_base(reglamento, base)
    exigir_minimo("dados", dados, 0)
    rasgo = calcular_bonus_rasgos(reglamento, nivel, rasgos, rasgos_lengua)
    total = base + dados + mod + rasgo.bonus + bonus
    resultado = total - resistencia
    exito = resultado >= 0
    efecto = resultado if exito else 0
    consecuencia = 0 if exito else -resultado
    grado = grado_de(efecto if exito else consecuencia)
    pasos = [
        rasgo.paso,
        f"Total: {reglamento.dado_base} ({base}) + dados de atributo {dados} "
        f"+ mod {con_signo(mod)} + rasgos {rasgo.bonus} + bonus {con_signo(bonus)} = {total}",
    ]
    if exito:
        pasos.append(
            f"Resultado: {total} - resistencia {resistencia} = {resultado} ≥ 0: éxito con "
            f"{contar_puntos(efecto, 'efecto')}"
        )
    else:
        pasos.append(
            f"Resultado: {total} - resistencia {resistencia} = {resultado} < 0: "
            f"fallo con {contar_puntos(consecuencia, 'consecuencia')}"
        )
    pasos.append(paso_grado(efecto if exito else consecuencia, consecuencia=not exito))
    siguiente = grado_a_un_punto(efecto) if exito else None
    if siguiente is not None:
        pasos.append(
            f"A un punto de un efecto {siguiente.nombre}: un punto de heroicidad "
            f"(+{BONUS_HEROICIDAD}) lo alcanza"
        )
    valores = {
        "total": total,
        "resultado": resultado,
        "exito": exito,
        "puntos_de_efecto": efecto,
        "puntos_de_consecuencia": consecuencia,
        "grado": None if grado is None else grado.nombre,
        "modificador": 0 if grado is None else grado.modificador,
        "bonus_rasgos": rasgo.bonus,
        "a_un_punto": siguiente is not None,
    }
    return Resultado(valores, tuple(pasos))


@REGISTRO.regla(
    "bonus_rasgos",
    titulo="Bonus de rasgos",
    seccion=SECCION,
    entradas=[
        Campo("nivel", int, "Nivel del personaje"),
        CAMPO_RASGOS,
        CAMPO_RASGOS_LENGUA,
    ],
    salidas=[
        Campo("bonus", int, "Bonus total de rasgos para la tirada"),
        Campo("tope", int, "Máximo permitido: 2 × nivel"),
    ],
)
def bonus_rasgos(reglamento: Reglamento, nivel: int, rasgos: int, rasgos_lengua: int) -> Resultado:
    """El bonus de rasgos de una tirada.

    El primer rasgo que ayuda suma el nivel del personaje; cada rasgo más, +1.
    El total no puede pasar del doble del nivel.
    """
    r = calcular_bonus_rasgos(reglamento, nivel, rasgos, rasgos_lengua)
    return Resultado({"bonus": r.bonus, "tope": r.tope}, (r.paso,))


CAMPO_BONUS_RASGOS = Campo("bonus_rasgos", int, "Bonus de rasgos ya calculado", por_defecto=0)


@REGISTRO.regla(
    "tirada_estatica",
    titulo="Tirada estática",
    seccion=SECCION,
    entradas=[CAMPO_MOD, CAMPO_BONUS_RASGOS, CAMPO_BONUS],
    salidas=[Campo("valor", int, "Resistencia que resulta de la tirada estática")],
)
def tirada_estatica(reglamento: Reglamento, mod: int, bonus_rasgos: int, bonus: int) -> Resultado:
    """Una resistencia sin tirar dados: 10 + modificador + bonus de rasgos + otros bonus.

    La defensa física y la defensa mental son las tiradas estáticas más habituales.
    """
    exigir_minimo("bonus_rasgos", bonus_rasgos, 0)
    valor = BASE_ESTATICA + mod + bonus_rasgos + bonus
    paso = (
        f"{BASE_ESTATICA} + mod {con_signo(mod)} + rasgos {bonus_rasgos} "
        f"+ bonus {con_signo(bonus)} = {valor}"
    )
    return Resultado({"valor": valor}, (paso,))


@REGISTRO.regla(
    "tirada_resistencia",
    titulo="Tirada de resistencia",
    seccion=SECCION,
    entradas=[CAMPO_BASE, CAMPO_DADOS, CAMPO_MOD, CAMPO_BONUS_RASGOS, CAMPO_BONUS],
    salidas=[Campo("resistencia", int, "Resistencia para la tirada de acción del oponente")],
)
def tirada_resistencia(
    reglamento: Reglamento, base: int, dados: int, mod: int, bonus_rasgos: int, bonus: int
) -> Resultado:
    """Resistirse a algo o alguien: el total de la tirada es la resistencia del oponente."""
    exigir_base(reglamento, base)
    exigir_minimo("dados", dados, 0)
    exigir_minimo("bonus_rasgos", bonus_rasgos, 0)
    total = base + dados + mod + bonus_rasgos + bonus
    paso = (
        f"{reglamento.dado_base} ({base}) + dados de atributo {dados} + mod {con_signo(mod)} "
        f"+ rasgos {bonus_rasgos} + bonus {con_signo(bonus)} = {total}: "
        f"resistencia {total} para el oponente"
    )
    return Resultado({"resistencia": total}, (paso,))


PROBABILIDADES = (
    ("p_exito", "éxito (total ≥ resistencia)"),
    ("p_fallo", "fallo"),
    ("p_menor", "éxito con efecto menor (exactamente ese grado)"),
    ("p_mayor", "éxito con efecto mayor (exactamente ese grado)"),
    ("p_extremo", "éxito con efecto extremo"),
    ("p_consecuencia_menor", "fallo con consecuencia menor (exactamente ese grado)"),
    ("p_consecuencia_mayor", "fallo con consecuencia mayor (exactamente ese grado)"),
    ("p_consecuencia_extrema", "fallo con consecuencia extrema"),
)


def _clave_grado(exito: bool, nombre: str) -> str:
    if exito:
        return f"p_{nombre}"
    return f"p_consecuencia_{'extrema' if nombre == 'extremo' else nombre}"


@REGISTRO.regla(
    "probabilidades_accion",
    titulo="Probabilidades de una tirada de acción",
    seccion=SECCION,
    entradas=[
        Campo(
            "dados",
            str,
            "Dados de atributo en notación de dados, por ejemplo 1d6! (vacío: ninguno)",
            por_defecto="",
        ),
        CAMPO_MOD,
        CAMPO_NIVEL,
        CAMPO_RASGOS,
        CAMPO_RASGOS_LENGUA,
        CAMPO_BONUS,
        CAMPO_RESISTENCIA,
    ],
    salidas=[Campo(clave, float, f"Probabilidad de {texto}") for clave, texto in PROBABILIDADES],
)
def probabilidades_accion(
    reglamento: Reglamento,
    dados: str,
    mod: int,
    nivel: int,
    rasgos: int,
    rasgos_lengua: int,
    bonus: int,
    resistencia: int,
) -> Resultado:
    """Las probabilidades exactas de cada resultado de una tirada de acción.

    El dado base sale del reglamento (1d20; 3d6 en la edición de 2017). Cada
    grado cuenta solo las tiradas que lo alcanzan y no llegan al siguiente.
    """
    rasgo = calcular_bonus_rasgos(reglamento, nivel, rasgos, rasgos_lengua)
    fijo = mod + rasgo.bonus + bonus
    expresion = reglamento.dado_base + (f"+{dados.strip()}" if dados.strip() else "")
    probs: dict[str, Fraction] = {clave: Fraction(0) for clave, _ in PROBABILIDADES}
    for valor, p in distribucion(expresion).items():
        resultado = valor + fijo - resistencia
        exito = resultado >= 0
        probs["p_exito" if exito else "p_fallo"] += p
        grado = grado_de(abs(resultado))
        if grado is not None:
            probs[_clave_grado(exito, grado.nombre)] += p
    necesario = resistencia - fijo
    cuenta = f"{resistencia} {operador(-fijo)} = {necesario}" if fijo else str(necesario)
    pasos = (
        rasgo.paso,
        f"Dados: {expresion} (edición {reglamento.edicion}); fijos: mod {con_signo(mod)} "
        f"+ rasgos {rasgo.bonus} + bonus {con_signo(bonus)} = {con_signo(fijo)}",
        f"Éxito si los dados suman al menos {cuenta}: {porcentaje(probs['p_exito'])}",
        f"Efecto menor {porcentaje(probs['p_menor'])}, mayor {porcentaje(probs['p_mayor'])}, "
        f"extremo {porcentaje(probs['p_extremo'])}",
        f"Consecuencia menor {porcentaje(probs['p_consecuencia_menor'])}, "
        f"mayor {porcentaje(probs['p_consecuencia_mayor'])}, "
        f"extrema {porcentaje(probs['p_consecuencia_extrema'])}",
    )
    return Resultado({clave: float(p) for clave, p in probs.items()}, pasos)


TIPOS_VENTAJA = ("ventaja", "desventaja")


@REGISTRO.regla(
    "ventaja",
    titulo="Tirada con ventaja o desventaja",
    seccion=SECCION_TIRADAS,
    entradas=[
        Campo(
            "tipo",
            str,
            "Ventaja (se ignora el dado menor) o desventaja (el mayor)",
            opciones=TIPOS_VENTAJA,
        ),
        Campo("nivel_atributo", int, f"Nivel del atributo (1-{NIVEL_ATRIBUTO_MAXIMO})"),
    ],
    salidas=[Campo("expresion", str, "Dados de atributo que se tiran, en notación de dados")],
)
def ventaja(reglamento: Reglamento, tipo: str, nivel_atributo: int) -> Resultado:
    """Con ventaja se tira un dado de atributo más y se ignora el menor.

    Con desventaja se tira también uno más y se ignora el mayor.
    """
    exigir_rango("nivel_atributo", nivel_atributo, 1, NIVEL_ATRIBUTO_MAXIMO)
    dados = DADOS_ATRIBUTO[nivel_atributo]
    assert dados is not None
    cantidad, caras = dados
    modo = "kh" if tipo == "ventaja" else "kl"
    expresion = f"{cantidad + 1}d{caras}!{modo}{cantidad}"
    ignora = "menor" if tipo == "ventaja" else "mayor"
    paso = (
        f"Nivel {nivel_atributo}: {cantidad}d{caras}!; con {tipo} se tira uno más y se ignora "
        f"el {ignora}: {expresion}"
    )
    return Resultado({"expresion": expresion}, (paso,))
