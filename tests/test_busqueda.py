"""El índice de búsqueda admite palabras escritas sin tildes."""

import html
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mkdocs_plugins.nucleo.marcado.definiciones import (
    apartar_definiciones,
    formas,
    plural,
    problemas,
)
from mkdocs_plugins.plugin.busqueda import (
    formas_buscables,
    palabras_plegadas,
    plegar,
    plegar_indice_busqueda,
    plegar_por_definicion,
)


def _indice(tmp_path: Path, docs: list[dict[str, str]]) -> Path:
    ruta = tmp_path / "search_index.json"
    config = {
        "lang": ["es"],
        "separator": r"[\s\-]+",
        "pipeline": ["stopWordFilter", "trimmer"],
        "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1e6}},
    }
    ruta.write_text(json.dumps({"config": config, "docs": docs}), encoding="utf-8")
    return ruta


def test_plegar_quita_tildes_dieresis_y_enes():
    assert plegar("Acción, DAÑO, pingüino, Tamaño") == "accion, dano, pinguino, tamano"


@given(st.text() | st.text(alphabet="aAáÁàÀâçÇéÉèëíÍïİıñÑóÓöøØœúÚüÜÿß\u0301\u0308ΣΑ"))
def test_plegar_con_la_tabla_da_lo_mismo_que_la_definicion(texto):
    assert plegar(texto) == plegar_por_definicion(texto)


def test_solo_se_guardan_las_palabras_que_cambian_y_sin_etiquetas():
    texto = "<p>La acci&oacute;n causa <strong>daño</strong> y más daño; TZR0002 no cambia.</p>"
    assert palabras_plegadas(texto) == "accion dano mas"


def _todas_las_palabras_plegadas(texto_html: str) -> str:
    """La definición directa: cada palabra del texto, plegada si cambia, sin repetir."""
    texto = html.unescape(re.sub(r"<[^>]*>", " ", texto_html))
    cambiadas = (plegar(p) for p in re.findall(r"\w+", texto) if plegar(p) != p.lower())
    return " ".join(dict.fromkeys(cambiadas))


@given(st.text(alphabet="aAáÁeéñÑüÜ٣ß ,.\u00a0\u2003\x1c\n<>/&;x1_-", max_size=80))
def test_buscar_solo_en_los_trozos_no_ascii_da_lo_mismo_que_todas_las_palabras(texto):
    assert palabras_plegadas(texto) == _todas_las_palabras_plegadas(texto)


def test_el_indice_gana_campos_sin_tildes_con_el_peso_de_su_campo(tmp_path):
    ruta = _indice(
        tmp_path,
        [
            {"location": "hacer-cosas/", "title": "Tiradas de acción", "text": "<p>El daño</p>"},
            {"location": "rango/#tzr0002", "title": "TZR0002", "text": "<p>Sin carga</p>"},
        ],
    )
    plegar_indice_busqueda(ruta)
    indice = json.loads(ruta.read_text(encoding="utf-8"))
    assert indice["config"]["fields"]["titulo_sin_tildes"] == {"boost": 1000.0}
    assert indice["config"]["fields"]["texto_sin_tildes"] == {"boost": 1.0}
    assert indice["docs"][0] == {
        "location": "hacer-cosas/",
        "title": "Tiradas de acción",
        "text": "<p>El daño</p>",
        "titulo_sin_tildes": "accion",
        "texto_sin_tildes": "dano",
    }
    assert indice["docs"][1] == {
        "location": "rango/#tzr0002",
        "title": "TZR0002",
        "text": "<p>Sin carga</p>",
    }


def test_plegar_dos_veces_da_lo_mismo(tmp_path):
    ruta = _indice(tmp_path, [{"location": "a/", "title": "Tamaño", "text": "<p>tamaño</p>"}])
    plegar_indice_busqueda(ruta)
    primera = ruta.read_text(encoding="utf-8")
    plegar_indice_busqueda(ruta)
    assert ruta.read_text(encoding="utf-8") == primera


# Las secciones que definen un término (``define`` en su encabezado).


@pytest.mark.parametrize(
    ("palabra", "plural_esperado"),
    [
        ("herida", "heridas"),
        ("explosión", "explosiones"),
        ("consecuencia", "consecuencias"),
        ("luz", "luces"),
        ("azar", "azares"),
        ("francés", "franceses"),
        ("sofá", "sofás"),
        ("crisis", "crisis"),
    ],
)
def test_el_plural_de_una_palabra(palabra, plural_esperado):
    assert plural(palabra) == plural_esperado


def test_las_formas_de_un_termino_sin_plural_para_las_palabras_que_lo_unen():
    assert formas("Puntos de efecto") == ["puntos", "de", "efecto", "efectos"]


def test_las_formas_buscables_llevan_tambien_las_sin_tildes():
    assert formas_buscables(("explosión",)) == "explosión explosiones explosion"


def test_los_encabezados_pierden_define_y_se_sabe_que_define_cada_seccion():
    texto = (
        '<h1 define="puntos de efecto" id="puntos-de-efecto">Puntos de efecto</h1><p>x</p>'
        '<h2 id="cordura" define="cordura, locura">Cordura<a class="headerlink" href="#cordura">'
        '¶</a></h2><h3 id="otra">Otra</h3>'
    )
    html, definiciones = apartar_definiciones(texto)
    assert html == (
        '<h1 id="puntos-de-efecto">Puntos de efecto</h1><p>x</p>'
        '<h2 id="cordura">Cordura<a class="headerlink" href="#cordura">¶</a></h2>'
        '<h3 id="otra">Otra</h3>'
    )
    assert definiciones == {"": ("puntos de efecto",), "cordura": ("cordura", "locura")}


def test_un_define_sin_terminos_dice_donde_esta():
    markdown = '---\ntitle: X\n---\n\n# X {#x}\n\n## Cordura {#cordura define=" "}\n'
    _, definiciones = apartar_definiciones('<h2 id="cordura" define=" ">Cordura</h2>')
    assert problemas(markdown, definiciones) == [
        (
            7,
            "«define» sin ningún término en el encabezado de la sección #cordura; "
            'escríbelo así: define="término, otro término"',
        )
    ]


def test_la_seccion_que_define_gana_el_campo_de_mas_peso_y_su_pagina_el_del_texto(tmp_path):
    ruta = _indice(
        tmp_path,
        [
            {"location": "ratas/", "title": "Ratas", "text": ""},
            {"location": "ratas/#dano", "title": "Daño", "text": "<p>PV</p>"},
            {"location": "efecto/", "title": "Puntos de efecto", "text": ""},
            {"location": "otra/", "title": "Otra", "text": ""},
        ],
    )
    definiciones = {"ratas/#dano": ("herida",), "efecto/": ("puntos de efecto",)}
    plegar_indice_busqueda(ruta, definiciones=definiciones)
    indice = json.loads(ruta.read_text(encoding="utf-8"))
    campos = indice["config"]["fields"]
    assert campos["terminos"]["boost"] > 10 * campos["title"]["boost"]
    assert campos["terminos_de_sus_secciones"] == campos["text"]
    por_ubicacion = {d["location"]: d for d in indice["docs"]}
    assert por_ubicacion["ratas/#dano"]["terminos"] == "herida heridas"
    assert por_ubicacion["ratas/"]["terminos_de_sus_secciones"] == "herida heridas"
    assert "terminos" not in por_ubicacion["ratas/"]
    assert por_ubicacion["efecto/"]["terminos"] == "puntos de efecto efectos"
    assert "terminos_de_sus_secciones" not in por_ubicacion["efecto/"]
    assert set(por_ubicacion["otra/"]) == {"location", "title", "text"}
    primera = ruta.read_text(encoding="utf-8")
    plegar_indice_busqueda(ruta, definiciones=definiciones)
    assert ruta.read_text(encoding="utf-8") == primera


def test_en_el_libro_cada_termino_lo_define_su_seccion_y_no_queda_el_atributo(libro):
    indice = json.loads((libro / "search" / "search_index.json").read_text(encoding="utf-8"))
    definen = {
        palabra: d["location"] for d in indice["docs"] for palabra in d.get("terminos", "").split()
    }
    heridas = {d["location"] for d in indice["docs"] if "heridas" in d.get("terminos", "").split()}
    assert heridas == {"sistemas/ratas/#dano-y-proteccion", "sistemas/d20/#heridas-graves"}
    esperado = {
        "explosión": "dados/#dados-que-explotan",
        "explosion": "dados/#dados-que-explotan",
        "explotan": "dados/#dados-que-explotan",
        "explota": "dados/#dados-que-explotan",
        "iniciativa": "rondas-y-turnos/#iniciativa",
        "ventaja": "niveles-y-avances/#ventaja-y-desventaja",
        "consecuencia": "hacer-cosas/#efectos-y-consecuencias",
        "carga": "rango-y-movimiento/#impedimento-y-carga",
        "cordura": "sistemas/ratas/#cordura",
        "efecto": "puntos-de-efecto/",
    }
    assert {termino: definen.get(termino) for termino in esperado} == esperado
    for pagina in ("sistemas/ratas", "niveles-y-avances", "puntos-de-efecto", "libro"):
        assert ' define="' not in (libro / pagina / "index.html").read_text(encoding="utf-8")
