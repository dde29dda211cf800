"""Los ficheros estáticos de una construcción en frío, escritos por el auxiliar del adelanto."""

from __future__ import annotations

import shutil
from pathlib import Path

import material
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files, get_files

from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.plugin import carga
from mkdocs_plugins.plugin.adelanto import estaticos
from tests.plugin.conftest import PAGINAS, guion, sitio

RAIZ = Path(__file__).resolve().parents[2]
TEMA = RAIZ / "mkdocs_plugins" / "tema"
IMAGEN = b"\x89PNG\r\n\x1a\n una imagen de srd/"


def _proyecto(tmp_path: Path, ajustes: str = "catalogo: false") -> Path:
    """Con una imagen en ``srd/`` y las plantillas del libro (sus módulos se minifican)."""
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    (proyecto / "srd" / "mapa.png").write_bytes(IMAGEN)
    yml = proyecto / "mkdocs.yml"
    texto = yml.read_text("utf-8").replace("catalogo: false", ajustes)
    yml.write_text(texto.replace("  language: es", f"  language: es\n  custom_dir: {TEMA}"))
    return proyecto


def _ficheros(proyecto: Path) -> Files:
    """Los del sitio, como los tiene MkDocs en ``on_files``: las páginas, la imagen y el tema."""
    config = load_config(str(proyecto / "mkdocs.yml"), site_dir=str(proyecto / "site"))
    ficheros = get_files(config)
    ficheros.add_files_from_theme(config.theme.get_env(), config)
    return ficheros


def _del_tema(ficheros: Files, uri: str) -> File:
    fichero = ficheros.get_file_from_path(uri)
    assert fichero is not None and fichero.abs_src_path is not None
    return fichero


def test_se_envian_los_que_mkdocs_copiaria_con_el_texto_de_los_minificados(
    tmp_path: Path,
) -> None:
    ficheros = _ficheros(_proyecto(tmp_path))
    dados = _del_tema(ficheros, "tapiz/dados.js")
    minificados = carga.minificados(ficheros, TEMA / "tapiz")
    copias = {
        Path(c.destino).relative_to(tmp_path / "site").as_posix(): c
        for c in estaticos.copias(ficheros, minificados)
    }
    assert "correcta/index.html" not in copias and "correcta.md" not in copias
    assert copias["mapa.png"].fuente == str(tmp_path / "srd" / "mapa.png")
    assert copias["mapa.png"].texto is None
    del_tema = str(Path(material.__file__).parent)
    assert any(c.fuente.startswith(del_tema) for r, c in copias.items() if r.startswith("assets/"))
    assert copias["tapiz/dados.js"].texto == carga.minificado("dados.js", dados.content_string)
    assert len(copias) == sum(1 for f in ficheros if not f.is_documentation_page())


def test_lo_que_escribe_el_auxiliar_mkdocs_no_lo_copia_otra_vez(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path)
    ficheros = _ficheros(proyecto)
    copias = estaticos.copias(ficheros, carga.minificados(ficheros, TEMA / "tapiz"))
    sitio_ = proyecto / "site"
    huellas = estaticos.escribir(copias, str(sitio_))
    assert (sitio_ / "mapa.png").read_bytes() == IMAGEN
    for ruta, (tamano, huella) in huellas.items():
        assert (tamano, huella) == (
            (sitio_ / ruta).stat().st_size,
            sin_conexion.huella(sitio_ / ruta),
        )
    assert len(huellas) == len(copias)
    # Lo que MkDocs copiaría encima se distingue de lo que escribió el auxiliar.
    (sitio_ / "mapa.png").write_bytes(b"del auxiliar")
    cambiado = _del_tema(ficheros, "tapiz/tapiz.css")
    cambiado.content_string = "/* otro plugin lo cambió tras enviarlo */"
    estaticos.dar_por_escritas(ficheros, copias)
    ficheros.copy_static_files()
    assert (sitio_ / "mapa.png").read_bytes() == b"del auxiliar"
    assert (sitio_ / "tapiz" / "tapiz.css").read_text("utf-8") == cambiado.content_string


CONSTRUIR = """
import shutil, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs_plugins.plugin.adelanto import estaticos

copiados = []
copiar = shutil.copyfile

def contando(fuente, destino, **opciones):
    hecho = copiar(fuente, destino, **opciones)  # lo que ya está en el sitio no llega aquí
    copiados.append(destino)
    return hecho

def falla(*argumentos):
    raise OSError("el disco del auxiliar está lleno")

shutil.copyfile = contando
if sys.argv[2] == "falla":
    estaticos.escribir = falla
build(load_config("mkdocs.yml", site_dir=sys.argv[1]))
print(len(copiados))
"""


def _construido(proyecto: Path, sitio_: Path, como: str) -> tuple[int, dict[str, bytes]]:
    """Cuántos ficheros copió MkDocs y lo publicado (salvo el mapa del sitio con gzip, que
    lleva la hora). En frío: sin caché, hay auxiliar."""
    shutil.rmtree(proyecto / ".cache", ignore_errors=True)
    hecho = guion(CONSTRUIR, str(sitio_), como, cwd=proyecto)
    assert hecho.returncode == 0, hecho.stderr
    publicado = {
        f.relative_to(sitio_).as_posix(): f.read_bytes()
        for f in sorted(sitio_.rglob("*"))
        if f.is_file() and f.suffix != ".gz"
    }
    return int(hecho.stdout.split()[-1]), publicado


def test_si_el_auxiliar_no_los_escribe_los_escribe_mkdocs(tmp_path: Path) -> None:
    """Con el auxiliar, MkDocs no copia ninguno; si falla, los copia todos (y escribe los
    módulos minificados): el mismo sitio."""
    proyecto = _proyecto(tmp_path, "catalogo: false\n      procesos: 1")
    copiados, adelantado = _construido(proyecto, tmp_path / "adelantado", "bien")
    copiados_tras_fallar, en_mkdocs = _construido(proyecto, tmp_path / "en-mkdocs", "falla")
    assert copiados == 0
    assert copiados_tras_fallar > 30
    assert adelantado["mapa.png"] == IMAGEN
    fuente = (TEMA / "tapiz" / "dados.js").read_text("utf-8")
    assert en_mkdocs["tapiz/dados.js"] == carga.minificado("dados.js", fuente).encode()
    assert adelantado == en_mkdocs
