"""Las dos órdenes del README funcionan con solo Python y pip (``tareas.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tareas


def test_sin_chromium_se_prueba_el_resto_y_se_dice_en_una_linea():
    assert tareas.ordenes("pruebas", ["-q"], chromium=False) == [
        ["run", "pytest", "-m", "not navegador", "-q"]
    ]
    assert tareas.ordenes("pruebas", [], chromium=True) == [["run", "pytest"]]
    assert "\n" not in tareas.SIN_CHROMIUM
    assert "sudo apt-get install chromium" in tareas.SIN_CHROMIUM


def test_servir_es_mkdocs_serve():
    assert tareas.ordenes("servir", [], chromium=True) == [["run", "mkdocs", "serve"]]


def test_sin_pyodide_instala_antes_lo_de_package_lock():
    for tarea in ("servir", "pruebas"):
        primera, *_ = tareas.ordenes(tarea, [], chromium=True, npm=True)
        assert primera == tareas.NPM_CI
        assert "'ci'" in primera[-1]


def test_sin_uv_en_el_sistema_lo_instala_con_pip_en_herramientas(tmp_path):
    """Con el Python de base (el del usuario, que trae pip), no con el entorno de uv."""
    python = Path(sys.base_prefix) / "bin" / "python3"
    guion = (
        "import shutil, sys; from pathlib import Path; import tareas\n"
        "shutil.which = lambda nombre: None\n"
        "tareas.HERRAMIENTAS = Path(sys.argv[1])\n"
        "print(tareas.asegurar_uv())\n"
    )
    herramientas = tmp_path / ".herramientas"
    raiz = Path(tareas.__file__).parent
    ejecutar = [str(python), "-c", guion, str(herramientas)]
    primera = subprocess.run(ejecutar, cwd=raiz, capture_output=True, text=True, check=True)
    uv = Path(primera.stdout.splitlines()[-1])
    assert uv == herramientas / "bin" / "uv"
    version = subprocess.run([str(uv), "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("uv ")
    segunda = subprocess.run(ejecutar, cwd=raiz, capture_output=True, text=True, check=True)
    assert segunda.stdout == f"{uv}\n"  # la segunda vez no instala nada


def test_una_tarea_desconocida_lo_dice_en_espanol():
    proceso = subprocess.run(
        [sys.executable, "tareas.py", "construir"],
        cwd=Path(tareas.__file__).parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proceso.returncode != 0
    assert "tarea desconocida «construir»; las tareas son: servir, pruebas" in proceso.stderr
