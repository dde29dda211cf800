"""De una carpeta vacía a un Lienzo construido con ``--strict`` y comprobado, con las órdenes de la
guía (``srd/colaborar/lienzos.md``), y lo que pesa lo que se instala y lo que se publica.

Se ejecuta a demanda (``uv run python bench/bench_disenador.py``) y no afirma nada. «Tras las
descargas»: la rueda se construye antes con ``uv build`` (en lugar de bajarla de git), las
dependencias salen de la caché de uv con las versiones de ``uv.lock`` y ``tapiz motor`` copia
el Pyodide de ``node_modules/`` en lugar de bajarlo de npm (los 5,4 MB de su paquete no
cuentan). Mide, con el reloj de pared, cada orden en una carpeta temporal fuera del repositorio:

1. ``uv venv`` y ``uv pip install`` de la rueda (lo que hace ``uv sync`` en el repositorio nuevo);
2. ``tapiz nuevo-lienzo``; 3. ``tapiz motor``;
4. ``mkdocs build --strict`` la primera vez (con Node en el PATH precompila el Python de la
   página, como en la máquina de quien lo tenga) y una segunda, con las cachés;
5. ``pytest``; 6. ``tapiz comprobar``.

La referencia medida en la misma ejecución es la misma construcción con el plugin apagado
(``enabled: false``): MkDocs y Material solos con esas páginas. Además: el tamaño de la rueda
(y de lo que más pesa en ella) y el peso de cada página del sitio publicado, frente a los
límites del libro (``tests/plugin/test_peso.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections import Counter
from pathlib import Path

from desarrollo.peso import paginas, peso_de_pagina

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))
from tests.plugin.test_peso import CODIGO_CON_WIDGETS, DATOS, SIN_WIDGETS  # noqa: E402

UV = shutil.which("uv") or str(RAIZ / ".herramientas" / "bin" / "uv")
ENTORNO = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def _reloj(orden: list[str], carpeta: Path) -> float:
    inicio = time.perf_counter()
    hecho = subprocess.run(orden, cwd=carpeta, env=ENTORNO, capture_output=True, text=True)
    segundos = time.perf_counter() - inicio
    if hecho.returncode != 0:
        raise SystemExit(f"{' '.join(orden)} falló:\n{hecho.stdout}{hecho.stderr}")
    return segundos


def _rueda(carpeta: Path) -> tuple[Path, Path]:
    subprocess.run([UV, "build", "-q", "--wheel", "--out-dir", str(carpeta)], cwd=RAIZ, check=True)
    restricciones = carpeta / "uv-lock.txt"
    exportar = ["export", "--frozen", "--no-dev", "--no-emit-project", "--no-hashes", "-q"]
    subprocess.run([UV, *exportar, "-o", str(restricciones)], cwd=RAIZ, check=True)
    (rueda,) = carpeta.glob("*.whl")
    return rueda, restricciones


def _contenido(rueda: Path) -> list[tuple[str, int]]:
    """Lo que ocupa (comprimido) cada carpeta de primer nivel de los paquetes de la rueda."""
    partes: Counter[str] = Counter()
    with zipfile.ZipFile(rueda) as archivo:
        for info in archivo.infolist():
            partes["/".join(info.filename.split("/")[:2])] += info.compress_size
    return partes.most_common(6)


def _pesos(sitio: Path) -> None:
    print("\nPeso de las páginas del Lienzo publicado (gzip; límites del libro entre paréntesis)")
    for pagina in paginas(sitio):
        peso = peso_de_pagina(sitio, pagina)
        limite = CODIGO_CON_WIDGETS if len(peso.codigo) > 2 else SIN_WIDGETS
        print(
            f"  {pagina:28} código {peso.total_codigo:>6} B ({limite} B)"
            f"  datos {peso.total_datos:>6} B ({DATOS} B)"
        )


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-disenador-") as temporal:
        carpeta = Path(temporal)
        rueda, restricciones = _rueda(carpeta / "rueda")
        print(f"Rueda {rueda.name}: {rueda.stat().st_size / 1024:.0f} KiB")
        for parte, bytes_ in _contenido(rueda):
            print(f"  {parte:40} {bytes_ / 1024:7.1f} KiB comprimidos")
        vacia = carpeta / "vacia"
        vacia.mkdir()
        entorno = vacia / ".venv"
        binarios = entorno / "bin"
        libro = vacia / "islas-de-sal"
        pasos: list[tuple[str, float]] = []
        inicio = time.perf_counter()
        instalar = _reloj([UV, "venv", "-q", "--python", sys.executable, str(entorno)], vacia)
        python = str(binarios / "python")
        instalar += _reloj(
            [UV, "pip", "install", "-q", "--python", python, "-c", str(restricciones), str(rueda)],
            vacia,
        )
        pasos.append(("uv venv + uv pip install (tras las descargas)", instalar))
        pasos.append(
            (
                "tapiz nuevo-lienzo",
                _reloj([str(binarios / "tapiz"), "nuevo-lienzo", "Islas de Sal"], vacia),
            )
        )
        pyodide = str(RAIZ / "node_modules" / "pyodide")
        pasos.append(
            (
                "tapiz motor (copia)",
                _reloj([str(binarios / "tapiz"), "motor", "--desde", pyodide], libro),
            )
        )
        construir = [str(binarios / "mkdocs"), "build", "--strict"]
        pasos.append(("mkdocs build --strict (primera)", _reloj(construir, libro)))
        pasos.append(("pytest", _reloj([str(binarios / "pytest"), "-q"], libro)))
        pasos.append(("tapiz comprobar", _reloj([str(binarios / "tapiz"), "comprobar"], libro)))
        total = time.perf_counter() - inicio
        segunda = _reloj(construir, libro)
        _pesos(libro / "site")
        yml = libro / "mkdocs.yml"
        yml.write_text(
            yml.read_text("utf-8").replace("  - tapiz:\n", "  - tapiz:\n      enabled: false\n")
        )
        referencia = _reloj([*construir, "-d", str(carpeta / "sin-plugin")], libro)

    print("\nDe una carpeta vacía a un Lienzo construido y comprobado (reloj de pared)")
    for nombre, segundos in pasos:
        print(f"  {nombre:48} {segundos:6.1f} s")
    print(f"  {'total':48} {total:6.1f} s   (objetivo: menos de 120 s)")
    print(
        f"  mkdocs build --strict otra vez: {segunda:.1f} s; con el plugin apagado (referencia): "
        f"{referencia:.1f} s; primera / referencia = {pasos[3][1] / referencia:.1f}×, "
        f"segunda / referencia = {segunda / referencia:.1f}×"
    )


if __name__ == "__main__":
    main()
