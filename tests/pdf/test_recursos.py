"""El PDF solo lee ficheros del sitio construido (``pdf/recursos.py``).

Un documento pequeño escrito con WeasyPrint de verdad: lo que pide de fuera del sitio (un
adjunto ``file:``, un ``..``, un enlace simbólico que sale, la red, ``data:``) para el PDF con
un mensaje que lo nombra, y nada de ello llega al fichero; lo del sitio se incrusta
(``pdfdetach``, de poppler, lista los adjuntos).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas.pdf import construir

pytestmark = pytest.mark.pdf

SECRETO = "SECRETO-FUERA-DEL-SITIO"


@pytest.fixture
def sitio(tmp_path: Path) -> Path:
    """Un sitio construido (lo que ``escribir`` lee de él) y, fuera, un fichero secreto."""
    (tmp_path / "fuera").mkdir()
    (tmp_path / "fuera" / "secreto.txt").write_text(SECRETO, encoding="utf-8")
    sitio = tmp_path / "site"
    (sitio / "tapiz").mkdir(parents=True)
    (sitio / "tapiz" / "comparativa.css").write_text("", encoding="utf-8")
    (sitio / "dentro.txt").write_text("del sitio", encoding="utf-8")
    (sitio / "enlace.txt").symlink_to(tmp_path / "fuera" / "secreto.txt")
    (sitio / "carpeta").symlink_to(tmp_path / "fuera", target_is_directory=True)
    return sitio


def _escribir(cuerpo: str, sitio: Path) -> Path:
    salida = sitio.parent / "salida.pdf"
    construir.escribir(f"<html><body><p>Hola.</p>{cuerpo}</body></html>", salida, sitio)
    return salida


def _adjuntos(pdf: Path) -> str:
    return subprocess.run(
        ["pdfdetach", "-list", str(pdf)], capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.parametrize(
    ("cuerpo", "url"),
    [
        (
            '<a rel="attachment" href="file://{fuera}/secreto.txt">x</a>',
            "file://{fuera}/secreto.txt",
        ),
        ('<a rel="attachment" href="../fuera/secreto.txt">x</a>', "file://{fuera}/secreto.txt"),
        ('<a rel="attachment" href="dentro/../../fuera/secreto.txt">x</a>', "secreto.txt"),
        ('<a rel="attachment" href="enlace.txt">x</a>', "file://{sitio}/enlace.txt"),
        ('<a rel="attachment" href="carpeta/secreto.txt">x</a>', "carpeta/secreto.txt"),
        ('<img src="https://example.invalid/x.png">', "https://example.invalid/x.png"),
        ('<img src="data:image/png;base64,iVBORw0KGgo=">', "data:image/png;base64,iVBORw0KGgo="),
        ('<style>@import url("file:///etc/passwd");</style>', "file:///etc/passwd"),
        ('<link rel="stylesheet" href="http://127.0.0.1:9/x.css">', "http://127.0.0.1:9/x.css"),
    ],
    ids=[
        "file",
        "puntos",
        "puntos-dentro",
        "enlace-simbolico",
        "carpeta-enlazada",
        "https",
        "data",
        "css-import",
        "hoja-de-estilos",
    ],
)
def test_lo_de_fuera_del_sitio_para_el_pdf_con_un_mensaje(
    cuerpo: str, url: str, sitio: Path
) -> None:
    rutas = {"fuera": sitio.parent / "fuera", "sitio": sitio}
    with pytest.raises(construir.RecursoProhibido) as error:
        _escribir(cuerpo.format(**rutas), sitio)
    mensaje = str(error.value)
    assert mensaje.startswith("el PDF no puede leer «")
    assert url.format(**rutas) in mensaje
    assert not (sitio.parent / "salida.pdf").exists()


def test_un_adjunto_del_sitio_se_incrusta(sitio: Path) -> None:
    pdf = _escribir('<a rel="attachment" href="dentro.txt">adjunto</a>', sitio)
    assert "dentro.txt" in _adjuntos(pdf)
    assert SECRETO.encode() not in pdf.read_bytes()
