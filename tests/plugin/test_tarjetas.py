"""Las tarjetas y reglas de los capítulos hablan el idioma del lector, no el del motor."""

from __future__ import annotations

import re

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.vallas.render import tipografia
from tapiz_rules.sistemas import SISTEMAS

EJEMPLO = """\
```tapiz-ejemplo {#sharra-salta}
titulo: Sharra salta
regla: accion
entradas: {base: 9, mod: -2, nivel: 3, rasgos: 2, resistencia: 15}
dados: {base: 1d20}
espera: {puntos_de_consecuencia: 4}
```
"""


def _texto(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_una_tarjeta_usa_etiquetas_formatos_y_el_resultado_que_decide() -> None:
    tarjeta = procesar("srd/x.md", EJEMPLO).fragmentos[0].html
    texto = _texto(tarjeta)
    assert "Tirada del dado base 9 (1d20)" in texto
    assert "Modificador de característica −2" in texto
    assert "Puntos de consecuencia 4" in texto
    assert "Éxito no" in texto  # no lo cita el ejemplo, pero decide
    assert "Total: 1d20 (9) + dados de atributo 0 + mod −2" in texto
    assert "puntos_de_consecuencia" not in texto and "regla" not in texto.lower().split()


def test_una_regla_en_un_capitulo_se_explica_sin_nombres_de_campo() -> None:
    html = procesar("srd/x.md", "```tapiz-regla\nregla: accion\n```\n").fragmentos[0].html
    texto = _texto(html)
    assert texto.startswith("Tirada de acción Total = 1d20 + dados de atributo")
    assert "+ modificador de característica + bonus de rasgos + otros bonus." in texto
    assert "Se parte de" not in texto and "se obtiene" not in texto
    assert "<code>" not in html and "obligatoria" not in texto and "null" not in texto


def test_la_cursiva_y_el_codigo_de_una_explicacion_no_se_ven_como_marcas() -> None:
    bloque = "```tapiz-regla\nsistema: ratas\nregla: tirada\ncatalogo: true\n```\n"
    parrafo = procesar("srd/catalogo.md", bloque).fragmentos[0].html
    assert "<em>Ratas en las paredes</em>" in parrafo and "*Ratas" not in parrafo


def test_la_ficha_del_catalogo_si_lleva_los_nombres_de_campo() -> None:
    bloque = "```tapiz-regla\nregla: accion\ncatalogo: true\n```\n"
    html = procesar("srd/catalogo.md", bloque).fragmentos[0].html
    assert "<code>puntos_de_efecto</code>" in html and "obligatoria" in html


def test_el_catalogo_da_a_cada_regla_y_tabla_una_ficha_con_ancla() -> None:
    markdown = catalogo.markdown()
    procesada = procesar("srd/catalogo.md", markdown.split("---\n", 2)[2])
    assert procesada.problemas == []
    anclas = re.findall(r'<h4 id="([^"]+)"><code>', procesada.html)
    esperadas = [
        f"{sistema.nombre}-{nombre}"
        for sistema in SISTEMAS.values()
        for nombre in [*sistema.reglas, *sistema.tablas]
    ]
    assert sorted(anclas) == sorted(esperadas)
    # El índice de la página lista sistemas y secciones; las fichas van dentro de sus bloques.
    assert "\n#### " not in markdown
    secciones = {(s.nombre, r.seccion) for s in SISTEMAS.values() for r in s.reglas.values()}
    assert markdown.count("```tapiz-regla") == len(secciones) + sum(
        1 for s in SISTEMAS.values() if s.tablas
    )
    ficha = procesada.html.split('<h4 id="tapiz-dificultades">')[1].split("<h4")[0]
    assert 'href="#tapiz-dificultades"' in ficha
    assert "<p>La escala de dificultades" in ficha and "<th>Resistencia</th>" in ficha


def test_el_signo_menos_tipografico() -> None:
    assert (
        tipografia("13 - resistencia 9 = 4; mod -2 (-1)") == "13 − resistencia 9 = 4; mod −2 (−1)"
    )
    assert tipografia("banda 7-, de 2-3, Ratas-en") == "banda 7-, de 2-3, Ratas-en"
