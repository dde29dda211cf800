"""Un ``lienzo.yml`` repartido en varios ficheros con ``incluir``; cada error señala el
fichero y la línea donde está, y un ``lienzo.yml`` demasiado largo dice cómo repartirlo."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.nucleo.fuente.configuracion import cargar_configuracion
from mkdocs_plugins.nucleo.vivo.motor import libro
from tapiz_rules.lienzos.lienzo import ErrorLienzo, cargar

PRINCIPAL = """\
nombre: Islas de Sal
incluir: [mareas.yml, reglas/niebla.yml]
parametros:
  dado_base: 2d10
tablas_nuevas:
  vientos:
    titulo: Vientos
    columnas: [Viento]
    filas: [[Norte]]
"""
MAREAS = """\
tablas_nuevas:
  mareas:
    titulo: Mareas del puerto
    columnas: [Hora, Marea]
    filas:
      - [Amanecer, Baja]
parametros:
  grados: {menor: 4, mayor: 8, extremo: 12}
"""
NIEBLA = """\
reglas:
  niebla:
    titulo: Densidad de la niebla
    entrada: Tirada de 1d6
    salida: Niebla
    dados: 1d6
    filas:
      - [1, Clara]
      - [4, Cerrada]
"""


def _lienzo(carpeta: Path, **ficheros: str) -> Path:
    for nombre, texto in {"lienzo.yml": PRINCIPAL, "mareas.yml": MAREAS, **ficheros}.items():
        destino = carpeta / nombre
        destino.parent.mkdir(parents=True, exist_ok=True)
        destino.write_text(texto, encoding="utf-8")
    (carpeta / "reglas").mkdir(exist_ok=True)
    if not (carpeta / "reglas" / "niebla.yml").exists():
        (carpeta / "reglas" / "niebla.yml").write_text(NIEBLA, encoding="utf-8")
    return carpeta / "lienzo.yml"


def _error(fichero: Path) -> str:
    with pytest.raises(ErrorLienzo) as info:
        cargar(fichero, "islas/lienzo.yml")
    return str(info.value)


def test_las_claves_de_los_ficheros_incluidos_se_juntan(tmp_path: Path) -> None:
    reglamento = cargar(_lienzo(tmp_path)).reglamento()
    assert reglamento.parametros.dado_base == "2d10"
    assert [g.puntos for g in reglamento.parametros.grados] == [4, 8, 12]
    assert reglamento.tabla("mareas").filas == (("Amanecer", "Baja"),)
    assert reglamento.tabla("vientos").filas == (("Norte",),)
    assert reglamento.calcular("niebla", {"tirada": 5})["resultado"] == "Cerrada"


def test_un_error_en_un_fichero_incluido_senala_ese_fichero(tmp_path: Path) -> None:
    fichero = _lienzo(tmp_path, **{"reglas/niebla.yml": NIEBLA.replace("[4, Cerrada]", "[0, X]")})
    assert _error(fichero) == (
        "islas/reglas/niebla.yml:2: las filas de «niebla» deben ir de menor a mayor, sin "
        "repetir «desde»"
    )
    fichero = _lienzo(tmp_path, **{"mareas.yml": MAREAS.replace("grados", "impedimentos")})
    assert _error(fichero).startswith(
        "islas/mareas.yml:8: un Lienzo no puede cambiar el parámetro «impedimentos»"
    )


def test_una_entrada_repetida_en_dos_ficheros(tmp_path: Path) -> None:
    fichero = _lienzo(tmp_path, **{"mareas.yml": MAREAS.replace("mareas:", "vientos:")})
    assert (
        _error(fichero)
        == "islas/mareas.yml:2: «tablas_nuevas.vientos» ya está en islas/lienzo.yml:6"
    )


def test_una_clave_simple_no_se_reparte(tmp_path: Path) -> None:
    principal = PRINCIPAL + "python: reglas.py\n"
    fichero = _lienzo(tmp_path, **{"lienzo.yml": principal, "mareas.yml": "python: otras.py\n"})
    assert _error(fichero) == (
        "islas/mareas.yml:1: «python» ya está en islas/lienzo.yml:10; solo se reparten entre "
        "ficheros las claves que son mapas (tablas, tablas_nuevas, reglas, parametros, nombres)"
    )


@pytest.mark.parametrize(
    ("incluir", "mensaje"),
    [
        ("incluir: mareas.yml", "«incluir» es una lista de ficheros .yml, p. ej. [tablas.yml]"),
        (
            "incluir: [../fuera.yml]",
            "«../fuera.yml» no es un fichero .yml de la carpeta del Lienzo",
        ),
        ("incluir: [reglas.py]", "«reglas.py» no es un fichero .yml de la carpeta del Lienzo"),
        ("incluir: [olas.yml]", "no existe «olas.yml» junto a lienzo.yml"),
    ],
)
def test_incluir_mal_escrito(tmp_path: Path, incluir: str, mensaje: str) -> None:
    principal = PRINCIPAL.replace("incluir: [mareas.yml, reglas/niebla.yml]", incluir)
    assert (
        _error(_lienzo(tmp_path, **{"lienzo.yml": principal})) == f"islas/lienzo.yml:2: {mensaje}"
    )


@pytest.mark.parametrize(
    ("fichero", "texto", "mensaje"),
    [
        ("mareas.yml", "# nada aún\n", "está vacío: escribe en él claves de lienzo.yml"),
        ("mareas.yml", "- [Amanecer, Baja]\n", "debe ser un mapa YAML (clave: valor)"),
        ("lienzo.yml", "", "está vacío: un Lienzo declara al menos su nombre"),
        # libyaml lo lee como un texto suelto; el YAML de Python, como un error: ni traza ni
        # «vacío» (lo encontró fuzz_entradas).
        ("lienzo.yml", "grado_efecto\t", "debe ser un mapa YAML (clave: valor)"),
    ],
    ids=["incluido-vacio", "incluido-lista", "principal-vacio", "principal-texto-con-tabulador"],
)
def test_un_fichero_vacio_o_sin_claves(
    tmp_path: Path, fichero: str, texto: str, mensaje: str
) -> None:
    assert _error(_lienzo(tmp_path, **{fichero: texto})).startswith(f"islas/{fichero}:1: {mensaje}")


def test_nombre_solo_en_lienzo_yml(tmp_path: Path) -> None:
    fichero = _lienzo(tmp_path, **{"mareas.yml": "nombre: Otro\n"})
    assert _error(fichero) == "islas/mareas.yml:1: «nombre» solo puede ir en islas/lienzo.yml"


def test_demasiado_largo_dice_como_repartirlo(tmp_path: Path) -> None:
    relleno = "".join(f"# {'relleno ' * 10}\n" for _ in range(700))
    texto = PRINCIPAL + relleno
    largo = f"{len(texto):,}".replace(",", ".")
    fichero = _lienzo(tmp_path, **{"lienzo.yml": texto})
    assert _error(fichero) == (
        f"islas/lienzo.yml:1: YAML no válido: ocupa {largo} caracteres y el máximo es 50.000; "
        "reparte sus tablas y reglas en otros ficheros de la carpeta del Lienzo con «incluir: "
        "[tablas.yml]» (véase «Un Lienzo en varios ficheros» en la guía)"
    )


def test_la_pagina_recibe_la_declaracion_reunida(tmp_path: Path) -> None:
    _lienzo(tmp_path / "srd" / "islas")
    configuracion = cargar_configuracion(None, tmp_path, tmp_path / "srd")
    (declarado,) = libro(configuracion)["lienzos"]
    assert set(declarado["documento"]["valores"]["tablas_nuevas"]) == {"vientos", "mareas"}
    assert "niebla" in declarado["documento"]["valores"]["reglas"]
