"""El árbol de una expresión de dados y su notación canónica."""

from __future__ import annotations

from dataclasses import dataclass, field

from tapiz_rules.dados.limites import PROFUNDIDAD_POR_DEFECTO

GUARDAR_ALTOS = "kh"
GUARDAR_BAJOS = "kl"
DESCARTAR_ALTOS = "dh"
DESCARTAR_BAJOS = "dl"
MODOS = (GUARDAR_ALTOS, GUARDAR_BAJOS, DESCARTAR_ALTOS, DESCARTAR_BAJOS)


@dataclass(frozen=True)
class Seleccion:
    """Guardar o descartar dados: ``modo`` es kh, kl, dh o dl."""

    modo: str
    cantidad: int

    def guardados(self, dados: int) -> int:
        """Cuántos dados quedan de ``dados`` tirados."""
        if self.modo in (GUARDAR_ALTOS, GUARDAR_BAJOS):
            return self.cantidad
        return dados - self.cantidad

    @property
    def prefiere_altos(self) -> bool:
        """Si los dados que cuentan son los más altos (kh, dl) o los más bajos (kl, dh)."""
        return self.modo in (GUARDAR_ALTOS, DESCARTAR_BAJOS)

    def __str__(self) -> str:
        return f"{self.modo}{self.cantidad}"


@dataclass(frozen=True)
class Dados:
    """``cantidad`` dados de ``caras`` caras; ``porcentual`` es el d% de dos d10.

    ``explosion`` es la profundidad máxima (None si no explotan). ``columna`` es
    dónde empieza el término en el texto analizado; no cuenta al comparar.
    """

    cantidad: int
    caras: int
    signo: int = 1
    porcentual: bool = False
    explosion: int | None = None
    seleccion: Seleccion | None = None
    columna: int = field(default=1, compare=False, repr=False)

    @property
    def guardados(self) -> int:
        if self.seleccion is None:
            return self.cantidad
        return self.seleccion.guardados(self.cantidad)

    @property
    def maximo_por_dado(self) -> int:
        return self.caras * (1 + (self.explosion or 0))

    @property
    def minimo(self) -> int:
        alto, bajo = self.guardados * self.maximo_por_dado, self.guardados
        return -alto if self.signo < 0 else bajo

    @property
    def maximo(self) -> int:
        alto, bajo = self.guardados * self.maximo_por_dado, self.guardados
        return -bajo if self.signo < 0 else alto

    def notacion(self) -> str:
        """La notación sin signo: ``4d6kh3``, ``d%``, ``1d8!3``."""
        if self.porcentual:
            texto = "d%" if self.cantidad == 1 else f"{self.cantidad}d%"
        else:
            texto = f"{self.cantidad}d{self.caras}"
        if self.explosion is not None:
            texto += "!" if self.explosion == PROFUNDIDAD_POR_DEFECTO else f"!{self.explosion}"
        if self.seleccion is not None:
            texto += str(self.seleccion)
        return texto


@dataclass(frozen=True)
class Constante:
    valor: int

    @property
    def minimo(self) -> int:
        return self.valor

    @property
    def maximo(self) -> int:
        return self.valor


Termino = Dados | Constante


@dataclass(frozen=True)
class Expresion:
    """Suma de términos; ``str`` da la notación canónica (``analizar(str(e)) == e``)."""

    terminos: tuple[Termino, ...]

    @property
    def minimo(self) -> int:
        return sum(t.minimo for t in self.terminos)

    @property
    def maximo(self) -> int:
        return sum(t.maximo for t in self.terminos)

    @property
    def total_dados(self) -> int:
        return sum(t.cantidad for t in self.terminos if isinstance(t, Dados))

    def __str__(self) -> str:
        partes = []
        for indice, termino in enumerate(self.terminos):
            if isinstance(termino, Dados):
                negativo, cuerpo = termino.signo < 0, termino.notacion()
            else:
                negativo, cuerpo = termino.valor < 0, str(abs(termino.valor))
            signo = "-" if negativo else ("+" if indice else "")
            partes.append(signo + cuerpo)
        return "".join(partes)
