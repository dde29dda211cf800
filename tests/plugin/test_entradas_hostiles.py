"""Entradas hostiles o descuidadas: un mensaje con su línea, nunca una excepción ni un cuelgue.

Las páginas grandes se convierten en un proceso aparte con un tiempo máximo muy
holgado: no mide la velocidad (eso es del banco), solo impide que un recorrido
cuadrático cuelgue la suite. Con las expresiones de antes, cada caso tardaba
más de un minuto; ahora, una fracción de segundo.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo.vallas.ejecucion import coincide
from tapiz_rules.yaml_con_lineas import ErrorYaml, cargar_mapa

GUARDA = 60
"""Segundos tras los que se da por colgado un proceso (no es un umbral de velocidad)."""

PAGINAS_ENORMES = {
    "código en línea": "'`' + 'tapiz ' * 40_000 + '`\\n'",
    "marcas sin cerrar": "'{{= a(' * 70_000 + '\\n'",
    "marcas con paréntesis": "'{{= a(b=' * 50_000 + ').c }}\\n'",
    "dados sin fin": "'1d6+' * 60_000 + '\\n'",
}


@pytest.mark.parametrize("expresion", PAGINAS_ENORMES.values(), ids=PAGINAS_ENORMES.keys())
def test_una_pagina_enorme_termina(expresion: str) -> None:
    codigo = textwrap.dedent(f"""
        from mkdocs_plugins.extension.pagina import procesar
        procesada = procesar("srd/enorme.md", {expresion})
        print(len(procesada.html) > 0, len(procesada.problemas))
    """)
    salida = subprocess.run(
        [sys.executable, "-c", codigo], capture_output=True, text=True, timeout=GUARDA
    )
    assert salida.returncode == 0, salida.stderr
    assert salida.stdout.startswith("True")


@pytest.mark.parametrize(
    ("esperado", "calculado", "cuadra"),
    [
        (0.0, 0.0432, False),
        (0, 0.0432, False),
        (1.0, 0.9999, False),
        (1, 0.96, False),
        (0.0, 0.0, True),
        (1.0, 1, True),
        (0.04, 0.0432, True),
        (0.05, 0.0432, False),
        (0.45, 0.45, True),
    ],
)
def test_cero_y_uno_son_exactos_y_los_demas_a_la_precision_escrita(
    esperado: float, calculado: float, cuadra: bool
) -> None:
    assert coincide(esperado, calculado) is cuadra


def test_un_bloque_demasiado_grande_es_un_error_con_su_linea() -> None:
    cuerpo = "regla: grado_efecto\nentradas: {puntos: 3}\nespera: {grado: menor}\n"
    relleno = "".join(f"# {'relleno ' * 10}\n" for _ in range(1000))
    procesada = procesar("srd/grande.md", f"# Grande\n\n```tapiz-ejemplo\n{cuerpo}{relleno}```\n")
    assert [str(p) for p in procesada.problemas] == [
        "srd/grande.md:3: YAML no válido en ```tapiz-ejemplo: ocupa 83.064 caracteres y el "
        "máximo es 50.000; divídelo en varios"
    ]


def test_los_alias_se_rechazan_en_la_linea_que_los_usa() -> None:
    with pytest.raises(ErrorYaml, match="alias") as error:
        cargar_mapa("a: &a [1, 2]\nb: 3\nc: *a\n")
    assert error.value.linea == 2


def test_una_pagina_demasiado_grande_es_un_error_en_su_primera_linea() -> None:
    """La línea 1 del fichero, con o sin cabecera, y ningún error más (véase
    ``test_carpeta_paginas.py``: la construcción dice lo mismo)."""
    valla = "```tapiz-regla\nregla: accion\n```\n\n"
    procesada = procesar("srd/enorme.md", "# Sin id\n\n" + valla + "Texto.\n" * 200_000, 3)
    assert [str(p) for p in procesada.problemas] == [
        "srd/enorme.md:1: la página ocupa más de 1.000.000 caracteres; divídela en varias"
    ]


def test_nel_y_los_separadores_unicode_no_cuentan_como_lineas() -> None:
    with pytest.raises(ErrorYaml) as error:
        cargar_mapa("nombre: X\nregla: \x85regla: 1\n")
    assert error.value.linea == 1
    documento = cargar_mapa("a: 1\nb: x\u2028y\n")
    assert documento is not None and documento.lineas == {"a": 0, "b": 1}
