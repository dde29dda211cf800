"""La guía «Crear un Lienzo» es un tutorial comprobado: sus ficheros y órdenes, en orden, en
una copia del libro, escriben lo que muestra la guía (véase :mod:`tests.tutorial`)."""

from __future__ import annotations

import shutil
from pathlib import Path

from markdown_it import MarkdownIt

from tests.tutorial import Paso, coincide, ejecutar, pasos

RAIZ = Path(__file__).resolve().parent.parent
GUIA = RAIZ / "srd" / "colaborar" / "lienzos.md"
COPIA = ("srd", "mkdocs.yml", "tapiz.yml", "identificadores.yml", "pyproject.toml")
LIENZO = "srd/lienzos/mi-lienzo/"


def _copia(destino: Path) -> Path:
    for nombre in COPIA:
        origen = RAIZ / nombre
        if origen.is_dir():
            shutil.copytree(origen, destino / nombre)
        else:
            shutil.copy(origen, destino / nombre)
    return destino


def _explicar(paso: Paso, salio: str) -> str:
    esperado = "\n".join(paso.esperado or ("(que termine bien)",))
    return (
        f"srd/colaborar/lienzos.md:{paso.linea}: «{paso.orden}» escribió:\n{salio}\n"
        f"y la guía muestra:\n{esperado}"
    )


ERRORES = (
    ("index.md", "kilos: 100", "kilos: 90", ("tapiz comprobar", "pytest")),
    ("tablas.yml", "[Media, 11]", "[Media, 12]", ("tapiz comprobar",)),
)
"""Los cambios con que la guía enseña un error (sus bloques ``text``): el fichero del
Lienzo del tutorial, lo que dice, lo que se escribe en su lugar y las órdenes que, según la
guía, lo dicen."""


def _errores_de_la_guia() -> list[str]:
    """Los bloques ``text`` que muestran un error del Lienzo del tutorial."""
    bloques = MarkdownIt("commonmark").parse(GUIA.read_text("utf-8"))
    return [
        b.content
        for b in bloques
        if b.type == "fence" and b.info == "text" and b.content.startswith(LIENZO)
    ]


def test_la_guia_de_lienzos_paso_a_paso(tmp_path: Path) -> None:
    carpeta = _copia(tmp_path)
    todos = pasos(GUIA.read_text("utf-8"))
    assert len([p for p in todos if p.fichero]) >= 5
    assert len([p for p in todos if p.esperado is not None]) >= 8
    for paso in todos:
        salio = ejecutar(paso, carpeta)
        assert salio is None, _explicar(paso, salio)
    # Los errores que enseña la guía: el mismo cambio da ese mensaje.
    for (fichero, bien, mal, ordenes), mensaje in zip(ERRORES, _errores_de_la_guia(), strict=True):
        ruta = carpeta / LIENZO / fichero
        texto = ruta.read_text("utf-8")
        ruta.write_text(texto.replace(bien, mal), "utf-8")
        for orden in (Paso(0, orden=f"{o} {LIENZO}") for o in ordenes):
            salida = ejecutar(orden, carpeta) or ""
            assert mensaje in salida, f"{orden.orden}:\n{salida}\nno dice:\n{mensaje}"
        ruta.write_text(texto, "utf-8")


def test_los_pasos_sin_ejecutar_y_los_bloques_de_texto_no_son_pasos() -> None:
    guia = (
        "# G {#g}\n\n<!-- guía: sin ejecutar -->\n```bash\nmkdocs serve\n```\n\n"
        "```text\nsrd/p.md:3: un error\n```\n\n```bash\ntapiz reglas\n```\n"
    )
    assert pasos(guia) == [Paso(12, orden="tapiz reglas")]


def test_los_ficheros_y_las_ordenes_con_su_salida() -> None:
    guia = (
        '---\ntitle: G\n---\n\n```yaml title="a/b.yml"\nx: 1\n```\n\n'
        "```console\n$ tapiz uno\nsale\n$ tapiz dos\n```\n"
    )
    assert pasos(guia) == [
        Paso(5, fichero="a/b.yml", contenido="x: 1\n"),
        Paso(9, orden="tapiz uno", esperado=("sale",)),
        Paso(9, orden="tapiz dos", esperado=()),
    ]


def test_lo_que_cambia_se_escribe_con_puntos_suspensivos() -> None:
    assert coincide("5 passed in 0.31s\n", ("5 passed in …",))
    assert not coincide("4 passed, 1 failed in 0.31s\n", ("5 passed in …",))
    assert coincide("a\nb\nc\nd\n", ("a", "…", "d"))
    assert coincide("a\nd\n", ("a", "…", "d"))
    assert not coincide("a\nb\n", ("a", "…", "d"))
    assert not coincide("a\nb\n", ("a",))
