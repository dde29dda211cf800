"""El generador pseudoaleatorio compartido con JavaScript: mulberry32 sobre 32 bits."""

from __future__ import annotations

MASCARA = 0xFFFFFFFF


class Generador:
    """mulberry32: misma semilla, mismos dados en Python y en ``dados.js``."""

    def __init__(self, semilla: int) -> None:
        self._estado = semilla % 2**32

    def siguiente(self) -> int:
        """El siguiente entero sin signo de 32 bits."""
        self._estado = (self._estado + 0x6D2B79F5) & MASCARA
        a = self._estado
        t = ((a ^ (a >> 15)) * (1 | a)) & MASCARA
        t = ((t + (((t ^ (t >> 7)) * (61 | t)) & MASCARA)) & MASCARA) ^ t
        return t ^ (t >> 14)

    def dado(self, caras: int) -> int:
        """Un dado de ``caras`` caras: ``1 + floor(u32 * caras / 2^32)``."""
        return ((self.siguiente() * caras) >> 32) + 1
