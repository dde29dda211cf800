"""markdown-it-py y SuperFences coinciden en qué vallas hay y dónde, o la página da un error.

SuperFences decide qué es una valla y la muestra; markdown-it-py dice en qué líneas está.
Se comprueba en cada página del libro y en páginas difíciles generadas con hypothesis
(vallas en listas, admoniciones y citas, con tildes, anidadas, sin cerrar).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown import Markdown

from mkdocs_plugins.extension import Estado, Pagina, TapizExtension
from mkdocs_plugins.extension.pagina import ACTUAL, EXTENSIONES, procesar
from mkdocs_plugins.nucleo.fuente import estructura
from mkdocs_plugins.nucleo.fuente.bloques import separar_front_matter

RAIZ = Path(__file__).resolve().parents[2]
LIBRO = sorted((RAIZ / "srd").rglob("*.md"))
EJEMPLO_QUE_FALLA = "regla: grado_efecto\nentradas: {puntos: 11}\nespera: {grado: menor}\n"
"""El motor calcula «mayor»: el error dice la línea en la que el ejemplo cree que está."""


def convertir(markdown: str, desplazamiento: int = 0) -> Estado:
    extension = TapizExtension()
    extension.pagina = Pagina("srd/x.md", ACTUAL, desplazamiento)
    Markdown(extensions=[*EXTENSIONES, extension]).convert(markdown)
    assert extension.ultimo is not None
    return extension.ultimo


def desacuerdos(estado: Estado) -> list[str]:
    return [p.mensaje for p in estado.problemas if "markdown-it-py" in p.mensaje]


@pytest.mark.parametrize("fichero", LIBRO, ids=lambda f: str(f.relative_to(RAIZ / "srd")))
def test_en_cada_pagina_del_libro_coinciden(fichero: Path) -> None:
    markdown, desplazamiento = separar_front_matter(fichero.read_text("utf-8"))
    estado = convertir(markdown, desplazamiento)
    leidas = estructura.leer(markdown, desplazamiento).vallas
    assert desacuerdos(estado) == []
    assert estado.ubicacion.huerfanas == []
    assert len(estado.ubicacion.usadas) == len([v for v in leidas if v.cerrada])


def test_la_prueba_del_libro_no_es_vacia() -> None:
    """El libro tiene más de 150 vallas, de los tres tipos (las sangradas, en las generadas)."""
    vallas = [v for f in LIBRO for v in estructura.leer(f.read_text("utf-8")).vallas]
    assert len(vallas) > 150
    assert {"tapiz-regla", "tapiz-ejemplo", "tapiz-comparativa"} <= {v.lenguaje for v in vallas}


def _sangrar(texto: str, prefijo: str) -> str:
    return "\n".join(prefijo + linea if linea else prefijo.rstrip() for linea in texto.split("\n"))


CONTENEDORES = {
    "suelta": ("", ""),
    "lista": ("- uno\n\n", "    "),
    "lista numerada": ("1. uno\n\n", "    "),
    "lista pegada": ("- uno\n", "  "),
    "admonición": ('!!! note "Nota"\n\n', "    "),
    "plegable": ('??? tip "Pliega"\n\n', "    "),
    "cita": ("", "> "),
    "lista en admonición": ("!!! note\n\n    - uno\n\n", "        "),
    "tras un párrafo": ("Un párrafo justo encima.\n", ""),
}
MARCAS = ["```", "````", "~~~", "~~~~~"]


def _valla(marca: str, info: str, cuerpo: str) -> str:
    return f"{marca}{info}\n{cuerpo}{marca}"


@st.composite
def paginas(draw: st.DrawFn) -> tuple[str, int]:
    """Una página con una valla de código y un ejemplo que falla; la línea del ejemplo."""
    nombre = draw(st.sampled_from(sorted(CONTENEDORES)))
    antes, sangria = CONTENEDORES[nombre]
    marca = draw(st.sampled_from(MARCAS))
    interior = "```python\nx = 1\n```\n" if marca != "```" else "~~~\nx = 1\n~~~\n"
    otra = draw(
        st.sampled_from(
            [
                _valla(marca, "python", "print(1)\n"),
                _valla(marca, "{.python}", "print(1)\n"),
                _valla(marca, "", "sin lenguaje\n"),
                _valla(marca, "markdown", interior),
            ]
        )
    )
    primero = draw(st.booleans())
    ejemplo = _valla(marca, "tapiz-ejemplo", EJEMPLO_QUE_FALLA)
    contenido = f"{ejemplo}\n\n{otra}" if primero else f"{otra}\n\n{ejemplo}"
    pagina = f"# Página\n\n{antes}{_sangrar(contenido, sangria)}\n\nFin.\n"
    lineas = pagina.split("\n")
    apertura = next(i for i, linea in enumerate(lineas) if "tapiz-ejemplo" in linea)
    return pagina, apertura + 1


@settings(max_examples=120, deadline=None)
@given(paginas())
def test_en_paginas_dificiles_coinciden(generada: tuple[str, int]) -> None:
    pagina, apertura = generada
    estado = convertir(pagina)
    assert desacuerdos(estado) == []
    assert estado.ubicacion.huerfanas == []
    (problema,) = estado.problemas
    assert problema.linea == apertura + 3
    assert f"(línea {apertura + 3})" in problema.mensaje


def test_una_valla_sin_cerrar_no_es_un_desacuerdo() -> None:
    pagina = "# Página\n\n- uno\n\n    ```tapiz-ejemplo\n    regla: grado_efecto\n"
    procesada = procesar("srd/x.md", pagina)
    assert [str(p) for p in procesada.problemas] == [
        "srd/x.md:5: la valla ```tapiz-ejemplo no se cierra: falta la línea ``` que la termina"
    ]


def test_un_desacuerdo_es_un_error_con_su_linea() -> None:
    """Sangrada ocho espacios en una lista: SuperFences ve una valla, CommonMark un bloque
    de código sangrado. La página no se publica así sin que nadie se entere."""
    cuerpo = _sangrar(_valla("```", "tapiz-ejemplo", EJEMPLO_QUE_FALLA), " " * 8)
    procesada = procesar("srd/x.md", f"# Página\n\n- uno\n\n{cuerpo}\n", desplazamiento=3)
    mensajes = [str(p) for p in procesada.problemas]
    assert mensajes[0] == (
        "srd/x.md:8: SuperFences muestra una valla «tapiz-ejemplo» que markdown-it-py no lee "
        "como valla: revisa su sangría y la línea que la cierra"
    )


def test_una_valla_que_superfences_no_muestra_es_un_error() -> None:
    """Una cabecera con palabras sueltas: CommonMark lee una valla y SuperFences la deja como
    código en línea, que se publicaría sin que nadie lo viera."""
    estado = convertir("# Página\n\n```python titulo extra\nx = 1\n```\n")
    assert desacuerdos(estado) == [
        "markdown-it-py lee aquí una valla «python titulo extra» (líneas 3–5) que SuperFences "
        "no muestra como bloque: revisa su sangría, su cabecera y la línea en blanco que la "
        "separa del párrafo anterior"
    ]


def test_una_valla_sin_lenguaje_se_muestra_como_bloque() -> None:
    """SuperFences la pasa con lenguaje None; antes la extensión fallaba y quedaba en línea."""
    procesada = procesar("srd/x.md", "# Página\n\n```\nsin lenguaje\n```\n")
    assert procesada.problemas == []
    assert "<pre>" in procesada.html
