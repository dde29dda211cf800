"""Lo que pesa cada página del libro publicado: el código y los datos del proyecto que carga.

Sin tiempos: tamaños comprimidos con gzip del sitio construido de verdad, para que una página
que vuelva a cargar todos los widgets (o todos los datos) haga fallar la prueba.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desarrollo.peso import Peso, paginas, peso_de_pagina
from mkdocs_plugins.plugin import carga

KB = 1024
SIN_WIDGETS = 3 * KB
"""La base de toda página (dados.js y tapiz.css), lo que pide la issue 27: 2.900 B. Había
llegado a 3.212 B; volvió a caber sacando de la base lo que no usa toda página, que se carga
al usarlo: el aviso de las tablas anchas (tablas.js, cuando una no cabe en la pantalla) y los
estilos de la región que se anuncia a los lectores de pantalla y de las tablas del motor (a
widgets.css: solo hablan los widgets, y toda tabla del motor lleva su enlace). No hizo falta un
minificador que renombre variables (en PyPI, los envoltorios de esbuild o no exponen la opción,
como esbuild-py, o son paquetes recién publicados con un binario sin fuente verificable). Con
la comparativa como widget (graficas.js) llegó a 3.069 B; quedó en 2.964 B (108 B de margen)
llevando los estilos del aviso de tablas anchas a tablas.js."""
CODIGO_CON_WIDGETS = 15 * KB
"""Lo que puede cargar con la página la que tiene todos los widgets (el libro): 14.429 B
(14.433 B antes de que la calculadora fuera una vista sobre el motor, que al acercarse a ella
descarga 1.951 B en lugar de 8.669 B). «Repetir» ya no carga ejemplos.js con la página, sino
al acercarse a un botón (con los datos de sus tiradas, que ya se pedían entonces)."""
DATOS = 10 * KB
REPETIR = 5 * KB
"""Los datos de «Repetir» de los ejemplos de una página (hoy, como mucho 3,8 KB: los 24 de
*Ratas en las paredes*). Si una página los supera, que sus ejemplos repitan menos dados."""


@pytest.fixture(scope="module")
def sitio(libro: Path) -> Path:
    """El libro que construye una vez la sesión (tests/conftest.py), como «mkdocs build»."""
    return libro


@pytest.fixture(scope="module")
def pesos(sitio: Path) -> dict[str, Peso]:
    return {pagina: peso_de_pagina(sitio, pagina) for pagina in paginas(sitio)}


def _con_widgets(sitio: Path, pagina: str) -> bool:
    return bool(carga.widgets_de((sitio / pagina).read_text(encoding="utf-8")))


def test_una_pagina_sin_widgets_carga_solo_la_base(sitio: Path, pesos: dict[str, Peso]) -> None:
    sin = [p for p in pesos if not _con_widgets(sitio, p)]
    assert "historia/index.html" in sin
    for pagina in sin:
        peso = pesos[pagina]
        assert set(peso.codigo) == {"tapiz/dados.js", "tapiz/tapiz.css"}, pagina
        assert peso.total_codigo <= SIN_WIDGETS, (pagina, peso.codigo)
        assert not peso.datos, pagina


def test_cada_pagina_con_widgets_carga_solo_sus_datos(sitio: Path, pesos: dict[str, Peso]) -> None:
    con = [p for p in pesos if _con_widgets(sitio, p)]
    assert "hacer-cosas/index.html" in con
    for pagina in con:
        peso = pesos[pagina]
        assert peso.total_datos <= DATOS, (pagina, peso.datos)
        for clase in carga.widgets_de((sitio / pagina).read_text(encoding="utf-8")):
            assert f"tapiz/{carga.HOJAS[clase]}" in peso.codigo, (pagina, clase)
    # La calculadora trae escritos su formulario y su tabla: con la página solo carga lo que
    # vigila si se acerca a la vista; su vista sobre el motor (calculadora-viva.js) llega
    # entonces, y solo donde está. El motor en la página (vivo.js y Pyodide), al usarla.
    viva = "tapiz/calculadora-viva.js"
    assert viva not in pesos["sistemas/d20/index.html"].al_acercarse
    assert viva not in pesos["hacer-cosas/index.html"].codigo
    assert set(pesos["hacer-cosas/index.html"].al_acercarse) == {viva}


def test_la_pagina_mas_pesada_cabe_en_el_limite(pesos: dict[str, Peso]) -> None:
    pagina, peso = max(pesos.items(), key=lambda par: par[1].total_codigo)
    assert peso.total_codigo <= CODIGO_CON_WIDGETS, (pagina, peso.codigo)


def test_repetir_pide_solo_los_datos_de_los_ejemplos_de_su_pagina(
    sitio: Path, pesos: dict[str, Peso]
) -> None:
    ficheros = sorted((sitio / "assets" / "tapiz" / "datos" / "ejemplos").rglob("*.json"))
    marcados = {f for peso in pesos.values() for f in peso.al_repetir}
    assert {f.relative_to(sitio).as_posix() for f in ficheros} == marcados
    assert "assets/tapiz/datos/ejemplos/sistemas/ratas.json" in marcados
    for pagina, peso in pesos.items():
        # Se piden al acercarse a un «Repetir», aparte de los datos que carga la página: los
        # de los ejemplos de su capítulo (el libro completo tiene varios y pide el del botón).
        assert max(peso.al_repetir.values(), default=0) <= REPETIR, (pagina, peso.al_repetir)


def test_cada_pagina_con_repetir_marca_los_datos_de_sus_ejemplos(
    sitio: Path, pesos: dict[str, Peso]
) -> None:
    """ejemplos.js no se carga con la página (solo al acercarse a «Repetir»), pero la página
    sigue marcando de dónde se piden los datos de sus ejemplos."""
    con_repetir = [
        p
        for p in pesos
        if "tapiz-repetir" in carga.widgets_de((sitio / p).read_text(encoding="utf-8"))
    ]
    assert "sistemas/ratas/index.html" in con_repetir
    assert "lenguas/index.html" in con_repetir
    for pagina in con_repetir:
        assert pesos[pagina].al_repetir, pagina
        assert "tapiz/ejemplos.js" not in pesos[pagina].codigo, pagina
