"""Las rutas de importación de la versión 0.1, durante una versión más.

``tapiz_rules.reglas``, ``tapiz_rules.d20`` y ``tapiz_rules.ratas`` viven ahora en
``tapiz_rules.sistemas``. Un Lienzo escrito para la 0.1 (``from tapiz_rules.reglas.parametros
import ParametrosTapiz``) sigue funcionando: cada módulo antiguo es *el mismo objeto* que
el nuevo, así que las clases no se duplican, y se avisa con un ``DeprecationWarning``.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType

TYPE_CHECKING = False
if TYPE_CHECKING:  # para mypy, el protocolo de un cargador; en ejecución, sin importarlo
    from importlib.abc import Loader as _Cargador
else:
    _Cargador = object

NUEVAS = {
    "tapiz_rules.reglas": "tapiz_rules.sistemas.tapiz",
    "tapiz_rules.d20": "tapiz_rules.sistemas.d20",
    "tapiz_rules.ratas": "tapiz_rules.sistemas.ratas",
}


class _Alias(_Cargador):
    """Resuelve ``tapiz_rules.reglas.x`` con el módulo ``tapiz_rules.sistemas.tapiz.x``.

    Buscador y cargador a la vez, por el protocolo de ``sys.meta_path`` (sin heredar de
    ``importlib.abc``, que al importarse arrastra ``importlib.resources`` y ``tempfile``).
    """

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> ModuleSpec | None:
        return ModuleSpec(fullname, self) if _nueva(fullname) else None

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        import warnings

        nueva = _nueva(spec.name)
        assert nueva is not None
        warnings.warn(
            f"«{spec.name}» se llama ahora «{nueva}»; la ruta antigua desaparecerá en la 0.3",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(nueva)

    def exec_module(self, module: ModuleType) -> None:
        """El módulo ya está ejecutado: es el nuevo."""


def _nueva(nombre: str) -> str | None:
    for antigua, nueva in NUEVAS.items():
        if nombre == antigua or nombre.startswith(antigua + "."):
            return nueva + nombre[len(antigua) :]
    return None


def instalar() -> None:
    if not any(isinstance(buscador, _Alias) for buscador in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
