"""Dos construcciones en la misma carpeta: la segunda espera a la primera, y lo dice.

Antes, una vaciaba la carpeta mientras la otra escribía (``FileNotFoundError`` una vez de
cada tres). Aquí la «primera» es esta prueba, que toma el cerrojo de la carpeta del sitio:
la construcción dice que espera, no toca la carpeta y, al soltarlo, termina bien.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mkdocs_plugins.plugin.cerrojo import Cerrojo
from tests.plugin.conftest import PAGINAS, sitio


def test_la_segunda_construccion_espera_a_la_primera(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path / "libro", [PAGINAS / "correcta.md"])
    destino = tmp_path / "sitio"
    destino.mkdir()
    (destino / "de-la-primera.txt").write_text("sigue aquí", encoding="utf-8")
    primera = Cerrojo()
    primera.tomar(destino)
    segunda = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "-d", str(destino)],
        cwd=proyecto,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert segunda.stderr is not None
        for linea in segunda.stderr:
            if "tapiz: otra construcción escribe en" in linea:
                break
        else:
            raise AssertionError("la segunda construcción terminó sin esperar")
        assert f"escribe en {destino}; se espera a que termine" in linea
        assert segunda.poll() is None
        assert (destino / "de-la-primera.txt").exists()  # no ha vaciado la carpeta
    finally:
        primera.soltar()
    resto = segunda.stderr.read()
    assert segunda.wait(timeout=120) == 0, resto
    assert "Traceback" not in resto
    assert (destino / "correcta" / "index.html").exists()
    assert not (destino / "de-la-primera.txt").exists()
