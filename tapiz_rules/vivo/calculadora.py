"""La calculadora de tiradas de acción: todo lo que muestra, escrito por el motor.

Es una vista sobre dos reglas, ``probabilidades_accion`` (la tabla antes de tirar) y
``accion`` (una tirada ya hecha), y el tirador de dados del motor. La usan la construcción,
que escribe en la página el resultado de los valores iniciales, y la página, que pide lo
mismo al motor (``{"tipo": "calculadora", "entradas": {…}, "semilla": n}``) cada vez que
quien lee cambia un dato o tira: la página no calcula nada.
"""

from __future__ import annotations

from typing import Any

from tapiz_rules.dados.generador import Generador
from tapiz_rules.dados.tirada import Tirada, tirar
from tapiz_rules.errores import ErrorNotacion, ErrorTapiz
from tapiz_rules.modelo import Campo, Regla, Reglamento
from tapiz_rules.modelo.formato import con_signo, contar_puntos, miles, operador, tipografia
from tapiz_rules.vivo.lectura import en_palabras, leer_entradas

PROBABILIDADES = "probabilidades_accion"
TIRADA = "accion"
_TIRADA_DE_ACCION = ("mod", "nivel", "rasgos", "rasgos_lengua", "bonus", "resistencia")
"""Las entradas de ``probabilidades_accion`` que ``accion`` también pide."""


def campos(elegido: Reglamento) -> list[Campo]:
    """Las entradas del formulario: las de la regla (los rasgos por lengua, solo si dan bonus)."""
    p = elegido.parametros
    regla = elegido.regla(PROBABILIDADES)
    return [c for c in regla.entradas if c.nombre != "rasgos_lengua" or p.bonus_lengua]


def iniciales(elegido: Reglamento) -> dict[str, str]:
    """Los textos con que empieza el formulario: la resistencia de una acción media y, en lo
    demás, lo que la regla toma por defecto (vacío si es ninguno)."""
    valores = {
        c.nombre: "" if c.por_defecto in (None, "") else str(c.por_defecto) for c in campos(elegido)
    }
    valores["resistencia"] = str(elegido.parametros.dificultad("media").resistencia)
    return valores


def responder_calculadora(elegido: Reglamento, peticion: dict[str, Any]) -> dict[str, Any]:
    """Las probabilidades de los datos de ``entradas`` y, con ``semilla``, una tirada."""
    regla = elegido.regla(PROBABILIDADES)
    respuesta: dict[str, Any] = {"reglamento": elegido.describir()}
    try:
        valores = leer_entradas(regla, peticion.get("entradas") or {})
    except ErrorTapiz as error:
        return respuesta | _error(error, regla)
    try:
        respuesta |= _tabla(elegido, regla, valores)
    except ErrorTapiz as error:
        respuesta |= _error(error, regla)
    if peticion.get("semilla") is not None:
        respuesta["tirada"] = _tirada(elegido, valores, int(peticion["semilla"]))
    return respuesta


def _error(error: ErrorTapiz, regla: Regla) -> dict[str, Any]:
    """El mensaje para quien lee y el campo que lo causa (unos dados mal escritos: «dados»)."""
    campo = "dados" if isinstance(error, ErrorNotacion) else getattr(error, "campo", None)
    return {"error": en_palabras(error, regla), "campo": campo}


def _tabla(elegido: Reglamento, regla: Regla, valores: dict[str, Any]) -> dict[str, Any]:
    p = elegido.parametros
    resultado = regla.ejecutar(p, valores)
    probabilidades = resultado.valores
    primero = p.grados[0].puntos
    filas = [
        ("p_exito", "Éxito", False),
        ("p_exito_sin_grado", f"sin grado (menos de {primero} puntos de efecto)", True),
        *((f"p_{g.nombre}", f"efecto {g.nombre}", True) for g in p.grados),
        ("p_fallo", "Fallo", False),
        ("p_fallo_sin_grado", f"sin grado (menos de {primero} puntos de consecuencia)", True),
        *((f"p_consecuencia_{g.femenino}", f"consecuencia {g.femenino}", True) for g in p.grados),
    ]
    dados = str(valores.get("dados") or "").strip()
    expresion = p.dado_base + (f"+{dados}" if dados else "")
    resistencia = valores["resistencia"]
    return {
        "titulo": f"Probabilidades antes de tirar: {expresion} contra resistencia "
        f"{miles(resistencia)}",
        "filas": [
            {
                "nombre": nombre,
                "etiqueta": etiqueta,
                "texto": _mostrar(regla, nombre, probabilidades),
                "ancho": f"{4 * probabilidades[nombre]:.2f}em",
                "detalle": detalle,
            }
            for nombre, etiqueta, detalle in filas
            if nombre in probabilidades
        ],
        "pasos": [tipografia(paso) for paso in resultado.pasos],
    }


def _mostrar(regla: Regla, nombre: str, valores: dict[str, Any]) -> str:
    campo = regla.salida(nombre)
    return campo.mostrar(valores[nombre], valores) if campo else str(valores[nombre])


def _tirada(elegido: Reglamento, valores: dict[str, Any], semilla: int) -> dict[str, Any]:
    """Tira el dado base y los dados de atributo, y resuelve la tirada con ``accion``."""
    p = elegido.parametros
    regla = elegido.regla(TIRADA)
    generador = Generador(semilla)
    dados = str(valores.get("dados") or "").strip()
    try:
        tiradas: list[Tirada] = [tirar(p.dado_base, generador)]
        if dados:
            tiradas.append(tirar(dados, generador))
        entradas = {k: valores[k] for k in _TIRADA_DE_ACCION if k in valores}
        entradas |= {"base": tiradas[0].total, "dados": sum(t.total for t in tiradas[1:])}
        hecha = regla.ejecutar(p, entradas)
    except ErrorTapiz as error:
        return {"error": en_palabras(error, regla)}
    r = hecha.valores
    suma = sum(t.total for t in tiradas)
    contra = f"contra {miles(valores['resistencia'])}."
    veredicto = _veredicto(elegido, r)
    return {
        "fichas": [t.a_json() for t in tiradas],
        "suma": f" {operador(r['total'] - suma)} = {miles(r['total'])}",
        "contra": contra,
        "veredicto": veredicto,
        "exito": r["exito"],
        "total": r["total"],
        "anuncio": f"Total {miles(r['total'])} {contra} {veredicto}",
        "pasos": [tipografia(paso) for paso in hecha.pasos],
    }


def _veredicto(elegido: Reglamento, r: dict[str, Any]) -> str:
    """«Éxito: 9 puntos de efecto, efecto menor (+2). A un punto del efecto mayor: …»."""
    p = elegido.parametros
    grado = next((g for g in p.grados if g.nombre == r["grado"]), None)
    if not r["exito"]:
        texto = f"Fallo: {contar_puntos(r['puntos_de_consecuencia'], 'consecuencia')}"
        if grado is None:
            return texto + ", sin grado."
        return texto + f", consecuencia {grado.femenino} ({con_signo(-grado.modificador)})."
    texto = f"Éxito: {contar_puntos(r['puntos_de_efecto'], 'efecto')}"
    if grado is None:
        texto += ", sin grado."
    else:
        texto += f", efecto {grado.nombre} ({con_signo(grado.modificador)})."
    siguiente = p.grado_de(r["puntos_de_efecto"] + p.bonus_heroicidad)
    if r["a_un_punto"] and siguiente is not None:
        texto += (
            f" A un punto del efecto {siguiente.nombre}: un punto de heroicidad "
            f"({con_signo(p.bonus_heroicidad)}) lo alcanza."
        )
    return texto
