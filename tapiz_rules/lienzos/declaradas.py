"""Las reglas de un Lienzo con Python, declaradas aquí con lo que contesta su proceso.

El proceso del Lienzo (:mod:`tapiz_rules.lienzos.aislado`) describe cada regla con datos
ya comprobados (:mod:`tapiz_rules.lienzos.tramas`); aquí cada una pasa a ser un
:class:`~tapiz_rules.modelo.Regla` normal cuyo cálculo se lo pide a ese proceso, y cuyas
salidas tienen que ser del tipo que declara.
"""

from __future__ import annotations

from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.aislado import ErrorDelLienzo, Trabajador
from tapiz_rules.modelo import Campo, Regla, Resultado
from tapiz_rules.modelo.campos import NOMBRES_DE_TIPO, OBLIGATORIO
from tapiz_rules.modelo.formato import Formato

_TIPOS = {nombre: tipo for tipo, nombre in NOMBRES_DE_TIPO.items()}


def _campo(datos: Any) -> Campo:
    if not isinstance(datos, dict) or datos.get("tipo") not in _TIPOS:
        raise ErrorTapiz(f"un campo mal descrito: {datos!r:.80}")
    unidad = datos.get("unidad")
    opciones = datos.get("opciones")
    return Campo(
        nombre=str(datos["nombre"]),
        tipo=_TIPOS[datos["tipo"]],
        etiqueta=str(datos["etiqueta"]),
        ayuda=str(datos.get("ayuda") or ""),
        unidad=tuple(unidad) if isinstance(unidad, list) else unidad,
        formato=Formato(datos["formato"]) if datos.get("formato") else None,
        opciones=tuple(tuple(o) for o in opciones) if opciones is not None else None,
        por_defecto=datos.get("por_defecto", OBLIGATORIO),
        admite_nulo=bool(datos.get("admite_nulo")),
        minimo=datos.get("minimo"),
        maximo=datos.get("maximo"),
        unidad_de=datos.get("unidad_de"),
        decisiva=bool(datos.get("decisiva")),
    )


def reglas_del_lienzo(trabajador: Trabajador) -> tuple[Regla, ...]:
    """Importa el ``reglas.py`` en su proceso y declara aquí sus reglas, que calculan allí."""
    return tuple(regla_de_datos(trabajador, datos) for datos in trabajador.cargar())


def regla_de_datos(trabajador: Trabajador, datos: dict[str, Any]) -> Regla:
    """La regla que describe una respuesta ya comprobada (:mod:`tapiz_rules.lienzos.tramas`)."""
    try:
        nombre = str(datos["nombre"])
        salidas = tuple(_campo(c) for c in datos["salidas"])
        return Regla(
            nombre=nombre,
            titulo=str(datos["titulo"]),
            seccion=str(datos["seccion"]),
            descripcion=str(datos["descripcion"]),
            entradas=tuple(_campo(c) for c in datos["entradas"]),
            salidas=salidas,
            calcular=_calculo(trabajador, nombre, salidas),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ErrorDelLienzo(f"{trabajador.ruta}: una regla mal descrita ({error})") from None


def _calculo(trabajador: Trabajador, nombre: str, salidas: tuple[Campo, ...]) -> Any:
    def calcular(parametros: Any, **entradas: Any) -> Resultado:
        resultado = trabajador.calcular(nombre, parametros, entradas)
        for campo in salidas:
            valor = resultado.valores.get(campo.nombre)
            if campo.nombre in resultado.valores and not _del_tipo(valor, campo):
                linea = trabajador.lineas.get(nombre, 0)
                raise ErrorDelLienzo(
                    f"{trabajador.ruta}:{linea}: la regla «{nombre}» del Lienzo "
                    f"«{trabajador.lienzo}» devolvió {valor!r:.40} en «{campo.nombre}», que "
                    f"declara {campo.nombre_de_tipo}",
                    trabajador.ruta,
                    linea,
                )
        return resultado

    return calcular


def _del_tipo(valor: Any, campo: Campo) -> bool:
    """Si una salida es del tipo que declara: un entero no llega como 2.0, ni un sí/no como 1."""
    if valor is None or isinstance(valor, bool):
        return campo.admite_nulo if valor is None else campo.tipo is bool
    if campo.tipo is float:
        return isinstance(valor, int | float)
    return isinstance(valor, campo.tipo)
