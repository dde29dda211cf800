"""Analizador de la notación de dados, escrito a mano (sin ``eval`` ni expresiones regulares).

Gramática (sin distinguir mayúsculas; espacios solo entre términos)::

    expresion := [+|-] termino ((+|-) termino)*
    termino   := numero | [numero] "d" (numero | "%") [explosion] [seleccion]
    explosion := "!" [numero]
    seleccion := ("kh" | "kl" | "k" | "dh" | "dl" | "d") numero
"""

from __future__ import annotations

from tapiz_rules.dados.expresion import (
    DESCARTAR_BAJOS,
    GUARDAR_ALTOS,
    GUARDAR_BAJOS,
    Constante,
    Dados,
    Expresion,
    Seleccion,
    Termino,
)
from tapiz_rules.dados.limites import LIMITES, PROFUNDIDAD_POR_DEFECTO
from tapiz_rules.dados.memoria import recordado
from tapiz_rules.errores import ErrorNotacion

ESPACIOS = " \t"
MINUSCULAS = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
SE_ESPERABA_TERMINO = "se esperaba una tirada de dados (como «2d6») o un número"

ANALIZADAS: dict[str, Expresion] = {}
"""Los últimos análisis correctos (``vaciar_caches`` la vacía)."""


def analizar(texto: str) -> Expresion:
    """Convierte notación de dados en una ``Expresion``; si no puede, ``ErrorNotacion``.

    Las expresiones son inmutables y un libro repite las mismas una y otra vez,
    así que los análisis correctos se recuerdan (los errores no se guardan).
    """
    return recordado(ANALIZADAS, texto, _analizar, 4096)


def _analizar(texto: str) -> Expresion:
    if len(texto) > LIMITES.longitud:
        raise ErrorNotacion(
            f"la expresión tiene {len(texto)} caracteres y el máximo es {LIMITES.longitud}",
            texto[: LIMITES.longitud] + "…",
            LIMITES.longitud + 1,
        )
    return _Analizador(texto).expresion()


def validar(arbol: Expresion) -> Expresion:
    """Un árbol ya hecho, comprobado contra los límites de la notación.

    Todos menos el de caracteres, que es del texto escrito: la forma canónica puede
    ser más larga que lo que se escribió («d2!» es «1d2!»).
    """
    return _Analizador(str(arbol)).expresion()


def como_expresion(expresion: Expresion | str) -> Expresion:
    """Acepta texto o árbol; un árbol se vuelve a validar contra los límites (``validar``)."""
    return analizar(expresion) if isinstance(expresion, str) else validar(expresion)


class _Analizador:
    def __init__(self, texto: str) -> None:
        self.original = texto
        self.texto = texto.translate(MINUSCULAS)
        self.pos = 0
        self.total_dados = 0

    def error(self, mensaje: str, pos: int | None = None) -> ErrorNotacion:
        return ErrorNotacion(mensaje, self.original, (self.pos if pos is None else pos) + 1)

    def actual(self) -> str:
        return self.texto[self.pos] if self.pos < len(self.texto) else ""

    def saltar_espacios(self) -> None:
        while self.actual() and self.actual() in ESPACIOS:
            self.pos += 1

    def describir_actual(self) -> str:
        caracter = self.original[self.pos] if self.pos < len(self.original) else ""
        return f", no «{caracter}»" if caracter else ""

    def numero(self) -> int | None:
        inicio = self.pos
        while "0" <= self.actual() <= "9":
            self.pos += 1
        return int(self.texto[inicio : self.pos]) if self.pos > inicio else None

    def expresion(self) -> Expresion:
        self.saltar_espacios()
        if not self.actual():
            raise self.error(f"la expresión está vacía; {SE_ESPERABA_TERMINO}", 0)
        terminos: list[Termino] = []
        signo = 1
        if self.actual() in "+-":
            signo = -1 if self.actual() == "-" else 1
            self.pos += 1
            self.saltar_espacios()
        while True:
            if len(terminos) == LIMITES.terminos:
                raise self.error(f"la expresión tiene más de {LIMITES.terminos} términos")
            terminos.append(self.termino(signo))
            self.saltar_espacios()
            if not self.actual():
                return Expresion(tuple(terminos))
            if self.actual() not in "+-":
                raise self.error(
                    f"se esperaba «+», «-» o el final de la expresión{self.describir_actual()}"
                )
            signo = -1 if self.actual() == "-" else 1
            self.pos += 1
            self.saltar_espacios()

    def termino(self, signo: int) -> Termino:
        inicio = self.pos
        cantidad = self.numero()
        if self.actual() != "d":
            if cantidad is None:
                raise self.error(f"{SE_ESPERABA_TERMINO}{self.describir_actual()}")
            if cantidad > LIMITES.constante:
                raise self.error(
                    f"una constante puede valer como mucho {LIMITES.constante}, no {cantidad}",
                    inicio,
                )
            return Constante(signo * cantidad)
        self.comprobar_cantidad(1 if cantidad is None else cantidad, inicio)
        self.pos += 1
        return self.dados(signo, 1 if cantidad is None else cantidad, inicio)

    def comprobar_cantidad(self, cantidad: int, inicio: int) -> None:
        if cantidad == 0:
            raise self.error("no se pueden tirar 0 dados", inicio)
        if cantidad > LIMITES.dados:
            raise self.error(
                f"como mucho se pueden tirar {LIMITES.dados} dados, no {cantidad}", inicio
            )
        self.total_dados += cantidad
        if self.total_dados > LIMITES.dados:
            raise self.error(
                f"la expresión tira {self.total_dados} dados y el máximo es {LIMITES.dados}",
                inicio,
            )

    def dados(self, signo: int, cantidad: int, inicio: int) -> Dados:
        porcentual = self.actual() == "%"
        inicio_caras = self.pos
        if porcentual:
            self.pos += 1
            caras = 100
        else:
            leidas = self.numero()
            if leidas is None:
                raise self.error("se esperaba un número de caras después de «d»")
            caras = leidas
            self.comprobar_caras(caras, inicio_caras)
        explosion = self.explosion(caras, porcentual)
        seleccion = self.seleccion(cantidad)
        if seleccion is not None and self.actual() == "!":
            raise self.error("la explosión «!» va antes de guardar o descartar, como en «3d6!kh2»")
        return Dados(cantidad, caras, signo, porcentual, explosion, seleccion, inicio + 1)

    def comprobar_caras(self, caras: int, inicio: int) -> None:
        if caras == 0:
            raise self.error("un dado necesita al menos una cara", inicio)
        if caras > LIMITES.caras:
            raise self.error(
                f"un dado puede tener como mucho {LIMITES.caras} caras, no {caras}", inicio
            )

    def explosion(self, caras: int, porcentual: bool) -> int | None:
        if self.actual() != "!":
            return None
        if porcentual:
            raise self.error("«d%» no puede explotar")
        if caras == 1:
            raise self.error(
                "un dado de una cara explotaría siempre: «!» necesita al menos 2 caras"
            )
        self.pos += 1
        inicio = self.pos
        profundidad = self.numero()
        if profundidad is None:
            return PROFUNDIDAD_POR_DEFECTO
        if not 1 <= profundidad <= LIMITES.profundidad:
            raise self.error(
                f"la profundidad de la explosión va de 1 a {LIMITES.profundidad}, no {profundidad}",
                inicio,
            )
        return profundidad

    def seleccion(self, cantidad: int) -> Seleccion | None:
        letra = self.actual()
        if letra not in ("k", "d"):
            return None
        inicio = self.pos
        self.pos += 1
        modo = GUARDAR_ALTOS if letra == "k" else DESCARTAR_BAJOS
        if self.actual() in ("h", "l"):
            modo = letra + self.actual()
            self.pos += 1
        escrito = self.original[inicio : self.pos]
        inicio_numero = self.pos
        numero = self.numero()
        if numero is None:
            verbo = "guardar" if letra == "k" else "descartar"
            raise self.error(f"se esperaba cuántos dados {verbo} después de «{escrito}»")
        if modo in (GUARDAR_ALTOS, GUARDAR_BAJOS):
            self.comprobar_guardar(numero, cantidad, inicio_numero)
        elif numero >= cantidad:
            raise self.error(
                f"con {_dados(cantidad)} se pueden descartar como mucho {cantidad - 1}, "
                f"no {numero}",
                inicio_numero,
            )
        return Seleccion(modo, numero)

    def comprobar_guardar(self, numero: int, cantidad: int, inicio: int) -> None:
        if numero == 0:
            raise self.error("hay que guardar al menos un dado", inicio)
        if numero > cantidad:
            raise self.error(
                f"con {_dados(cantidad)} se pueden guardar como mucho {cantidad}, no {numero}",
                inicio,
            )


def _dados(cantidad: int) -> str:
    return "1 dado" if cantidad == 1 else f"{cantidad} dados"
