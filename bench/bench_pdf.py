"""Banco del libro en PDF: lo que tarda frente a construir el sitio, medido en la misma ejecución.

A demanda (``uv run python bench/bench_pdf.py``); no afirma nada. Construye el sitio con
MkDocs (con la caché de bloques ya caliente, como en el trabajo diario), después escribe dos
veces el PDF del libro y la hoja con WeasyPrint desde ese sitio y da los tiempos, la razón
PDF / sitio y si el texto de los dos PDF (pdftotext) es idéntico.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))
from mkdocs_plugins.herramientas.pdf import construir  # noqa: E402


def texto(pdf: Path) -> str:
    orden = ["pdftotext", "-layout", str(pdf), "-"]
    return subprocess.run(orden, capture_output=True, text=True, check=True).stdout


def main() -> None:
    mkdocs_yml = RAIZ / "mkdocs.yml"
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as carpeta:
        sitio = Path(carpeta) / "sitio"
        inicio = time.perf_counter()
        construir.construir_sitio(mkdocs_yml, sitio)
        t_sitio = time.perf_counter() - inicio
        tiempos, textos = [], []
        for vez in (1, 2):
            pdf, hoja = Path(carpeta) / f"libro{vez}.pdf", Path(carpeta) / f"hoja{vez}.pdf"
            inicio = time.perf_counter()
            hecho = construir.pdf(mkdocs_yml, pdf, hoja, sitio)
            tiempos.append(time.perf_counter() - inicio)
            textos.append(texto(pdf))
        paginas = textos[0].count("\f")
    print(f"sitio (mkdocs build):       {t_sitio:6.1f} s")
    for vez, t in enumerate(tiempos, start=1):
        print(f"PDF del libro y hoja ({vez}.ª):  {t:6.1f} s   razón PDF/sitio {t / t_sitio:5.1f}")
    print(f"páginas: {paginas}; capítulos: {hecho.capitulos}")
    print(f"texto idéntico en las dos construcciones: {'sí' if textos[0] == textos[1] else 'NO'}")


if __name__ == "__main__":
    main()
