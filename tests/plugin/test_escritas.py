"""Las páginas que MkDocs anota al escribirlas: el auxiliar calcula antes sus huellas."""

from __future__ import annotations

from pathlib import Path

from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.plugin.adelanto import escritas as escritas_
from mkdocs_plugins.plugin.adelanto.encargos import Aviso
from mkdocs_plugins.plugin.adelanto.escritas import Escritas


def _paginas(sitio: Path, cuantas: int) -> list[Path]:
    paginas = [sitio / f"p{n}" / "index.html" for n in range(cuantas)]
    for n, pagina in enumerate(paginas):
        pagina.parent.mkdir()
        pagina.write_text(f"<p>Página {n}</p>", "utf-8")
    return paginas


def test_cada_pagina_anotada_llega_con_su_huella_salvo_la_ultima(tmp_path: Path) -> None:
    """La última aún no está escrita cuando MkDocs la anota (``on_post_page``): se resume al
    final, con lo demás. Lo anotado se lee antes que el aviso."""
    paginas = _paginas(tmp_path, 3)
    escritas, aviso = Escritas(), Aviso()
    for pagina in paginas:
        escritas.anotar(str(pagina))
    aviso.avisar()
    anticipadas = escritas.huellas_hasta(aviso.descriptor, tmp_path)
    assert anticipadas == {
        f"p{n}/index.html": (paginas[n].stat().st_size, sin_conexion.huella(paginas[n]))
        for n in (0, 1)
    }


def test_una_pagina_que_cambia_despues_no_conserva_su_huella(tmp_path: Path) -> None:
    una, otra = _paginas(tmp_path, 2)
    anticipadas = escritas_._anticipada(una, tmp_path) | escritas_._anticipada(otra, tmp_path)
    una.write_text("<p>Otra cosa, reescrita por otro plugin</p>", "utf-8")
    assert escritas_._vigentes(anticipadas, tmp_path).keys() == {"p1/index.html"}


def test_anotar_no_espera_aunque_nadie_lea(tmp_path: Path) -> None:
    """Con el tubo lleno (el auxiliar con otro encargo, o sin auxiliar), MkDocs sigue: esa
    página se resume al final."""
    escritas = Escritas()
    larga = str(tmp_path / ("x" * 200))
    for _ in range(2_000):  # unos 400 KB: más de lo que cabe en el tubo
        escritas.anotar(larga)
    escritas.cerrar()
