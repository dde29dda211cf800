"""El posprocesador que juzga con el sanitizador lo que publica quien contribuye."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from markdown import Markdown
from markdown.postprocessors import Postprocessor

from mkdocs_plugins.nucleo.datos import Cache, cache
from mkdocs_plugins.nucleo.fuente import Problema, html_crudo
from mkdocs_plugins.nucleo.vallas import render

if TYPE_CHECKING:
    from mkdocs_plugins.extension.extension import Estado


class HtmlCrudo(Postprocessor):
    """El HTML de quien contribuye pasa por el sanitizador (``nucleo.html_crudo``): lo que
    quitaría es un error en su línea, y la página rechazada se publica limpia (``mkdocs
    serve`` o una construcción sin ``--strict`` no ejecutan nada de ella). Lo que escriben los
    bloques no se juzga: en su lugar queda una marca, y después vuelven tal cual."""

    def __init__(
        self,
        md: Markdown,
        estado: Callable[[Markdown], Estado],
        guardada: Callable[[], Cache | None],
    ) -> None:
        super().__init__(md)
        self.estado = estado
        self.guardada = guardada

    def run(self, text: str) -> str:
        estado = self.estado(self.md)
        if not estado.arbol_terminado:
            return text
        stash = self.md.htmlStash
        propios = {
            stash.get_placeholder(indice): f"tapiz-bloque-{indice}-{id(estado)}"
            for indice, guardado in enumerate(stash.rawHtmlBlocks)
            if isinstance(guardado, str) and guardado in estado.propios
        }
        marcado = _MARCADOR.sub(lambda m: propios.get(m[0], m[0]), text)
        contribuido = self.md.postprocessors["raw_html"].run(marcado)
        rechazos = self._rechazos(contribuido, f"-{id(estado)}")
        if not rechazos:
            return text
        nuevos = [
            Problema(estado.pagina.ruta, estado.linea_fuera_de_vallas(r.buscar), r.mensaje)
            for r in rechazos
        ]
        estado.problemas.extend(nuevos)
        limpio = html_crudo.limpiar(contribuido)
        for marcador, marca in propios.items():
            limpio = limpio.replace(marca, marcador)
        return "".join(render.error(p) for p in nuevos) + limpio

    def _rechazos(self, contribuido: str, sufijo: str) -> list[html_crudo.Rechazo]:
        """Los de ``html_crudo.rechazos``; de un HTML ya visto sin ninguno, la caché lo sabe
        (comparar lo que quitaría el sanitizador lee la página dos veces con ``HTMLParser``).
        La clave no lleva el ``sufijo`` de las marcas de los bloques, distinto en cada
        proceso."""
        return cache.sin_problemas(
            self.guardada(),
            lambda: html_crudo.rechazos(contribuido),
            "html crudo",
            contribuido.replace(sufijo, ""),
        )


_MARCADOR = re.compile(r"\x02wzxhzdk:\d+\x03")
"""Donde Python-Markdown dejó un HTML guardado (``util.HTML_PLACEHOLDER``)."""
