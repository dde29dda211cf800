"""Este repositorio usa su paquete como quien diseña un Lienzo: la rueda de ``uv build``
instalada en un entorno nuevo, en una carpeta temporal fuera de este repositorio.

Con ella, ``tapiz nuevo-lienzo`` escribe el libro; se construye con ``--strict``, pasa su
pytest, su regla nueva se calcula en Chromium con «Probar» (Pyodide publicado por el sitio,
traído con ``tapiz motor``), se escribe su PDF (con el extra ``pdf``; sin él, ``tapiz pdf`` dice
qué instalar). Lo que pasa con un ejemplo equivocado lo muestra test_paginas.py.

La rueda se construye una vez por ejecución (``rueda``); el entorno se instala con
``uv pip install`` y las versiones de ``uv.lock``, de la caché de uv.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from filelock import FileLock
from playwright.sync_api import Browser

from desarrollo.peso import paginas, peso_de_pagina
from mkdocs_plugins.nucleo.vivo import precompilado
from tests.conftest import carpeta_comun
from tests.navegador.conftest import ESCRITORIO, abrir_pestana, servir
from tests.paquete.disenador import ejecutar
from tests.plugin.test_peso import CODIGO_CON_WIDGETS, DATOS, SIN_WIDGETS
from tests.plugin.test_precompilado import PRESUPUESTO, descarga_del_motor

RAIZ = Path(__file__).resolve().parents[2]
PYODIDE = RAIZ / "node_modules" / "pyodide"
RESTRICCIONES = "uv-lock.txt"


def _uv() -> str:
    encontrado = shutil.which("uv") or str(RAIZ / ".herramientas" / "bin" / "uv")
    if not Path(encontrado).is_file():
        pytest.fail("Estas pruebas necesitan uv: «python3 tareas.py pruebas» lo instala.")
    return encontrado


@pytest.fixture(scope="session")
def rueda(tmp_path_factory: pytest.TempPathFactory, libro: Path) -> Path:
    """La rueda de ``uv build``, una vez por ejecución aunque la pidan varios procesos, y a su
    lado las versiones de ``uv.lock`` (``uv export``) con que se instala. Tras el libro: su
    construcción deja en la caché lo precompilado que la rueda lleva (``hatch_build.py``)."""
    carpeta = carpeta_comun(tmp_path_factory) / "rueda"
    with FileLock(f"{carpeta}.lock"):
        if not carpeta.is_dir():
            temporal = carpeta.with_name("rueda-a-medias")
            shutil.rmtree(temporal, ignore_errors=True)
            for orden in (
                ["build", "--wheel", "--out-dir", str(temporal), str(RAIZ)],
                [
                    *("export", "--frozen", "--no-dev", "--extra", "pdf", "--no-emit-project"),
                    *("--no-hashes", "-q", "-o", str(temporal / RESTRICCIONES)),
                ],
            ):
                hecho = subprocess.run(
                    [_uv(), *orden], cwd=RAIZ, capture_output=True, text=True, check=False
                )
                assert hecho.returncode == 0, hecho.stderr
            temporal.rename(carpeta)
    (fichero,) = carpeta.glob("tapiz_srd-*.whl")
    return fichero


def _instalar(entorno: Path, rueda: Path, requisito: str) -> None:
    """El paquete en ``entorno``, con las versiones de ``uv.lock`` (de la caché de uv; lo que
    falte, de PyPI)."""
    if not entorno.exists():
        hecho = subprocess.run(
            [_uv(), "venv", "-q", "--python", sys.executable, str(entorno)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert hecho.returncode == 0, hecho.stderr
    python = str(entorno / "bin" / "python")
    restricciones = str(rueda.with_name(RESTRICCIONES))
    hecho = subprocess.run(
        [_uv(), "pip", "install", "-q", "--python", python, "-c", restricciones, requisito],
        capture_output=True,
        text=True,
        check=False,
    )
    assert hecho.returncode == 0, hecho.stderr


def test_la_rueda_lleva_el_tema_las_plantillas_y_el_pdf_como_extra(rueda: Path) -> None:
    with zipfile.ZipFile(rueda) as archivo:
        nombres = set(archivo.namelist())
        metadatos = archivo.read(
            next(n for n in nombres if n.endswith(".dist-info/METADATA"))
        ).decode()
    for fichero in (
        "tema/main.html",
        "tema/tapiz/dados.js",
        "tema/tapiz/motor.js",
        "tema/tapiz/tapiz.css",
        "herramientas/plantillas/lienzo/reglas.py.txt",
        "nucleo/vivo/precompilar.mjs",
        "herramientas/pdf/imprimir.css",
    ):
        assert f"mkdocs_plugins/{fichero}" in nombres, fichero
    # El Python de las reglas en vivo, precompilado para este motor y la Pyodide fijada.
    huella = precompilado.huella(PYODIDE, precompilado.fuentes())
    empaquetado = f"mkdocs_plugins/nucleo/vivo/empaquetado/{huella}"
    for fichero in (
        "base.txt",
        "base/python_stdlib.zip",
        "base/pyc.zip",
        f"base/{precompilado.GENERADO}",
    ):
        assert f"{empaquetado}/{fichero}" in nombres, fichero
    assert "Requires-Dist: weasyprint>=70.0; extra == 'pdf'" in metadatos
    assert "Requires-Dist: tinyhtml5>=2.1.0; extra == 'pdf'" in metadatos
    assert "Requires-Dist: pytest>=8\n" in metadatos
    assert not any(n.startswith(("srd/", "tests/", "bench/")) for n in nombres)


@pytest.mark.navegador
def test_quien_disena_instala_el_paquete_y_publica_su_lienzo(
    rueda: Path, tmp_path: Path, navegador: Browser
) -> None:
    assert (PYODIDE / "pyodide.asm.wasm").is_file(), "falta node_modules/pyodide («npm ci»)"
    entorno = tmp_path / "entorno"
    _instalar(entorno, rueda, str(rueda))
    binarios = entorno / "bin"

    # Nada de este repositorio en el camino: el paquete es el instalado.
    donde = ejecutar(
        [
            str(binarios / "python"),
            "-c",
            "import sys, mkdocs_plugins, tapiz_rules; print(mkdocs_plugins.__file__);"
            " print(tapiz_rules.__file__); print(*sys.path, sep='\\n')",
        ],
        tmp_path,
    )
    assert donde.returncode == 0, donde.stderr
    assert str(RAIZ) not in donde.stdout
    assert all(linea.startswith(str(entorno)) for linea in donde.stdout.splitlines()[:2])
    tirada = ejecutar([str(binarios / "tapiz"), "tirar", "2d6", "--semilla", "7"], tmp_path)
    assert tirada.returncode == 0, tirada.stderr

    creado = ejecutar([str(binarios / "tapiz"), "nuevo-lienzo", "Islas de Sal", "libro"], tmp_path)
    assert creado.returncode == 0, creado.stderr
    libro = tmp_path / "libro"
    motor = ejecutar([str(binarios / "tapiz"), "motor", "--desde", str(PYODIDE)], libro)
    assert motor.returncode == 0, motor.stderr

    construido = ejecutar([str(binarios / "mkdocs"), "build", "--strict"], libro, sin_node=True)
    assert construido.returncode == 0, construido.stderr
    sitio = libro / "site"
    assert (sitio / "tapiz" / "dados.js").is_file()  # el tema del paquete, sin custom_dir
    assert (sitio / "assets" / "tapiz" / "vivo" / "pyodide" / "pyodide.asm.wasm").is_file()
    # Sin Node, con lo precompilado que trae el paquete: la biblioteca estándar, solo lo que se
    # importa y en .pyc, como la del libro.
    estandar = sitio / "assets" / "tapiz" / "vivo" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(estandar) as biblioteca:
        nombres = [n for n in biblioteca.namelist() if not n.endswith("/")]
    assert "dataclasses.pyc" in nombres and all(n.endswith(".pyc") for n in nombres)
    assert "tomllib/__init__.pyc" not in nombres
    descarga = descarga_del_motor(sitio)  # y cabe en lo mismo que la del libro
    assert sum(descarga.values()) <= PRESUPUESTO, descarga
    pesos = {pagina: peso_de_pagina(sitio, pagina) for pagina in paginas(sitio)}
    assert set(pesos["index.html"].codigo) == {"tapiz/dados.js", "tapiz/tapiz.css"}
    assert pesos["index.html"].total_codigo <= SIN_WIDGETS
    for pagina, peso in pesos.items():  # los límites de las páginas de este libro
        assert peso.total_codigo <= CODIGO_CON_WIDGETS, (pagina, peso.codigo)
        assert peso.total_datos <= DATOS, (pagina, peso.datos)
    probado = ejecutar([str(binarios / "pytest"), "-p", "no:cacheprovider"], libro)
    assert probado.returncode == 0, probado.stdout
    assert "4 passed" in probado.stdout

    sin_pdf = ejecutar([str(binarios / "tapiz"), "pdf", "libro.pdf"], libro)
    assert sin_pdf.returncode == 2
    assert sin_pdf.stderr.startswith(
        "tapiz: error: tapiz pdf necesita el extra «pdf» del paquete: "
        "«pip install 'tapiz-srd[pdf]'»"
    )

    _probar_en_chromium(navegador, sitio)


@pytest.mark.pdf
def test_con_el_extra_pdf_quien_disena_escribe_su_libro_en_pdf(rueda: Path, tmp_path: Path) -> None:
    """Con ``--pdf`` (WeasyPrint tarda): el paquete con su extra, en un entorno nuevo."""
    entorno = tmp_path / "entorno"
    _instalar(entorno, rueda, f"tapiz-srd[pdf] @ {rueda.as_uri()}")
    binarios = entorno / "bin"
    creado = ejecutar([str(binarios / "tapiz"), "nuevo-lienzo", "Islas de Sal", "libro"], tmp_path)
    assert creado.returncode == 0, creado.stderr
    libro = tmp_path / "libro"
    con_pdf = ejecutar([str(binarios / "tapiz"), "pdf", "libro.pdf"], libro)
    assert con_pdf.returncode == 0, con_pdf.stderr
    texto = subprocess.run(
        ["pdftotext", str(libro / "libro.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Provisiones para el viaje" in texto


def _probar_en_chromium(navegador: Browser, sitio: Path) -> None:
    """La regla nueva, calculada en la página por el motor (Pyodide) con «Probar»."""
    servidor, base = servir(sitio)
    pestana = abrir_pestana(navegador, base, ESCRITORIO)
    try:
        pestana.ir("reglas/")
        control = pestana.page.locator('details.tapiz-probar[data-regla="provisiones"]')
        control.locator("summary").click()
        personas = control.get_by_label("Personas del grupo", exact=True)
        personas.wait_for(timeout=180_000)  # el formulario, cuando el motor arrancó
        # Con los estilos de los formularios en vivo: cada etiqueta encima de su casilla.
        etiqueta = control.locator("label", has_text="Personas del grupo").bounding_box()
        casilla = personas.bounding_box()
        assert etiqueta and casilla and casilla["y"] >= etiqueta["y"] + etiqueta["height"]
        personas.fill("5")
        control.get_by_label("Días de viaje", exact=True).fill("7")
        control.get_by_role("button", name="Calcular").click()
        pestana.page.wait_for_function(
            "(c) => c.querySelector('[data-salida=raciones]')?.textContent === '35 raciones'",
            arg=control.element_handle(),
        )
        assert pestana.errores == []
        assert pestana.externas == []
    finally:
        pestana.page.context.close()
        servidor.shutdown()


def test_puertos_de_bruma_se_construye_como_libro_aparte(tmp_path: Path) -> None:
    """El Lienzo de ejemplo, copiado a un repositorio propio: el mkdocs.yml del andamio, sus
    páginas en docs/ y sus enlaces al SRD con la dirección publicada del libro."""
    from mkdocs_plugins.herramientas import nuevo

    libro = tmp_path / "puertos"
    shutil.copytree(RAIZ / "srd" / "lienzos" / "puertos-de-bruma", libro / "docs")
    yml = nuevo.textos("Puertos de Bruma")["mkdocs.yml"].replace("  - Reglas: reglas.md\n", "")
    (libro / "mkdocs.yml").write_text(yml, encoding="utf-8")
    pagina = libro / "docs" / "index.md"
    texto = pagina.read_text(encoding="utf-8")
    for srd, publicada in (
        ("../../colaborar/lienzos.md", "colaborar/lienzos/"),
        ("../../rango-y-movimiento.md#", "rango-y-movimiento/#"),
    ):
        assert srd in texto
        texto = texto.replace(srd, "https://tapiz-rpg.github.io/tapiz-srd/" + publicada)
    pagina.write_text(texto, encoding="utf-8")
    construido = ejecutar(
        [sys.executable, "-m", "mkdocs", "build", "--strict"], libro, sin_node=True
    )
    assert construido.returncode == 0, construido.stderr
    html = (libro / "site" / "index.html").read_text(encoding="utf-8")
    assert 'data-regla="regateo"' in html and "Puertos de Bruma" in html
