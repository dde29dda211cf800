"""``tapiz comprobar --actualizar``: reescribir los valores de «espera» que ya no cuadran.

Solo toca el valor de cada campo, en su línea: los comentarios, el orden y el
formato del bloque se quedan como estaban. Si la página tiene otros errores
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
from mkdocs_plugins.nucleo.bloques import separar_front_matter
from mkdocs_plugins.nucleo.configuracion import Configuracion
from mkdocs_plugins.nucleo.ejecucion import Diferencia
from mkdocs_plugins.nucleo.problemas import Problema

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


def _reemplazar(linea: str, campo: str, nuevo: str) -> str:
    """Cambia el valor de ``campo`` en su línea (bloque ``campo: v`` o mapa ``{campo: v, …}``)."""
    patron = re.compile(
        rf"(?P<antes>(?:^|[{{,])\s*{re.escape(campo)}\s*:\s*)"
        r"(?P<valor>\"(?:[^\"\\]|\\.)*\"|'[^']*'|\[[^\]]*\]|[^,}#\n]*?)"
        r"(?P<despues>\s*(?:[,}]|#|$))"
    )
    return patron.sub(lambda m: m.group("antes") + nuevo + m.group("despues"), linea, count=1)


def actualizar(fichero: Path, configuracion: Configuracion) -> Actualizacion:
    """Reescribe ``fichero`` con los valores del motor; devuelve el diff o lo que lo impide."""
    ruta = configuracion.ruta(fichero)
    original = fichero.read_text(encoding="utf-8")
    markdown, desplazamiento = separar_front_matter(original)
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
    for d in diferencias:
        indice = d.linea - 1
        lineas[indice] = _reemplazar(lineas[indice], d.campo, como_yaml(d.calculado))
    nuevo = "\n".join(lineas)
    diff = "".join(
        difflib.unified_diff(
            original.splitlines(keepends=True),
            nuevo.splitlines(keepends=True),
            fromfile=f"a/{ruta}",
            tofile=f"b/{ruta}",
        )
    )
    fichero.write_text(nuevo, encoding="utf-8")
    return Actualizacion(ruta, diff, len(diferencias), [])
