"""Los nombres de las características, los atributos y las habilidades de un reglamento.

Un Lienzo puede llamar «Vigor» a la Fuerza u «oficios» a los atributos. Los nombres se
declaran aquí una vez; de aquí salen las etiquetas de la hoja de personaje (en la página y
en el PDF) y, con :func:`renombrar_sistema`, las de las reglas y tablas de Tapiz que los
citan (formularios, tarjetas, pasos de cada cálculo, la línea de órdenes). Las claves con
que se guardan los datos (``fue``, ``des``…) no cambian: solo lo que lee la gente.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from tapiz_rules.modelo import DefinicionTabla, Regla, Reglamento, Resultado, Sistema, Tabla
from tapiz_rules.sistemas.tapiz.caracteristicas import CARACTERISTICAS


@dataclass(frozen=True)
class Caracteristica:
    abreviatura: str
    nombre: str


DE_SERIE = tuple(Caracteristica(a, n) for a, n in CARACTERISTICAS.items())
"""Las seis características de Tapiz, en su orden (FUE, DES, CON, INT, SAB, CAR)."""
ATRIBUTO = ("atributo", "atributos")
HABILIDAD = ("habilidad", "habilidades")


def mayuscula(texto: str) -> str:
    return texto[:1].upper() + texto[1:]


@dataclass(frozen=True)
class Nombres:
    """Cada característica en el orden de :data:`DE_SERIE`; atributo y habilidad en
    minúsculas, en singular y en plural (como se escriben en mitad de una frase)."""

    caracteristicas: tuple[Caracteristica, ...] = DE_SERIE
    atributo: tuple[str, str] = ATRIBUTO
    habilidad: tuple[str, str] = HABILIDAD

    def caracteristica(self, abreviatura_de_serie: str) -> Caracteristica:
        indice = [c.abreviatura for c in DE_SERIE].index(abreviatura_de_serie)
        return self.caracteristicas[indice]

    @property
    def atributo_o_habilidad(self) -> str:
        return f"{mayuscula(self.atributo[0])} o {self.habilidad[0]}"

    @property
    def atributos_y_habilidades(self) -> str:
        return f"{mayuscula(self.atributo[1])} y {self.habilidad[1]}"

    @cached_property
    def sustituciones(self) -> dict[str, str]:
        """Cada palabra de Tapiz que cambia, con la del Lienzo (vacío: nada cambia)."""
        pares: dict[str, str] = {}
        for de_serie, propia in zip(DE_SERIE, self.caracteristicas, strict=True):
            pares[de_serie.nombre] = propia.nombre
            pares[de_serie.abreviatura] = propia.abreviatura
        for de_serie_, propios in ((ATRIBUTO, self.atributo), (HABILIDAD, self.habilidad)):
            for palabra, propia_ in zip(de_serie_, propios, strict=True):
                pares[palabra] = propia_
                pares[mayuscula(palabra)] = mayuscula(propia_)
        return {de: a for de, a in pares.items() if de != a}

    @cached_property
    def _patron(self) -> re.Pattern[str] | None:
        if not self.sustituciones:
            return None
        palabras = sorted(self.sustituciones, key=len, reverse=True)
        return re.compile(r"\b(" + "|".join(map(re.escape, palabras)) + r")\b")

    def renombrar(self, texto: str) -> str:
        """El texto con los nombres del Lienzo (palabras enteras: «Carga» no es «CAR»)."""
        if self._patron is None or not texto:
            return texto
        return self._patron.sub(lambda m: self.sustituciones[m.group(0)], texto)


NOMBRES = Nombres()


def nombres_de(reglamento: Reglamento) -> Nombres:
    """Los nombres de un reglamento: los de su Lienzo, si los cambia; si no, los de Tapiz."""
    propios = getattr(reglamento.lienzo, "nombres", None)
    return propios if isinstance(propios, Nombres) else NOMBRES


def renombrar_sistema(sistema: Sistema, nombres: Nombres) -> Sistema:
    """Las reglas y tablas del sistema con los nombres del Lienzo en lo que lee la gente."""
    if not nombres.sustituciones:
        return sistema
    return sistema.superponer(
        sistema.parametros,
        [_regla(r, nombres) for r in sistema.reglas.values()],
        [_tabla(t, nombres) for t in sistema.tablas.values()],
    )


def _regla(regla: Regla, nombres: Nombres) -> Regla:
    r = nombres.renombrar
    calcular = regla.calcular

    def renombrado(parametros: Any, **entradas: Any) -> Resultado:
        resultado = calcular(parametros, **entradas)
        return replace(resultado, pasos=tuple(r(p) for p in resultado.pasos))

    campos = [
        tuple(
            replace(
                c,
                etiqueta=r(c.etiqueta),
                ayuda=r(c.ayuda),
                opciones=None if c.opciones is None else tuple((v, r(e)) for v, e in c.opciones),
            )
            for c in lista
        )
        for lista in (regla.entradas, regla.salidas)
    ]
    return replace(
        regla,
        titulo=r(regla.titulo),
        descripcion=r(regla.descripcion),
        enunciado=r(regla.enunciado),
        entradas=campos[0],
        salidas=campos[1],
        calcular=renombrado,
    )


def _tabla(definicion: DefinicionTabla, nombres: Nombres) -> DefinicionTabla:
    r = nombres.renombrar
    construir = definicion.construir

    def renombrada(parametros: Any) -> Tabla:
        tabla = construir(parametros)
        return Tabla(
            r(tabla.titulo),
            tuple(map(r, tabla.columnas)),
            tuple(tuple(r(v) if isinstance(v, str) else v for v in f) for f in tabla.filas),
            tuple(map(r, tabla.notas)),
        )

    return replace(
        definicion,
        titulo=r(definicion.titulo),
        descripcion=r(definicion.descripcion),
        construir=renombrada,
    )
