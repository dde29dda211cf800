"""El paquete lleva el Python de las reglas en vivo ya compilado para la Pyodide fijada.

Quien diseña un Lienzo no tiene Node (trae Pyodide con ``tapiz motor``), y sin Node su libro se
publicaba con la biblioteca estándar entera en fuentes: más bytes y un arranque más lento en la
página. Al construir la rueda (y el sdist), este gancho de hatchling añade lo que precompila
``mkdocs_plugins/nucleo/vivo/precompilado.py`` para este ``tapiz_rules`` y el Pyodide de
``node_modules/`` (de la caché del repositorio, o con Node): ``empaquetado/HUELLA/``. La
construcción de quien diseña lo usa si su Pyodide y sus fuentes dan la misma huella.

Sin ``node_modules/pyodide`` o sin Node, el paquete sale sin él (y lo dice): funciona igual,
con las fuentes. Desde un sdist que ya lo lleva, la rueda lo copia como un fichero más.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

DENTRO = "mkdocs_plugins/nucleo/vivo/empaquetado"


class PrecompiladoEnElPaquete(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        raiz = Path(self.root)
        if version == "editable" or (raiz / DENTRO).is_dir():
            return  # el de la caché del repositorio, o un sdist que ya lo trae
        self._temporal = Path(tempfile.mkdtemp(prefix="tapiz-empaquetado-"))
        sys.path.insert(0, str(raiz))
        try:
            precompilado = _cargar(raiz / "mkdocs_plugins" / "nucleo" / "vivo" / "precompilado.py")
            hecho = precompilado.empaquetar(raiz, raiz / "node_modules" / "pyodide", self._temporal)
        finally:
            sys.path.remove(str(raiz))
        if hecho:
            build_data["force_include"][str(self._temporal)] = DENTRO
        else:
            self.app.display_warning(
                "tapiz: el paquete sale sin el Python precompilado de las reglas en vivo (hace "
                "falta node_modules/pyodide, «npm ci», y Node)"
            )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        temporal = getattr(self, "_temporal", None)
        if temporal is not None:
            shutil.rmtree(temporal, ignore_errors=True)


def _cargar(fichero: Path) -> Any:
    """El módulo por su fichero: ``mkdocs_plugins.nucleo`` importa MkDocs, que el entorno
    aislado de la construcción no tiene; ``precompilado.py`` solo la biblioteca estándar y
    ``tapiz_rules``."""
    especificacion = importlib.util.spec_from_file_location("_tapiz_precompilado", fichero)
    assert especificacion is not None and especificacion.loader is not None
    modulo = importlib.util.module_from_spec(especificacion)
    sys.modules[especificacion.name] = modulo  # lo necesita @dataclass
    especificacion.loader.exec_module(modulo)
    return modulo
