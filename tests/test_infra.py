"""La integración continua del repositorio: llama a lo mismo que el README y .ci/run."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.conftest import mkdocs_yml
from tests.plugin.conftest import PAGINAS, sitio
from tests.segundo_plano import construir_libro

RAIZ = Path(__file__).resolve().parent.parent
GITHUB = RAIZ / ".github"


def _yaml(ruta: Path) -> dict:
    return yaml.safe_load(ruta.read_text(encoding="utf-8"))


def _pasos(flujo: dict) -> list[dict]:
    return [paso for trabajo in flujo["jobs"].values() for paso in trabajo.get("steps", [])]


def test_el_pull_request_pasa_ci_run_sube_el_sitio_y_resume_el_impacto():
    flujo = _yaml(GITHUB / "workflows" / "pr.yml")
    assert "pull_request" in flujo[True]  # «on» es True en YAML 1.1
    pasos = _pasos(flujo)
    ordenes = " ".join(p.get("run", "") for p in pasos)
    assert "bash .ci/run" in ordenes
    assert 'tapiz impacto "origin/${{ github.base_ref }}" >> "$GITHUB_STEP_SUMMARY"' in ordenes
    subida = next(p for p in pasos if p.get("uses", "").startswith("actions/upload-artifact"))
    assert subida["with"]["path"] == "site/"
    checkout = next(p for p in pasos if p.get("uses", "").startswith("actions/checkout"))
    assert checkout["with"]["fetch-depth"] == 0


def test_pages_publica_lo_que_construye_ci_run():
    flujo = _yaml(GITHUB / "workflows" / "pages.yml")
    pasos = _pasos(flujo)
    assert any(p.get("run") == "bash .ci/run" for p in pasos)
    assert any(p.get("uses", "").startswith("actions/deploy-pages") for p in pasos)
    subida = next(p for p in pasos if p.get("uses", "").startswith("actions/upload-pages"))
    assert subida["with"]["path"] == "site/"
    ci = (RAIZ / ".ci" / "run").read_text(encoding="utf-8")
    # Las pruebas construyen el libro una vez (tests/conftest.py) y --sitio lo deja en site/.
    assert "python3 tareas.py pruebas --sitio site" in ci
    # Una sola construcción más: la del sitio que se publica, con «Descargar PDF» y su PDF.
    assert ci.count("uv run mkdocs build") == 1
    assert "TAPIZ_PDF=true uv run mkdocs build --strict --site-dir site" in ci
    assert "tapiz pdf site/tapiz-srd.pdf --sitio site" in ci


def test_el_libro_de_las_pruebas_se_construye_en_modo_estricto(tmp_path):
    """Lo que sube .ci/run es el libro de tests/conftest.py: falla como «mkdocs build --strict»."""
    proyecto = sitio(tmp_path / "proyecto", [PAGINAS / "ejemplo-valor-incorrecto.md"])
    proceso = construir_libro(tmp_path / "site", tmp_path / "cache", proyecto / "mkdocs.yml")
    assert proceso.returncode != 0
    assert "Aborted with 1 warnings in strict mode!" in proceso.stderr, proceso.stderr
    esperado = (PAGINAS / "ejemplo-valor-incorrecto.txt").read_text("utf-8").splitlines()[0]
    assert esperado in proceso.stderr


def test_el_libro_de_las_pruebas_es_el_del_mkdocs_yml(libro):
    """El de las pruebas es el que se publica: con el site_url de mkdocs.yml en su sitemap."""
    site_url = mkdocs_yml()["site_url"]
    assert f"<loc>{site_url}</loc>" in (libro / "sitemap.xml").read_text(encoding="utf-8")
    assert (libro / "catalogo" / "index.html").exists()


def test_la_errata_pide_pagina_regla_y_que_esta_mal():
    formulario = _yaml(GITHUB / "ISSUE_TEMPLATE" / "errata.yml")
    campos = {c["id"]: c for c in formulario["body"]}
    assert {"pagina", "regla", "que_esta_mal"} <= set(campos)
    assert campos["pagina"]["validations"]["required"] is True
    assert campos["que_esta_mal"]["validations"]["required"] is True


def test_pre_commit_usa_ruff_y_tapiz_comprobar_sin_descargas():
    config = _yaml(RAIZ / ".pre-commit-config.yaml")
    ganchos = {g["id"]: g for repo in config["repos"] for g in repo["hooks"]}
    assert all(repo["repo"] == "local" for repo in config["repos"])
    assert ganchos["tapiz-comprobar"]["entry"] == "uv run tapiz comprobar"
    assert ganchos["tapiz-comprobar"]["files"] == r"^srd/.*\.md$"
    assert "ruff check" in ganchos["ruff"]["entry"]
