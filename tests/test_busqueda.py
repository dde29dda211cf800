"""El índice de búsqueda admite palabras escritas sin tildes."""

import html
import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_plugins.plugin.busqueda import (
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
