"""``--8<--`` (pymdownx.snippets, configurado como en mkdocs.yml) solo incluye ficheros de srd/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from markdown import Markdown

RAIZ = Path(__file__).resolve().parents[2]


def _configuracion() -> dict[str, object]:
    texto = (RAIZ / "mkdocs.yml").read_text("utf-8")
    bloque = re.search(r"^  - pymdownx\.snippets:\n((?:      .*\n)+)", texto, re.MULTILINE)
    assert bloque is not None
    configuracion: dict[str, object] = yaml.safe_load(bloque.group(1))
    return configuracion


def _convertir(texto: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(RAIZ)
    configuracion = {"pymdownx.snippets": _configuracion()}
    return Markdown(
        extensions=["abbr", "pymdownx.snippets"], extension_configs=configuracion
    ).convert(texto)


def test_las_abreviaturas_siguen_llegando_a_cada_pagina(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "<abbr" in _convertir("Una tirada de PX.\n", monkeypatch)


@pytest.mark.parametrize("ruta", ["mkdocs.yml", "../mkdocs.yml", ".git/config", "/etc/hostname"])
def test_no_incluye_nada_de_fuera_de_srd(ruta: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(Exception, match="Snippet"):
        _convertir(f'--8<-- "{ruta}"\n', monkeypatch)
