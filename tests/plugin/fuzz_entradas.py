"""Entradas al azar (hypothesis): un mensaje con su línea o un pase; nunca una excepción.

Cuatro puertas: el cuerpo de una valla, las marcas de valor de la prosa, la
notación de dados (en la prosa y en el motor) y ``lienzo.yml``. Se ejecuta en
un proceso aparte (``test_fuzz_entradas.py`` lo lanza con un tiempo máximo muy
holgado, que no mide la velocidad: solo impide un cuelgue)::

    TAPIZ_FUZZ_EJEMPLOS=10000 uv run python -m tests.plugin.fuzz_entradas

Imprime cuántos casos probó de cada puerta.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mkdocs_plugins.extension.pagina import procesar
from tapiz_rules.dados import analizar
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.lienzo import CLAVES, ErrorLienzo, cargar

EJEMPLOS = int(os.environ.get("TAPIZ_FUZZ_EJEMPLOS", "40"))
CONTADOS: Counter[str] = Counter()
AJUSTES = settings(
    max_examples=EJEMPLOS,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

PIEZAS_YAML = [
    "regla: ", "entradas:", "espera:", "dados:", "titulo: ", "sistema: ", "edicion: ",
    "opcionales: ", "grado_efecto", "accion", "puntos", "grado", "base", "1d20", "{", "}",
    "[", "]", ", ", ": ", "\n", "\n  ", "&a ", "*a", "!!str ", "!!python/object ", "'", '"',
    "#", "-", "- ", "|", ">", "?", "@", "%", "`", "null", "true", "0.0", "1", "11",
    "9" * 40, "mayor", "menor", "\t", "~~~", "```", "\\", "é",
]  # fmt: skip
PIEZAS_MARCA = [
    "{{=", "}}", " ", "(", ")", ".", ",", "=", "impedimento", "fue", "14", "carga", "a",
    '"', "'", "[", "*a", "@", "!!tag", "sin_unidad", "\n", "{", "}", "9" * 50,
]  # fmt: skip
PIEZAS_DADOS = [*"0123456789dD%!khl+- ", "d20", "4d6kh3", "1d8!", "d%", "1000d1000"]


def _texto(piezas: list[str], maximo: int = 40) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(piezas) | st.text(max_size=3), max_size=maximo).map("".join)


def _con_linea(markdown: str, desplazamiento: int = 0) -> None:
    """Convierte la página; cada problema debe nombrar una línea de ella."""
    markdown = markdown.replace("\r\n", "\n").replace("\r", "\n")  # como al leer un fichero
    procesada = procesar("srd/azar.md", markdown, desplazamiento)
    ultima = desplazamiento + markdown.count("\n") + 1
    for problema in procesada.problemas:
        assert 1 <= problema.linea <= ultima, (str(problema), markdown)
        assert problema.mensaje.strip(), markdown
        assert "Traceback" not in problema.mensaje


@AJUSTES
@given(_texto(PIEZAS_YAML))
def vallas(cuerpo: str) -> None:
    CONTADOS["vallas"] += 1
    _con_linea(f"# Azar\n\n```tapiz-ejemplo\n{cuerpo}\n```\n\nTexto.\n", 2)


@AJUSTES
@given(_texto(PIEZAS_MARCA))
def marcas(texto: str) -> None:
    CONTADOS["marcas"] += 1
    _con_linea(f"# Azar\n\nHasta {texto} y más.\n")


@AJUSTES
@given(_texto(PIEZAS_DADOS, 12))
def dados(expresion: str) -> None:
    CONTADOS["dados"] += 1
    try:
        analizar(expresion)
    except ErrorTapiz as error:
        assert str(error).strip()
    _con_linea(f"# Azar\n\nTira {expresion} y suma.\n\n- {expresion}\n")


@AJUSTES
@given(_texto([*PIEZAS_YAML, *(f"{c}: " for c in CLAVES), "nombre: X\n", "grados: "]))
def lienzos(texto: str) -> None:
    CONTADOS["lienzos"] += 1
    with tempfile.TemporaryDirectory() as carpeta:
        fichero = Path(carpeta) / "lienzo.yml"
        fichero.write_text(texto, encoding="utf-8")
        try:
            cargar(fichero, "lienzo.yml", limite=2)
        except ErrorLienzo as error:
            ultima = fichero.read_text("utf-8").count("\n") + 1  # «\r» también es un salto
            assert 1 <= error.linea <= max(ultima, 1) or error.ruta != "lienzo.yml", str(error)


def main() -> int:
    for propiedad in (vallas, marcas, dados, lienzos):
        propiedad()
    print(", ".join(f"{puerta}: {n}" for puerta, n in CONTADOS.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
