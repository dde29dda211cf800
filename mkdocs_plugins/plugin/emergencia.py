"""Con ``mkdocs serve``, un ``tapiz.yml`` o un ``lienzo.yml`` mal escrito se ve en cada página.

En una construcción es un error que la para. Mientras se sirve, pararla deja
el servidor «atascado» sin decir por qué hasta que alguien mira la consola; en
su lugar, el libro se construye con las reglas de serie y cada página empieza
con el error, que desaparece en cuanto el fichero se arregla.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs_plugins.nucleo.fuente import Configuracion, Problema
from tapiz_rules.sistemas import reglamento

_LUGAR = re.compile(r"^(?P<ruta>[^\n]+?):(?P<linea>\d+): (?P<mensaje>.*)$", re.DOTALL)


def problema_de(error: Exception) -> Problema:
    """El error («fichero:línea: mensaje») como un Problema que se puede mostrar."""
    texto = str(error)
    lugar = _LUGAR.match(texto)
    if lugar is None:
        return Problema("tapiz.yml", 1, texto)
    return Problema(lugar["ruta"], int(lugar["linea"]), lugar["mensaje"])


def configuracion_de_serie(raiz: Path, paginas: Path) -> Configuracion:
    """Las reglas de serie, sin Lienzos: con las que se sirve mientras el error siga."""
    return Configuracion(raiz.resolve(), paginas.resolve(), reglamento())
