"""El corpus de HTML hostil en Chromium: la construcción lo rechaza y nada de él se ejecuta.

Un sitio pequeño con una página por caso hostil de ``tests/test_html_crudo.py``, una con todos
ellos seguidos y una con el HTML que el libro sí usa. ``mkdocs build --strict`` falla con el
mensaje de cada caso, en su línea. MkDocs escribe todo el sitio antes de abortar (lo mismo que
publicaría sin ``--strict`` o ``mkdocs serve``): la página con todos los casos se abre en
Chromium (una visita y no treinta: cada una carga el tema entero) y ningún diálogo se abre ni
ningún script del contenido corre, mientras la página permitida se muestra como se escribió.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.navegador.conftest import Pestana, abrir_pestana, servir
from tests.plugin.conftest import construir
from tests.test_html_crudo import HOSTILES

pytestmark = pytest.mark.navegador

MKDOCS_YML = """\
site_name: HTML hostil
docs_dir: srd
theme:
  name: material
  language: es
  font: false
plugins:
  - tapiz:
      catalogo: false
      sin_conexion: false
markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - md_in_html
  - tables
  - pymdownx.details
  - pymdownx.superfences
  - mkdocs_plugins.extension
"""
TODOS = "todos-los-casos"
SIN_IDENTIFICADOR = "no declara su identificador"
"""El aviso del caso que es un encabezado (``## Título { onclick=… }``): no lleva {#id}."""
CABECERA = "# Caso hostil {#caso-hostil}\n\nUn párrafo.\n\n"
"""El caso está en la línea 5 de su página."""
PERMITIDA = """\
# Permitida {#permitida}

<div class="tapiz-solo-pantalla" markdown>
**Nota** con <abbr title="Característica">CAR</abbr> y <kbd>Ctrl</kbd>.
</div>

| Tirada | Resultado |
| :--- | ---: |
| 1d20 | 10 |
"""
VIGIA = """
window.__tapizEjecutado = [];
for (const nombre of ["alert", "confirm", "prompt", "print"]) {
  window[nombre] = (...argumentos) => { window.__tapizEjecutado.push([nombre, ...argumentos]); };
}
"""
"""Antes que cualquier script de la página: si el contenido llama a algo, queda apuntado."""
ACTIVO = """() => Array.from(document.querySelectorAll("article *")).flatMap((e) => [
  ...(["SCRIPT", "IFRAME", "OBJECT", "EMBED", "svg", "math", "STYLE", "FORM", "BASE", "META",
       "LINK", "NOSCRIPT", "TEXTAREA"].includes(e.tagName) ? [e.tagName] : []),
  ...Array.from(e.attributes)
    .filter((a) => a.name.startsWith("on") || /^\\s*(javascript|data|file):/i.test(a.value))
    .map((a) => `${e.tagName} ${a.name}`),
])"""


@pytest.fixture(scope="module")
def construido(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(salida de la construcción estricta, dirección del sitio que escribió, servido)."""
    proyecto = tmp_path_factory.mktemp("html-hostil")
    (proyecto / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (proyecto / "srd").mkdir()
    (proyecto / "srd" / "index.md").write_text(PERMITIDA, encoding="utf-8")
    for caso, (markdown, _) in HOSTILES.items():
        pagina = proyecto / "srd" / f"{caso}.md"
        pagina.write_text(CABECERA + markdown + "\n", encoding="utf-8")
    todos = "\n\n".join(markdown for markdown, _ in HOSTILES.values())
    (proyecto / "srd" / f"{TODOS}.md").write_text(CABECERA + todos + "\n", encoding="utf-8")
    ancla = CABECERA + "Un [enlace](#%E0%A4%A) roto.\n"
    (proyecto / "srd" / "ancla-mal-escrita.md").write_text(ancla, encoding="utf-8")
    estricta = construir(proyecto, "--strict")
    assert estricta.returncode == 1, estricta.stderr
    assert "Aborted with" in estricta.stdout + estricta.stderr
    servidor, base = servir(proyecto / "site")
    yield estricta.stderr, base
    servidor.shutdown()


def test_la_construccion_estricta_rechaza_cada_caso_en_su_linea(
    construido: tuple[str, str],
) -> None:
    estricta, _ = construido
    for caso, (_, dice) in HOSTILES.items():
        avisos = [
            linea
            for linea in estricta.splitlines()
            if f"srd/{caso}.md:" in linea and SIN_IDENTIFICADOR not in linea
        ]
        assert avisos, caso
        assert all(f"srd/{caso}.md:5: el sanitizador de HTML quitaría" in a for a in avisos)
        assert any(dice in a for a in avisos), avisos
    assert "srd/ancla-mal-escrita.md:5: el ancla «#%E0%A4%A» está mal escrita" in estricta
    assert f"srd/{TODOS}.md:" in estricta
    # La construcción estricta falla por ellos y solo por ellos.
    avisos = [linea for linea in estricta.splitlines() if linea.startswith("WARNING")]
    assert all(
        "el sanitizador de HTML quitaría" in a or "ancla-mal" in a or SIN_IDENTIFICADOR in a
        for a in avisos
    )
    assert "srd/index.md" not in estricta
    assert "Traceback" not in estricta


@pytest.fixture(scope="module")
def vigilada(construido: tuple[str, str], navegador: Browser) -> Iterator[tuple[Pestana, list]]:
    """Una pestaña para el sitio hostil, con :data:`VIGIA` antes de cualquier script y cada
    diálogo apuntado (y cerrado); la comparten las dos pruebas que abren sus páginas."""
    _, base = construido
    pestana = abrir_pestana(navegador, base, {"width": 1024, "height": 768})
    dialogos: list[str] = []
    pestana.page.on("dialog", lambda dialogo: (dialogos.append(dialogo.message), dialogo.dismiss()))
    pestana.page.context.add_init_script(VIGIA)
    yield pestana, dialogos
    pestana.page.context.close()


def test_nada_del_contenido_hostil_se_ejecuta_en_chromium(
    construido: tuple[str, str], vigilada: tuple[Pestana, list]
) -> None:
    estricta, _ = construido
    pestana, dialogos = vigilada
    rechazados = [
        a for a in estricta.splitlines() if f"srd/{TODOS}.md:" in a and SIN_IDENTIFICADOR not in a
    ]
    pestana.ir(f"{TODOS}/")
    # Cada bloque que rechazó la construcción se ve como un error en su sitio.
    assert pestana.page.locator(".tapiz-error").count() == len(rechazados)
    assert pestana.page.evaluate(ACTIVO) == []
    assert pestana.page.evaluate("window.__tapizEjecutado") == []
    # Lo que un caso cargaría de fuera no sale (y el conftest lo apuntaría).
    assert pestana.externas == []
    assert dialogos == []


def test_la_pagina_con_html_permitido_se_muestra(vigilada: tuple[Pestana, list]) -> None:
    pestana, dialogos = vigilada
    pestana.ir("")
    pagina = pestana.page
    assert pagina.locator(".tapiz-error").count() == 0
    assert pagina.locator("div.tapiz-solo-pantalla strong").inner_text() == "Nota"
    assert pagina.locator("abbr").get_attribute("title") == "Característica"
    assert pagina.locator("kbd").inner_text() == "Ctrl"
    assert pagina.locator("th").first.get_attribute("style") == "text-align: left;"
    assert pestana.page.evaluate("window.__tapizEjecutado") == []
    assert pestana.externas == [] and dialogos == []
