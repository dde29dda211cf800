"""Enlaces simbólicos e inclusiones: nada de fuera de la carpeta de las páginas se publica.

Cada enlace que sale de ``srd/`` (una página, una carpeta, ``.git``, lo que incluye
``pymdownx.snippets``, un fichero de un Lienzo), roto o a una carpeta para la construcción,
pytest, ``tapiz comprobar`` y ``tapiz exportar`` con un mensaje que lo nombra; ninguno
publica nada. Un enlace a un fichero de dentro se sigue.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_plugins.herramientas.cli import main
from tests.plugin.conftest import PAGINAS, construir

SECRETO = "SECRETO-DE-FUERA"
MKDOCS_YML = """\
site_name: Prueba de enlaces
docs_dir: srd
theme:
  name: material
  language: es
plugins:
  - tapiz:
      catalogo: false
      procesos: 0
markdown_extensions:
  - pymdownx.superfences
  - pymdownx.snippets:
      base_path: [srd]
      restrict_base_path: true
      check_paths: true
"""
ENLACES = {
    "una página de fuera": ("fuga.md", "{fuera}/secreto.md"),
    "una carpeta de fuera": ("carpeta", "{fuera}"),
    "el .git del proyecto": ("gitlink", "../.git"),
    "un fragmento incluido": ("incluido.txt", "{fuera}/secreto.md"),
    "un fichero de un Lienzo": ("lienzos/mar/reglas.py", "{fuera}/secreto.md"),
    "un enlace roto": ("roto.md", "no-existe.md"),
    "un bucle": ("bucle.md", "bucle.md"),
    "una carpeta de dentro": ("otra-vez", "."),
}
"""Dónde se crea cada enlace, bajo ``srd/``, y adónde lleva."""


def proyecto(raiz: Path) -> Path:
    """Un libro con una página (que incluye ``incluido.txt`` si existe), un ``.git`` con un
    secreto y, al lado, una carpeta de fuera con otro."""
    fuera = raiz / "fuera"
    fuera.mkdir(parents=True)
    (fuera / "secreto.md").write_text(f"# {SECRETO}\n", encoding="utf-8")
    libro = raiz / "libro"
    (libro / ".git").mkdir(parents=True)
    (libro / ".git" / "config").write_text(f"[remote] url = {SECRETO}\n", encoding="utf-8")
    (libro / "srd" / "lienzos" / "mar").mkdir(parents=True)
    (libro / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (libro / "srd" / "index.md").write_text((PAGINAS / "correcta.md").read_text("utf-8"), "utf-8")
    return libro


def enlazar(libro: Path, caso: str) -> Path:
    nombre, destino = ENLACES[caso]
    enlace = libro / "srd" / nombre
    enlace.symlink_to(destino.format(fuera=libro.parent / "fuera"))
    if nombre.endswith(".txt"):
        with (libro / "srd" / "index.md").open("a", encoding="utf-8") as pagina:
            pagina.write(f'\n--8<-- "{nombre}"\n')
    return enlace


def publicado(libro: Path) -> str:
    """Todo lo que hay en el sitio, como texto."""
    sitio = libro / "site"
    return "".join(
        f.read_bytes().decode("utf-8", "replace") for f in sitio.rglob("*") if f.is_file()
    )


def test_la_construccion_rechaza_cada_enlace_y_no_publica_nada(tmp_path: Path) -> None:
    libro = proyecto(tmp_path)
    enlaces = [enlazar(libro, caso).relative_to(libro).as_posix() for caso in ENLACES]
    resultado = construir(libro, "--strict")
    assert resultado.returncode != 0
    for nombre in enlaces:
        assert f"{nombre}:1: es un enlace simbólico a «" in resultado.stderr
    assert "Traceback" not in resultado.stderr
    assert not any((libro / "site").rglob("*"))  # nada publicado (el cerrojo es la carpeta)


@pytest.mark.parametrize("caso", ENLACES, ids=ENLACES)
def test_comprobar_nombra_el_enlace_y_dice_por_que(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, caso: str
) -> None:
    libro = proyecto(tmp_path)
    nombre = enlazar(libro, caso).relative_to(libro).as_posix()
    monkeypatch.chdir(libro)
    assert main(["comprobar"]) == 2
    destino = ENLACES[caso][1].format(fuera=tmp_path / "fuera")
    por_que = (
        POR_QUE["roto"]
        if caso in ("un enlace roto", "un bucle")
        else POR_QUE["carpeta"]
        if caso == "una carpeta de dentro"
        else POR_QUE["fuera"]
    )
    linea = f"{nombre}:1: es un enlace simbólico a «{destino}», {por_que}"
    assert capsys.readouterr().out.splitlines() == [linea, "0 ejemplos, 1 fallo"]


POR_QUE = {
    "roto": "que no existe (o es un bucle): quítalo o haz que lleve a un fichero de srd/",
    "fuera": "fuera de srd/: no se publica nada de fuera de la carpeta de las páginas; copia "
    "ahí el fichero o haz que el enlace lleve dentro",
    "carpeta": "una carpeta: MkDocs la recorrería otra vez (y dos carpetas que se enlazan, sin "
    "fin); enlaza los ficheros uno a uno o mueve la carpeta",
}


def test_un_enlace_a_una_pagina_de_dentro_se_publica(tmp_path: Path) -> None:
    libro = proyecto(tmp_path)
    (libro / "srd" / "alias.md").symlink_to("index.md")
    resultado = construir(libro, "--strict")
    assert resultado.returncode == 0, resultado.stderr
    alias = (libro / "site" / "alias" / "index.html").read_text("utf-8")
    assert "Una página correcta" in alias


def test_sirviendo_se_ve_el_error_y_tampoco_se_publica(tmp_path: Path) -> None:
    """Con ``mkdocs serve`` el libro se construye con el error en cada página (como con un
    tapiz.yml mal escrito), y lo que trae el enlace no llega al sitio."""
    libro = proyecto(tmp_path)
    enlazar(libro, "una página de fuera")
    enlazar(libro, "una carpeta de fuera")
    configuracion = load_config(str(libro / "mkdocs.yml"))
    configuracion.plugins.on_startup(command="serve", dirty=False)
    build(configuracion)
    assert SECRETO not in publicado(libro)
    inicio = (libro / "site" / "index.html").read_text("utf-8")
    assert "srd/carpeta:1: es un enlace simbólico a «" in inicio
    assert "srd/fuga.md:1: es un enlace simbólico a «" in inicio


def test_comprobar_y_exportar_lo_dicen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    libro = proyecto(tmp_path)
    enlazar(libro, "el .git del proyecto")
    monkeypatch.chdir(libro)
    mensaje = "srd/gitlink:1: es un enlace simbólico a «../.git», fuera de srd/:"
    assert main(["comprobar"]) == 2
    assert mensaje in capsys.readouterr().out
    assert main(["exportar", "--json", str(tmp_path / "api")]) == 2
    assert mensaje in capsys.readouterr().err
    assert not (tmp_path / "api").exists()


def test_pytest_lo_dice(pytester: pytest.Pytester) -> None:
    srd = pytester.mkdir("srd")
    (srd / "index.md").write_text((PAGINAS / "correcta.md").read_text("utf-8"), "utf-8")
    (srd / "fuga").symlink_to(pytester.path.parent)  # una carpeta grande: no se recorre
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    resultado = pytester.runpytest()
    resultado.assert_outcomes(failed=1)
    resultado.stdout.fnmatch_lines(["*srd/fuga:1: es un enlace simbólico a «*», fuera de srd/:*"])


def test_un_fragmento_de_fuera_es_un_error_en_su_linea(tmp_path: Path) -> None:
    """``restrict_base_path`` lo deja fuera; antes, con la traza de pymdownx."""
    libro = proyecto(tmp_path)
    pagina = libro / "srd" / "index.md"
    lineas = len(pagina.read_text("utf-8").splitlines())
    with pagina.open("a", encoding="utf-8") as escribir:
        escribir.write('\n--8<-- "../.git/config"\n\nSigue.\n\n--8<-- "no-existe.txt"\n')
    resultado = construir(libro, "--strict")
    assert resultado.returncode != 0
    assert "Traceback" not in resultado.stderr
    assert (
        f"srd/index.md:{lineas + 2}: pymdownx.snippets no incluye «../.git/config»: no existe "
        "o queda fuera de srd/ (solo se incluyen ficheros de la carpeta de las páginas)"
    ) in resultado.stderr
    assert f"srd/index.md:{lineas + 6}: pymdownx.snippets no incluye «no-existe.txt»: " in (
        resultado.stderr
    )
    assert SECRETO not in publicado(libro)


def test_un_nombre_que_no_es_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    libro = proyecto(tmp_path)
    enlace = os.path.join(os.fsencode(libro / "srd"), b"fuga-\xff.md")
    os.symlink(os.fsencode(libro.parent / "fuera" / "secreto.md"), enlace)
    assert main(["comprobar", str(libro / "srd")]) == 2
    assert "fuga-\\xff.md:1: es un enlace simbólico a «" in capsys.readouterr().out


def test_una_pagina_que_no_es_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    libro = proyecto(tmp_path)
    (libro / "srd" / "mal.md").write_bytes(b"# Mal {#mal}\n\nBien.\nMal: \xff\xfe\n")
    mensaje = "srd/mal.md:4: no es texto UTF-8 (el byte 0xff de la línea 4); guárdalo como UTF-8"
    resultado = construir(libro, "--strict")
    assert resultado.returncode != 0
    assert mensaje in resultado.stderr and "Traceback" not in resultado.stderr
    monkeypatch.chdir(libro)
    assert main(["comprobar"]) == 2
    assert mensaje in capsys.readouterr().out
    assert main(["comprobar", "srd/mal.md"]) == 2
    assert mensaje in capsys.readouterr().out


def test_pytest_con_una_pagina_que_no_es_utf8(pytester: pytest.Pytester) -> None:
    srd = pytester.mkdir("srd")
    (srd / "index.md").write_text((PAGINAS / "correcta.md").read_text("utf-8"), "utf-8")
    (srd / "mal.md").write_bytes(b"# Mal\n\xff\n")
    pytester.makeini("[pytest]\ntestpaths = srd\n")
    resultado = pytester.runpytest()
    resultado.assert_outcomes(failed=2)
    resultado.stdout.fnmatch_lines(["*srd/mal.md:2: no es texto UTF-8 (el byte 0xff*"])
    assert "UnicodeDecodeError" not in resultado.stdout.str()


def test_un_nombre_de_pagina_que_no_es_utf8(tmp_path: Path) -> None:
    libro = proyecto(tmp_path)
    nombre = os.path.join(os.fsencode(libro / "srd"), b"p\xe1gina.md")
    with open(nombre, "wb") as pagina:
        pagina.write(b"# P\xc3\xa1gina {#pagina}\n")
    resultado = construir(libro, "--strict")
    assert resultado.returncode != 0
    assert "srd/p\\xe1gina.md:1: su nombre no es UTF-8 (MkDocs no puede publicarlo)" in (
        resultado.stderr
    )
    assert "Traceback" not in resultado.stderr


def test_una_pagina_enorme_da_un_solo_error_y_en_la_misma_linea(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sin los «SuperFences no muestra…» de después, y la línea 1 en los dos (antes, 5 en la
    construcción y 4 en «comprobar», por el front matter)."""
    libro = proyecto(tmp_path)
    relleno = ("Texto de relleno. " * 60 + "\n\n") * 1000
    valla = "```tapiz-regla\ntabla: grados_efecto\n```\n"
    texto = f"---\ntitle: Grande\n---\n\n# Grande {{#grande}}\n\n{valla}\n{relleno}"
    (libro / "srd" / "grande.md").write_text(texto, encoding="utf-8")
    error = "srd/grande.md:1: la página ocupa más de 1.000.000 caracteres; divídela en varias"
    resultado = construir(libro, "--strict")
    assert resultado.returncode != 0
    assert [linea for linea in resultado.stderr.splitlines() if "srd/grande.md" in linea] == [
        f"WARNING -  {error}"
    ]
    monkeypatch.chdir(libro)
    assert main(["comprobar", "srd/grande.md"]) == 1
    assert capsys.readouterr().out == f"{error}\n0 ejemplos, 1 fallo\n"


def test_una_carpeta_con_nombre_de_pagina(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``rglob("*.md")`` la daba como página, y leerla era un IsADirectoryError."""
    libro = proyecto(tmp_path)
    (libro / "srd" / "capitulo.md").mkdir()
    monkeypatch.chdir(libro)
    assert main(["comprobar"]) == 2
    assert capsys.readouterr().out == (
        "srd/capitulo.md:1: es una carpeta con nombre de página (.md): renómbrala\n"
        "0 ejemplos, 1 fallo\n"
    )


@pytest.mark.parametrize(
    ("cabecera", "mensaje"),
    [
        ("icon: ../../x", "el icono «../../x» no está en el tema"),
        ("template: ../nada.html", "la plantilla «../nada.html» no está en el tema"),
    ],
)
def test_una_cabecera_que_nombra_una_plantilla_que_no_existe(
    tmp_path: Path, cabecera: str, mensaje: str
) -> None:
    """mkdocs-material incluye ``.icons/ICONO.svg`` y MkDocs la plantilla ``template``: una que
    no existe era una traza de ``TemplateNotFound`` a media construcción."""
    libro = proyecto(tmp_path)
    pagina = libro / "srd" / "index.md"
    texto = pagina.read_text("utf-8")
    assert texto.startswith("---\n")  # la cabecera de la página: ahí va el campo
    pagina.write_text(f"---\n{cabecera}\n{texto[4:]}", "utf-8")
    resultado = construir(libro, "--strict")
    assert resultado.returncode != 0
    assert f"srd/index.md:2: {mensaje}" in resultado.stderr
    assert "Traceback" not in resultado.stderr
