"""El reglamento: qué edición y qué reglas opcionales están en vigor.

Es un valor inmutable que se pasa explícitamente a cada regla; nunca estado
global, para que varios reglamentos convivan en una misma construcción.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tapiz_rules.errores import ErrorTapiz

EDICIONES: dict[str, str] = {
    "actual": "1d20",
    "2017": "3d6",
}

OPCIONALES: dict[str, str] = {
    "TZR0001": "Bonus de rasgo asociados al conocimiento de una lengua",
    "TZR0002": "Ignorar las reglas de Impedimento y Carga",
}


@dataclass(frozen=True)
class Reglamento:
    edicion: str = "actual"
    opcionales: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.edicion not in EDICIONES:
            validas = ", ".join(EDICIONES)
            raise ErrorTapiz(f"edición desconocida «{self.edicion}»; las válidas son: {validas}")
        desconocidas = sorted(set(self.opcionales) - set(OPCIONALES))
        if desconocidas:
            validas = ", ".join(OPCIONALES)
            raise ErrorTapiz(
                f"regla opcional desconocida «{desconocidas[0]}»; las válidas son: {validas}"
            )
        object.__setattr__(self, "opcionales", frozenset(self.opcionales))

    @property
    def dado_base(self) -> str:
        """El dado de la tirada de acción: 1d20 en el texto actual, 3d6 en 2017."""
        return EDICIONES[self.edicion]

    def activa(self, codigo: str) -> bool:
        return codigo in self.opcionales

    def con(self, **cambios: object) -> Reglamento:
        return replace(self, **cambios)


ACTUAL = Reglamento()
