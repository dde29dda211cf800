"""Lanza ``bench/fuzz_html.py`` con pocos casos: la pasada larga (diez mil por clase) es a
demanda y su resultado está en ``bench/fuzz_html.md``. El tiempo máximo es muy holgado: no mide
la velocidad, solo convierte un cuelgue en un fallo."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]


def test_html_y_cabeceras_al_azar_se_aceptan_limpios_o_se_rechazan_con_su_linea() -> None:
    proceso = subprocess.run(
        [sys.executable, "bench/fuzz_html.py", "--casos", "60", "--semilla", "1"],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proceso.returncode == 0, proceso.stdout + proceso.stderr
    resumen = re.compile(
        r"^(html|cabecera): 60 casos en \d+ s: (\d+) aceptados, (\d+) rechazados con su "
        r"línea, 0 excepciones, 0 fallos$"
    )
    lineas = [resumen.match(linea) for linea in proceso.stdout.splitlines()]
    assert all(lineas), proceso.stdout
    assert [m[1] for m in lineas if m] == ["html", "cabecera"]
    assert all(int(m[2]) > 0 and int(m[3]) > 0 for m in lineas if m)
