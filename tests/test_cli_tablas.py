"""``tapiz reglas --tablas`` y ``tapiz tabla NOMBRE``: las tablas, listadas e inspeccionables,
las de un Lienzo incluidas; ``--yaml`` da la sustituta que acepta un ``lienzo.yml``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tapiz_rules.cli import main
from tapiz_rules.lienzos.lienzo import ErrorLienzo, cargar
from tapiz_rules.sistemas import reglamento
from tapiz_rules.vivo import celda

TAPIZ = reglamento("tapiz", "", ())
LIENZO = "nombre: Islas de Sal\nparametros:\n  dificultades: {media: 11}\n"


def _ejecutar(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    codigo = main(list(argv))
    salida = capsys.readouterr()
    return codigo, salida.out, salida.err


def _lienzo(carpeta: Path, texto: str = LIENZO) -> Path:
    carpeta.mkdir(exist_ok=True)
    (carpeta / "lienzo.yml").write_text(texto, encoding="utf-8")
    return carpeta


def test_reglas_tablas_lista_solo_las_tablas(capsys: pytest.CaptureFixture[str]) -> None:
    codigo, salida, _ = _ejecutar(capsys, "reglas", "--tablas", "--sistema", "tapiz")
    assert codigo == 0
    assert "Reglas:" not in salida
    nombres = [linea.split()[0] for linea in salida.splitlines()[2:] if linea.strip()]
    assert nombres == sorted(TAPIZ.vigente.tablas)
    datos = json.loads(_ejecutar(capsys, "reglas", "--tablas", "--sistema", "tapiz", "--json")[1])
    assert list(datos) == ["tablas"]
    assert [t["nombre"] for t in datos["tablas"]] == sorted(TAPIZ.vigente.tablas)


def test_tabla_muestra_columnas_y_filas_como_el_libro(capsys: pytest.CaptureFixture[str]) -> None:
    codigo, salida, _ = _ejecutar(capsys, "tabla", "dificultades")
    tabla = TAPIZ.tabla("dificultades")
    lineas = salida.splitlines()
    assert codigo == 0
    assert lineas[0] == "Dificultades — tabla «dificultades» (Sistema Tapiz)"
    assert lineas[2].split() == ["Dificultad", "Resistencia"]
    filas = [linea.rsplit(None, 1) for linea in lineas[4:]]
    assert filas == [[str(nombre), celda(numero)] for nombre, numero in tabla.filas]


def test_tabla_en_json(capsys: pytest.CaptureFixture[str]) -> None:
    datos = json.loads(_ejecutar(capsys, "tabla", "tabla_impedimento", "--json")[1])
    tabla = TAPIZ.tabla("tabla_impedimento")
    assert datos["columnas"] == list(tabla.columnas)
    assert datos["filas"] == [list(f) for f in tabla.filas]
    assert datos["notas"] == list(tabla.notas)


def test_tabla_de_un_lienzo_con_sus_parametros(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    carpeta = _lienzo(tmp_path / "islas")
    datos = json.loads(
        _ejecutar(capsys, "tabla", "dificultades", "--lienzo", str(carpeta), "--json")[1]
    )
    assert datos["reglamento"] == "Lienzo «Islas de Sal»"
    assert ["Media", 11] in datos["filas"]
    assert ("Media", 12) in TAPIZ.tabla("dificultades").filas


def test_reglas_con_el_nombre_de_una_tabla_la_muestra(capsys: pytest.CaptureFixture[str]) -> None:
    codigo, salida, error = _ejecutar(capsys, "reglas", "dificultades")
    assert (codigo, error) == (0, "")
    assert salida == _ejecutar(capsys, "tabla", "dificultades")[1]
    assert "desconocida" not in salida


def test_una_tabla_que_no_existe(capsys: pytest.CaptureFixture[str]) -> None:
    codigo, _, error = _ejecutar(capsys, "tabla", "dificultad")
    assert codigo == 2
    assert error == (
        "tapiz: error: tabla desconocida «dificultad» en el sistema «tapiz». ¿Quizá "
        "«dificultades»? Consulta el catálogo de reglas.\n"
    )


def test_la_tabla_en_yaml_es_una_sustituta_valida_y_sus_numeros_se_comprueban(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    carpeta = _lienzo(tmp_path / "islas")
    yaml = _ejecutar(capsys, "tabla", "dificultades", "--lienzo", str(carpeta), "--yaml")[1]
    assert "- [Media, 11]" in yaml
    # Otro título, las mismas filas y los mismos números: el Lienzo la acepta.
    propia = yaml.replace("titulo: Dificultades", "titulo: Dificultades en las islas")
    lienzo = cargar(_lienzo(carpeta, LIENZO + propia) / "lienzo.yml")
    tabla = lienzo.reglamento().tabla("dificultades")
    assert tabla.titulo == "Dificultades en las islas" and ["Locura", 24] in map(list, tabla.filas)
    # Una fila con otro nombre ya no se podría comprobar: es un error.
    _lienzo(carpeta, LIENZO + yaml.replace("Locura", "Tormenta"))
    with pytest.raises(ErrorLienzo, match="la fila «Tormenta» de «dificultades» no es ninguna"):
        cargar(carpeta / "lienzo.yml", "islas/lienzo.yml")
    # Un número que no dan sus reglas: el error dice cuál debe ser.
    _lienzo(carpeta, LIENZO + yaml.replace("[Media, 11]", "[Media, 12]"))
    with pytest.raises(ErrorLienzo) as error:
        cargar(carpeta / "lienzo.yml", "islas/lienzo.yml")
    assert str(error.value) == (
        "islas/lienzo.yml:5: la fila «Media» de «dificultades» dice 12 en «Resistencia», pero "
        "con las reglas del Lienzo es 11"
    )


def test_una_celda_que_json_no_tiene_sale_como_texto(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nueva = "tablas_nuevas:\n  fiestas:\n    titulo: Fiestas\n    columnas: [Día]\n"
    carpeta = _lienzo(tmp_path / "islas", LIENZO + nueva + "    filas: [[2024-05-01]]\n")
    datos = json.loads(_ejecutar(capsys, "tabla", "fiestas", "--lienzo", str(carpeta), "--json")[1])
    assert datos["filas"] == [["2024-05-01"]]
