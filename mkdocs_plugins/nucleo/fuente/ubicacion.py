"""Dónde está cada valla que muestra SuperFences, según las vallas que lee markdown-it-py.

SuperFences decide qué es una valla y cómo se muestra, pero no dice en qué línea
está; markdown-it-py sí (``estructura``). Cada valla que SuperFences formatea se
empareja con la primera valla aún libre de markdown-it-py con el mismo lenguaje y el
mismo cuerpo (sin sangría). Las que quedan sin pareja, a un lado o al otro, son
desacuerdos entre los dos analizadores: un error de la página, con su línea.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mkdocs_plugins.nucleo.fuente.estructura import Valla


def _lineas(cuerpo: str) -> list[str]:
    return [linea.strip() for linea in cuerpo.rstrip("\n").split("\n")] if cuerpo else []


@dataclass
class Ubicacion:
    """Las vallas de markdown-it-py de una página y cuáles ha mostrado ya SuperFences."""

    vallas: list[Valla]
    usadas: set[int] = field(default_factory=set)
    huerfanas: list[tuple[str, str]] = field(default_factory=list)
    """(lenguaje, cuerpo) de lo que SuperFences mostró y markdown-it-py no lee como valla."""

    def ubicar(self, lenguaje: str, cuerpo: str) -> Valla | None:
        """La valla de markdown-it-py que corresponde a la que muestra SuperFences."""
        buscado = _lineas(cuerpo)
        for indice, valla in enumerate(self.vallas):
            if indice in self.usadas or valla.lenguaje != lenguaje:
                continue
            if _lineas(valla.cuerpo) == buscado:
                self.usadas.add(indice)
                return valla
        self.huerfanas.append((lenguaje, cuerpo))
        return None

    def sin_mostrar(self) -> list[Valla]:
        """Las vallas cerradas que markdown-it-py lee y SuperFences no mostró como bloque.

        Una valla sin cerrar no es un desacuerdo: SuperFences la deja como texto y
        ``dados_en_texto`` ya dice que no se cierra.
        """
        return [
            valla
            for indice, valla in enumerate(self.vallas)
            if indice not in self.usadas and valla.cerrada
        ]


def mensaje_sin_mostrar(valla: Valla) -> str:
    return (
        f"markdown-it-py lee aquí una valla «{valla.info or 'sin lenguaje'}» (líneas "
        f"{valla.inicio}–{valla.fin}) que SuperFences no muestra como bloque: revisa su "
        "sangría, su cabecera y la línea en blanco que la separa del párrafo anterior"
    )


def mensaje_huerfana(lenguaje: str) -> str:
    return (
        f"SuperFences muestra una valla «{lenguaje or 'sin lenguaje'}» que markdown-it-py no "
        "lee como valla: revisa su sangría y la línea que la cierra"
    )
