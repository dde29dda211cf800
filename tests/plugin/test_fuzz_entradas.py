"""Lanza ``fuzz_entradas`` en un proceso aparte: pocos casos de serie, miles a demanda.

``TAPIZ_FUZZ_EJEMPLOS=10000 uv run pytest tests/plugin/test_fuzz_entradas.py`` prueba
10.000 casos por puerta. El tiempo máximo del proceso es muy holgado y crece con
los casos: no mide la velocidad, solo convierte un cuelgue en un fallo.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.plugin.fuzz_entradas import EJEMPLOS

RAIZ = Path(__file__).resolve().parents[2]


def test_entradas_al_azar_dan_un_mensaje_con_linea_o_pasan() -> None:
    proceso = subprocess.run(
        [sys.executable, "-m", "tests.plugin.fuzz_entradas"],
        cwd=RAIZ,
        env={**os.environ, "TAPIZ_FUZZ_EJEMPLOS": str(EJEMPLOS)},
        capture_output=True,
        text=True,
        timeout=300 + EJEMPLOS,
    )
    assert proceso.returncode == 0, proceso.stdout + proceso.stderr
    cuentas = dict(parte.split(": ") for parte in proceso.stdout.strip().split(", "))
    assert set(cuentas) == {"vallas", "marcas", "dados", "lienzos"}
    assert all(int(n) >= EJEMPLOS for n in cuentas.values()), cuentas
