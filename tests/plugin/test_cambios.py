"""``tapiz cambios REV1 REV2``: reglas, parámetros y secciones que cambian entre dos versiones."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.herramientas import publicar_cambios
from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.herramientas.historial import Historial, Publicada, historial
from mkdocs_plugins.nucleo.fuente import version
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from tests.plugin.conftest import construir

RAIZ = Path(__file__).resolve().parents[2]
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid"]


def git(carpeta: Path, *orden: str, fecha: str = "2026-01-01T10:00:00+00:00") -> str:
    """La orden de git, con los commits a la ``fecha`` dada (una distinta por commit)."""
    entorno = {**os.environ, "GIT_COMMITTER_DATE": fecha, "GIT_AUTHOR_DATE": fecha}
    return subprocess.run(
        [*GIT, *orden], cwd=carpeta, check=True, capture_output=True, text=True, env=entorno
    ).stdout.strip()


def cambiar(fichero: Path, antes: str, despues: str) -> None:
    texto = fichero.read_text("utf-8")
    assert antes in texto
    fichero.write_text(texto.replace(antes, despues, 1), "utf-8")


ATOM = "{http://www.w3.org/2005/Atom}"
MKDOCS_YML = """\
site_name: Prueba de cambios
site_url: https://ejemplo.invalid/srd/
docs_dir: paginas
theme:
  name: material
  language: es
plugins:
  - search
  - tapiz:
      cambios: true
      procesos: 0
markdown_extensions:
  - attr_list
"""


PAGINA = """\
# Inicio {#inicio}

## Reglas {#reglas}

```tapiz-ejemplo {#cuatro-puntos}
titulo: Cuatro puntos de efecto
regla: grado_efecto
entradas:
  puntos: 4
espera:
  modificador: 0
```
"""
"""Un ejemplo que se cumple en v1 y deja de cumplirse en v2 (el grado menor, de 5 a 4)."""


CHANGELOG = "# Registro de cambios\n\n## [Sin publicar]\n\n{}"
"""Con sus versiones publicadas (``## [2] - 2026-01-02``) en lugar de las llaves."""


def _versiones(carpeta: Path, pagina: str, *, etiquetas: bool) -> Path:
    """Una copia del motor con dos versiones: 1 y 2, que cambia el umbral del grado menor
    (5 → 4), el título de la regla de la tirada de acción y el de una sección (su
    identificador sigue). Se publican en el CHANGELOG (el commit de cada una es el que escribe
    su encabezado) o, con ``etiquetas``, con las etiquetas v1 y v2. Sus páginas son las de
    ``docs_dir`` (``paginas/``), como las de cualquier libro."""
    shutil.copytree(
        RAIZ / "tapiz_rules", carpeta / "tapiz_rules", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(RAIZ / "tapiz.yml", carpeta / "tapiz.yml")
    (carpeta / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    (carpeta / "paginas").mkdir()
    (carpeta / "paginas" / "index.md").write_text(pagina, "utf-8")
    changelog = carpeta / "CHANGELOG.md"
    if not etiquetas:
        changelog.write_text(CHANGELOG.format("## [1] - 2026-01-01\n"), "utf-8")
    git(carpeta, "init", "-q")
    git(carpeta, "add", "-A")
    git(carpeta, "commit", "-qm", "primera")
    if etiquetas:
        git(carpeta, "tag", "v1")
    parametros = carpeta / "tapiz_rules" / "sistemas" / "tapiz" / "parametros.py"
    cambiar(parametros, 'Grado("menor", 5, 2)', 'Grado("menor", 4, 2)')
    cambiar(carpeta / "paginas" / "index.md", "## Reglas", "## Las reglas")
    accion = carpeta / "tapiz_rules" / "sistemas" / "tapiz" / "accion.py"
    cambiar(accion, 'titulo="Tirada de acción",', 'titulo="Tirada de acción y grados",')
    if not etiquetas:
        changelog.write_text(
            CHANGELOG.format("## [2] - 2026-01-02\n\n## [1] - 2026-01-01\n"), "utf-8"
        )
    git(carpeta, "commit", "-qam", "segunda", fecha="2026-01-02T10:00:00+00:00")
    if etiquetas:
        git(carpeta, "tag", "v2")
    return carpeta


@pytest.fixture(scope="module")
def versiones(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Las dos versiones, con un libro cuyos ejemplos se cumplen en las dos."""
    return _versiones(tmp_path_factory.mktemp("versiones"), PAGINA.split("```")[0], etiquetas=False)


@pytest.fixture(scope="module")
def con_un_ejemplo_roto(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Las dos versiones, con un ejemplo que v2 deja de cumplir (la página no cambia)."""
    return _versiones(tmp_path_factory.mktemp("con-un-ejemplo-roto"), PAGINA, etiquetas=True)


def test_cambios_entre_dos_versiones(
    con_un_ejemplo_roto: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(con_un_ejemplo_roto)
    assert main(["cambios", "v1", "v2"]) == 0
    salida = capsys.readouterr().out
    assert salida.startswith("## Cambios de v1 a v2\n")
    assert "#### Cambia `tapiz/grados`" in salida
    assert "#### Cambia «Grados de efecto y consecuencia» (`tapiz/grados_efecto`)" in salida
    assert "| `menor.puntos` | 5 | 4 |" in salida  # la fila por su nombre, no por su posición
    assert not re.search(r"\d\.\d{3,}", salida)  # ni un decimal a la inglesa: «0,7407»
    encabezados = re.findall(r"^(#+) .*\n\n(#+) ", salida, re.M)
    assert all(len(hijo) > len(padre) for padre, hijo in encabezados)  # ninguno vacío
    assert "### Ejemplos del libro que dejan de cumplirse" in salida
    assert "#### Cambia «Las reglas» (`reglas`)" in salida
    assert "| título | Reglas | Las reglas |" in salida
    assert "### Ejemplos del libro cuyas salidas cambian" in salida
    assert "| 0 | 10 | 45,0 % | 55,0 % | 25,0 % → 30,0 % |" in salida
    assert "#### Cambia «Tirada de acción y grados» (`tapiz/accion`)" in salida
    assert "| `titulo` | Tirada de acción | Tirada de acción y grados |" in salida


def test_cambios_en_json_y_sin_cambios(
    con_un_ejemplo_roto: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(con_un_ejemplo_roto)
    assert main(["cambios", "v1", "v2", "--json"]) == 0
    informe = json.loads(capsys.readouterr().out)
    (parametro,) = informe["parametros"]["cambiadas"]
    assert parametro["nombre"] == "tapiz/grados"
    assert {"campo": "menor.puntos", "antes": 5, "despues": 4} in parametro["campos"]
    assert informe["ejemplos"] and all(e["id"] for e in informe["ejemplos"])
    assert informe["rotos"] and all(re.fullmatch(r"[a-z0-9-]+", r["id"]) for r in informe["rotos"])
    for roto in informe["rotos"]:
        linea = (
            (con_un_ejemplo_roto / roto["pagina"])
            .read_text("utf-8")
            .splitlines()[roto["linea"] - 1]
        )
        assert linea.endswith(f"{{#{roto['id']}}}")
    (seccion,) = informe["secciones"]["cambiadas"]
    assert seccion["nombre"] == "reglas"
    assert seccion["campos"][0] == {"campo": "titulo", "antes": "Reglas", "despues": "Las reglas"}
    menor = [p for p in informe["probabilidades"] if p["grado"] == "p_menor"]
    assert menor and all(p["despues"] > p["antes"] for p in menor)
    assert [r["nombre"] for r in informe["reglas"]["cambiadas"]] == ["tapiz/accion"]
    assert main(["cambios", "v2"]) == 0  # v2 es el árbol de trabajo
    salida = capsys.readouterr().out
    assert salida.startswith("## Cambios de v2 al árbol de trabajo\n")
    assert "Ningún cambio en reglas, tablas, parámetros ni secciones." in salida
    assert main(["cambios", "v0", "v2"]) == 2
    assert capsys.readouterr().err.startswith("tapiz: error: no encuentro la revisión «v0»")


def test_el_sitio_publica_los_cambios_de_cada_version(versiones: Path, tmp_path: Path) -> None:
    hecha = construir(versiones, "--strict", "--site-dir", str(tmp_path))
    assert hecha.returncode == 0, hecha.stderr
    feed = ET.parse(tmp_path / "cambios.xml").getroot()
    assert feed.tag == f"{ATOM}feed"
    for obligatorio in ("id", "title", "updated"):
        assert (feed.findtext(f"{ATOM}{obligatorio}") or "").strip()
    entradas = feed.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entradas] == ["Versión 2", "Versión 1"]
    for entrada in entradas:
        assert all(entrada.findtext(f"{ATOM}{c}") for c in ("id", "title", "updated"))
    nueva = entradas[0].findtext(f"{ATOM}content") or ""
    assert "Cambia el parámetro tapiz/grados: menor.puntos 5 → 4" in nueva
    assert "Cambia la sección «Las reglas» (reglas): título «Reglas» → «Las reglas»" in nueva
    assert entradas[0].find(f"{ATOM}link").get("href") == (  # type: ignore[union-attr]
        "https://ejemplo.invalid/srd/cambios/#v2"
    )
    pagina = (tmp_path / "cambios" / "index.html").read_text("utf-8")
    assert pagina.index('id="v2"') < pagina.index('id="v1"')
    # El commit se ve en la página, fuera del índice del buscador: un código como «92316df» en
    # el índice hacía que el buscador de Material no encontrara «TZR0002».
    commits = re.findall(r"commit <code data-search-exclude>([0-9a-f]{7})</code>", pagina)
    assert len(commits) == 2
    indice = (tmp_path / "search" / "search_index.json").read_text("utf-8")
    assert not any(commit in indice for commit in commits)
    assert "Primera versión publicada." in pagina
    catalogo = (tmp_path / "catalogo" / "index.html").read_text("utf-8")
    accion = catalogo[catalogo.index('<h4 id="tapiz-accion">') :]
    assert "Se lee así desde la versión 2." in accion[: accion.index("</p>", accion.index("desde"))]
    assert "Se lee así desde la primera versión publicada (1)." in catalogo


def test_un_historial_que_falla_en_su_hilo_es_un_error_de_la_construccion(
    versiones: Path, tmp_path: Path
) -> None:
    """Sin auxiliar, el historial se calcula en un hilo mientras MkDocs sigue; si falla, MkDocs
    lo calcula otra vez y el error sale como sin hilo: una vez, con el fichero y la versión."""
    copia = tmp_path / "libro"
    shutil.copytree(versiones, copia)
    changelog = copia / "CHANGELOG.md"
    texto = changelog.read_text("utf-8")
    changelog.write_text(texto.replace("## [2]", "## [3] - 2026-01-03 (deadbeef12)\n\n## [2]"))
    hecha = construir(copia, "--strict", "--site-dir", str(tmp_path / "sitio"))
    assert hecha.returncode != 0
    mensaje = "tapiz: el historial de versiones (CHANGELOG.md y etiquetas v*): CHANGELOG.md: "
    mensaje += "la versión 3 es del commit deadbeef12, que no está en git"
    assert hecha.stderr.count(mensaje) == 1, hecha.stderr
    assert "Traceback" not in hecha.stderr


def test_un_commit_que_parece_una_tirada_no_es_un_dado() -> None:
    """«444d423» es la notación de 444 dados de 423 caras: en «Cambios» es un commit."""
    historial = Historial([Publicada("0.1.0", "2026-11-26T07:00:00+00:00", "444d4230abc")])
    html = procesar("cambios.md", publicar_cambios.markdown(historial)).html
    assert "commit <code data-search-exclude>444d423</code>." in html
    assert "tapiz-dados" not in html


def test_sin_versiones_solo_sin_publicar_con_una_fecha_fija(tmp_path: Path) -> None:
    """Sin ninguna versión en el CHANGELOG ni etiquetas: «Sin publicar», con la fecha del primer
    commit, y las fichas no dicen desde qué versión se leen así."""
    (tmp_path / "paginas").mkdir()
    (tmp_path / "paginas" / "index.md").write_text("# Inicio {#inicio}\n", "utf-8")
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG.format(""), "utf-8")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "primera", fecha="2025-05-03T10:00:00+02:00")
    git(tmp_path, "commit", "-q", "--allow-empty", "-m", "otra", fecha="2025-06-01T10:00:00+02:00")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, "utf-8")
    calculado = historial(configuracion_desde(tmp_path))
    assert version.publicada(tmp_path) == version.Version(None, None, None)
    feed = ET.fromstring(publicar_cambios.atom(calculado, ""))
    (entrada,) = feed.findall(f"{ATOM}entry")
    assert feed.findtext(f"{ATOM}updated") == "2025-05-03T10:00:00+02:00"
    assert entrada.findtext(f"{ATOM}title") == "Sin publicar"
    assert "Aún no se ha publicado ninguna versión" in (entrada.findtext(f"{ATOM}content") or "")
    ficha = '<h4 id="d20-ataque"><code>ataque</code></h4><div class="tapiz-regla" data-regla="a">'
    assert publicar_cambios.marcar_fichas(ficha, calculado) == ficha


def test_las_etiquetas_tambien_son_versiones(con_un_ejemplo_roto: Path) -> None:
    publicadas = version.versiones(con_un_ejemplo_roto)
    etiquetadas = [git(con_un_ejemplo_roto, "rev-parse", f"v{n}^{{commit}}") for n in (1, 2)]
    assert [(v.version, v.commit) for v in publicadas] == list(
        zip(["1", "2"], etiquetadas, strict=True)
    )
    assert version.publicada(con_un_ejemplo_roto) == publicadas[-1]


def _entradas(calculado: Historial) -> list[tuple[str, ...]]:
    """Id, título, fecha y contenido de cada entrada del feed."""
    feed = publicar_cambios.atom(calculado, "https://e.invalid/")
    return [
        tuple(e.findtext(f"{ATOM}{c}") or "" for c in ("id", "title", "updated", "content"))
        for e in ET.fromstring(feed).findall(f"{ATOM}entry")
    ]


def test_lo_que_cambia_tras_la_ultima_version_va_en_sin_publicar(
    versiones: Path, tmp_path: Path
) -> None:
    """Una entrada estable, «Sin publicar», con los valores de antes y de después: su id y su
    fecha no cambian con un commit que no cambia lo que dice (aunque toque el motor)."""
    copia = tmp_path / "copia"
    shutil.copytree(versiones, copia)
    parametros = copia / "tapiz_rules" / "sistemas" / "tapiz" / "parametros.py"
    cambiar(parametros, 'Grado("mayor", 10, 4)', 'Grado("mayor", 9, 4)')
    git(copia, "commit", "-qam", "el grado mayor", fecha="2026-02-01T10:00:00+00:00")
    cambiar(parametros, '"""', '"""Sin cambios en lo que declara. ')
    git(copia, "commit", "-qam", "un comentario", fecha="2026-03-01T10:00:00+00:00")
    # Lo que Python compila al importar, sin ignorar en este repositorio, no es un cambio.
    compilado = copia / "tapiz_rules" / "sistemas" / "__pycache__"
    compilado.mkdir(exist_ok=True)
    (compilado / "parametros.cpython-311.pyc").write_bytes(b"")
    calculado = historial(configuracion_desde(copia), tmp_path / "cache")
    nueva, v2, v1 = calculado.versiones
    assert (nueva.titulo, nueva.ancla, v2.titulo, v1.titulo) == (
        "Sin publicar",
        "sin-publicar",
        "Versión 2",
        "Versión 1",
    )
    lineas = publicar_cambios.lista(nueva)
    assert lineas[0] == "- Cambios desde la versión 2, aún sin publicar."
    assert "- Cambia el parámetro `tapiz/grados`: `mayor.puntos` 10 → 9" in lineas
    tabla = next(linea for linea in lineas if "grados_efecto" in linea)
    assert "Mayor, " in tabla and "10 → 9" in tabla  # la celda, con sus valores
    ahora = _entradas(calculado)
    git(copia, "checkout", "-q", "HEAD~1")  # el commit anterior: el mismo feed
    assert _entradas(historial(configuracion_desde(copia), tmp_path / "cache")) == ahora
    sin_publicar, segunda, primera = ahora
    assert sin_publicar[:3] == (
        "https://e.invalid/cambios/#sin-publicar",
        "Sin publicar",
        "2026-02-01T10:00:00+00:00",  # la del commit que cambió lo que dice, no la del último
    )
    assert "mayor.puntos 10 → 9" in sin_publicar[3]
    assert segunda[:3] == (
        "https://e.invalid/cambios/#v2",
        "Versión 2",
        "2026-01-02T10:00:00+00:00",
    )
    assert "menor.puntos 5 → 4" in segunda[3]
    assert primera[1:3] == ("Versión 1", "2026-01-01T10:00:00+00:00")
