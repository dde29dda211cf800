"""El puente del motor en la página (``tapiz_rules.vivo``), en CPython: lo mismo que responde
en Pyodide (las pruebas de navegador lo comprueban allí contra la CLI)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_plugins.nucleo.fuente.configuracion import Configuracion, buscar, cargar_configuracion
from mkdocs_plugins.nucleo.vivo import motor as publicacion
from tapiz_rules import vivo
from tapiz_rules.sistemas import SISTEMAS, reglamento
from tapiz_rules.vivo.lectura import leer_decimal, leer_entero
from tests.reglas_al_azar import Caso, casos, casos_por_regla

RAIZ = Path(__file__).resolve().parents[2]


def _respuesta(peticion: dict[str, object]) -> dict[str, object]:
    datos = json.loads(vivo.responder(peticion))
    assert isinstance(datos, dict)
    return datos


@given(st.sampled_from(casos(150)))
@settings(max_examples=150, deadline=None)
def test_cada_resultado_es_el_de_la_regla_escrito_como_en_el_libro(caso: Caso) -> None:
    esperado = reglamento(caso.sistema).calcular(caso.regla, caso.valores)
    regla = reglamento(caso.sistema).regla(caso.regla)
    datos = _respuesta(
        {"tipo": "regla", "sistema": caso.sistema, "regla": caso.regla, "entradas": caso.textos}
    )
    assert "error" not in datos, datos
    textos = {s["nombre"]: s["texto"] for s in datos["salidas"]}  # type: ignore[attr-defined]
    for campo in regla.salidas:
        valor = esperado.valores[campo.nombre]
        assert textos[campo.nombre] == campo.mostrar(valor, esperado.valores)


def test_cada_regla_de_los_tres_sistemas_da_sus_pasos() -> None:
    """Lo que muestran «Probar», «Repetir» y «Cambiar datos»: ninguna regla sin pasos, con
    entradas sacadas de su declaración (varias por regla, para sus distintas ramas)."""
    sin_pasos: list[tuple[str, str, dict[str, object]]] = []
    probadas: set[tuple[str, str]] = set()
    for caso in casos_por_regla(4):
        peticion = {"tipo": "regla", "sistema": caso.sistema, "regla": caso.regla}
        datos = _respuesta({**peticion, "entradas": caso.textos, "opcionales": caso.opcionales})
        assert "error" not in datos, (caso, datos)
        probadas.add((caso.sistema, caso.regla))
        pasos = datos["pasos"]
        assert isinstance(pasos, list)
        if not pasos or not all(isinstance(p, str) and p.strip() for p in pasos):
            sin_pasos.append((caso.sistema, caso.regla, caso.valores))
    todas = {(n, r) for n, s in SISTEMAS.items() for r in s.reglas}
    assert probadas == todas
    assert not sin_pasos


@pytest.mark.parametrize(
    ("texto", "valor"), [("2,5", 2.5), ("2.5", 2.5), ("\u22120,75", -0.75), ("5.400", 5400.0)]
)
def test_la_coma_decimal_se_lee(texto: str, valor: float) -> None:
    assert leer_decimal(texto) == valor


@pytest.mark.parametrize(("texto", "valor"), [("\u22122", -2), ("+3", 3), ("5.400", 5400)])
def test_los_enteros_se_leen_como_se_escriben(texto: str, valor: int) -> None:
    assert leer_entero(texto) == valor
    assert leer_entero("2,5") is None


@pytest.mark.parametrize(
    ("entradas", "mensaje"),
    [
        ({"base": "doce", "resistencia": "12"}, "Tirada del dado base: escribe un número entero"),
        ({"base": "2,5", "resistencia": "12"}, "Tirada del dado base: escribe un número entero"),
        ({"base": "12", "resistencia": "12", "nivel": "0"}, "Nivel del personaje: no puede ser"),
        ({"resistencia": "12", "base": ""}, "Falta tirada del dado base."),
    ],
)
def test_un_dato_que_no_se_lee_se_dice_con_su_etiqueta(
    entradas: dict[str, str], mensaje: str
) -> None:
    datos = _respuesta({"tipo": "regla", "regla": "accion", "entradas": entradas})
    assert str(datos["error"]).startswith(mensaje), datos
    assert "«base»" not in str(datos["error"])


def test_el_formulario_sale_de_la_declaracion() -> None:
    datos = _respuesta({"tipo": "formulario", "sistema": "ratas", "regla": "tirada"})
    regla = reglamento("ratas").regla("tirada")
    assert [e["etiqueta"] for e in datos["entradas"]] == [c.etiqueta for c in regla.entradas]  # type: ignore[attr-defined]


def test_una_tabla_cambia_con_la_edicion() -> None:
    actual = _respuesta({"tipo": "tabla", "tabla": "parametros_lienzo"})
    antigua = _respuesta({"tipo": "tabla", "tabla": "parametros_lienzo", "edicion": "2017"})
    assert actual["filas"] != antigua["filas"]
    assert antigua["reglamento"] == "Edición de 2017 (3d6)"


def test_una_peticion_desconocida_o_una_regla_que_no_existe_se_dicen() -> None:
    assert "error" in _respuesta({"tipo": "nada"})
    assert "rebanar" in str(_respuesta({"tipo": "formulario", "regla": "rebanar"})["error"])


def _configuracion() -> Configuracion:
    return cargar_configuracion(buscar(RAIZ), RAIZ, RAIZ / "srd")


def _desempaquetado(datos: bytes, carpeta: Path) -> Path:
    """Un zip del motor, desempaquetado como lo hace la página."""
    zipfile.ZipFile(io.BytesIO(datos)).extractall(carpeta)
    return carpeta


def test_el_zip_del_motor_es_el_mismo_en_cada_construccion() -> None:
    configuracion = _configuracion()
    assert publicacion.motor_zip(configuracion) == publicacion.motor_zip(configuracion)
    assert publicacion.lienzos_aparte(configuracion) == publicacion.lienzos_aparte(configuracion)


def _responder(motor: Path, *peticiones: dict[str, object]) -> list[dict[str, Any]]:
    """Las respuestas del motor desempaquetado en ``motor``, como en Pyodide: sin PyYAML."""
    programa = f"""
import json, sys
sys.modules["yaml"] = None
sys.path.insert(0, {str(motor)!r})
from tapiz_rules import vivo
import tapiz_rules
assert tapiz_rules.__file__.startswith({str(motor)!r})
vivo.preparar(open({str(motor / "libro.json")!r}, encoding="utf-8").read(), {str(motor)!r})
for peticion in json.loads(sys.argv[1]):
    print(vivo.responder(peticion))
"""
    orden = [sys.executable, "-c", programa, json.dumps(peticiones)]
    salida = subprocess.run(orden, capture_output=True, text=True, check=True).stdout
    return [json.loads(linea) for linea in salida.splitlines()]


BRUMA = {"lienzo": "Puertos de Bruma"}


def test_el_motor_del_libro_no_lleva_el_python_de_ningun_lienzo(tmp_path: Path) -> None:
    """El de Puertos de Bruma (su reglas.py) va en su propio zip; el motor del libro no lo
    carga y lo dice."""
    motor = _desempaquetado(publicacion.motor_zip(_configuracion()), tmp_path)
    assert not (motor / "lienzos").exists()
    [regateo] = _responder(motor, {"tipo": "regla", "regla": "regateo", **BRUMA})
    assert regateo == {
        "error": "Las reglas del Lienzo «Puertos de Bruma» se calculan en su propio motor."
    }


def test_el_motor_de_un_lienzo_calcula_sin_pyyaml_con_sus_reglas(tmp_path: Path) -> None:
    """Su zip lleva ``tapiz_rules``, su declaración y su Python, nada de otro Lienzo; lo que
    declara cada regla va aparte, para comprobar en la página lo que responda."""
    [(ruta, (datos, declarado))] = publicacion.lienzos_aparte(_configuracion()).items()
    assert ruta == "lienzos/0.zip"
    assert declarado["nombre"] == "Puertos de Bruma"
    assert declarado["reglas"]["regateo"] == {
        "entradas": ["precio", "puntos_de_efecto"],
        "salidas": ["rebaja", "precio"],
    }
    assert "ejemplos_efectos" in declarado["tablas"]
    nombres = zipfile.ZipFile(io.BytesIO(datos)).namelist()
    assert [n for n in nombres if not n.startswith("tapiz_rules/")] == [
        "codigo_generado.py",
        "libro.json",
        "lienzos/0/reglas.py",
    ]
    motor = _desempaquetado(datos, tmp_path)
    niebla = {"tipo": "regla", "regla": "niebla", "entradas": {"tirada": "4"}, **BRUMA}
    regateo, rebaja, respuesta_niebla, descripcion = _responder(
        motor,
        {"tipo": "regla", "regla": "regateo", "entradas": {}, **BRUMA},
        {
            "tipo": "regla",
            "regla": "regateo",
            "entradas": {"precio": "200", "puntos_de_efecto": "3"},
            **BRUMA,
        },
        niebla,
        {"tipo": "reglamento", **BRUMA},
    )
    assert "error" in regateo and "Falta" in regateo["error"]
    assert [s["texto"] for s in rebaja["salidas"]] == ["15 %", "170 monedas"]
    assert [s["texto"] for s in respuesta_niebla["salidas"]] == ["Espesa"]
    assert descripcion["descripcion"] == "Lienzo «Puertos de Bruma»"
