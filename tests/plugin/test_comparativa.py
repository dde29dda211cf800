"""La valla tapiz-comparativa: SVG bien formado, accesible y sin números del motor a la vista."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo.comparativa.vista_comparativa import _acumuladas, fraccion
from mkdocs_plugins.nucleo.marcado.apartados import Apartados
from tapiz_rules.comparativa import tirada
from tests.plugin.conftest import PAGINAS

SVG = "{http://www.w3.org/2000/svg}"


def _html(cuerpo: str) -> str:
    procesada = procesar("srd/c.md", f"```tapiz-comparativa\n{cuerpo}```\n")
    assert procesada.problemas == []
    return procesada.fragmentos[0].html


def _svgs(html: str) -> list[ET.Element]:
    return [
        ET.fromstring(m.group(0))
        for m in re.finditer(r'<svg class="tapiz-curvas__svg".*?</svg>', html, re.S)
    ]


def _texto_visible(html: str) -> str:
    sin_etiquetas = re.sub(r"<(title|desc)>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", sin_etiquetas)


@pytest.mark.parametrize(
    ("tiradas", "series"),
    [
        ("[tapiz-0, tapiz-2, tapiz-4, tapiz-2017, d20, ratas]", 6),
        ("[d20, ratas]", 2),
        ("[tapiz-2]", 7),
        ("[ratas]", 3),
    ],
)
def test_una_serie_por_tirada_o_por_resultado(tiradas: str, series: int) -> None:
    html = _html(f"tiradas: {tiradas}\nobjetivos: [2, 20]\n")
    (svg,) = _svgs(html)
    grupos = svg.findall(f"{SVG}g[@class='tapiz-curvas__serie']")
    assert len(grupos) == series
    for grupo in grupos:
        assert len(grupo.findall(f"{SVG}polyline")) == 1
        marcadores = [e for e in grupo if e.tag != f"{SVG}polyline"]
        assert len(marcadores) == 19
        assert all(m.find(f"{SVG}title") is not None for m in marcadores)
    assert html.count('class="tapiz-curvas__muestra"') == series


def test_series_distintas_en_gris_y_con_colores_del_tema() -> None:
    (svg,) = _svgs(_html("tiradas: [tapiz-4]\nobjetivos: [0, 20]\n"))
    grupos = svg.findall(f"{SVG}g[@class='tapiz-curvas__serie']")
    trazos = [g.find(f"{SVG}polyline").get("stroke-dasharray") for g in grupos]
    formas = [next(e for e in g if e.tag != f"{SVG}polyline").tag for g in grupos]
    assert len(set(zip(trazos, formas, strict=True))) == len(grupos)
    assert all("var(--tapiz-serie-" in g.get("style", "") for g in grupos)
    assert "currentColor" in svg.find(f"{SVG}g").get("style", "")


def test_la_grafica_tiene_texto_alternativo_y_tabla() -> None:
    html = _html("titulo: Éxito comparado\ntiradas: [d20, ratas]\nobjetivos: [2, 14]\n")
    (svg,) = _svgs(html)
    assert svg.get("role") == "img"
    titulo = svg.find(f"{SVG}title")
    assert titulo is not None and titulo.get("id") == svg.get("aria-labelledby")
    assert titulo.text == "Éxito comparado"
    assert "<figure" in html and "<figcaption>Éxito comparado." in html
    assert "la tabla que sigue" in html
    assert html.count("<table><caption>") == 2
    assert "<summary>Fracciones exactas</summary>" in html


def test_nada_visible_en_el_lenguaje_del_motor() -> None:
    html = _html("tiradas: [tapiz-2, d20]\nobjetivos: [-4, 24]\n")
    visible = _texto_visible(html)
    # Un punto solo separa millares (grupos de tres cifras: «1.209.323.520»).
    assert not re.search(r"\d\.(?!\d{3}(?!\d))\d", visible)
    assert re.search(r"\d\.\d{3}", visible)
    assert not re.search(r"(?<![\w/])-\d", visible)
    assert "−4" in visible
    assert "50,0 %" in visible.replace("\u00a0", " ")
    assert not re.search(r"\b(True|False|None|true|false|null)\b", visible)


def test_el_comentario_sale_de_los_numeros() -> None:
    html = _html("tiradas: [d20, ratas]\nobjetivos: [2, 14]\n")
    assert "+1 vale siempre 5 puntos" in html
    assert "+2 vale siempre 10 puntos" in html
    assert (
        "+2 vale entre 25 y 30,6 puntos de probabilidad de éxito (en los objetivos de 2 a 14 de "
        "esta gráfica con al menos un 10 % de éxito sin el bonus y como mucho un 90 % con él)"
        in html
    )
    assert "hasta un objetivo de 11" in html


def test_las_curvas_identicas_se_avisan() -> None:
    html = _html("tiradas: [tapiz-0, d20]\nobjetivos: [2, 20]\n")
    assert "son idénticas y se superponen" in html
    assert "se superponen" not in _html("tiradas: [tapiz-2, d20]\nobjetivos: [2, 20]\n")


def test_fuego_automatico() -> None:
    html = _html("tiradas: [fuego-automatico]\nespera:\n  fuego-automatico: {vacia: 91/216}\n")
    assert "91/216" in html
    assert "42,1" in html


def test_espera_acepta_porcentaje_o_fraccion() -> None:
    cuerpo = "tiradas: [d20]\nobjetivos: [2, 20]\nespera:\n  d20: {11: %s, '50 %%': 11}\n"
    for valor in ("1/2", '"50,0 %"', '"50,0\u00a0%"'):
        _html(cuerpo % valor)


def test_fraccion_legible() -> None:
    from fractions import Fraction

    assert fraccion(Fraction(1, 2)) == "1/2"
    assert fraccion(Fraction(0)) == "0"
    assert fraccion(Fraction(7, 12000)) == "7/12.000"


def test_pytest_recoge_cada_comparativa_con_su_mensaje(pytester: pytest.Pytester) -> None:
    srd = pytester.mkdir("srd")
    pagina = PAGINAS / "comparativa-valor-incorrecto.md"
    (srd / pagina.name).write_text(pagina.read_text("utf-8"), encoding="utf-8")
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    recogidos = pytester.runpytest("--collect-only", "-q")
    recogidos.stdout.fnmatch_lines(
        ["srd/comparativa-valor-incorrecto.md::*[[]Éxito en d20 y Ratas[]]"]
    )
    resultado = pytester.runpytest()
    resultado.assert_outcomes(passed=1, failed=1)
    esperado = pagina.with_suffix(".txt").read_text("utf-8").splitlines()
    resultado.stdout.fnmatch_lines([f"*{linea}" for linea in esperado])
    assert "Traceback" not in resultado.stdout.str()


def test_fuego_automatico_en_barras() -> None:
    (svg,) = _svgs(_html("tiradas: [fuego-automatico]\n"))
    grupos = svg.findall(f"{SVG}g[@class='tapiz-curvas__serie']")
    assert [len(g.findall(f"{SVG}rect")) for g in grupos] == [4, 4]
    assert "url(#" in grupos[1].get("style", "")
    assert svg.find(f"{SVG}defs/{SVG}pattern") is not None


@pytest.mark.parametrize("clave", ["tapiz-0", "tapiz-4", "tapiz-2017", "ratas", "d20"])
def test_cada_curva_acumulada_suma_sus_resultados(clave: str) -> None:
    t = tirada(clave)
    objetivos = tuple(range(-6, 30))
    series = _acumuladas(t, objetivos)
    assert len(series) == len(t.resultados) - 1
    for i, serie in enumerate(series):
        mejores = t.resultados[len(t.resultados) - 1 - i :]
        assert serie.valores == tuple(sum(t.probabilidad(m, x) for m in mejores) for x in objetivos)
    exito = next(s for s in series if s.etiqueta == "Éxito (cualquiera)")
    assert exito.valores == tuple(t.exito(x) for x in objetivos)


@pytest.mark.parametrize(
    "cuerpo",
    [
        "tiradas: [tapiz-0, d20, ratas]\nobjetivos: [2, 14]\n",
        "tiradas: [tapiz-2]\nobjetivos: [0, 20]\n",
        "tiradas: [fuego-automatico]\n",
    ],
)
def test_el_buscador_solo_ve_las_palabras_de_la_comparativa(cuerpo: str) -> None:
    """Mientras se indexa, las muestras de la leyenda y las cifras quedan apartadas y la
    cabecera de cada tabla es su texto, con las columnas separadas."""
    html = _html(cuerpo)
    indexado = Apartados().apartar(html)
    assert "<svg" not in indexado
    assert "<th" not in indexado
    assert "<td" not in indexado
    cabecera = re.search(r"<caption>[^<]*</caption><!--tapiz-aparte-\d+-->([^<]*)<", indexado)
    assert cabecera is not None
    assert cabecera.group(1).split(" ")[0] in ("Objetivo", "Banda")
    assert len(cabecera.group(1).split(" ")) > 2
