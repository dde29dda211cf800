"""Un módulo de ayuda junto a ``reglas.py`` (``from ayuda import X``): el mismo Lienzo en la
construcción, en pytest, en ``tapiz comprobar`` y en el motor de la página."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo.fuente.configuracion import cargar_configuracion
from mkdocs_plugins.nucleo.vivo.motor import lienzos_aparte, motor_zip
from tapiz_rules.lienzos.aislado import reglas_en_este_proceso
from tests.plugin.conftest import construir, sitio

LIENZO = "nombre: Islas de Sal\npython: reglas.py\n"
AYUDA = "MAREA = 3\n\n\ndef con_marea(n: int) -> int:\n    return n + MAREA\n"
REGLAS = """\
from typing import Annotated

from ayuda import con_marea
from marea.tabla import NOMBRE
from tapiz_rules.modelo import Campo, Entrada, Resultado, regla


@regla("pleamar", titulo="Pleamar", seccion="Islas", salidas=[Campo("altura", int, "Altura")])
def pleamar(p, base: Annotated[int, Entrada("Altura base", minimo=0)]) -> Resultado:
    return Resultado({"altura": con_marea(base)}, (f"{NOMBRE}: {base} + 3",))


REGLAS = (pleamar,)
"""
PAGINA = """\
# Islas {#islas}

```tapiz-ejemplo {#pleamar}
titulo: La pleamar suma la marea
regla: pleamar
entradas: {base: 2}
espera: {altura: ESPERA}
```
"""


def _proyecto(destino: Path, espera: int = 5) -> Path:
    proyecto = sitio(destino, [])
    islas = proyecto / "srd" / "islas"
    (islas / "marea").mkdir(parents=True)
    (islas / "lienzo.yml").write_text(LIENZO, encoding="utf-8")
    (islas / "reglas.py").write_text(REGLAS, encoding="utf-8")
    (islas / "ayuda.py").write_text(AYUDA, encoding="utf-8")
    (islas / "marea" / "__init__.py").write_text("", encoding="utf-8")
    (islas / "marea" / "tabla.py").write_text('NOMBRE = "Marea"\n', encoding="utf-8")
    (islas / "index.md").write_text(PAGINA.replace("ESPERA", str(espera)), encoding="utf-8")
    return proyecto


def test_la_construccion_importa_los_modulos_de_ayuda(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path)
    proceso = construir(proyecto, "--strict")
    assert proceso.returncode == 0, proceso.stderr
    html = (proyecto / "site" / "islas" / "index.html").read_text("utf-8")
    assert "Marea: 2 + 3" in html


def test_la_construccion_falla_con_el_ejemplo_mal(tmp_path: Path) -> None:
    proceso = construir(_proyecto(tmp_path, espera=6), "--strict")
    assert proceso.returncode != 0
    assert "srd/islas/index.md:7:" in proceso.stderr
    assert "altura (línea 7): la página espera 6, el motor calcula 5" in proceso.stderr
    assert "ModuleNotFoundError" not in proceso.stderr


def test_tapiz_comprobar_importa_los_modulos_de_ayuda(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_proyecto(tmp_path))
    assert main(["comprobar", "srd/islas/"]) == 0
    assert capsys.readouterr().out.endswith("1 ejemplo, 0 fallos\n")


def test_pytest_importa_los_modulos_de_ayuda(pytester: pytest.Pytester) -> None:
    _proyecto(pytester.path)
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    resultado = pytester.runpytest("-p", "no:randomly")
    resultado.assert_outcomes(passed=3)


def test_el_motor_de_la_pagina_lleva_y_usa_los_modulos_de_ayuda(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path / "libro")
    configuracion = cargar_configuracion(None, proyecto, proyecto / "srd")
    # El Python del Lienzo va en su propio zip (su motor aparte en la página), no en motor.zip.
    with zipfile.ZipFile(io.BytesIO(motor_zip(configuracion))) as archivo:
        assert not [n for n in archivo.namelist() if n.startswith("lienzos/")]
    ((zip_del_lienzo, _),) = lienzos_aparte(configuracion).values()
    with zipfile.ZipFile(io.BytesIO(zip_del_lienzo)) as archivo:
        nombres = [n for n in archivo.namelist() if n.startswith("lienzos/")]
        assert nombres == [
            "lienzos/0/ayuda.py",
            "lienzos/0/marea/__init__.py",
            "lienzos/0/marea/tabla.py",
            "lienzos/0/reglas.py",
        ]
        archivo.extractall(tmp_path / "pagina", members=nombres)
    # Como en Pyodide: el Lienzo desempaquetado, importado en el mismo proceso.
    reglas = reglas_en_este_proceso(
        tmp_path / "pagina" / "lienzos" / "0" / "reglas.py", "islas/reglas.py"
    )
    assert reglas[0].calcular(None, base=4).valores == {"altura": 7}
