"""contrato.js, el módulo que da al JavaScript los números del motor, está al día."""

from desarrollo.contrato import (
    DADOS,
    ORDEN,
    RUTA,
    SOLO_PYTHON,
    dados_js_al_dia,
    texto_del_contrato,
)
from mkdocs_plugins.nucleo.widgets.widgets import WIDGETS
from mkdocs_plugins.plugin import carga
from tapiz_rules.dados import COSTE, LIMITES


def test_contrato_js_al_dia():
    assert RUTA.read_text(encoding="utf-8") == texto_del_contrato(), (
        f"mkdocs_plugins/tema/tapiz/contrato.js no está al día con el motor: {ORDEN}"
    )


def test_el_contrato_lleva_los_limites_de_la_notacion_y_nada_del_calculo_exacto():
    """El JavaScript tira y lee notación; las probabilidades no las calcula (ni su presupuesto
    ni su modelo de coste viajan)."""
    texto = texto_del_contrato()
    assert texto.startswith("// @ts-check\n// GENERADO")
    for nombre, valor in vars(LIMITES).items():
        assert (f"  {nombre}: {valor},\n" in texto) is (nombre not in SOLO_PYTHON), nombre
    assert {"trabajo"} == SOLO_PYTHON
    for nombre in vars(COSTE):
        assert nombre not in texto
    assert "COSTE" not in texto and str(LIMITES.trabajo) not in texto


def test_ningun_modulo_calcula_probabilidades():
    """Sin gemelo de las probabilidades en JavaScript: ni el módulo ni quien lo importe."""
    carpeta = RUTA.parent
    assert not (carpeta / "probabilidad.js").exists()
    for modulo in sorted(carpeta.glob("*.js")):
        assert "probabilidad.js" not in modulo.read_text(encoding="utf-8"), modulo.name


def test_ningun_otro_modulo_escribe_los_numeros_del_contrato():
    """Ni los límites ni las constantes de coste se vuelven a teclear en JavaScript."""
    carpeta = RUTA.parent
    for modulo in sorted(carpeta.glob("*.js")):
        if modulo == RUTA:
            continue
        texto = modulo.read_text(encoding="utf-8")
        for escrito in ("500000000", "1000000", "0.585", "1.585", "COSTE_POR"):
            assert escrito not in texto, f"{modulo.name} escribe «{escrito}»: va en contrato.js"


def test_la_tabla_de_widgets_de_dados_js_es_la_del_registro():
    fuente = DADOS.read_text(encoding="utf-8")
    assert fuente == dados_js_al_dia(fuente), f"dados.js no está al día con el registro: {ORDEN}"
    for widget in WIDGETS:
        assert f".{widget.clase}" in fuente
        if widget.modulo:
            assert f'"{widget.selector}", "{widget.modulo}"' in fuente


def test_la_carga_por_pagina_sale_del_mismo_registro():
    assert set(carga.WIDGETS) == {w.clase for w in WIDGETS}
    assert carga.hojas_de({"tapiz-comparativa", "tapiz-dados"}) == [
        "comparativa.css",
        "widgets.css",
    ]
    assert carga.aplazados_de({"tapiz-calculadora"}) == {"calculadora-viva"}
