"""``nombres`` en un ``lienzo.yml``: características, atributos y habilidades con otro nombre
en la hoja (página y PDF), los formularios, las tarjetas y los pasos; el libro no se entera."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mkdocs_plugins.herramientas.pdf.hoja import hoja as hoja_pdf
from mkdocs_plugins.nucleo.widgets.hoja import html as hoja_html
from tapiz_rules import vivo
from tapiz_rules.lienzos.incluir import leer_declaracion
from tapiz_rules.lienzos.lienzo import ErrorLienzo, cargar
from tapiz_rules.modelo import Reglamento
from tapiz_rules.sistemas import reglamento
from tapiz_rules.sistemas.tapiz.nombres import NOMBRES, Nombres, nombres_de
from tapiz_rules.vivo import documento_en_datos
from tapiz_rules.vivo.hoja import hoja_del_reglamento, responder_hoja

NOMBRES_YML = """\
nombre: Islas de Sal
nombres:
  caracteristicas:
    FUE: Vigor
    CAR: {nombre: Labia, abreviatura: LAB}
  atributo: [oficio, oficios]
  habilidad: [arte, artes]
"""
TAPIZ = reglamento("tapiz", "", ())


def _cargar(tmp_path: Path, texto: str) -> Reglamento:
    (tmp_path / "lienzo.yml").write_text(texto, encoding="utf-8")
    return cargar(tmp_path / "lienzo.yml", "islas/lienzo.yml").reglamento()


def _error(tmp_path: Path, texto: str) -> str:
    with pytest.raises(ErrorLienzo) as info:
        _cargar(tmp_path, texto)
    return str(info.value)


@pytest.fixture
def islas(tmp_path: Path) -> Reglamento:
    return _cargar(tmp_path, NOMBRES_YML)


def test_la_hoja_usa_los_nombres_del_lienzo(islas: Reglamento) -> None:
    hoja = hoja_del_reglamento(islas)
    etiquetas = {d.clave: d.etiqueta for d in hoja.datos}
    assert (etiquetas["fue"], etiquetas["car"], etiquetas["des"]) == ("Vigor", "Labia", "Destreza")
    assert etiquetas["at1"] == "Oficio o arte"
    assert hoja.apartados[-1].titulo == "Oficios y artes"
    principal = next(d for d in hoja.datos if d.clave == "pri")
    assert ("car", "LAB (Labia)") in (principal.opciones or ())
    # Las claves de los datos no cambian: los números son los mismos que en el libro.
    datos = {"datos": {"fue": "14", "car": "16", "pri": "car", "niv": "3"}}
    assert responder_hoja(islas, datos)["numeros"] == responder_hoja(TAPIZ, datos)["numeros"]


def test_la_hoja_de_la_pagina_y_la_del_pdf(islas: Reglamento) -> None:
    pagina = hoja_html(islas, "lienzo:Islas de Sal")
    assert "Vigor" in pagina and "Oficio o arte" in pagina and "Fuerza" not in pagina
    impresa = hoja_pdf(islas)
    assert "<strong>LAB</strong>" in impresa and "Oficios y artes" in impresa
    assert "<strong>CAR</strong>" not in impresa and "Atributo" not in impresa
    assert "<strong>CAR</strong>" in hoja_pdf(TAPIZ)


def test_formularios_tarjetas_y_pasos_usan_los_nombres(islas: Reglamento) -> None:
    impedimento = islas.regla("impedimento")
    assert impedimento.entrada("fue") is not None
    assert impedimento.entrada("fue").etiqueta == "Vigor"  # type: ignore[union-attr]
    dados = islas.regla("dados_atributo")
    assert dados.titulo == "Dados de un oficio"
    assert dados.entradas[0].etiqueta == "Nivel del oficio"
    assert islas.tabla("tabla_dados_atributo").titulo == "Dados de oficio"
    accion = islas.calcular(
        "accion", {"base": 12, "resistencia": 12, "dados": 3, "mod": 1, "nivel": 1}
    )
    assert any("dados de oficio" in paso for paso in accion.pasos)
    assert not any("atributo" in paso for paso in accion.pasos)


def test_el_libro_no_se_entera(islas: Reglamento) -> None:
    assert TAPIZ.regla("impedimento").entrada("fue").etiqueta == "Fuerza"  # type: ignore[union-attr]
    assert nombres_de(TAPIZ) is NOMBRES
    assert nombres_de(islas).caracteristica("FUE").nombre == "Vigor"


def test_un_lienzo_sin_nombres_tiene_las_reglas_del_libro(tmp_path: Path) -> None:
    sin = _cargar(tmp_path, "nombre: Islas de Sal\n")
    assert sin.regla("impedimento") is TAPIZ.regla("impedimento")


@given(st.text())
def test_con_los_nombres_de_tapiz_nada_cambia(texto: str) -> None:
    assert NOMBRES.renombrar(texto) == texto


@given(st.text(alphabet=st.characters(categories=["Ll", "Zs", "Nd"])))
def test_solo_cambian_las_palabras_enteras(texto: str) -> None:
    nombres = Nombres(atributo=("oficio", "oficios"))
    renombrado = nombres.renombrar(texto)
    palabras = texto.split()
    esperadas = [{"atributo": "oficio", "atributos": "oficios"}.get(p, p) for p in palabras]
    assert renombrado.split() == esperadas


@pytest.mark.parametrize(
    ("nombres", "mensaje"),
    [
        (
            "  caracteristicas: {FUERZA: Vigor}\n",
            "islas/lienzo.yml:3: Tapiz no tiene la característica «FUERZA»; las que tiene son: "
            "FUE, DES, CON, INT, SAB, CAR",
        ),
        (
            "  atributos: [oficio, oficios]\n",
            "islas/lienzo.yml:3: «nombres» no tiene «atributos»; las claves válidas son: "
            "caracteristicas, atributo, habilidad",
        ),
        (
            "  atributo: oficio\n",
            "islas/lienzo.yml:3: «nombres.atributo» es el nombre en singular y en plural, en "
            "minúsculas, p. ej. [oficio, oficios]",
        ),
        (
            "  caracteristicas: {FUE: Destreza}\n",
            "islas/lienzo.yml:3: dos características se llaman «Destreza»: cada una necesita su "
            "nombre",
        ),
        (
            "  caracteristicas: {FUE: {nombre: Vigor, abrev: VIG}}\n",
            "islas/lienzo.yml:3: «nombres.caracteristicas.FUE» no tiene «abrev»; las claves "
            "válidas son: nombre, abreviatura",
        ),
    ],
)
def test_errores_en_nombres(tmp_path: Path, nombres: str, mensaje: str) -> None:
    assert _error(tmp_path, "nombre: Islas de Sal\nnombres:\n" + nombres) == mensaje


def test_quien_busca_los_nombres_en_parametros_sabe_donde_estan(tmp_path: Path) -> None:
    mensaje = _error(tmp_path, "nombre: Islas de Sal\nparametros:\n  atributos: {FUE: Vigor}\n")
    assert mensaje.startswith(
        "islas/lienzo.yml:3: un Lienzo no puede cambiar el parámetro «atributos»; los que puede "
        "cambiar son: dado_base, grados,"
    )
    assert mensaje.endswith(
        "(los nombres de características, atributos y habilidades van en «nombres»)"
    )


def test_el_motor_de_la_pagina_usa_los_nombres(tmp_path: Path) -> None:
    """La página recibe la declaración como datos (``motor.zip``) y la lee igual."""
    (tmp_path / "lienzo.yml").write_text(NOMBRES_YML, encoding="utf-8")
    documento = leer_declaracion(tmp_path / "lienzo.yml", "islas/lienzo.yml").documento
    declarado = {"nombre": "Islas de Sal", "ruta": "islas/lienzo.yml", "carpeta": "."}
    vivo.preparar({"lienzos": [declarado | {"documento": documento_en_datos(documento)}]})
    try:
        elegido = vivo.reglamento({"lienzo": "Islas de Sal"})
    finally:
        vivo.preparar({"lienzos": []})  # el motor de la página es uno por proceso
    assert elegido.regla("impedimento").entrada("fue").etiqueta == "Vigor"  # type: ignore[union-attr]
    assert hoja_del_reglamento(elegido).apartados[-1].titulo == "Oficios y artes"
