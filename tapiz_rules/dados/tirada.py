"""Tirar una expresión con un ``Generador``: cada dado queda a la vista."""

from __future__ import annotations

from tapiz_rules.dados.expresion import Constante, Dados, Expresion, Valor
from tapiz_rules.dados.generador import Generador
from tapiz_rules.dados.notacion import como_expresion


class DadoTirado(Valor):
    """Un dado en la mesa; ``etiqueta`` es «decenas» o «unidades» en un d%."""

    __slots__ = ("caras", "descartado", "etiqueta", "explosion", "valor")
    caras: int
    valor: int
    explosion: bool
    descartado: bool
    etiqueta: str | None

    def __init__(
        self,
        caras: int,
        valor: int,
        explosion: bool = False,
        descartado: bool = False,
        etiqueta: str | None = None,
    ) -> None:
        self.caras, self.valor, self.explosion = caras, valor, explosion
        self.descartado, self.etiqueta = descartado, etiqueta

    def _clave(self) -> tuple[object, ...]:
        return (self.caras, self.valor, self.explosion, self.descartado, self.etiqueta)

    def a_json(self) -> dict[str, object]:
        return {
            "caras": self.caras,
            "valor": self.valor,
            "explosion": self.explosion,
            "descartado": self.descartado,
            "etiqueta": self.etiqueta,
        }


class Tirada(Valor):
    __slots__ = ("dados", "expresion", "total")
    expresion: str
    total: int
    dados: tuple[DadoTirado, ...]

    def __init__(self, expresion: str, total: int, dados: tuple[DadoTirado, ...]) -> None:
        self.expresion, self.total, self.dados = expresion, total, dados

    def _clave(self) -> tuple[object, ...]:
        return (self.expresion, self.total, self.dados)

    def a_json(self) -> dict[str, object]:
        """El diccionario del contrato JSON (CLI ``--json`` y corpus de conformidad)."""
        return {
            "expresion": self.expresion,
            "total": self.total,
            "dados": [dado.a_json() for dado in self.dados],
        }


def tirar(expresion: Expresion | str, generador: Generador) -> Tirada:
    """Tira de izquierda a derecha, dado a dado; las explosiones siguen a su dado."""
    arbol = como_expresion(expresion)
    total = 0
    dados: list[DadoTirado] = []
    for termino in arbol.terminos:
        if isinstance(termino, Constante):
            total += termino.valor
            continue
        suma, tirados = _tirar_dados(termino, generador)
        total += termino.signo * suma
        dados.extend(tirados)
    return Tirada(str(arbol), total, tuple(dados))


def _tirar_dados(termino: Dados, generador: Generador) -> tuple[int, list[DadoTirado]]:
    grupos = [_tirar_uno(termino, generador) for _ in range(termino.cantidad)]
    totales = [valor for valor, _ in grupos]
    descartados = _descartados(termino, totales)
    tirados: list[DadoTirado] = []
    for indice, (_, partes) in enumerate(grupos):
        if indice in descartados:
            partes = [DadoTirado(p.caras, p.valor, p.explosion, True, p.etiqueta) for p in partes]
        tirados.extend(partes)
    suma = sum(t for i, t in enumerate(totales) if i not in descartados)
    return suma, tirados


def _tirar_uno(termino: Dados, generador: Generador) -> tuple[int, list[DadoTirado]]:
    """Un dado con sus explosiones (o las dos partes de un d%) y su valor total."""
    if termino.porcentual:
        decenas = (generador.dado(10) - 1) * 10
        unidades = generador.dado(10) - 1
        partes = [
            DadoTirado(10, decenas, etiqueta="decenas"),
            DadoTirado(10, unidades, etiqueta="unidades"),
        ]
        return (decenas + unidades) or 100, partes
    valor = generador.dado(termino.caras)
    partes = [DadoTirado(termino.caras, valor)]
    while valor == termino.caras and len(partes) <= (termino.explosion or 0):
        valor = generador.dado(termino.caras)
        partes.append(DadoTirado(termino.caras, valor, explosion=True))
    return sum(p.valor for p in partes), partes


def _descartados(termino: Dados, totales: list[int]) -> set[int]:
    """Índices de los dados que no cuentan; ante un empate se descarta el de más a la derecha."""
    if termino.seleccion is None:
        return set()
    sobran = termino.cantidad - termino.guardados
    if termino.seleccion.prefiere_altos:
        orden = sorted(range(len(totales)), key=lambda i: (totales[i], -i))
    else:
        orden = sorted(range(len(totales)), key=lambda i: (-totales[i], -i))
    return set(orden[:sobran])
