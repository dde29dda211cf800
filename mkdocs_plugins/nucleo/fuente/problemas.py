"""El único formato de error de las páginas: ``srd/pagina.md:42: mensaje``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problema:
    """Un problema en una página, con su posición tal como la ve quien edita."""

    ruta: str
    linea: int
    mensaje: str

    def __str__(self) -> str:
        return f"{self.ruta}:{self.linea}: {self.mensaje}"


class ErrorDePagina(Exception):
    """Lanzada por el núcleo cuando un bloque de una página no es válido."""

    def __init__(self, linea: int, mensaje: str) -> None:
        super().__init__(mensaje)
        self.linea = linea
        self.mensaje = mensaje

    def en(self, ruta: str) -> Problema:
        return Problema(ruta, self.linea, self.mensaje)
