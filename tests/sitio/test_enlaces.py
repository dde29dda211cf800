"""Todos los enlaces del libro construido llevan a una página y un ancla que existen."""

from html.parser import HTMLParser
from pathlib import Path

from mkdocs_plugins.nucleo.marcado.dados_en_texto import _SIN_BOTONES
from mkdocs_plugins.nucleo.marcado.enlaces import reubicar_enlaces
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


class _DadosEncerrados(HTMLParser):
    """Los dados del texto (``button.tapiz-dados``) dentro de código, enlaces, títulos u otro
    elemento donde la página no pone botones (``_SIN_BOTONES``)."""

    def __init__(self) -> None:
        super().__init__()
        self.abiertos: list[str] = []
        self.encerrados: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        atributos = dict(attrs)
        es_dado = tag == "button" and "tapiz-dados" in (atributos.get("class") or "").split()
        if es_dado and self.abiertos:
            self.encerrados.append(f"{atributos.get('data-expr')} dentro de <{self.abiertos[-1]}>")
        if tag in _SIN_BOTONES:
            self.abiertos.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.abiertos:
            del self.abiertos[len(self.abiertos) - 1 - self.abiertos[::-1].index(tag) :]


def test_ningun_dado_del_texto_esta_dentro_de_codigo_enlaces_ni_titulos(libro_construido: Path):
    """Lo que parece una tirada dentro de código (un commit como «444d423» en «Cambios»), de un
    enlace o de un título no es un dado, en ninguna página."""
    encerrados = {}
    for pagina in sorted(libro_construido.rglob("*.html")):
        lector = _DadosEncerrados()
        lector.feed(pagina.read_text(encoding="utf-8"))
        if lector.encerrados:
            encerrados[str(pagina.relative_to(libro_construido))] = lector.encerrados
    assert encerrados == {}


def test_el_lector_de_dados_encerrados_los_ve():
    lector = _DadosEncerrados()
    lector.feed(
        '<p><button class="tapiz-dados" data-expr="1d6">1d6</button> <code>x <button '
        'class="tapiz-dados" data-expr="444d423">444d423</button></code></p>'
    )
    assert lector.encerrados == ["444d423 dentro de <code>"]
