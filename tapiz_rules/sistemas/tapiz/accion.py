"""Hacer cosas: la tirada de acción, los bonus de rasgos, tiradas estáticas y de resistencia."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

from tapiz_rules.dados import distribucion
from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Campo, Entrada, Formato, Resultado, regla
from tapiz_rules.modelo.formato import con_signo, contar_puntos, operador, porcentaje
from tapiz_rules.modelo.unidades import PUNTOS, RASGOS, SIN_UNIDAD
from tapiz_rules.modelo.validacion import exigir_minimo, exigir_rango
from tapiz_rules.sistemas.tapiz.efectos import (
    SALIDA_MODIFICADOR,
    grado_a_un_punto,
    paso_grado,
    salida_grado,
)
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz, exigir_lengua

SECCION = "Hacer cosas"
SECCION_TIRADAS = "Tiradas"


@dataclass(frozen=True)
class BonusRasgos:
    bonus: int
    tope: int
    paso: str


def calcular_bonus_rasgos(
    p: ParametrosTapiz, nivel: int, rasgos: int, rasgos_lengua: int = 0
) -> BonusRasgos:
    """El bonus de rasgos de una tirada: nivel por el primero, +1 por cada otro, tope 2 × nivel."""
    exigir_minimo("nivel", nivel, 1)
    exigir_minimo("rasgos", rasgos, 0)
    exigir_rango("rasgos_lengua", rasgos_lengua, 0, p.maximo_rasgos_lengua)
    if rasgos_lengua:
        exigir_lengua(p, "el bonus de rasgo por lengua («rasgos_lengua»)")
    tope = p.tope_por_nivel * nivel
    partes: list[str] = []
    bruto = 0
    if rasgos:
        partes.append(f"nivel {nivel} por el primer rasgo")
        bruto += nivel
    if rasgos > 1:
        otros = rasgos - 1
        partes.append(f"{otros * p.rasgo_adicional} por {_otros('rasgo', otros)}")
        bruto += otros * p.rasgo_adicional
    if rasgos_lengua:
        partes.append(f"{rasgos_lengua * p.bonus_lengua} por lengua (TZR0001)")
        bruto += rasgos_lengua * p.bonus_lengua
    bonus = min(bruto, tope)
    if not partes:
        paso = f"Bonus de rasgos: ningún rasgo aplica = 0 (tope {tope})"
    else:
        recorte = f", recortado a {bonus}" if bruto > tope else ""
        paso = f"Bonus de rasgos: {' + '.join(partes)} = {bruto} (tope {tope}{recorte})"
    return BonusRasgos(bonus, tope, paso)


def _otros(palabra: str, cantidad: int) -> str:
    return "el segundo" if cantidad == 1 else f"los otros {cantidad} {palabra}s"


def exigir_base(p: ParametrosTapiz, base: int) -> None:
    """La tirada base debe ser un resultado posible del dado base del reglamento."""
    dist = distribucion(p.dado_base)
    if not dist.minimo <= base <= dist.maximo:
        raise ErrorEntrada(
            f"la tirada base {base} no es posible con {p.dado_base} "
            f"(de {dist.minimo} a {dist.maximo}; edición {p.edicion})",
            "base",
        )


Base = Annotated[
    int,
    Entrada(
        "Tirada del dado base",
        ayuda="Resultado del dado base (1d20; 3d6 en la edición de 2017)",
        limites=lambda p: (distribucion(p.dado_base).minimo, distribucion(p.dado_base).maximo),
        unidad=SIN_UNIDAD,
    ),
]
DadosTirados = Annotated[
    int,
    Entrada(
        "Dados de atributo",
        ayuda="Suma de los dados de atributo ya tirados, explosiones incluidas",
        minimo=0,
        unidad=SIN_UNIDAD,
    ),
]
Mod = Annotated[
    int,
    Entrada(
        "Modificador de característica",
        ayuda="Modificador de la característica o atributo",
        formato=Formato.MODIFICADOR,
    ),
]
Nivel = Annotated[int, Entrada("Nivel del personaje", minimo=1, unidad=SIN_UNIDAD)]
Rasgos = Annotated[
    int,
    Entrada("Rasgos que ayudan", ayuda="Rasgos que ayudan en la tirada", unidad=RASGOS, minimo=0),
]
RasgosLengua = Annotated[
    int,
    Entrada(
        "Rasgos por lengua",
        ayuda="Bonus de rasgo +1 por lengua (0-2); solo con la regla opcional TZR0001",
        unidad=RASGOS,
        limites=lambda p: (0, p.maximo_rasgos_lengua if p.bonus_lengua else 0),
    ),
]
Bonus = Annotated[
    int,
    Entrada(
        "Otros bonus y penalizaciones",
        ayuda="Otros bonus o penalizaciones: efectos y consecuencias activos",
        formato=Formato.MODIFICADOR,
    ),
]
Resistencia = Annotated[
    int, Entrada("Resistencia", ayuda="Resistencia (dificultad) de la acción", unidad=SIN_UNIDAD)
]
BonusRasgosDado = Annotated[
    int,
    Entrada("Bonus de rasgos", ayuda="Bonus de rasgos ya calculado", minimo=0, unidad=SIN_UNIDAD),
]


@regla(
    "accion",
    titulo="Tirada de acción",
    enunciado=(
        "Total = {p.dado_base} + dados de atributo + modificador de característica + bonus de"
        " rasgos + otros bonus. Si el total iguala o supera la resistencia, la diferencia son"
        " puntos de efecto; si no, son puntos de consecuencia."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "total",
            int,
            "Total de la tirada",
            ayuda="Resultado total de la tirada",
            unidad=SIN_UNIDAD,
        ),
        Campo(
            "resultado",
            int,
            "Margen sobre la resistencia",
            ayuda="Total menos resistencia",
            formato=Formato.MODIFICADOR,
        ),
        Campo(
            "exito",
            bool,
            "Éxito",
            ayuda="Si el total iguala o supera la resistencia",
            decisiva=True,
        ),
        Campo(
            "puntos_de_efecto",
            int,
            "Puntos de efecto",
            unidad=PUNTOS,
            ayuda="Puntos por encima de la resistencia (0 si falla)",
        ),
        Campo(
            "puntos_de_consecuencia",
            int,
            "Puntos de consecuencia",
            unidad=PUNTOS,
            ayuda="Puntos por debajo de la resistencia (0 si tiene éxito)",
        ),
        salida_grado("Grado del efecto o la consecuencia"),
        SALIDA_MODIFICADOR,
        Campo(
            "bonus_rasgos",
            int,
            "Bonus de rasgos",
            ayuda="Bonus de rasgos aplicado, ya con el tope",
            unidad=SIN_UNIDAD,
        ),
        Campo(
            "a_un_punto",
            bool,
            "A un punto del grado siguiente",
            ayuda="Si a los puntos de efecto les falta uno para el grado siguiente",
        ),
    ],
)
def accion(
    p: ParametrosTapiz,
    base: Base,
    resistencia: Resistencia,
    dados: DadosTirados = 0,
    mod: Mod = 0,
    nivel: Nivel = 1,
    rasgos: Rasgos = 0,
    rasgos_lengua: RasgosLengua = 0,
    bonus: Bonus = 0,
) -> Resultado:
    """Una tirada de acción contra una resistencia.

    Se tira el dado base (1d20; 3d6 en 2017) y los dados de atributo, y se suman
    el modificador, el bonus de rasgos (el nivel por el primer rasgo, +1 por cada
    otro, como mucho 2 × nivel) y otros bonus. Si el total iguala o supera la
    resistencia, la diferencia son puntos de efecto; si no, puntos de consecuencia.
    """
    exigir_base(p, base)
    rasgo = calcular_bonus_rasgos(p, nivel, rasgos, rasgos_lengua)
    total = base + dados + mod + rasgo.bonus + bonus
    resultado = total - resistencia
    exito = resultado >= 0
    efecto = resultado if exito else 0
    consecuencia = 0 if exito else -resultado
    grado = p.grado_de(efecto if exito else consecuencia)
    pasos = [
        rasgo.paso,
        f"Total: {p.dado_base} ({base}) + dados de atributo {dados} "
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
    pasos.append(paso_grado(p, efecto if exito else consecuencia, consecuencia=not exito))
    siguiente = grado_a_un_punto(p, efecto) if exito else None
    if siguiente is not None:
        pasos.append(
            f"A un punto de un efecto {siguiente.nombre}: un punto de heroicidad "
            f"(+{p.bonus_heroicidad}) lo alcanza"
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


@regla(
    "bonus_rasgos",
    titulo="Bonus de rasgos",
    enunciado=(
        "El primer rasgo que ayuda suma el nivel del personaje y cada rasgo más, "
        "+{p.rasgo_adicional}; el total no pasa de {p.tope_por_nivel} veces el nivel."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "bonus",
            int,
            "Bonus de rasgos",
            ayuda="Bonus total de rasgos para la tirada",
            unidad=SIN_UNIDAD,
        ),
        Campo("tope", int, "Tope", ayuda="Máximo permitido: 2 × nivel", unidad=SIN_UNIDAD),
    ],
)
def bonus_rasgos(
    p: ParametrosTapiz,
    nivel: Annotated[int, Entrada("Nivel del personaje", minimo=1, unidad=SIN_UNIDAD)],
    rasgos: Rasgos = 0,
    rasgos_lengua: RasgosLengua = 0,
) -> Resultado:
    """El bonus de rasgos de una tirada.

    El primer rasgo que ayuda suma el nivel del personaje; cada rasgo más, +1.
    El total no puede pasar del doble del nivel.
    """
    r = calcular_bonus_rasgos(p, nivel, rasgos, rasgos_lengua)
    return Resultado({"bonus": r.bonus, "tope": r.tope}, (r.paso,))


@regla(
    "tirada_estatica",
    titulo="Tirada estática",
    enunciado=(
        "Resistencia = {p.base_estatica} + modificador de característica + bonus de rasgos + "
        "otros bonus."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "valor",
            int,
            "Resistencia",
            ayuda="Resistencia que resulta de la tirada estática",
            unidad=SIN_UNIDAD,
        )
    ],
)
def tirada_estatica(
    p: ParametrosTapiz, mod: Mod = 0, bonus_rasgos: BonusRasgosDado = 0, bonus: Bonus = 0
) -> Resultado:
    """Una resistencia sin tirar dados: 10 + modificador + bonus de rasgos + otros bonus.

    La defensa física y la defensa mental son las tiradas estáticas más habituales.
    """
    valor = p.base_estatica + mod + bonus_rasgos + bonus
    paso = (
        f"{p.base_estatica} + mod {con_signo(mod)} + rasgos {bonus_rasgos} "
        f"+ bonus {con_signo(bonus)} = {valor}"
    )
    return Resultado({"valor": valor}, (paso,))


@regla(
    "tirada_resistencia",
    titulo="Tirada de resistencia",
    enunciado=(
        "La resistencia que tiene que superar el oponente es el total de la tirada: "
        "{p.dado_base} + dados de atributo + modificador de característica + bonus de rasgos "
        "+ otros bonus."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            "resistencia",
            int,
            "Resistencia para el oponente",
            ayuda="Resistencia para la tirada de acción del oponente",
            unidad=SIN_UNIDAD,
        )
    ],
)
def tirada_resistencia(
    p: ParametrosTapiz,
    base: Base,
    dados: DadosTirados = 0,
    mod: Mod = 0,
    bonus_rasgos: BonusRasgosDado = 0,
    bonus: Bonus = 0,
) -> Resultado:
    """Resistirse a algo o alguien: el total de la tirada es la resistencia del oponente."""
    exigir_base(p, base)
    total = base + dados + mod + bonus_rasgos + bonus
    paso = (
        f"{p.dado_base} ({base}) + dados de atributo {dados} + mod {con_signo(mod)} "
        f"+ rasgos {bonus_rasgos} + bonus {con_signo(bonus)} = {total}: "
        f"resistencia {total} para el oponente"
    )
    return Resultado({"resistencia": total}, (paso,))


PROBABILIDADES = (
    ("p_exito", "Éxito", "éxito (total ≥ resistencia)"),
    ("p_fallo", "Fallo", "fallo"),
    ("p_menor", "Efecto menor", "éxito con efecto menor (exactamente ese grado)"),
    ("p_mayor", "Efecto mayor", "éxito con efecto mayor (exactamente ese grado)"),
    ("p_extremo", "Efecto extremo", "éxito con efecto extremo"),
    (
        "p_consecuencia_menor",
        "Consecuencia menor",
        "fallo con consecuencia menor (exactamente ese grado)",
    ),
    (
        "p_consecuencia_mayor",
        "Consecuencia mayor",
        "fallo con consecuencia mayor (exactamente ese grado)",
    ),
    ("p_consecuencia_extrema", "Consecuencia extrema", "fallo con consecuencia extrema"),
    ("p_exito_sin_grado", "Éxito sin grado", "éxito que no llega al primer grado de efecto"),
    (
        "p_fallo_sin_grado",
        "Fallo sin grado",
        "fallo que no llega al primer grado de consecuencia",
    ),
)


def _clave_grado(exito: bool, nombre: str) -> str:
    if exito:
        return f"p_{nombre}"
    return f"p_consecuencia_{'extrema' if nombre == 'extremo' else nombre}"


@regla(
    "probabilidades_accion",
    titulo="Probabilidades de una tirada de acción",
    enunciado=(
        "Para cada grado de efecto o de consecuencia, la probabilidad exacta de que la tirada"
        " de acción ({p.dado_base} más los demás términos) caiga en él contra la resistencia "
        "dada."
    ),
    seccion=SECCION,
    salidas=[
        Campo(
            clave,
            float,
            f"Probabilidad de {etiqueta.lower()}",
            ayuda=f"Probabilidad de {texto}",
            formato=Formato.PROBABILIDAD,
        )
        for clave, etiqueta, texto in PROBABILIDADES
    ],
)
def probabilidades_accion(
    p: ParametrosTapiz,
    resistencia: Resistencia,
    dados: Annotated[
        str,
        Entrada(
            "Dados de atributo",
            ayuda="Dados de atributo en notación de dados, por ejemplo 1d6! (vacío: ninguno)",
            formato=Formato.DADOS,
        ),
    ] = "",
    mod: Mod = 0,
    nivel: Nivel = 1,
    rasgos: Rasgos = 0,
    rasgos_lengua: RasgosLengua = 0,
    bonus: Bonus = 0,
) -> Resultado:
    """Las probabilidades exactas de cada resultado de una tirada de acción.

    El dado base sale del reglamento (1d20; 3d6 en la edición de 2017). Cada
    grado cuenta solo las tiradas que lo alcanzan y no llegan al siguiente.
    """
    rasgo = calcular_bonus_rasgos(p, nivel, rasgos, rasgos_lengua)
    fijo = mod + rasgo.bonus + bonus
    tirada, notacion = distribucion(p.dado_base), p.dado_base
    if dados.strip():
        tirada, notacion = tirada + distribucion(dados.strip()), f"{notacion}+{dados.strip()}"
    probs: dict[str, Fraction] = {clave: Fraction(0) for clave, _, _ in PROBABILIDADES}
    for valor, prob in tirada.items():
        resultado = valor + fijo - resistencia
        exito = resultado >= 0
        probs["p_exito" if exito else "p_fallo"] += prob
        grado = p.grado_de(abs(resultado))
        if grado is not None:
            probs[_clave_grado(exito, grado.nombre)] += prob
        else:
            probs["p_exito_sin_grado" if exito else "p_fallo_sin_grado"] += prob
    necesario = resistencia - fijo
    cuenta = f"{resistencia} {operador(-fijo)} = {necesario}" if fijo else str(necesario)
    pasos = (
        rasgo.paso,
        f"Dados: {notacion} (edición {p.edicion}); fijos: mod {con_signo(mod)} "
        f"+ rasgos {rasgo.bonus} + bonus {con_signo(bonus)} = {con_signo(fijo)}",
        f"Éxito si los dados suman al menos {cuenta}: {porcentaje(probs['p_exito'])}",
        f"Efecto menor {porcentaje(probs['p_menor'])}, mayor {porcentaje(probs['p_mayor'])}, "
        f"extremo {porcentaje(probs['p_extremo'])}",
        f"Consecuencia menor {porcentaje(probs['p_consecuencia_menor'])}, "
        f"mayor {porcentaje(probs['p_consecuencia_mayor'])}, "
        f"extrema {porcentaje(probs['p_consecuencia_extrema'])}",
    )
    return Resultado({clave: float(prob) for clave, prob in probs.items()}, pasos, probs)


TIPOS_VENTAJA = {"ventaja": "Ventaja", "desventaja": "Desventaja"}


@regla(
    "ventaja",
    titulo="Tirada con ventaja o desventaja",
    enunciado=(
        "Con ventaja se tira un dado de atributo más y se descarta el menor; con desventaja, "
        "uno más y se descarta el mayor."
    ),
    seccion=SECCION_TIRADAS,
    salidas=[
        Campo(
            "expresion",
            str,
            "Dados de atributo",
            ayuda="Dados de atributo que se tiran, en notación de dados",
            formato=Formato.DADOS,
        )
    ],
)
def ventaja(
    p: ParametrosTapiz,
    tipo: Annotated[
        str,
        Entrada(
            "Ventaja o desventaja",
            ayuda="Ventaja (se ignora el dado menor) o desventaja (el mayor)",
            opciones=TIPOS_VENTAJA,
        ),
    ],
    nivel_atributo: Annotated[
        int,
        Entrada(
            "Nivel del atributo",
            ayuda="Nivel del atributo (1-10)",
            limites=lambda p: (1, p.nivel_atributo_maximo),
            unidad=SIN_UNIDAD,
        ),
    ],
) -> Resultado:
    """Con ventaja se tira un dado de atributo más y se ignora el menor.

    Con desventaja se tira también uno más y se ignora el mayor.
    """
    exigir_rango("nivel_atributo", nivel_atributo, 1, p.nivel_atributo_maximo)
    dados = p.dados_atributo[nivel_atributo]
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


REGLAS = (accion, bonus_rasgos, tirada_estatica, tirada_resistencia, probabilidades_accion, ventaja)
