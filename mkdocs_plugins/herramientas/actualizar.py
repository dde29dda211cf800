"""``tapiz comprobar --actualizar``: reescribir los valores de «espera» que ya no cuadran.

Solo toca el texto del valor de cada campo (véase ``reescritura``): los
comentarios, las comillas, la precisión, el fin de línea, el orden y el formato
del bloque se quedan como estaban. Si la página tiene otros errores
(un YAML roto, una regla que no existe…) no cambia nada: esos los arregla una
persona.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.herramientas import reescritura
from mkdocs_plugins.nucleo.fuente import Configuracion, Problema, separar_front_matter
from mkdocs_plugins.nucleo.vallas import Diferencia

_SIMPLE = re.compile(r"^[A-Za-zÁÉÍÓÚÑáéíóúñü][\w áéíóúñüÁÉÍÓÚÑ./-]*$")


@dataclass(frozen=True)
class Actualizacion:
    ruta: str
    diff: str
    cambios: int
    rechazos: list[Problema]


def como_yaml(valor: Any) -> str:
    """Un valor escrito como lo escribiría una persona en el YAML de la valla."""
    if valor is None:
        return "null"
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, int | float):
        return repr(round(valor, 4)) if isinstance(valor, float) else str(valor)
    if (
        isinstance(valor, str)
        and _SIMPLE.match(valor)
        and valor.lower()
        not in (
            "null",
            "true",
            "false",
            "yes",
            "no",
            "si",
            "sí",
            "on",
            "off",
        )
    ):
        return valor
    return json.dumps(valor, ensure_ascii=False)


def actualizar(fichero: Path, configuracion: Configuracion) -> Actualizacion:
    """Reescribe ``fichero`` con los valores del motor; devuelve el diff o lo que lo impide."""
    ruta = configuracion.ruta(fichero)
    with fichero.open(encoding="utf-8", newline="") as abierto:
        original = abierto.read()
    markdown, desplazamiento = separar_front_matter(original.replace("\r\n", "\n"))
    procesada = procesar(ruta, markdown, desplazamiento, configuracion.reglamento_de(fichero))
    diferencias: list[Diferencia] = []
    rechazos: list[Problema] = []
    for problema in procesada.problemas:
        de = next((f for f in procesada.fragmentos if f.problema is problema), None)
        if de is not None and de.diferencias:
            diferencias.extend(de.diferencias)
        else:
            rechazos.append(problema)
    if rechazos or not diferencias:
        return Actualizacion(ruta, "", 0, rechazos)
    lineas = original.split("\n")
    cambios: list[tuple[reescritura.Hueco, str]] = []
    for d in diferencias:
        try:
            hueco = reescritura.buscar(lineas, d.linea - 1, d.campo)
        except reescritura.NoSeReescribe as motivo:
            rechazos.append(
                Problema(ruta, d.linea, f"--actualizar no sabe reescribir «{d.campo}»: {motivo}")
            )
            continue
        cambios.append((hueco, reescritura.escribir(hueco, d.calculado, como_yaml)))
    if rechazos:
        return Actualizacion(ruta, "", 0, rechazos)
    for hueco, texto in sorted(cambios, key=lambda c: (c[0].linea, -c[0].desde)):
        linea = lineas[hueco.linea]
        lineas[hueco.linea] = linea[: hueco.desde] + texto + linea[hueco.hasta :]
    nuevo = "\n".join(lineas)
    diff = "".join(
        difflib.unified_diff(
            original.splitlines(keepends=True),
            nuevo.splitlines(keepends=True),
            fromfile=f"a/{ruta}",
            tofile=f"b/{ruta}",
        )
    )
    with fichero.open("w", encoding="utf-8", newline="") as abierto:
        abierto.write(nuevo)
    return Actualizacion(ruta, diff, len(diferencias), [])
