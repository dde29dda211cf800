"""``mkdocs serve`` no se reinicia con un código que no se importa: seguiría muerto."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mkdocs_plugins.plugin import servidor
from mkdocs_plugins.plugin.servidor import fallo_al_importar

RAIZ = Path(__file__).resolve().parents[2]


def test_un_syntaxerror_en_el_motor_se_detecta_antes_de_reiniciar(tmp_path: Path) -> None:
    for paquete in ("tapiz_rules", "mkdocs_plugins"):
        shutil.copytree(RAIZ / paquete, tmp_path / paquete)
    roto = tmp_path / "tapiz_rules" / "errores.py"
    roto.write_text(roto.read_text("utf-8") + "\ndef (:\n", encoding="utf-8")
    entorno = {**os.environ, "PYTHONPATH": str(tmp_path)}
    fallo = fallo_al_importar(entorno, tmp_path)
    assert fallo is not None
    assert "errores.py" in fallo
    assert "SyntaxError" in fallo


def test_con_el_codigo_bien_reinicia() -> None:
    assert fallo_al_importar() is None


class _Servidor:
    def __init__(self) -> None:
        self.vigiladas: list[str] = []
        self.construcciones = 0
        self.builder = self.construir

    def watch(self, carpeta: str) -> None:
        self.vigiladas.append(carpeta)

    def construir(self) -> None:
        self.construcciones += 1


def test_con_el_codigo_roto_el_servidor_sigue_vivo(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    huellas = iter([{"a.py": 1}, {"a.py": 2}])
    monkeypatch.setattr(servidor, "_huella", lambda: next(huellas))
    monkeypatch.setattr(servidor, "fallo_al_importar", lambda: "SyntaxError: invalid syntax")

    def no_reiniciar(*_argumentos: object) -> None:
        raise AssertionError("se reinició con código roto")

    monkeypatch.setattr(servidor.os, "execv", no_reiniciar)
    falso = _Servidor()
    servidor.reiniciar_si_cambia_el_codigo(falso).builder()
    assert "sigue con el anterior hasta que se arregle:\nSyntaxError" in caplog.text
