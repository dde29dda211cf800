"""Todos los enlaces del libro construido llevan a una página y un ancla que existen."""

import re
from pathlib import Path

from mkdocs_plugins.nucleo.enlaces import reubicar_enlaces
from tests.sitio.conftest import BASE
from tests.sitio.enlaces import comprobar_sitio


def test_ningun_enlace_del_sitio_esta_roto(libro_construido: Path):
    rotos, comprobados = comprobar_sitio(libro_construido, BASE)
    assert comprobados > 2000, "el comprobador no encontró los enlaces del sitio"
    assert not rotos, "\n".join(map(str, rotos))


def test_el_libro_completo_enlaza_con_la_licencia_y_con_crear_un_lienzo(libro_construido: Path):
    libro = (libro_construido / "libro" / "index.html").read_text(encoding="utf-8")
    assert 'href="../licencia/#la-marca-tapiz"' in libro
    assert 'href="../colaborar/lienzos/"' in libro


def test_el_comprobador_ve_un_enlace_roto_y_un_ancla_que_falta(tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<h2 id="uno">x</h2><a href="a/">bien</a><a href="a/#dos">sin ancla</a>'
        '<a href="b/">sin página</a><a href="/otro/">fuera</a><a href="#uno">aquí</a>'
        '<a href="https://ejemplo.org/x">fuera del sitio</a>',
        encoding="utf-8",
    )
    (tmp_path / "a" / "index.html").write_text('<p id="tres"></p>', encoding="utf-8")
    rotos, comprobados = comprobar_sitio(tmp_path, BASE)
    assert comprobados == 5
    assert [(r.href, r.motivo) for r in rotos] == [
        ("a/#dos", "lleva a un ancla que no existe: #dos"),
        ("b/", "lleva a una página que no existe"),
        ("/otro/", "sale de la ruta del sitio"),
    ]


def test_reubicar_enlaces_de_un_capitulo_en_el_libro():
    html = (
        '<a href="licencia/#marca">L</a> <a href="../../colaborar/lienzos/">C</a> '
        '<a href="#ancla">A</a> <a href="https://x.org/">X</a> <img src="../dados/d.png">'
    )
    assert reubicar_enlaces(html, "", "libro/").startswith('<a href="../licencia/#marca">L</a>')
    assert reubicar_enlaces(html, "libro/", "libro/") == html
    otro = reubicar_enlaces(html, "lienzos/puertos-de-bruma/", "libro/")
    assert 'href="../colaborar/lienzos/"' in otro
    assert 'href="#ancla"' in otro and 'href="https://x.org/"' in otro
    assert 'src="../lienzos/dados/d.png"' in otro


def test_el_commit_de_cambios_se_ve_pero_no_se_busca(libro_construido: Path):
    """Un código de commit en el índice (como «92316df») hacía que el buscador de Material no
    encontrara «TZR0002»; nadie busca un commit."""
    pagina = (libro_construido / "cambios" / "index.html").read_text(encoding="utf-8")
    commits = re.findall(r"commit <code data-search-exclude>([0-9a-f]{7})</code>", pagina)
    assert commits
    indice = (libro_construido / "search" / "search_index.json").read_text(encoding="utf-8")
    assert not any(commit in indice for commit in commits)
