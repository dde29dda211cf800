"""El árbol de una expresión de dados y su notación canónica.

Clases con ``__slots__`` escritas a mano, no ``dataclasses``: importar ``dataclasses`` (y con
él ``inspect``) costaba más que todo el motor al arrancar un intérprete nuevo. Son valores: se
comparan y se usan como claves de caché por sus campos (``_clave``): nadie los modifica.
"""

from __future__ import annotations

from tapiz_rules.dados.limites import PROFUNDIDAD_POR_DEFECTO

GUARDAR_ALTOS = "kh"
GUARDAR_BAJOS = "kl"
DESCARTAR_ALTOS = "dh"
DESCARTAR_BAJOS = "dl"
MODOS = (GUARDAR_ALTOS, GUARDAR_BAJOS, DESCARTAR_ALTOS, DESCARTAR_BAJOS)


class Valor:
    """Igualdad, hash y ``repr`` a partir de ``_clave()``."""

    __slots__ = ()

    def _clave(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, otro: object) -> bool:
        if type(otro) is not type(self):
            return NotImplemented
        return self._clave() == otro._clave()

    def __hash__(self) -> int:
        return hash(self._clave())

    def __repr__(self) -> str:
        campos = ", ".join(map(repr, self._clave()))
        return f"{type(self).__name__}({campos})"


class Seleccion(Valor):
    """Guardar o descartar dados: ``modo`` es kh, kl, dh o dl."""

    __slots__ = ("cantidad", "modo")
    modo: str
    cantidad: int

    def __init__(self, modo: str, cantidad: int) -> None:
        self.modo, self.cantidad = modo, cantidad

    def _clave(self) -> tuple[object, ...]:
        return (self.modo, self.cantidad)

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


class Dados(Valor):
    """``cantidad`` dados de ``caras`` caras; ``porcentual`` es el d% de dos d10.

    ``explosion`` es la profundidad máxima (None si no explotan). ``columna`` es
    dónde empieza el término en el texto analizado; no cuenta al comparar.
    """

    __slots__ = ("cantidad", "caras", "columna", "explosion", "porcentual", "seleccion", "signo")
    cantidad: int
    caras: int
    signo: int
    porcentual: bool
    explosion: int | None
    seleccion: Seleccion | None
    columna: int

    def __init__(
        self,
        cantidad: int,
        caras: int,
        signo: int = 1,
        porcentual: bool = False,
        explosion: int | None = None,
        seleccion: Seleccion | None = None,
        columna: int = 1,
    ) -> None:
        self.cantidad, self.caras, self.signo = cantidad, caras, signo
        self.porcentual, self.explosion, self.seleccion = porcentual, explosion, seleccion
        self.columna = columna

    def _clave(self) -> tuple[object, ...]:
        return (
            self.cantidad,
            self.caras,
            self.signo,
            self.porcentual,
            self.explosion,
            self.seleccion,
        )

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


class Constante(Valor):
    __slots__ = ("valor",)
    valor: int

    def __init__(self, valor: int) -> None:
        self.valor = valor

    def _clave(self) -> tuple[object, ...]:
        return (self.valor,)

    @property
    def minimo(self) -> int:
        return self.valor

    @property
    def maximo(self) -> int:
        return self.valor


Termino = Dados | Constante


class Expresion(Valor):
    """Suma de términos; ``str`` da la notación canónica (``analizar(str(e)) == e``)."""

    __slots__ = ("terminos",)
    terminos: tuple[Termino, ...]

    def __init__(self, terminos: tuple[Termino, ...]) -> None:
        self.terminos = terminos

    def _clave(self) -> tuple[object, ...]:
        return (self.terminos,)

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
