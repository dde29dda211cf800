"""Ejecutar los bloques contra el motor y comparar con lo que afirma la página."""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from typing import Any

from mkdocs_plugins.nucleo.fuente.especificacion import EspecEjemplo, EspecRegla
from mkdocs_plugins.nucleo.fuente.problemas import ErrorDePagina
from tapiz_rules.dados import analizar, distribucion
from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.modelo import Campo, DefinicionTabla, Regla, Reglamento, Resultado, Tabla
from tapiz_rules.modelo.formato import tipografia

MAX_COMBINACIONES = 2000


@dataclass(frozen=True)
class Diferencia:
    campo: str
    linea: int
    esperado: Any
    calculado: Any


class ValoresDistintos(ErrorDePagina):
    """El ejemplo se lee y se ejecuta bien, pero afirma valores que no son los del motor.

    Es el único problema que ``tapiz comprobar --actualizar`` sabe arreglar.
    """

    def __init__(self, diferencias: list[Diferencia], mensaje: str) -> None:
        super().__init__(diferencias[0].linea, mensaje)
        self.diferencias = diferencias


@dataclass(frozen=True)
class EjemploEjecutado:
    espec: EspecEjemplo
    regla: Regla
    entradas: dict[str, Any]
    resultado: Resultado


def mostrar(valor: Any) -> str:
    """Un valor tal como se escribiría en el YAML de la página."""
    return json.dumps(valor, ensure_ascii=False)


def buscar_regla(reglamento: Reglamento, nombre: str, linea: int) -> Regla:
    try:
        return reglamento.regla(nombre)
    except ErrorTapiz as error:
        raise ErrorDePagina(linea, str(error)) from None


def ejecutar_ejemplo(espec: EspecEjemplo) -> EjemploEjecutado:
    """Ejecuta el ejemplo; si la página no coincide con el motor, lanza ErrorDePagina."""
    cuerpo = espec.cuerpo
    regla = buscar_regla(espec.reglamento, espec.regla, cuerpo.linea("regla"))
    _comprobar_dados(espec, regla)
    try:
        entradas = regla.validar(espec.entradas)
        resultado = regla.calcular(espec.reglamento.parametros, **entradas)
    except ErrorEntrada as error:
        raise ErrorDePagina(cuerpo.linea("entradas", error.campo), str(error)) from None
    except ErrorTapiz as error:
        raise ErrorDePagina(cuerpo.linea("entradas"), str(error)) from None
    _comparar(espec, regla, resultado)
    return EjemploEjecutado(espec, regla, entradas, resultado)


def _comprobar_dados(espec: EspecEjemplo, regla: Regla) -> None:
    nombres = {campo.nombre for campo in regla.entradas}
    for entrada, expresion in espec.dados.items():
        linea = espec.cuerpo.linea("dados", entrada)
        if entrada not in nombres:
            raise ErrorDePagina(
                linea,
                f"«dados» nombra la entrada «{entrada}», que la regla «{regla.nombre}» no tiene; "
                "sus entradas son: " + ", ".join(sorted(nombres)),
            )
        campo = regla.entrada(entrada)
        if campo is not None and campo.tipo is not int:
            raise ErrorDePagina(
                linea,
                f"«dados» nombra la entrada «{entrada}», que es {campo.nombre_de_tipo} y no "
                "puede salir de una tirada; «dados» solo vale para entradas enteras",
            )
        try:
            expr = analizar(expresion)
        except ErrorTapiz as error:
            raise ErrorDePagina(linea, str(error)) from None
        _valor_posible(espec, entrada, expr.minimo, expr.maximo, expresion)


def _valor_posible(espec: EspecEjemplo, entrada: str, minimo: int, maximo: int, dados: str) -> None:
    """El valor que el ejemplo da a una entrada con dados tiene que poder salir en la tirada."""
    valor = espec.entradas.get(entrada)
    if isinstance(valor, int) and not isinstance(valor, bool) and not minimo <= valor <= maximo:
        raise ErrorDePagina(
            espec.cuerpo.linea("entradas", entrada),
            f"la entrada «{entrada}» vale {valor}, pero sale de {dados}, que da de "
            f"{minimo} a {maximo}",
        )


def _comparar(espec: EspecEjemplo, regla: Regla, resultado: Resultado) -> None:
    salidas = [campo.nombre for campo in regla.salidas]
    diferencias: list[Diferencia] = []
    for campo, esperado in espec.espera.items():
        linea = espec.cuerpo.linea("espera", campo)
        if campo not in resultado.valores:
            raise ErrorDePagina(
                linea,
                f"la regla «{regla.nombre}» no tiene la salida «{campo}»; sus salidas son: "
                + ", ".join(salidas),
            )
        calculado = resultado.valores[campo]
        if not coincide(esperado, calculado):
            diferencias.append(Diferencia(campo, linea, esperado, calculado))
    if diferencias:
        titulo = f"«{espec.titulo}» " if espec.titulo else ""
        lineas = [
            f"el ejemplo {titulo}no coincide con el motor (regla «{regla.nombre}»):",
            *(
                f"  - {d.campo} (línea {d.linea}): la página espera {mostrar(d.esperado)}, "
                f"el motor calcula {mostrar(d.calculado)}"
                for d in diferencias
            ),
        ]
        raise ValoresDistintos(diferencias, "\n".join(lineas))


def coincide(esperado: Any, calculado: Any) -> bool:
    """Igualdad exacta, salvo decimales: 0.45 en la página es el valor redondeado a 2 cifras.

    0 y 1 (también 0.0 y 1.0) son imposible y seguro: exactos, no redondeados.
    """
    if isinstance(esperado, bool) or isinstance(calculado, bool):
        return esperado is calculado
    if esperado in (0, 1):
        return bool(esperado == calculado)
    if isinstance(esperado, float) and isinstance(calculado, int | float):
        decimales = len(repr(esperado).partition(".")[2])
        return round(calculado, decimales) == esperado
    return bool(esperado == calculado)


MAX_PASOS = 200
"""Hasta cuántas tiradas posibles se guardan también los pasos del cálculo."""


def salidas_mostradas(ejecutado: EjemploEjecutado) -> list[Campo]:
    """Las salidas que afirma el ejemplo, más la que decide si sale bien (si la regla la tiene)."""
    return [c for c in ejecutado.regla.salidas if c.nombre in ejecutado.espec.espera or c.decisiva]


def resultados_con_dados(
    ejecutado: EjemploEjecutado,
) -> dict[tuple[int, ...], dict[str, Any]] | None:
    """Lo que muestra la tarjeta para cada combinación de valores de sus dados.

    Así el botón «Repetir» del navegador tira los dados y redibuja la tarjeta
    (valores escritos como en el libro y, si no son demasiadas combinaciones,
    los pasos) sin duplicar la regla en JavaScript. ``None`` si hay demasiadas.
    """
    espec = ejecutado.espec
    if not espec.dados:
        return None
    # En el orden de sus nombres, el de los datos publicados (JSON con las claves ordenadas): la
    # página tira los dados en ese orden y busca el resultado con sus totales en ese orden.
    nombres = sorted(espec.dados)
    try:
        soportes = [[valor for valor, _ in distribucion(espec.dados[n]).items()] for n in nombres]
    except ErrorTapiz:
        return None
    combinaciones = math.prod(len(soporte) for soporte in soportes)
    if combinaciones > MAX_COMBINACIONES:
        return None
    mostradas = salidas_mostradas(ejecutado)
    resultados: dict[tuple[int, ...], dict[str, Any]] = {}
    escritos: dict[str, dict[str, Any]] = {}
    """Muchas tiradas acaban con los mismos valores: se escriben una vez."""
    for combinacion in itertools.product(*soportes):
        entradas = dict(ejecutado.entradas) | dict(zip(nombres, combinacion, strict=True))
        try:
            resultado = ejecutado.regla.calcular(espec.reglamento.parametros, **entradas)
        except ErrorTapiz as error:
            resultados[combinacion] = {"error": str(error)}
            continue
        valores = resultado.valores
        huella = repr(valores)
        if huella not in escritos:
            escritos[huella] = {
                "valores": {c.nombre: c.mostrar(valores[c.nombre], valores) for c in mostradas},
                "exito": valores.get("exito"),
            }
        resultados[combinacion] = escritos[huella]
        if combinaciones <= MAX_PASOS:
            resultados[combinacion] = escritos[huella] | {
                "pasos": [tipografia(p) for p in resultado.pasos]
            }
    return resultados


def ejecutar_regla(espec: EspecRegla) -> Tabla | Regla | None:
    """La tabla o la regla que nombra un ```tapiz-regla``."""
    cuerpo = espec.cuerpo
    try:
        if espec.tabla is not None:
            return espec.reglamento.tabla(espec.tabla)
        if espec.regla is not None:
            return espec.reglamento.regla(espec.regla)
    except ErrorTapiz as error:
        clave = "tabla" if espec.tabla is not None else "regla"
        raise ErrorDePagina(cuerpo.linea(clave), str(error)) from None
    return None


def ejecutar_catalogo(espec: EspecRegla) -> list[Regla | tuple[DefinicionTabla, Tabla]]:
    """Las reglas o las tablas (con su definición) que nombra un bloque del catálogo."""
    reglamento = espec.reglamento
    fichas: list[Regla | tuple[DefinicionTabla, Tabla]] = []
    for clave, nombres in (("reglas", espec.reglas), ("tablas", espec.tablas)):
        for nombre in nombres:
            try:
                if clave == "reglas":
                    fichas.append(reglamento.regla(nombre))
                else:
                    fichas.append((reglamento.vigente.tabla(nombre), reglamento.tabla(nombre)))
            except ErrorTapiz as error:
                raise ErrorDePagina(espec.cuerpo.linea(clave, nombre), str(error)) from None
    return fichas


def _variantes(valor: Any, opciones: tuple[Any, ...]) -> list[Any]:
    """Otros valores razonables de una entrada, para ver si cambian el resultado."""
    if opciones:
        return [o for o in opciones if o != valor]
    if isinstance(valor, bool):
        return [not valor]
    if isinstance(valor, int):
        saltos = (1, 2, 5, 10, 20, 100)
        return [valor + s for s in saltos] + [valor - s for s in saltos] + [0, 1, 3, 18, 2 * valor]
    if isinstance(valor, float):
        return [valor * f for f in (0.0, 0.5, 2.0, 10.0)] + [valor + 1]
    return []


def entradas_sin_efecto(ejecutado: EjemploEjecutado) -> list[str]:
    """Las entradas que da el ejemplo y que no pueden cambiar ninguna salida que afirma.

    Suelen ser una errata (una entrada que no es la que se quería) o datos que
    sobran; se avisa, sin fallar.
    """
    espec, regla = ejecutado.espec, ejecutado.regla
    afirmadas = {c: ejecutado.resultado.valores[c] for c in espec.espera}
    sobrantes = []
    for nombre, valor in espec.entradas.items():
        campo = regla.entrada(nombre)
        if campo is None or nombre in espec.dados or nombre in espec.notas:
            continue
        cambia = False
        for otro in _variantes(valor, campo.valores_validos):
            try:
                valores = regla.ejecutar(
                    espec.reglamento.parametros, {**espec.entradas, nombre: otro}
                )
            except ErrorTapiz:
                continue
            if any(valores.valores[c] != v for c, v in afirmadas.items()):
                cambia = True
                break
        if not cambia and _variantes(valor, campo.valores_validos):
            sobrantes.append(nombre)
    return sobrantes
