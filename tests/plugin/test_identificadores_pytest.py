"""pytest y ``tapiz comprobar`` coinciden en los identificadores de las secciones: un
identificador sin registrar falla en los dos con el mismo mensaje, y ``tapiz identificadores``
lo arregla en los dos."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.cli import main

PAGINA = "# Islas {#islas}\n\nTexto.\n\n## Mareas {#mareas}\n"
REGISTRO = "islas.md:\n  islas: Islas\n"
MENSAJE = (
    "srd/islas.md:5: el identificador «mareas» es nuevo: regístralo con "
    "«uv run tapiz identificadores» (lo añade a identificadores.yml)"
)


def _proyecto(raiz: Path) -> Path:
    (raiz / "srd").mkdir()
    (raiz / "srd" / "islas.md").write_text(PAGINA, encoding="utf-8")
    (raiz / "tapiz.yml").write_text("paginas: srd\n", encoding="utf-8")
    (raiz / "identificadores.yml").write_text(REGISTRO, encoding="utf-8")
    return raiz


def test_pytest_y_comprobar_fallan_igual_y_se_arreglan_igual(
    pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    raiz = _proyecto(pytester.path)
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    monkeypatch.chdir(raiz)
    resultado = pytester.runpytest("-p", "no:randomly")
    resultado.assert_outcomes(passed=1, failed=1)
    resultado.stdout.fnmatch_lines(["*islas.md*identificadores*", MENSAJE])
    capsys.readouterr()  # lo que escribió pytest, ya comprobado
    assert main(["comprobar"]) == 1
    assert capsys.readouterr().out == f"{MENSAJE}\n0 ejemplos, 1 fallo\n"

    assert main(["identificadores"]) == 0
    assert capsys.readouterr().out == (
        "registrado islas.md#mareas\n1 identificadores nuevos en identificadores.yml\n"
    )
    assert "  mareas: Mareas\n" in (raiz / "identificadores.yml").read_text("utf-8")
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=2)
    capsys.readouterr()
    assert main(["comprobar"]) == 0
    assert capsys.readouterr().out == "0 ejemplos, 0 fallos\n"


def test_sin_registro_falla_una_seccion_sin_identificador(pytester: pytest.Pytester) -> None:
    """Sin ``identificadores.yml`` no hay nada nuevo que registrar, pero cada sección sigue
    necesitando el suyo (como en ``tapiz comprobar`` y en la construcción)."""
    raiz = _proyecto(pytester.path)
    (raiz / "identificadores.yml").unlink()
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=1)
    (raiz / "srd" / "islas.md").write_text(PAGINA.replace(" {#mareas}", ""), encoding="utf-8")
    resultado = pytester.runpytest("-p", "no:randomly")
    resultado.assert_outcomes(failed=1)
    resultado.stdout.fnmatch_lines(["srd/islas.md:5: el encabezado «Mareas» no declara su *"])
