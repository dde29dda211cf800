"""Las pruebas esperan a estados, nunca al reloj (véase ``tests/esperas.py``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import esperas

PRUEBAS = Path(__file__).resolve().parent
RELOJ = re.compile(r"\btime\.sleep\(|\bwait_for_timeout\(|\bmonotonic\(|\bperf_counter\(")
"""Dormir, o medir el tiempo: lo uno hace lenta e inestable una prueba, lo otro la hace
depender de la carga de la máquina. El plazo contra un cuelgue vive solo en ``esperas``."""


def test_ninguna_prueba_duerme_ni_mide_el_tiempo() -> None:
    propias = [f for f in PRUEBAS.rglob("*.py") if f.name != "esperas.py"]
    usos = [
        f"{fichero.relative_to(PRUEBAS.parent)}:{numero}: {linea.strip()}"
        for fichero in propias
        for numero, linea in enumerate(fichero.read_text("utf-8").splitlines(), 1)
        if RELOJ.search(linea) and fichero != Path(__file__)
    ]
    assert not usos, "\n".join(usos)


def test_esperar_devuelve_el_estado_al_que_se_llega() -> None:
    vistas = iter([None, 0, "", "listo"])
    assert esperas.hasta_que(lambda: next(vistas), "no llega") == "listo"


def test_un_estado_que_no_llega_falla_con_su_mensaje() -> None:
    with pytest.raises(AssertionError, match="nunca"):
        esperas.hasta_que(lambda: None, lambda: "nunca", plazo=0)


def test_un_proceso_que_ya_salio_no_se_espera() -> None:
    proceso = subprocess.Popen([sys.executable, "-c", "pass"])
    assert esperas.a_que_salga(proceso.pid)
    proceso.wait()
    assert esperas.a_que_salga(proceso.pid)  # ya recogido: no existe
