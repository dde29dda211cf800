"""``tapiz comprobar --actualizar``: los valores de «espera» se ponen al día, nada más."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.actualizar import como_yaml
from mkdocs_plugins.herramientas.cli import main

DESFASADA = """\
# Página {#pagina}

```tapiz-ejemplo {#once-puntos}
titulo: Once puntos
regla: grado_efecto
entradas: {puntos: 11}
espera:
  grado: menor        # lo que decía la regla antigua
  modificador: 2
```

Texto entre medias.

```tapiz-ejemplo {#en-una-linea}
titulo: En una línea
regla: accion
entradas: {base: 12, mod: 2, resistencia: 15}
espera: {total: 15, exito: false, grado: null}
```
"""
AL_DIA = """\
# Página {#pagina}

```tapiz-ejemplo {#once-puntos}
titulo: Once puntos
regla: grado_efecto
entradas: {puntos: 11}
espera:
  grado: mayor        # lo que decía la regla antigua
  modificador: 4
```

Texto entre medias.

```tapiz-ejemplo {#en-una-linea}
titulo: En una línea
regla: accion
entradas: {base: 12, mod: 2, resistencia: 15}
espera: {total: 14, exito: false, grado: null}
```
"""


def _pagina(tmp_path: Path, texto: str) -> Path:
    (tmp_path / "srd").mkdir()
    pagina = tmp_path / "srd" / "pagina.md"
    pagina.write_text(texto, encoding="utf-8")
    return pagina


def test_reescribe_solo_los_valores_y_muestra_el_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pagina = _pagina(tmp_path, DESFASADA)
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", "--actualizar"]) == 0
    assert pagina.read_text(encoding="utf-8") == AL_DIA
    salida = capsys.readouterr().out
    assert "-  grado: menor        # lo que decía la regla antigua" in salida
    assert "+  grado: mayor        # lo que decía la regla antigua" in salida
    assert "+espera: {total: 14, exito: false, grado: null}" in salida
    assert salida.endswith("3 valores actualizados en 1 página\n")
    assert main(["comprobar"]) == 0


def test_no_toca_una_pagina_con_otros_errores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rota = DESFASADA.replace("regla: accion", "regla: acion")
    pagina = _pagina(tmp_path, rota)
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", "--actualizar"]) == 1
    assert pagina.read_text(encoding="utf-8") == rota
    salida = capsys.readouterr().out
    assert "srd/pagina.md:16: regla desconocida «acion»" in salida
    assert "srd/pagina.md: sin cambios: tiene errores que no son valores de «espera»" in salida


@pytest.mark.parametrize(
    ("valor", "texto"),
    [
        (None, "null"),
        (True, "true"),
        (3, "3"),
        (0.25, "0.25"),
        ("menor", "menor"),
        ("12+", '"12+"'),
        ("sí", '"sí"'),
        ("Ataque total", "Ataque total"),
        ([1, 2], "[1, 2]"),
    ],
)
def test_los_valores_se_escriben_como_yaml(valor, texto) -> None:
    assert como_yaml(valor) == texto


HOSTIL = (
    "# Página {#pagina}\r\n\r\n"
    "```tapiz-ejemplo {#herida}\r\n"
    "{sistema: ratas, regla: herida, entradas: {pv: 10, dano: 3}, espera: {pv: 2}}\r\n"
    "```\r\n\r\n"
    "```tapiz-ejemplo {#impedimento}\r\n"
    "regla: impedimento\r\n"
    "entradas: {fue: 14, des: 15, con: 12, peso: 30}\r\n"
    "espera:\r\n"
    "  impedimento: 'normal'   # entre comillas simples\r\n"
    "  carga: 30\r\n"
    "```\r\n\r\n"
    "```tapiz-ejemplo {#fallo}\r\n"
    "regla: probabilidades_accion\r\n"
    "entradas: {resistencia: 10, dados: 2d10}\r\n"
    "espera: {p_fallo: 0.05, p_exito: 0.9}\r\n"
    "```\r\n"
)


def test_solo_espera_con_sus_comillas_su_precision_y_sus_finales_de_linea(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pagina = _pagina(tmp_path, "")
    pagina.write_bytes(HOSTIL.encode("utf-8"))
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", "--actualizar", "srd/pagina.md"]) == 0
    esperado = (
        HOSTIL.replace("espera: {pv: 2}", "espera: {pv: 7}")
        .replace("'normal'", "'cargado'")
        .replace("carga: 30", "carga: 29")
        .replace("p_fallo: 0.05", "p_fallo: 0.04")
        .replace("p_exito: 0.9", "p_exito: 0.958")  # «1.0» sería «seguro»: más cifras
    )
    assert pagina.read_bytes().decode("utf-8") == esperado


def test_rechaza_lo_que_no_sabe_reescribir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    texto = (
        "```tapiz-ejemplo {#once}\nregla: grado_efecto\nentradas: {puntos: 11}\n"
        "espera:\n  grado: >-\n    menor\n```\n"
    )
    pagina = _pagina(tmp_path, texto)
    monkeypatch.chdir(tmp_path)
    assert main(["comprobar", "--actualizar", "srd/pagina.md"]) == 1
    assert pagina.read_text("utf-8") == texto
    assert "srd/pagina.md:5: --actualizar no sabe reescribir «grado»: ocupa varias líneas" in (
        capsys.readouterr().out
    )
